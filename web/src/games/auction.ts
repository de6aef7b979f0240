// Letter Auction: set up a table of bots (and, if you like, yourself), then watch it play step
// by step like the original simulator, bid for letters and name your words in real time, or
// watch someone else's game by its watch code (#/auction/watch/CODE). A game in play is at
// #/auction/SESSION: a reload, or the lobby's Resume, goes on with it.
import { createSession, listGames, readSession, replayAuctionLog, startTournament,
         tournamentRules } from '../api';
import { errorBox, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { errorText, messageOf, SESSION_GONE, sessionGone } from './common/errors';
import { sessionOfRoute, showAddress } from './common/session';
import { readSchema, type Schema, setupForm } from './auction/setup';
import { type Table, table } from './auction/table';
import { type TournamentView, tournamentView } from './auction/tournament';
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

/** A person seat's time to answer when a game does not say (the server's default). */
const ANSWER_SECONDS = 30;

export const page: GamePage = {
  mount(root, route, address) {
    let current: Table | TournamentView | null = null;
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
      current = table({ snapshot: null, key: code, watching: true, answerSeconds: ANSWER_SECONDS,
                        newSetup: () => { location.hash = '#/auction'; } });
      area.append(current.element);
    };

    /** "Open a log": its text goes to the server, which replays it as a session to step. */
    const replayPicker = (schema: Schema) => {
      const input = h('input', { type: 'file', id: 'auction-log',
                                 accept: '.jsonl,.json,.txt,application/x-ndjson,text/plain',
                                 'aria-describedby': 'auction-log-help' });
      const problem = h('div', { class: 'auction-message', id: 'auction-log-message' });
      input.addEventListener('change', () => {
        const file = input.files?.[0];
        if (!file) return;
        fill(problem, h('p', {}, `Reading ${file.name}…`));
        file.text().then((text) => replayAuctionLog<AuctionView>(text, file.name))
          .then((snapshot) => {
            if (unmounted) return;
            close();
            fill(area, h('h2', {}, `Replay of ${file.name}`),
                 h('p', { class: 'lead' }, 'Step through the saved game, or play it at your ' +
                   'own pace; every bid and word is the log\'s.'));
            const replay = table({ snapshot, key: snapshot.id ?? '', watching: false,
                                   answerSeconds: ANSWER_SECONDS, replay: true,
                                   newSetup: () => setup(schema, true) });
            current = replay;
            area.append(replay.element);
            replay.focus();
            say(`Replaying ${file.name}: press Step to see the next event.`);
          })
          .catch((error: unknown) => {
            if (unmounted) return;
            const text = `${file.name} cannot be replayed: ${errorText(error)}`;
            fill(problem, errorBox(text));
            say(text);
            input.value = '';
            input.focus();
          });
      });
      return h('section', { class: 'auction-replay', 'aria-labelledby': 'auction-replay-heading' },
        h('h2', { id: 'auction-replay-heading' }, 'Replay a saved game'),
        h('p', { class: 'auction-file' }, h('label', { for: 'auction-log' }, 'Open a log'), ' ',
          input),
        h('p', { id: 'auction-log-help', class: 'auction-help' },
          'A JSON Lines log of a game, as wordgames auction --log FILE writes it.'),
        problem);
    };

    const tournamentSetup = (schema: Schema) => {
      close();
      showAddress(address);
      fill(area, h('p', {}, 'Loading…'));
      tournamentRules().then((allowed) => {
        if (unmounted) return;
        const form = setupForm(schema, async (request) => {
          try {
            const state = await startTournament({ config: request.config ?? {},
                                                  games: request.games ?? 1,
                                                  ...(request.seed === undefined ? {}
                                                      : { seed: request.seed }) });
            if (unmounted) return null;
            close();
            const view = tournamentView(state, () => tournamentSetup(schema));
            current = view;
            fill(area, view.element);
            view.focus();
            return null;
          } catch (error) {
            return error;
          }
        }, { kind: 'tournament', external: allowed.allowed_bots, maxGames: allowed.max_games });
        const back = h('button', { type: 'button', id: 'auction-back-to-game',
                                   onclick: () => setup(schema, true) }, 'Set up a single game');
        fill(area, h('h2', {}, 'Set up a tournament'),
             h('p', { class: 'lead' }, 'Many games between bots, the seats rotating each game, ' +
               'and a table of how each bot did.' +
               (allowed.allowed_bots.length > 0 ? ' External bots allowed here are in the lists.'
                                                : '')),
             form, h('div', { class: 'row' }, back));
        form.querySelector<HTMLElement>('select, input')?.focus();
        say('Set up a tournament.');
      }).catch((error: unknown) => {
        if (!unmounted) fill(area, errorBox(messageOf(error)));
      });
    };

    const setup = (schema: Schema, again = false) => {
      close();
      showAddress(address);
      const form = setupForm(schema, async (request) => {
        try {
          const snapshot = await createSession<AuctionView>(request);
          if (unmounted) return null;
          close();
          fill(area);
          current = table({ snapshot, key: snapshot.id ?? '', watching: false,
                            answerSeconds: request.answer_seconds ?? ANSWER_SECONDS,
                            newSetup: () => setup(schema, true) });
          showAddress(`${address}/${snapshot.id ?? ''}`);
          area.append(current.element);
          current.focus();
          return null;
        } catch (error) {
          return error;
        }
      });
      const tournaments = h('section', { class: 'auction-tournaments',
                                         'aria-labelledby': 'auction-tournament-heading' },
        h('h2', { id: 'auction-tournament-heading' }, 'Tournaments'),
        h('p', {}, 'Many seeded games between bots, and the statistics of each.'),
        h('button', { type: 'button', id: 'auction-tournament',
                      onclick: () => tournamentSetup(schema) }, 'Set up a tournament'));
      fill(area, h('h2', {}, 'Set up a game'), form, replayPicker(schema), tournaments);
      if (again) {
        form.querySelector<HTMLElement>('input, select')?.focus();
        say('Set up a new game: the last choices are kept.');
      }
    };

    /** Goes on with the session `id` (the lobby's Resume: a player's unfinished game). */
    const resume = async (id: string, schema: Schema) => {
      try {
        const snapshot = await readSession<AuctionView>(id);
        if (unmounted) return;
        close();
        fill(area);
        current = table({ snapshot: { ...snapshot, id }, key: id, watching: false,
                          answerSeconds: ANSWER_SECONDS, newSetup: () => setup(schema, true) });
        showAddress(`${address}/${id}`);
        area.append(current.element);
        current.focus();
        say('Your game goes on where it was.');
      } catch (error) {
        if (unmounted) return;
        setup(schema);
        area.prepend(errorBox(sessionGone(error) ? SESSION_GONE : messageOf(error)));
      }
    };

    if (route[0] === 'watch' && route[1]) {
      watch(route[1]);
    } else {
      fill(area, h('p', {}, 'Loading the rules…'));
      listGames().then((games) => {
        if (unmounted) return;
        const schema = readSchema(games.find((game) => game.id === 'auction')?.config_schema);
        const id = sessionOfRoute(route);
        if (id) void resume(id, schema);
        else setup(schema);
      }).catch((error: unknown) => {
        if (unmounted) return;
        fill(area, errorBox(messageOf(error)));
      });
    }
    return () => {
      unmounted = true;
      close();
    };
  },
  resumes: true,
};
