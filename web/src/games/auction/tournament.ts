// A Letter Auction tournament being run by the server: its progress (a <progress> and
// announcements at each quarter), a Stop button, and the table of results once it is over.
// Leaving the page closes the live connection, which stops a tournament nobody watches (one
// played by workers runs on to its end, and has no Stop button).
import { ApiError, followTournament, type LiveFeed, stopTournament, type TournamentBot,
         type TournamentState } from '../../api';
import { countOf, errorBox, fill, h, say } from '../../dom';

export interface TournamentView {
  element: HTMLElement;
  focus(): void;
  close(): void;
}

function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

/** The best bot by mean score, and by how much, as a sentence. */
function leaderSentence(bots: TournamentBot[]): string {
  const sorted = [...bots].sort((a, b) => b.mean_score - a.mean_score);
  const best = sorted[0];
  if (!best) return '';
  return `${best.name} scored most, ${best.mean_score.toFixed(1)} points a game on average, ` +
         `and won ${percent(best.win_rate)} of its games`;
}

/** The results, one row per bot, best mean score first (the order is also said in words). */
function resultsTable(bots: TournamentBot[]): HTMLElement {
  const sorted = [...bots].sort((a, b) => b.mean_score - a.mean_score);
  const headers = ['Place', 'Bot', 'Seats', 'Mean score', 'Std error', 'Win rate', 'Letters/game',
                   'Price/letter', 'Invalid words', 'Bad bids'];
  return h('div', { class: 'auction-scroll tournament-table-box', tabindex: 0, role: 'region',
                    'aria-labelledby': 'tournament-table-caption' },
    h('table', { class: 'tournament-table', id: 'tournament-table' },
      h('caption', { id: 'tournament-table-caption' },
        'Results per bot, best mean score first (per player-game: a bot in two seats plays two ' +
        'a game; a shared win counts 1/k)'),
      h('thead', {}, h('tr', {}, headers.map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, sorted.map((bot, index) => h('tr', {},
        h('td', {}, String(index + 1)),
        h('th', { scope: 'row' }, bot.name),
        h('td', {}, String(bot.seats)),
        h('td', {}, bot.mean_score.toFixed(1)),
        h('td', {}, bot.score_std_error.toFixed(2)),
        h('td', {}, percent(bot.win_rate)),
        h('td', {}, bot.letters_per_game.toFixed(2)),
        h('td', {}, bot.mean_price.toFixed(2)),
        h('td', {}, String(bot.invalid_words)),
        h('td', {}, String(bot.faulty_bids)))))));
}

export function tournamentView(first: TournamentState, newSetup: () => void): TournamentView {
  let closed = false;
  let quarter = 0;  // the last quarter announced
  let running = first.status === 'running';  // as last shown
  const summary = h('p', { class: 'lead' },
    `${countOf(first.games, 'game')} between ${first.lineup.join(', ')}; ` +
    `${countOf(first.rules.rounds ?? 0, 'round')} each, seed ${first.seed}.`);
  const bar = h('progress', { id: 'tournament-progress', max: first.games, value: first.done,
                              'aria-label': 'Games played' });
  const count = h('span', { class: 'tournament-count', id: 'tournament-count' });
  const status = h('p', { class: 'status-line', id: 'tournament-status' });
  const problems = h('div', { class: 'auction-message' });
  const results = h('div', { class: 'tournament-results' });
  const stop = h('button', { type: 'button', id: 'tournament-stop' }, 'Stop');
  const again = h('button', { type: 'button', class: 'primary', id: 'tournament-new',
                              onclick: () => newSetup() }, 'New tournament');

  const show = (state: TournamentState) => {
    if (closed) return;
    bar.value = state.done;
    bar.max = state.games;
    count.textContent = `${state.done} of ${countOf(state.games, 'game')} played`;
    running = state.status === 'running';
    stop.hidden = !running || state.stoppable === false;
    const focusWasOnStop = document.activeElement === stop;
    if (running) {
      status.textContent = 'Running…';
      const reached = Math.floor((4 * state.done) / state.games);
      if (reached > quarter && state.done < state.games) {
        quarter = reached;
        say(`${state.done} of ${countOf(state.games, 'game')} played.`);
      }
      return;
    }
    if (state.status === 'finished' && state.table) {
      status.textContent = 'The tournament is over.';
      fill(results, resultsTable(state.table));
      say(`The tournament is over: ${countOf(state.games, 'game')} played. ` +
          `${leaderSentence(state.table)}.`);
    } else if (state.status === 'stopped') {
      status.textContent = `Stopped after ${countOf(state.done, 'game')}.`;
      say(status.textContent);
    } else {
      const text = `The tournament failed: ${state.error ?? 'no reason given'}`;
      status.textContent = 'The tournament failed.';
      fill(problems, errorBox(text));
      say(text);
    }
    if (focusWasOnStop || document.activeElement === document.body) again.focus();
  };

  stop.addEventListener('click', () => {
    stopTournament(first.id).catch((error: unknown) => {
      const text = error instanceof ApiError ? error.message : String(error);
      fill(problems, errorBox(text));
      say(text);
    });
  });

  const element = h('section', { class: 'tournament', 'aria-labelledby': 'tournament-heading' },
    h('h2', { id: 'tournament-heading' }, 'Tournament'),
    summary,
    h('div', { class: 'tournament-progress row' }, bar, count),
    status, problems,
    h('div', { class: 'row' }, stop, again),
    results);

  show(first);
  say(`The tournament has started: ${countOf(first.games, 'game')}.`);
  const feed: LiveFeed = followTournament(first.id, show, () => {
    if (closed) return;
    if (running && bar.value < bar.max) {
      const text = 'The live connection to the tournament closed; reload the page to see it.';
      fill(problems, errorBox(text));
      say(text);
    }
  });

  return {
    element,
    focus: () => (stop.hidden ? again : stop).focus(),
    close() {
      closed = true;
      feed.close();
    },
  };
}
