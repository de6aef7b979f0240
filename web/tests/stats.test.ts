// The statistics page (#/stats): a store filled by playing games (in the terminal, into the
// data directory the server then reads with --data), reached from the lobby with the keyboard;
// the numbers it shows are the store's (as `wordgames stats --json` prints them), each chart has
// a caption and a table, and the page is accessible in both colour schemes and at phone width.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, openPage, screenshot, tabTo, typeOver, useArcade,
         waitForAnnouncement } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = process.env.WG_BINARY ?? path.join(here, '..', '..', '..', 'build', 'wordgames');
const data = mkdtempSync(path.join(os.tmpdir(), 'wg-stats-page-'));
after(() => rmSync(data, { recursive: true, force: true }));

/** Plays a game in the terminal as `player`, its input piped, into the test's data directory. */
function play(player: string, args: string[], input: string): void {
  const run = spawnSync(binary, ['--data', data, '--player', player, ...args],
                        { input, encoding: 'utf8' });
  assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
}

const board = ['boggle', '--board', 'EECA/ALEP/HNBO/QTTY', '--seed', '1'];
play('Ann', ['hand', '--seed', '1', '--hands', '1'], 'no\n!!\n');
play('Ann', board, 'peace\n\n');
play('Ann', ['evil-hangman', '--length', '4', '--guesses', '3', '--hide-remaining', '--seed', '1'],
     'give up\nno\n');
play('Bob', board, 'peace\nleap\n\n');

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
