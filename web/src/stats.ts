// The statistics page (#/stats/NAME): a player's figures in every game, the game's own ones as
// charts with their tables, and each game's leaderboard. The player is the one named in the
// address, else the one chosen in the lobby (api.ts, chosenPlayer); a field (offering the
// players the server knows) picks another. Everything shown is the server's (docs/API.md,
// "Statistics"); the page computes nothing but percentages.
import { ApiError, chosenPlayer, type GameInfo, type GameStatistics, type Leaderboard,
         listGames, listPlayers, readLeaderboards, readStatistics,
         type StatisticsFigure } from './api';
import { countOf, errorBox, fill, h, say } from './dom';
import type { GamePage } from './page';
import { type BarChart, barChart } from './stats_chart';

function percent(share: unknown): string {
  return typeof share === 'number' ? `${Math.round(share * 100)}%` : '–';
}

function oneDecimal(value: unknown): string {
  return typeof value === 'number' ? value.toFixed(1) : '–';
}

/** A figure as the server says it: "2.5 guesses", "40%", "–" when it cannot be computed. */
function figureText(figure: StatisticsFigure): string {
  if (typeof figure.value !== 'number') return '–';
  if (figure.unit === '%') return percent(figure.value);
  const value = Number.isInteger(figure.value) ? String(figure.value) : figure.value.toFixed(1);
  return figure.unit ? `${value} ${figure.unit}` : value;
}

type Row = Record<string, unknown>;

function rowsOf(details: Record<string, unknown>, key: string): Row[] {
  const rows = details[key];
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

function numberOf(row: Row, key: string): number {
  const value = row[key];
  return typeof value === 'number' ? value : 0;
}

/** A table with a caption, column headings and rows of cells (numbers right-aligned). */
function table(caption: string, headings: string[], rows: (string | number)[][],
               className = ''): HTMLElement {
  return h('table', { class: className || null },
           h('caption', {}, caption),
           h('thead', {}, h('tr', {}, headings.map((heading, i) =>
               h('th', { scope: 'col', class: i === 0 ? null : 'number' }, heading)))),
           h('tbody', {}, rows.map((cells) =>
               h('tr', {}, cells.map((cell, i) =>
                   i === 0 ? h('th', { scope: 'row' }, cell)
                           : h('td', { class: 'number' }, cell))))));
}

/** A wide table in a region that scrolls sideways at phone width (focusable, so the keyboard
 *  scrolls it too). */
function scrolling(table: HTMLElement, label: string): HTMLElement {
  return h('div', { class: 'stats-scroll', role: 'region', 'aria-label': label, tabindex: 0 },
           table);
}

/** The player's totals in every game played, one row each. */
function totalsTable(stats: GameStatistics[], titles: Map<string, string>): HTMLElement {
  return table('Games finished, wins and scores',
               ['Game', 'Games', 'Wins', 'Win rate', 'Streak', 'Best streak', 'Best score',
                'Mean score'],
               stats.map((s) => [titles.get(s.game) ?? s.game, s.games, s.wins,
                                 percent(s.win_rate), s.current_streak, s.best_streak,
                                 s.best_score, oneDecimal(s.mean_score)]),
               'stats-totals');
}

/** The game's own figures: a sentence, charts and tables, by game. */
function gameFigures(s: GameStatistics, charts: BarChart[]): HTMLElement[] {
  const d = s.details;
  const parts: HTMLElement[] = [];
  const chart = (made: BarChart) => {
    charts.push(made);
    parts.push(made.element);
  };
  if (s.game === 'hand') {
    const hands = rowsOf(d, 'hands');
    if (hands.length === 0) return parts;
    parts.push(h('p', {}, 'Share of the best possible score, over the hands whose best was ',
                 'computed: ', h('strong', { class: 'stats-share' }, percent(d.share)), '.'));
    chart(barChart({
      caption: 'Your score as a share of the best possible, by hand',
      labelHeading: 'Hand', valueHeading: 'Share of the best (%)', max: 100,
      bars: hands.map((row) => ({ label: String(row.hand),
                                   value: Math.round(numberOf(row, 'solved_score') * 100 /
                                                     Math.max(1, numberOf(row, 'best'))) })),
      format: (value) => `${value}%`,
    }));
    parts.push(table('Each hand', ['Hand', 'Played', 'Your score', 'Best possible', 'Share'],
                     hands.map((row) => [String(row.hand), numberOf(row, 'played'),
                                         numberOf(row, 'solved_score'), numberOf(row, 'best'),
                                         percent(row.share)])));
  } else if (s.game === 'boggle') {
    if (numberOf(d, 'games') === 0) return parts;
    parts.push(h('p', {}, `Words found: ${numberOf(d, 'found')} of the `,
                 `${countOf(numberOf(d, 'words'), 'word')} on the boards (`,
                 h('strong', { class: 'stats-share' }, percent(d.share)), ').'));
    chart(barChart({
      caption: 'Words found and missed on the boards',
      labelHeading: 'Words', valueHeading: 'Count',
      bars: [{ label: 'Found', value: numberOf(d, 'found') },
             { label: 'Missed', value: numberOf(d, 'words') - numberOf(d, 'found') }],
    }));
  } else if (s.game === 'evil-hangman' || s.game === 'hangman') {
    const lengths = rowsOf(d, 'by_length');
    if (lengths.length > 0) {
      chart(barChart({
        caption: 'Mean misses by word length',
        labelHeading: 'Word length', valueHeading: 'Mean misses',
        bars: lengths.map((row) => ({ label: String(row.length),
                                       value: typeof row.mean_misses === 'number'
                                           ? Math.round(row.mean_misses * 10) / 10 : 0 })),
        format: (value) => value.toFixed(1),
      }));
      parts.push(table('Games by word length', ['Word length', 'Games', 'Wins', 'Misses'],
                       lengths.map((row) => [String(row.length), numberOf(row, 'games'),
                                             numberOf(row, 'wins'), numberOf(row, 'misses')])));
    }
    const last = rowsOf(d, 'last_games');
    if (last.length > 0) {
      parts.push(table('The last five games, newest first',
                       ['Word', 'Found', 'Guesses', 'Misses', 'Points'],
                       last.map((row) => [String(row.word ?? '?'), row.won === true ? 'yes' : 'no',
                                          numberOf(row, 'guesses'), numberOf(row, 'misses'),
                                          numberOf(row, 'points')])));
    }
    const dictionaries = rowsOf(d, 'dictionaries');
    if (dictionaries.length > 0) {
      parts.push(table('Dictionaries played on', ['Dictionary', 'Games', 'Wins', 'Points'],
                       dictionaries.map((row) => [
                         numberOf(row, 'words') === 0 ? 'The built-in word list'
                                                      : `A list of ${countOf(numberOf(row, 'words'),
                                                                             'word')}`,
                         numberOf(row, 'games'), numberOf(row, 'wins'),
                         numberOf(row, 'points')])));
    }
  } else {
    // A game without a section of its own: the lines its entry says (app/game_statistics.h).
    for (const line of s.lines ?? []) {
      if (line.figures.length === 0) continue;
      parts.push(table(line.title, ['', 'Figure', 'Note'],
                       line.figures.map((f) => [f.label || line.title, figureText(f), f.note])));
    }
  }
  return parts;
}

function leaderboardTable(board: Leaderboard | undefined, title: string,
                          player: string): HTMLElement {
  if (!board || board.players.length === 0) {
    return h('p', { class: 'stats-empty' }, `Nobody has finished a game of ${title} yet.`);
  }
  const me = player.toLowerCase();
  return h('table', { class: 'stats-leaderboard' },
           h('caption', {}, `Leaderboard of ${title}, by best score`),
           h('thead', {}, h('tr', {},
                            ['Rank', 'Player', 'Games', 'Wins', 'Win rate', 'Best score'].map(
                                (heading, i) => h('th', { scope: 'col',
                                                          class: i === 1 ? null : 'number' },
                                                  heading)))),
           h('tbody', {}, board.players.map((line) => {
             const mine = line.player.toLowerCase() === me;
             return h('tr', { class: mine ? 'stats-me' : null },
                      h('td', { class: 'number' }, line.rank),
                      h('th', { scope: 'row' }, line.player, mine ? ' (you)' : ''),
                      h('td', { class: 'number' }, line.games),
                      h('td', { class: 'number' }, line.wins),
                      h('td', { class: 'number' }, percent(line.win_rate)),
                      h('td', { class: 'number' }, line.best_score));
           })));
}

function playerForm(player: string, known: string[]): HTMLElement {
  const input = h('input', { name: 'player', autocomplete: 'off', maxlength: 40,
                             list: known.length > 0 ? 'stats-players' : null, value: player });
  return h('form', {
    class: 'row stats-player',
    onsubmit: (event: Event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (name !== '') location.hash = `#/stats/${encodeURIComponent(name)}`;
    },
  },
  h('label', {}, 'Player', input),
  known.length > 0
      ? h('datalist', { id: 'stats-players' }, known.map((name) => h('option', { value: name })))
      : null,
  h('button', { type: 'submit', class: 'primary' }, 'Show statistics'));
}

/** The player the page is for: the address's, else the lobby's choice. */
function pagePlayer(route: string[]): string {
  if (route[0]) {
    try {
      return decodeURIComponent(route[0]);
    } catch {
      return route[0];
    }
  }
  return chosenPlayer() ?? '';
}

async function show(root: HTMLElement, route: string[], charts: BarChart[],
                    alive: () => boolean): Promise<void> {
  let player = pagePlayer(route);
  let games: GameInfo[];
  let known: string[];
  try {
    [games, known] = await Promise.all(
        [listGames(), listPlayers().then((r) => r.players, () => [] as string[])]);
  } catch (error) {
    fill(root, errorBox(error instanceof ApiError ? error.message : String(error)));
    return;
  }
  if (!alive()) return;
  const titles = new Map(games.map((game) => [game.name, game.title]));
  const body = h('div', { class: 'stats-body' });
  fill(root, playerForm(player, known), body);
  let stats: GameStatistics[] = [];
  let boards: Leaderboard[] = [];
  let notice: HTMLElement | null = null;
  try {
    boards = await readLeaderboards();
    if (player !== '') {
      try {
        const read = await readStatistics(player);
        player = read.player;  // as the store spells it
        stats = read.games;
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'unknown_player') throw error;
        notice = h('p', { class: 'notice' }, `${player} has not finished a game here yet.`);
      }
    } else {
      notice = h('p', { class: 'notice' },
                 'Choose a player (in the lobby, or by name here) to see their statistics.');
    }
  } catch (error) {
    if (!alive()) return;
    fill(body, errorBox(error instanceof ApiError ? error.message : String(error)));
    say(error instanceof ApiError ? error.message : String(error));
    return;
  }
  if (!alive()) return;
  const sections: HTMLElement[] = [];
  if (stats.length > 0) {
    const total = stats.reduce((sum, s) => sum + s.games, 0);
    sections.push(h('section', { 'aria-labelledby': 'stats-all' },
                    h('h2', { id: 'stats-all' }, `${player}: ${countOf(total, 'game')} finished`),
                    scrolling(totalsTable(stats, titles), 'Games finished, wins and scores')));
    const rates = barChart({
      caption: 'Win rate by game', labelHeading: 'Game', valueHeading: 'Win rate (%)', max: 100,
      bars: stats.map((s) => ({ label: titles.get(s.game) ?? s.game,
                                 value: Math.round(s.win_rate * 100) })),
      format: (value) => `${value}%`,
    });
    charts.push(rates);
    sections[0]?.append(rates.element);
  }
  for (const game of games) {
    const mine = stats.find((s) => s.game === game.name);
    const id = `stats-${game.id}`;
    sections.push(h('section', { class: 'stats-game', 'aria-labelledby': id },
                    h('h2', { id }, game.title),
                    mine ? gameFigures(mine, charts) : [],
                    h('h3', {}, 'Leaderboard'),
                    scrolling(leaderboardTable(boards.find((b) => b.game === game.name),
                                               game.title, player),
                              `Leaderboard of ${game.title}`)));
  }
  fill(body, notice, sections);
  for (const chart of charts) chart.redraw();
  say(stats.length > 0
      ? `Statistics of ${player}: ${countOf(stats.reduce((sum, s) => sum + s.games, 0), 'game')} finished.`
      : notice?.textContent ?? 'Statistics shown.');
}

export const page: GamePage = {
  mount(root, route) {
    let mounted = true;
    const charts: BarChart[] = [];
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    const redraw = () => {
      for (const chart of charts) chart.redraw();
    };
    scheme.addEventListener('change', redraw);
    fill(root, h('p', {}, 'Loading the statistics…'));
    void show(root, route, charts, () => mounted);
    return () => {
      mounted = false;
      scheme.removeEventListener('change', redraw);
      for (const chart of charts) chart.destroy();
    };
  },
};
