// The statistics page (#/stats/NAME): a player's figures in every game, the game's own ones as
// charts with their tables, and each game's leaderboard. The player is the one named in the
// address, else the one chosen in the lobby (api.ts, chosenPlayer); a field (offering the
// players the server knows) picks another. Bots are not players: each game's bots have a table
// of their own, one line per bot. Everything shown is the server's (docs/API.md, "Statistics");
// the page computes nothing but percentages. At phone width the wide tables stack each row's
// cells, every one labelled with its column (app.css, .stats-stack), so nothing is cut off.
import { ApiError, type BotLine, chosenPlayer, type FinishedGame, type GameInfo,
         type GameStatistics, type Leaderboard, type LeaderboardLine, listGames, listPlayers,
         playerHistory, readLeaderboards, readStatistics, reviewGame,
         type StatisticsFigure } from './api';
import { countOf, errorBox, fill, h, say } from './dom';
import { reviewToggle } from './games/common/review';
import type { GamePage } from './page';
import { PALETTE_CHANGED } from './settings';
import { type BarChart, barChart } from './stats_chart';

function percent(share: unknown): string {
  return typeof share === 'number' ? `${Math.round(share * 100)}%` : '–';
}

function oneDecimal(value: unknown): string {
  return typeof value === 'number' ? value.toFixed(1) : '–';
}

interface TableOptions {
  className?: string;
  /** The column whose cell heads each row (default the first); the others are numbers. */
  rowHeading?: number;
  rowClass?: (row: number) => string | null;
}

/** A table with a caption, column headings and rows of cells (numbers right-aligned), one cell
 *  of a row its heading. Each cell carries its column's heading (data-label), which the stacked
 *  rows show at phone width. */
function table(caption: string, headings: string[], rows: (string | number)[][],
               options: TableOptions = {}): HTMLElement {
  const heading = options.rowHeading ?? 0;
  return h('table', { class: `stats-stack ${options.className ?? ''}`.trim() },
           h('caption', {}, caption),
           h('thead', {}, h('tr', {}, headings.map((text, i) =>
               h('th', { scope: 'col', class: i === heading ? null : 'number' }, text)))),
           h('tbody', {}, rows.map((cells, row) =>
               h('tr', { class: options.rowClass?.(row) ?? null }, cells.map((cell, i) =>
                   i === heading ? h('th', { scope: 'row' }, cell)
                                 : h('td', { class: 'number', 'data-label': headings[i] ?? '' },
                                     cell))))));
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
               { className: 'stats-totals' });
}

/** What a game's score is, for a game whose score is not its points (the server's words:
 *  score_meaning); nothing for the others. */
function scoreMeaning(title: string, meaning: string | undefined): HTMLElement | null {
  if (!meaning) return null;
  return h('p', { class: 'stats-score-meaning' },
           h('strong', {}, `Best and mean score in ${title}: `), meaning);
}

/** A figure's value as the page shows it: a share as a percentage, a mean with one decimal. */
function figureText(figure: StatisticsFigure): string {
  if (figure.unit === '%') return percent(figure.value);
  if (typeof figure.value !== 'number') return '–';
  const value = Number.isInteger(figure.value) ? String(figure.value) : oneDecimal(figure.value);
  return figure.unit === '' ? value : `${value} ${figure.unit}`;
}

/** The game's own figures, as the game says them (the statistics' lines, docs/API.md): a line
 *  of one unnamed figure is a sentence; a line of named figures is a chart with its table, and a
 *  table of the notes when the figures have any. */
function gameFigures(s: GameStatistics, charts: BarChart[]): HTMLElement[] {
  const parts: HTMLElement[] = [];
  for (const line of s.lines) {
    const [first] = line.figures;
    if (line.figures.length === 1 && first.label === '') {
      parts.push(h('p', {}, `${line.title}: `, h('strong', { class: 'stats-share' },
                                                 figureText(first)),
                   first.note === '' ? '' : ` (${first.note})`, '.'));
      continue;
    }
    const share = line.figures.every((figure) => figure.unit === '%');
    const units = new Set(line.figures.map((figure) => figure.unit));
    const unit = units.size === 1 ? [...units][0] : '';
    // The line's title is the chart's caption, once: no axis title repeats it, and the notes
    // are a column of the chart's own table.
    const made = barChart({
      caption: line.title,
      valueHeading: share ? 'Share (%)' : unit === '' ? 'Value' : unit,
      max: share ? 100 : undefined,
      bars: line.figures.map((figure) => ({
        label: figure.label,
        value: typeof figure.value !== 'number' ? null
            : share ? Math.round(figure.value * 100) : Math.round(figure.value * 10) / 10,
      })),
      format: (value) => share ? `${value}%` : String(value),
      notes: line.figures.map((figure) => figure.note),
    });
    charts.push(made);
    parts.push(made.element);
  }
  return parts;
}

/** A board's rows: the rank, the name (which heads the row), the figures. */
function boardRows<Line extends LeaderboardLine | BotLine>(lines: Line[],
                                                          name: (line: Line) => string):
    (string | number)[][] {
  return lines.map((line) => [line.rank, name(line), line.games, line.wins,
                              percent(line.win_rate), line.best_score,
                              oneDecimal(line.mean_score)]);
}

const boardHeadings = ['Games', 'Wins', 'Win rate', 'Best score', 'Mean score'];

function leaderboardTable(board: Leaderboard | undefined, title: string,
                          player: string): HTMLElement {
  if (!board || board.players.length === 0) {
    return h('p', { class: 'stats-empty' }, `Nobody has finished a game of ${title} yet.`);
  }
  const me = player.toLowerCase();
  const mine = (line: LeaderboardLine) => line.player.toLowerCase() === me;
  return table(`Leaderboard of ${title}, by best score`, ['Rank', 'Player', ...boardHeadings],
               boardRows(board.players,
                         (line) => mine(line) ? `${line.player} (you)` : line.player),
               { className: 'stats-leaderboard', rowHeading: 1,
                 rowClass: (row) => mine(board.players[row]) ? 'stats-me' : null });
}

/** The game's bots (they are not players): one line per bot, by mean score. */
function botsTable(board: Leaderboard | undefined, title: string): HTMLElement[] {
  if (!board || board.bots.length === 0) return [];
  return [h('h3', {}, 'Bots'),
          table(`Bots of ${title}, by mean score`, ['Rank', 'Bot', ...boardHeadings],
                boardRows(board.bots, (line) => line.bot),
                { className: 'stats-bots', rowHeading: 1 })];
}

/** The player's last games shown, newest first, each with its review. */
const RECENT_GAMES = 10;

/** "2026-11-28 13:49 UTC". */
function whenText(unixMs: number): string {
  return `${new Date(unixMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A finished game of the player's, with a Review button that opens its review in place. */
function historyItem(player: string, game: FinishedGame, titles: Map<string, string>):
    HTMLElement {
  return h('li', {},
           h('p', { class: 'stats-history-line' },
             h('strong', {}, titles.get(game.game) ?? game.game),
             ` \u00b7 ${whenText(game.ended_ms)} \u00b7 score ${game.score}`,
             game.won ? ' \u00b7 won' : ''),
           reviewToggle(() => reviewGame(game.id, player), `Review game ${game.id}`));
}

/**
 * The player's last finished games, newest first, each with its review; "Older games" shows
 * the next page of their history, as many times as there is one.
 */
function recentGames(player: string, games: FinishedGame[], next: number | null,
                     titles: Map<string, string>): HTMLElement {
  const list = h('ol', { class: 'stats-history' },
                 games.map((game) => historyItem(player, game, titles)));
  const more = h('button', { type: 'button', class: 'stats-history-more', hidden: next === null },
                 'Older games');
  let offset = next;
  more.addEventListener('click', () => {
    if (offset === null) return;
    more.disabled = true;
    playerHistory(player, null, RECENT_GAMES, offset).then((page) => {
      list.append(...page.games.map((game) => historyItem(player, game, titles)));
      offset = page.next_offset;
      more.hidden = offset === null;
      say(`${countOf(page.games.length, 'older game')} shown.`);
    }, (error: unknown) => {
      say(error instanceof Error ? error.message : String(error));
    }).finally(() => {
      more.disabled = false;
    });
  });
  return h('section', { class: 'stats-recent', 'aria-labelledby': 'stats-recent' },
           h('h2', { id: 'stats-recent' }, 'Recent games'), list, more);
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
  let recent: FinishedGame[] = [];
  let olderFrom: number | null = null;
  let boards: Leaderboard[] = [];
  let notice: HTMLElement | null = null;
  try {
    boards = await readLeaderboards();
    if (player !== '') {
      try {
        const read = await readStatistics(player);
        player = read.player;  // as the store spells it
        stats = read.games;
        const history = await playerHistory(player, null, RECENT_GAMES);
        recent = history.games;
        olderFrom = history.next_offset;
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
                    scrolling(totalsTable(stats, titles), 'Games finished, wins and scores'),
                    stats.map((s) => scoreMeaning(titles.get(s.game) ?? s.game,
                                                  s.score_meaning))));
    const rates = barChart({
      caption: 'Win rate by game', labelHeading: 'Game', valueHeading: 'Win rate (%)', max: 100,
      bars: stats.map((s) => ({ label: titles.get(s.game) ?? s.game,
                                 value: Math.round(s.win_rate * 100) })),
      format: (value) => `${value}%`,
    });
    charts.push(rates);
    sections[0]?.append(rates.element);
  }
  if (recent.length > 0) sections.push(recentGames(player, recent, olderFrom, titles));
  for (const game of games) {
    const mine = stats.find((s) => s.game === game.name);
    const board = boards.find((b) => b.game === game.name);
    const id = `stats-${game.id}`;
    sections.push(h('section', { class: 'stats-game', 'aria-labelledby': id },
                    h('h2', { id }, game.title),
                    mine ? gameFigures(mine, charts) : [],
                    h('h3', {}, 'Leaderboard'),
                    board && board.players.length > 0
                        ? scoreMeaning(game.title, board.score_meaning) : null,
                    scrolling(leaderboardTable(board, game.title, player),
                              `Leaderboard of ${game.title}`),
                    botsTable(board, game.title)));
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
    window.addEventListener(PALETTE_CHANGED, redraw);
    fill(root, h('p', {}, 'Loading the statistics…'));
    void show(root, route, charts, () => mounted);
    return () => {
      mounted = false;
      scheme.removeEventListener('change', redraw);
      window.removeEventListener(PALETTE_CHANGED, redraw);
      for (const chart of charts) chart.destroy();
    };
  },
};
