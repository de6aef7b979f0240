// Letter Auction: set up a table of bots (and, if you like, yourself), then watch it play step
// by step like the original simulator, bid for letters and name your words in real time, or
// watch someone else's game by its watch code (#/auction/watch/CODE).
import { ApiError, createSession, listGames } from '../api';
import { errorBox, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { readSchema, type Schema, setupForm } from './auction/setup';
import { type Table, table } from './auction/table';
import type { AuctionView } from './auction/types';

function auctionRules(): HTMLElement {
  return rules('How Letter Auction is played',
    'Every round, each player is dealt a few hidden letters that only they can see. The rest ' +
    'of a 98-tile pool (Scrabble\'s letters, without blanks) is then auctioned one tile at a ' +
    'time, until every rack holds 7 letters.',
    'Bids are sealed and made at the same time. The highest bid wins the tile but pays only ' +
    'the second-highest bid (a lone bidder pays nothing; a tie at the top is drawn by lot). ' +
    'Every bid is public once the auction is over.',
    'Points are your budget and your score at once: everyone starts with 100, prices come off, ' +
    'and at the end of the round each player names one word made from their letters. A word ' +
    'in the word list scores its Scrabble value, plus 50 if it uses 7 letters; anything else ' +
    'scores nothing. After the last round, the most points wins.',
    'Playing yourself, you have a limited time for each bid and each word; when it runs out ' +
    'your bid counts as 0, or you name no word.');
}

export const page: GamePage = {
  mount(root, route) {
    let current: Table | null = null;
    let unmounted = false;
    const area = h('div', { class: 'auction-area' });
    root.append(auctionRules(), area);

    const close = () => {
      current?.close();
      current = null;
    };

    const watch = (code: string) => {
      close();
      fill(area, h('h2', {}, 'Watching a game'),
           h('p', { class: 'lead' }, 'You see what any spectator sees: every bid, never a ' +
             'player\'s hidden letters. ', h('a', { href: '#/auction' }, 'Set up a game of your own')));
      current = table({ snapshot: null, key: code, watching: true, answerSeconds: 30,
                        newSetup: () => { location.hash = '#/auction'; } });
      area.append(current.element);
    };

    const setup = (schema: Schema, again = false) => {
      close();
      const form = setupForm(schema, async (request) => {
        try {
          const snapshot = await createSession<AuctionView>(request);
          if (unmounted) return null;
          close();
          fill(area);
          current = table({ snapshot, key: snapshot.id ?? '', watching: false,
                            answerSeconds: request.answer_seconds ?? 30,
                            newSetup: () => setup(schema, true) });
          area.append(current.element);
          current.focus();
          return null;
        } catch (error) {
          return error instanceof ApiError ? { message: error.message, field: error.field }
                                           : { message: String(error) };
        }
      });
      fill(area, h('h2', {}, 'Set up a game'), form);
      if (again) {
        form.querySelector<HTMLElement>('input, select')?.focus();
        say('Set up a new game: the last choices are kept.');
      }
    };

    if (route[0] === 'watch' && route[1]) {
      watch(route[1]);
    } else {
      fill(area, h('p', {}, 'Loading the rules…'));
      listGames().then((games) => {
        if (unmounted) return;
        setup(readSchema(games.find((game) => game.id === 'auction')?.config_schema));
      }).catch((error: unknown) => {
        if (unmounted) return;
        fill(area, errorBox(error instanceof ApiError ? error.message : String(error)));
      });
    }
    return () => {
      unmounted = true;
      close();
    };
  },
};
