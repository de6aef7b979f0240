// The lobby's Daily section: each game's puzzle of the day, one button each; one click (or the
// keyboard) opens the day's game at its page's address, and two browsers get the same board.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, openPage, playInTerminal, screenshot, tabTo,
         useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

// Ann played today's Position Hangman for the record, in the terminal, into the arcade's store.
const data = mkdtempSync(path.join(os.tmpdir(), 'wg-daily-page-'));
after(() => rmSync(data, { recursive: true, force: true }));
playInTerminal(data, 'Ann', ['daily', 'hangman'], '1 E\ngive up\n');

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--data', data]);

interface Daily {
  date: string;
  today: string;
  puzzles: { game: string; title: string; description: string; fairness?: string }[];
}

test('the Daily section lists every game\'s puzzle of today', async () => {
  const daily = await api<Daily>(arcade.url, 'GET', '/api/daily');
  const { context, page } = await openPage(browser, arcade.url);
  await page.getByRole('heading', { name: 'Daily', level: 2 }).waitFor();
  const titles = await page.locator('.daily-play .daily-title').allTextContents();
  assert.deepEqual(titles, daily.puzzles.map((puzzle) => `Today’s ${puzzle.title}`));
  assert.ok(titles.includes('Today’s Word Search'));
  const descriptions = await page.locator('.daily-play .daily-description').allTextContents();
  assert.deepEqual(descriptions, daily.puzzles.map((puzzle) =>
      puzzle.fairness ? `${puzzle.description} (${puzzle.fairness})` : puzzle.description));
  assert.ok(descriptions.some((text) => /worth 100 to 300 points/.test(text)),
            'a fair board says its band');
  await context.close();
});

test('the day\'s leaderboards show who played each puzzle for the record', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.daily-play').first().waitFor();
  await page.getByText('The day’s leaderboards').click();
  const board = page.locator('table.daily-board', { hasText: 'Position Hangman' });
  await board.waitFor();
  assert.match(await board.locator('tbody tr').first().textContent() ?? '', /^1Ann/);
  assert.equal(await page.locator('table.daily-board').count(), 1, 'only the puzzles played');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

test('one click plays today\'s Word Search, the same board in two browsers', async () => {
  const boards: string[] = [];
  for (let i = 0; i < 2; ++i) {
    const { context, page } = await openPage(browser, arcade.url);
    await page.getByRole('button', { name: /Today’s Word Search/ }).click();
    await page.waitForURL(/#\/boggle\/[0-9a-f]{32}$/);
    await page.getByRole('heading', { name: 'Word Search', level: 1 }).waitFor();
    await page.locator('.bg-cell').first().waitFor();
    boards.push((await page.locator('.bg-cell').allTextContents()).join(','));
    await context.close();
  }
  assert.equal(boards[0]?.split(',').length, 16, 'a 4 × 4 board');
  assert.equal(boards[0], boards[1], 'the day\'s board is everyone\'s');
});

test('the keyboard opens today\'s Position Hangman, its seed kept hidden', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.daily-play').first().waitFor();
  await tabTo(page, '.daily-play[data-game="hangman"]');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/hangman\/[0-9a-f]{32}$/);
  await page.getByRole('heading', { name: 'Position Hangman', level: 1 }).waitFor();
  const id = page.url().split('/').pop() ?? '';
  const snapshot = await api<{ seed?: number; practice: boolean }>(
      arcade.url, 'GET', `/api/sessions/${id}`);
  assert.equal(snapshot.seed, undefined, 'the seed draws the word: hidden until the end');
  assert.equal(snapshot.practice, false);
  await context.close();
});

test('another day\'s puzzles are the archive, played as practice', async () => {
  const { today } = await api<Daily>(arcade.url, 'GET', '/api/daily');
  const earlier = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString()
    .slice(0, 10);
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.daily-play').first().waitFor();
  await page.getByLabel('Another day (practice):').fill(earlier);
  const button = page.getByRole('button', { name: new RegExp(`Position Hangman of ${earlier}`) });
  await button.click();
  await page.waitForURL(/#\/hangman\/[0-9a-f]{32}$/);
  await page.getByRole('heading', { name: 'Position Hangman', level: 1 }).waitFor();
  const id = page.url().split('/').pop() ?? '';
  const snapshot = await api<{ practice: boolean }>(arcade.url, 'GET', `/api/sessions/${id}`);
  assert.equal(snapshot.practice, true);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const name = `daily-${colorScheme}${phone ? '-phone' : ''}`;
    test(`${name}: no serious accessibility problem`, async () => {
      const { context, page } = await openPage(browser, arcade.url, { colorScheme, phone });
      await page.locator('.daily-play').first().waitFor();
      await page.locator('.daily').scrollIntoViewIfNeeded();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, name);
      await context.close();
    });
  }
}
