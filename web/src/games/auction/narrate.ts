// What changed between two views of a letter auction, as sentences for the announcer: the
// letter won and its price, the round's words, the game's result, the answer asked for.
import { countOf } from '../../dom';
import { asked, type AuctionLine, type AuctionView, letterValue, rackOf, type RoundLine,
         seatName } from './types';

/** "Q (10) went to strong for 5 points". */
export function auctionSentence(view: AuctionView, line: AuctionLine): string {
  const draw = line.tied > 1 ? `, after a draw among ${line.tied} equal bids` : '';
  return `${line.letter}, worth ${letterValue(line.letter)}, went to ` +
         `${seatName(view, line.winner)} for ${countOf(line.price, 'point')}${draw}`;
}

/** "bids: you (Ann) 3, strong 7, value 5": every seat that bid, as counted, in seat order. */
export function bidsSentence(view: AuctionView, line: AuctionLine): string {
  const bids = line.bids.flatMap((amount, seat) =>
      amount === null || amount === undefined ? [] : [`${seatName(view, seat)} ${amount}`]);
  return `bids: ${bids.join(', ')}`;
}

/** "you (Ann) made QAT for 12; strong made no word". */
export function wordsSentence(view: AuctionView, round: RoundLine): string {
  const order = round.words.map((_, seat) => seat);
  // The viewer's own word first: it is the one they wait for.
  if (view.seat !== null) order.sort((a, b) => Number(b === view.seat) - Number(a === view.seat));
  return order.map((seat) => {
    const played = round.words[seat];
    if (!played || played.word === '') return `${seatName(view, seat)} made no word`;
    const note = played.score === 0 && played.fault ? ` (${played.fault})` : '';
    return `${seatName(view, seat)} made ${played.word.toUpperCase()} for ` +
           `${countOf(played.score, 'point')}${note}`;
  }).join('; ');
}

/** "strong wins with 130 points" or "a tie between strong and value, with 120 points". */
export function resultSentence(view: AuctionView): string {
  const winners = view.winners;
  if (winners.length === 0) return 'the game is over';
  const points = view.seats[winners[0] ?? 0]?.points ?? 0;
  if (winners.length === 1) {
    const winner = winners[0] ?? 0;
    return winner === view.seat ? `you win with ${countOf(points, 'point')}`
                                : `${seatName(view, winner)} wins with ${countOf(points, 'point')}`;
  }
  const names = winners.map((seat) => seatName(view, seat));
  return `a tie between ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}, ` +
         `with ${countOf(points, 'point')}`;
}

/** "you finish 3rd of 5, with 92 points" for a person who did not win; '' otherwise. */
export function placeSentence(view: AuctionView): string {
  if (view.seat === null || view.winners.includes(view.seat)) return '';
  const mine = view.seats[view.seat]?.points ?? 0;
  const place = 1 + view.seats.filter((seat) => seat.points > mine).length;
  const suffix = place % 10 === 1 && place !== 11 ? 'st' : place % 10 === 2 && place !== 12 ? 'nd'
                 : place % 10 === 3 && place !== 13 ? 'rd' : 'th';
  return `you finish ${place}${suffix} of ${view.seats.length}, with ${countOf(mine, 'point')}`;
}

/** What the viewer is asked now, as a sentence (empty when nothing is asked). */
export function askSentence(view: AuctionView): string {
  const question = asked(view);
  if (!question) return '';
  const points = view.seats[question.seat]?.points ?? 0;
  if (question.what === 'bid' && view.auction) {
    const letter = view.auction.letter;
    const letters = rackOf(view).split('').join(' ');
    return `Your bid for ${letter}, worth ${letterValue(letter)} (round ${view.round} of ` +
           `${view.rules.rounds}, auction ${view.auction.number}): you have ` +
           `${countOf(points, 'point')}; your letters: ${letters || 'none yet'}.`;
  }
  return `Name your word from ${rackOf(view) || 'no letters'}, or leave it empty for none.`;
}

/** A key that changes whenever the viewer is asked something new. */
export function askKey(view: AuctionView): string {
  const question = asked(view);
  if (!question) return '';
  return `${view.game}/${view.round}/${question.what}/${view.auction?.number ?? 0}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who else the game waits for (a spectator's view of a person deciding). */
function waitingSentence(view: AuctionView): string {
  if (view.status !== 'awaiting') return '';
  const waiting = view.seats.map((seat, index) => ({ seat, index }))
      .filter(({ seat, index }) => seat.awaited && !seat.answered && index !== view.seat);
  if (waiting.length === 0) return '';
  const names = waiting.map(({ index }) => seatName(view, index)).join(' and ');
  const what = waiting[0]?.seat.awaited === 'bid' && view.auction
      ? `a bid on ${view.auction.letter}` : 'a word';
  return `Waiting for ${names}: ${what}.`;
}

/**
 * The announcement for going from `before` to `after` (one or more short sentences), or ''
 * when nothing anyone should hear changed.
 */
export function narrate(before: AuctionView | null, after: AuctionView): string {
  const sentences: string[] = [];
  const newGame = before === null || before.game !== after.game;
  if (before !== null && newGame) sentences.push(`Game ${after.game + 1} is dealt.`);
  const start = newGame ? null : before;
  const finished = after.status === 'finished' && start?.status !== 'finished';
  if (start && start.next === 'game_start' && after.next !== 'game_start' && !finished) {
    sentences.push(`The game begins: ${countOf(after.rules.players, 'player')}, ` +
                   `${countOf(after.rules.rounds, 'round')}.`);
  }
  // The auctions held since: one by one when few, summed up when a run played many.
  const seen = new Set((start?.auctions ?? []).map((line) => `${line.round}/${line.number}`));
  const fresh = after.auctions.filter((line) => !seen.has(`${line.round}/${line.number}`));
  if (!finished && start) {
    if (fresh.length > 0 && fresh.length <= 2) {
      // A player hears every bid of the auctions they took part in: what the others offered.
      for (const line of fresh) {
        const bids = after.seat !== null && (line.bids[after.seat] ?? null) !== null
            ? `; ${bidsSentence(after, line)}` : '';
        sentences.push(`${capital(auctionSentence(after, line))}${bids}.`);
      }
    } else if (fresh.length > 2) {
      const last = fresh[fresh.length - 1] as AuctionLine;
      sentences.push(`${fresh.length} letters auctioned; the last: ` +
                     `${auctionSentence(after, last)}.`);
    }
  }
  // A round's words, once it ended.
  const round = after.last_round;
  if (round && start && (start.last_round?.round ?? 0) !== round.round) {
    const of = `${round.round} of ${after.rules.rounds}`;
    sentences.push(`Round ${of} is over: ${wordsSentence(after, round)}.`);
  }
  if (start && after.round > start.round && !finished) {
    const hidden = after.seat !== null ? after.seats[after.seat]?.hidden ?? '' : '';
    sentences.push(`Round ${after.round} of ${after.rules.rounds} begins` +
                   (hidden ? `: your hidden letters are ${hidden.split('').join(' ')}.` : '.'));
  }
  if (finished) {
    const place = placeSentence(after);
    sentences.push(`Game over: ${resultSentence(after)}${place ? `; ${place}` : ''}.`);
  }
  if (askKey(after) !== '' && (start === null || askKey(start) !== askKey(after))) {
    sentences.push(askSentence(after));
  } else if (after.seat === null || !asked(after)) {
    const waiting = waitingSentence(after);
    if (waiting && (start === null || waitingSentence(start) !== waiting)) sentences.push(waiting);
  }
  return sentences.join(' ');
}
