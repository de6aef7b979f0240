// The table as everyone sees it: the players and their racks, this round's auctions with every
// bid, the last round's words, and the standings at the end. Each function builds one part
// from a view; the page replaces them on every update.
import { countOf, h } from '../../dom';
import { auctionSentence, bidsSentence, placeSentence, resultSentence } from './narrate';
import { asked, type AuctionLine, type AuctionView, letterValue, rackOf, type RoundLine, saysYou,
         seatName } from './types';

/** A letter as a tile, its value in a corner. */
export function tile(letter: string, extra = ''): HTMLElement {
  return h('span', { class: `tile auction-tile ${extra}`.trim() },
           letter, h('sub', { class: 'auction-value', 'aria-hidden': 'true' }, letterValue(letter)));
}

/** Tiles for a word, read as one word by screen readers. */
function tiles(letters: string, label: string, extra = ''): HTMLElement {
  return h('span', { class: 'auction-tiles', role: 'img', 'aria-label': label },
           [...letters].map((letter) => tile(letter, extra)));
}

/**
 * A wide table in a region that scrolls sideways when it must (and is reachable by keyboard); a
 * table of class auction-cards, whose cells say their column (data-label), is cards on a phone.
 */
function scroller(label: string, table: HTMLElement): HTMLElement {
  // A landmark of its own, named apart from the section around it ("Players" inside "Players"
  // would be two landmarks of one name: axe's landmark-unique).
  return h('div', { class: 'auction-scroll', role: 'region', 'aria-label': `${label} table`,
                    tabindex: 0 },
           table);
}

/**
 * Where the game is, for the status line: "Round 2 of 5, auction 3 next."; while the viewer is
 * asked for a bid, the letter up, the round and auction, and what the viewer holds. `steps`:
 * the reader steps the game (a table of bots, a replay), so the line says what Step does next;
 * a person's table plays on by itself, and a spectator steps nothing.
 */
export function statusText(view: AuctionView, steps: boolean): string {
  const rules = view.rules;
  if (view.status === 'finished') {
    const place = placeSentence(view);
    return `Game over: ${resultSentence(view)}${place ? `; ${place}` : ''}.`;
  }
  const step = (what: string) => (steps ? ` Step to ${what}.` : '');
  const lineup = `${countOf(rules.players, 'player')}, ${countOf(rules.rounds, 'round')}`;
  if (view.next === 'game_start') return `Ready: ${lineup}.${step('start the game')}`;
  // Between the game's start and its first round, no round is over yet.
  if (view.next === 'round_start' && view.round === 0) {
    return `The game has begun: ${lineup}.${step('deal the first round')}`;
  }
  const round = `Round ${view.round} of ${rules.rounds}`;
  if (view.next === 'round_start') {
    return `${round} is over.${steps ? step('deal the next round')
                                     : ` Next, round ${view.round + 1}.`}`;
  }
  const question = asked(view);
  if (view.next === 'round_end') {
    return question ? `${round}: the racks are full. Name your word from ` +
                      `${rackOf(view) || 'no letters'}.`
                    : `${round}: the racks are full; next, the words.`;
  }
  const number = (view.auction?.number ?? view.auctions.length + 1);
  const open = view.auction;
  if (question && open) {
    const points = view.seats[question.seat]?.points ?? 0;
    return `${round}, auction ${number}: bidding on ${open.letter}, worth ` +
           `${countOf(letterValue(open.letter), 'point')}. You have ${countOf(points, 'point')}; ` +
           `your letters: ${rackOf(view) || 'none yet'}.`;
  }
  if (open) return `${round}, auction ${number}: ${open.letter} is up.`;
  return `${round}, auction ${number} next.`;
}

/** The latest auction's result, in a sentence, or nothing. */
export function latest(view: AuctionView): HTMLElement | null {
  const last = view.auctions[view.auctions.length - 1];
  if (!last) return null;
  const text = `${auctionSentence(view, last)}; ${bidsSentence(view, last)}`;
  return h('p', { class: 'auction-latest' }, `Last auction: ${text}.`);
}

/** The letter up for auction while answers are awaited. */
export function openAuction(view: AuctionView): HTMLElement | null {
  const open = view.auction;
  if (!open) return null;
  const bidders = open.bidders.map((seat) => seatName(view, seat)).join(', ');
  return h('div', { class: 'auction-open' },
           h('p', {}, `Up for auction (number ${open.number}):`),
           tile(open.letter, 'auction-big'),
           h('p', {}, `Worth ${countOf(letterValue(open.letter), 'point')}; `,
             `${countOf(open.pool_left, 'tile')} still to be offered after it. `,
             `Bidding: ${bidders}.`));
}

/** A seat's letters this round: the viewer's hidden ones in brackets, the others' as "?". */
function rackCell(view: AuctionView, index: number): HTMLElement {
  const seat = view.seats[index];
  if (!seat) return h('span', {});
  // Once the round is over its letters are public: show them all.
  const ended = view.last_round !== null && view.last_round.round === view.round &&
                view.next !== 'round_end';
  const all = ended ? view.last_round?.letters[index] ?? '' : '';
  if (ended) {
    return h('span', { class: 'auction-rack' },
             all ? tiles(all, all.split('').join(' ')) : h('span', { class: 'auction-none' }, 'none'));
  }
  const mine = index === view.seat;
  const hiddenCount = Math.max(0, seat.held - seat.won.length);
  const hidden = mine ? seat.hidden ?? '' : '';
  return h('span', { class: 'auction-rack' },
           hidden ? h('span', { class: 'auction-bracket' }, h('span', { 'aria-hidden': 'true' }, '['),
                      tiles(hidden, `hidden ${hidden.split('').join(' ')}`, 'auction-hidden'),
                      h('span', { 'aria-hidden': 'true' }, ']'))
                  : null,
           !mine && hiddenCount > 0
               ? h('span', { class: 'auction-secret' },
                   h('span', { 'aria-hidden': 'true' }, `[${'?'.repeat(hiddenCount)}]`),
                   h('span', { class: 'visually-hidden' },
                     `${countOf(hiddenCount, 'hidden letter')}`))
               : null,
           seat.won ? tiles(seat.won, `won ${seat.won.split('').join(' ')}`) : null,
           seat.held === 0 ? h('span', { class: 'auction-none' }, 'none') : null);
}

/** Every player: points and the letters held this round. */
export function players(view: AuctionView): HTMLElement {
  const rows = view.seats.map((seat, index) => {
    const mine = index === view.seat;
    const state = seat.awaited && !seat.answered
                      ? (seat.awaited === 'bid' ? 'deciding a bid' : 'choosing a word')
                      : seat.awaited ? 'answered' : '';
    const winner = view.winners.includes(index);
    return h('tr', { class: mine ? 'auction-me' : null },
             h('th', { scope: 'row' }, `${index + 1}. ${seat.name}`,
               mine && !saysYou(seat.name) ? ' (you)' : '',
               winner ? h('span', { class: 'auction-winner' }, ' ★ winner') : null,
               h('span', { class: 'auction-kind' }, seat.kind === 'person' ? ' person' : ' bot')),
             h('td', { class: 'number', 'data-label': 'Points' }, seat.points),
             h('td', { 'data-label': 'Letters' }, rackCell(view, index),
               state ? h('span', { class: 'auction-state' }, ` ${state}`) : null));
  });
  return h('section', { class: 'auction-players', 'aria-labelledby': 'auction-players-title' },
           h('h2', { id: 'auction-players-title' }, 'Players'),
           scroller('Players', h('table', { class: 'auction-cards' },
             h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
                                h('th', { scope: 'col', class: 'number' }, 'Points'),
                                h('th', { scope: 'col' }, 'Letters this round'))),
             h('tbody', {}, rows))));
}

function bidCell(line: AuctionLine, seat: number, label: string): HTMLElement {
  const bid = line.bids[seat];
  if (bid === null || bid === undefined) {
    return h('td', { class: 'number auction-full', 'data-label': label }, '–',
             h('span', { class: 'visually-hidden' }, 'full rack'));
  }
  const fault = line.faults?.[seat] ?? '';
  const won = seat === line.winner;
  return h('td', { class: `number${won ? ' auction-won' : ''}`, 'data-label': label }, bid,
           won ? h('span', { 'aria-hidden': 'true' }, ' ✓') : null,
           won ? h('span', { class: 'visually-hidden' }, ' (won)') : null,
           fault ? h('span', { class: 'auction-fault' }, ` (${fault})`) : null);
}

/** This round's auctions: the letter, every bid, the winner and the price. */
export function auctions(view: AuctionView): HTMLElement {
  const title = view.round > 0 ? `Auctions of round ${view.round}` : 'Auctions';
  const body = view.auctions.length === 0
      ? h('p', { class: 'auction-none' }, 'No auction yet this round.')
      : scroller(title, h('table', { class: 'auction-bids auction-cards' },
          h('thead', {}, h('tr', {},
            h('th', { scope: 'col', class: 'number' }, '#'),
            h('th', { scope: 'col' }, 'Letter'),
            view.seats.map((seat, index) =>
                h('th', { scope: 'col', class: 'number' },
                  `${index + 1}. ${seat.name}`,
                  index === view.seat && !saysYou(seat.name) ? ' (you)' : '')),
            h('th', { scope: 'col' }, 'Winner'),
            h('th', { scope: 'col', class: 'number' }, 'Price'))),
          h('tbody', {}, view.auctions.map((line) =>
            h('tr', {},
              h('td', { class: 'number auction-number', 'data-label': 'Auction' }, line.number),
              h('td', { class: 'auction-letter', 'data-label': 'Letter' }, tile(line.letter)),
              view.seats.map((seat, index) => bidCell(line, index, `${index + 1}. ${seat.name}`)),
              h('td', { class: 'auction-result', 'data-label': 'Winner' },
                seatName(view, line.winner), line.tied > 1 ? ` (draw of ${line.tied})` : ''),
              h('td', { class: 'number auction-result', 'data-label': 'Price' },
                line.price))))));
  return h('section', { class: 'auction-history', 'aria-labelledby': 'auction-history-title' },
           h('h2', { id: 'auction-history-title' }, title), body);
}

/** The words of the round that ended last, with their scores and the new totals. */
export function lastRound(view: AuctionView): HTMLElement | null {
  const round: RoundLine | null = view.last_round;
  if (!round) return null;
  return h('section', { class: 'auction-words', 'aria-labelledby': 'auction-words-title' },
           h('h2', { id: 'auction-words-title' }, `Words of round ${round.round}`),
           scroller(`Words of round ${round.round}`, h('table', { class: 'auction-cards' },
             h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
                                h('th', { scope: 'col' }, 'Letters'),
                                h('th', { scope: 'col' }, 'Word'),
                                h('th', { scope: 'col', class: 'number' }, 'Score'),
                                h('th', { scope: 'col', class: 'number' }, 'Total'))),
             h('tbody', {}, round.words.map((played, seat) => {
               const scored = played.score > 0;
               const word = played.word === '' ? 'no word' : played.word.toUpperCase();
               return h('tr', { class: seat === view.seat ? 'auction-me' : null },
                        h('th', { scope: 'row' }, seatName(view, seat)),
                        h('td', { class: 'mono', 'data-label': 'Letters' },
                          round.letters[seat] ?? ''),
                        h('td', { 'data-label': 'Word' },
                          h('span', { class: played.word === '' ? 'auction-none'
                                            : scored ? 'hit' : 'miss' }, word),
                          played.fault ? h('span', { class: 'auction-fault' },
                                           ` ${played.fault}`) : null),
                        h('td', { class: 'number', 'data-label': 'Score' }, played.score),
                        h('td', { class: 'number', 'data-label': 'Total' },
                          round.points[seat] ?? ''));
             })))));
}

/** The final standings, best first, with the winners marked. */
export function standings(view: AuctionView): HTMLElement | null {
  if (view.status !== 'finished') return null;
  const order = view.seats.map((_, seat) => seat)
      .sort((a, b) => (view.seats[b]?.points ?? 0) - (view.seats[a]?.points ?? 0));
  return h('section', { class: 'auction-standings', 'aria-labelledby': 'auction-standings-title' },
           h('h2', { id: 'auction-standings-title' }, 'Final standings'),
           h('ol', {}, order.map((seat) =>
             h('li', { class: view.winners.includes(seat) ? 'auction-first' : null },
               `${seatName(view, seat)}: ${countOf(view.seats[seat]?.points ?? 0, 'point')}`,
               view.winners.includes(seat) ? ' ★ winner' : ''))));
}
