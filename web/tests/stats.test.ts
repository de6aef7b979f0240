// The statistics page (#/stats): a store filled by playing games (in the terminal, into the
// data directory the server then reads with --data), reached from the lobby with the keyboard;
// the numbers it shows are the store's (as `wordgames stats --json` prints them), each chart has
// a caption and a table, bots are in a table of their own and never among the players, and the
// page is accessible in both colour schemes and at phone width, where no table is cut off.
// Chart.js is fetched by this page alone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, binary, openPage, playInTerminal, screenshot, tabTo,
         typeOver, useArcade, waitForAnnouncement } from './support';

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-stats-page-'));
after(() => rmSync(data, { recursive: true, force: true }));

/** Plays a game in the terminal as `player`, its input piped, into the test's data directory. */
function play(player: string, args: string[], input: string): void {
  playInTerminal(data, player, args, input);
}

const board = ['boggle', '--board', 'EECA/ALEP/HNBO/QTTY', '--seed', '1'];
play('Ann', ['hand', '--seed', '1', '--hands', '1'], 'no\n!!\n');
play('Ann', board, 'peace\n\n');
play('Ann', ['evil-hangman', '--length', '4', '--guesses', '3', '--hide-remaining', '--seed', '1'],
     'give up\nno\n');
play('Bob', board, 'peace\nleap\n\n');
// A tournament of bots: two seats of "value" in each game, one of "random".
play('Ann', ['auction', 'tournament', '--players', 'value,value,random', '--games', '2',
             '--rounds', '1', '--seed', '5', '--jobs', '1'], '');

interface Totals {
  game: string;
  games: number;
  wins: number;
  best_score: number;
  details: { found?: number; words?: number };
}
const ann = JSON.parse(spawnSync(binary, ['--data', data, '--player', 'Ann', 'stats', '--json'],
                                 { encoding: 'utf8' }).stdout) as { games: Totals[] };

let arcade: Arcade;
let browser: Browser;
useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--data', data]);

/** The cells of the table captioned `caption`, row by row. */
function cells(page: Page, caption: string): Promise<string[][]> {
  return page.locator('table', { has: page.locator('caption', { hasText: caption }) }).first()
      .evaluate((table) => Array.from(table.querySelectorAll('tbody tr'), (row) =>
          Array.from(row.children, (cell) => cell.textContent ?? '')));
}

/** Waits until Chart.js has drawn every chart (it sizes each canvas it draws on). */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('figure.stats-chart canvas'))
          .every((canvas) => canvas.getAttribute('style') !== null));
}

test('the lobby leads to a player\'s statistics, which are the store\'s', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.lobby-card').first().waitFor();
  await tabTo(page, 'a[href="#/stats"]');
  await page.keyboard.press('Enter');
  await page.locator('h1', { hasText: 'Statistics' }).waitFor();
  await page.locator('input[name="player"]').waitFor();
  await tabTo(page, 'input[name="player"]');
  await typeOver(page, 'ann');
  await page.keyboard.press('Enter');
  await waitForAnnouncement(page, /^Statistics of Ann: 3 games finished\.$/);

  const totals = await cells(page, 'Games finished, wins and scores');
  const titles: Record<string, string> = { hand: 'Word Game', boggle: 'Word Search',
                                           'evil-hangman': 'Evil Hangman' };
  assert.deepEqual(totals.map((row) => [row[0], row[1], row[2], row[6]]),
                   ann.games.map((g) => [titles[g.game], String(g.games), String(g.wins),
                                         String(g.best_score)]));
  const boggle = ann.games.find((g) => g.game === 'boggle');
  assert.ok(boggle);
  await page.getByText(`(${boggle.details.found} of the ${boggle.details.words} words on the boards)`,
                       { exact: false }).waitFor();
  // Every chart has a caption, a canvas that says what it is, and its table.
  const figures = page.locator('figure.stats-chart');
  assert.ok(await figures.count() >= 3);
  for (const figure of await figures.all()) {
    assert.notEqual(await figure.locator('figcaption').textContent(), '');
    assert.equal(await figure.locator('canvas[role="img"]').count(), 1);
    assert.ok(await figure.locator('table tbody tr').count() >= 1);
  }
  assert.deepEqual(await cells(page, 'Words on the boards'),
                   [['found', String(boggle.details.found)],
                    ['missed', String((boggle.details.words ?? 0) - (boggle.details.found ?? 0))]]);
  // The Word Search leaderboard: Bob found more; Ann's line says it is hers in words.
  const leaders = await cells(page, 'Leaderboard of Word Search');
  assert.deepEqual(leaders.map((row) => row.slice(0, 2)), [['1', 'Bob'], ['2', 'Ann (you)']]);
  await page.getByText('Nobody has finished a game of Letter Auction yet.').waitFor();
  await context.close();
});

test('bots are not players: they have a table of their own, one line per bot', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`);
  await waitForAnnouncement(page, /^Statistics of Ann/);
  // The player field offers people only.
  const offered = await page.locator('#stats-players option').evaluateAll(
      (options) => options.map((option) => (option as HTMLOptionElement).value));
  assert.deepEqual(offered.sort(), ['Ann', 'Bob']);
  // "value" played two seats of each game: one line, 4 seats' games.
  const bots = await cells(page, 'Bots of Letter Auction');
  assert.deepEqual(bots.map((row) => row[1]).sort(), ['random', 'value']);
  const value = bots.find((row) => row[1] === 'value');
  assert.equal(value?.[2], '4');
  assert.equal(await page.getByText('value (seat', { exact: false }).count(), 0);
  await context.close();

  // The lobby's player picker offers people only too.
  const lobby = await openPage(browser, arcade.url);
  await lobby.page.locator('#player-choice option[value="Ann"]').waitFor({ state: 'attached' });
  const choices = await lobby.page.locator('#player-choice option').evaluateAll(
      (options) => options.map((option) => (option as HTMLOptionElement).value));
  assert.ok(!choices.some((name) => /value|random/.test(name)), choices.join(', '));
  await lobby.context.close();
});

test('evil hangman says what its best and mean score are', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`);
  await waitForAnnouncement(page, /^Statistics of Ann/);
  const meaning = page.locator('.stats-score-meaning', { hasText: 'Evil Hangman' }).first();
  assert.match(await meaning.textContent() ?? '',
               /score is 1 when you win it and 0 when you lose it.*mean score is the share of games you won/);
  await context.close();
});

test('each chart says its title once', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`);
  await waitForAnnouncement(page, /^Statistics of Ann/);
  await page.locator('figure.stats-chart canvas').first().waitFor();
  for (const figure of await page.locator('figure.stats-chart').all()) {
    const title = (await figure.locator('figcaption').textContent()) ?? '';
    // Said by the caption; no visible heading, caption or table says it again.
    const visible = await figure.evaluate((element, wanted) =>
        Array.from(element.querySelectorAll('th, caption, figcaption, h3'))
            .filter((node) => node.textContent?.trim() === wanted &&
                              !node.classList.contains('visually-hidden')).length, title);
    assert.equal(visible, 1, title);
    assert.equal(await page.locator('caption', { hasText: `${title}, in full` }).count(), 0);
  }
  // Every chart drawn: Chart.js draws no title, and no axis title repeats the caption.
  await chartsDrawn(page);
  const repeated = await page.evaluate(async (url) => {
    interface Drawn { options: { plugins?: { title?: { display?: boolean } };
                                 scales: { x: { title: { display: boolean; text: string } } } } }
    const { Chart } = await import(url) as {
      Chart: { getChart(canvas: HTMLCanvasElement): Drawn | undefined } };
    return Array.from(document.querySelectorAll('figure.stats-chart'), (figure) => {
      const caption = figure.querySelector('figcaption')?.textContent ?? '';
      const chart = Chart.getChart(figure.querySelector('canvas') as HTMLCanvasElement);
      if (!chart) return `${caption}: not drawn`;
      if (chart.options.plugins?.title?.display === true) return `${caption}: a title drawn`;
      const x = chart.options.scales.x.title;
      return x.display && x.text === caption ? `${caption}: the axis says it again` : '';
    }).filter((problem) => problem !== '');
  }, '/assets/chart.js');
  assert.deepEqual(repeated, []);
  await context.close();
});

test('at phone width every table fits: no column is cut off', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`, { phone: true });
  await waitForAnnouncement(page, /^Statistics of Ann/);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  assert.ok(width <= 390, String(width));
  const overflowing = await page.evaluate(() =>
      // Every cell shown: a stacked table's column headings are for screen readers only.
      Array.from(document.querySelectorAll(
          '.stats table tbody td, .stats table tbody th, .stats table:not(.stats-stack) thead th'))
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.width > 0 && box.right > document.documentElement.clientWidth + 0.5;
          })
          .map((cell) => cell.textContent));
  assert.deepEqual(overflowing, []);
  // The totals' best and mean scores are there, each labelled with its column.
  const labels = await page.locator('table.stats-totals tbody tr').first().evaluate((row) =>
      Array.from(row.querySelectorAll('td'), (cell) =>
          `${getComputedStyle(cell, '::before').content}${cell.textContent ?? ''}`));
  assert.ok(labels.some((text) => /^"Best score: "\d+$/.test(text)), labels.join(' | '));
  assert.ok(labels.some((text) => /^"Mean score: "[\d.]+$/.test(text)), labels.join(' | '));
  await context.close();
});

test('Chart.js is fetched by the statistics page only', async () => {
  const { context, page } = await openPage(browser, 'about:blank');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(arcade.url);
  await page.locator('.lobby-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(asked.includes('/assets/app.js'), asked.join(' '));
  assert.ok(!asked.includes('/assets/chart.js'), asked.join(' '));
  await page.goto(`${arcade.url}#/stats/Ann`);
  await waitForAnnouncement(page, /^Statistics of Ann/);
  await chartsDrawn(page);
  assert.ok(asked.includes('/assets/chart.js'), asked.join(' '));
  await context.close();
});

test('a player who never played is told so, and the leaderboards are still shown', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Zed`);
  await waitForAnnouncement(page, /Zed has not finished a game here yet/);
  assert.equal((await cells(page, 'Leaderboard of Word Search')).length, 2);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const name = `stats-${colorScheme}${phone ? '-phone' : ''}`;
    test(`${name}: no serious accessibility problem`, async () => {
      const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`,
                                               { colorScheme, phone });
      await waitForAnnouncement(page, /^Statistics of Ann/);
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, name);
      await context.close();
    });
  }
}
