// Adversarial Wordle in the browser: a seeded game with the keyboard alone (a word refused, a
// hint, the keys' names), the mouse on the on-screen keyboard, and no serious accessibility
// problem during and after a game in both schemes, desktop and phone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, binary, heardCount, nextAnnouncement, openPage,
         screenshot, startArcade, tabTo, useArcade } from './support';


let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

const ROW = /^[A-Z]{5}: [A-Z] (in the word|not in the word)/;
const END = /(You found [A-Z]{5}|Out of guesses|You gave up)/;

/** The page's Custom game form (#/wordle/custom), its fields in. */
async function openGame(options: Parameters<typeof openPage>[2] = {}) {
  const opened = await openPage(browser, `${arcade.url}#/wordle/custom`, options);
  await opened.page.locator('select[name=host] option').first().waitFor({ state: 'attached' });
  return opened;
}

async function startWithMouse(page: Page, settings: { host: string; seed: number;
                                                      hard?: boolean; show?: boolean }):
    Promise<void> {
  const from = await heardCount(page);
  await page.selectOption('select[name=host]', settings.host);
  await page.setChecked('input[name=hard]', settings.hard ?? false);
  await page.setChecked('input[name=show_remaining]', settings.show ?? false);
  await page.fill('input[name=seed]', String(settings.seed));
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of/, from);
}

/** Types a word and Enter on the physical keyboard; returns what the page said. */
async function guess(page: Page, word: string, expect: RegExp = ROW): Promise<string> {
  const from = await heardCount(page);
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  return nextAnnouncement(page, expect, from);
}

test('a seeded game played with the keyboard alone, with a refusal and hints', async () => {
  const { context, page } = await openGame();
  await tabTo(page, 'select[name=host]');
  await page.keyboard.press('f');
  assert.equal(await page.inputValue('select[name=host]'), 'fair');
  await tabTo(page, 'input[name=seed]');
  await page.keyboard.type('2024');
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(page, /^New game/, from),
               'New game: a word of 5 letters, 6 guesses allowed. Type a word and press Enter.');
  assert.equal(await page.locator('.wd-current .wd-tile').count(), 5);

  // A word not in the list: refused, shown and announced; nothing played.
  assert.equal(await guess(page, 'zzzzz', /not in the word list/),
               'ZZZZZ is not in the word list.');
  assert.equal(await page.locator('.error').textContent(), 'ZZZZZ is not in the word list.');
  assert.equal(await page.locator('.wd-row:not(.wd-current)').count(), 0);
  // Backspace clears what was typed.
  for (let i = 0; i < 5; ++i) await page.keyboard.press('Backspace');
  assert.match(await page.locator('.wd-current').getAttribute('aria-label') ?? '', /empty$/);

  // The opening, then the hints, with the keyboard, to the end.
  const said = await guess(page, 'slate');
  assert.match(said, /^SLATE: S (in the word|not in the word)/);
  assert.equal(await page.locator('.error').count(), 0);
  const key = page.locator('.wd-key[data-letter="s"]');
  assert.match(await key.getAttribute('aria-label') ?? '',
               /^S, (in the word at this place|in the word elsewhere|not in the word)$/);
  assert.match(await page.locator('.wd-row').first().getAttribute('aria-label') ?? '',
               /^Guess 1, SLATE: S /);
  let last = said;
  for (let turn = 0; turn < 5 && !END.test(last); ++turn) {
    await tabTo(page, 'button.wd-hint');
    from = await heardCount(page);
    await page.keyboard.press('Enter');
    const hint = /^Hint: try ([A-Z]{5})\.$/.exec(await nextAnnouncement(page, /^Hint/, from));
    assert.ok(hint);
    last = await guess(page, hint[1].toLowerCase());
  }
  assert.match(last, END);
  assert.match(last, /(perfect guesser was sure to win in [0-9]+ guesses|could not be computed)/);
  assert.equal(await page.locator('.wd-result').count(), 1);
  // Over, the word's seed is shown, to play it again.
  assert.match(await page.locator('.wd-seed').textContent() ?? '',
               /^Play this word again: seed 2024 \(in Custom game\)\./);

  // Play again from the focused button.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Play again');
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^New game: a word of 5 letters/, from);
  // In play, no seed: only that the game is practice (its seed was typed).
  assert.match(await page.locator('.wd-seed').textContent() ?? '', /^Practice: /);
  assert.doesNotMatch(await page.locator('.wd-seed').textContent() ?? '', /2024/);
  await context.close();
});

test('the on-screen keyboard plays a word against the largest host', async () => {
  const { context, page } = await openGame();
  await startWithMouse(page, { host: 'largest', seed: 7, show: true });
  for (const letter of 'crane') await page.click(`.wd-key[data-letter="${letter}"]`);
  const from = await heardCount(page);
  await page.click('button:text("Enter")');
  const said = await nextAnnouncement(page, ROW, from);
  assert.match(said, /^CRANE: .* [0-9,]+ words possible\.$/);
  assert.match(await page.locator('.status-line').textContent() ?? '',
               /^Guess 2 · [0-9,]+ words possible/);
  // The keys say what is known, in words as well as colour and shape.
  const states = await page.locator('.wd-key[data-letter]').evaluateAll(
      (keys) => keys.map((key) => key.className));
  assert.ok(states.some((name) => /wd-(absent|present|placed)/.test(name)));
  await context.close();
});

test('the statistics page prints the lines the game\'s entry gives', async () => {
  const data = mkdtempSync(path.join(os.tmpdir(), 'wg-wordle-stats-'));
  const run = spawnSync(binary, ['--data', data, '--player', 'Ann', '--seed', '3', 'wordle',
                                 '--host', 'fair', '--guesses', '1'],
                        { input: 'crane\nno\n', encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const stats = await startArcade(['--data', data]);
  const { context, page } = await openPage(browser, `${stats.url}#/stats/Ann`);
  try {
    const table = page.locator('table', { has: page.locator('caption', {
      hasText: /^Guesses to win by word length$/ }) });
    await table.waitFor();
    const cells = await table.evaluate((element) => Array.from(
        element.querySelectorAll('tbody tr'),
        (row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
    // One game of five letters, lost: no mean yet.
    assert.deepEqual(cells, [['5 letters', '–', '0 wins of 1 game']]);
    assert.deepEqual(await accessibilityProblems(page), []);
  } finally {
    await context.close();
    await stats.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

test('a reload mid-game keeps the game at its address, and a gone one says so', async () => {
  const { context, page } = await openGame();
  await startWithMouse(page, { host: 'largest', seed: 2024, show: true });
  await guess(page, 'slate');
  await guess(page, 'crane');
  const address = page.url();
  assert.match(address, /#\/wordle\/[0-9a-f]{32}$/);
  const rows = await page.locator('.wd-row:not(.wd-current)').evaluateAll(
      (items) => items.map((item) => item.getAttribute('aria-label')));
  const status = await page.locator('.wd-play .status-line').textContent();
  await page.reload();
  await nextAnnouncement(page, /^Resumed: a word of 5 letters/, 0);
  assert.equal(page.url(), address);
  assert.deepEqual(await page.locator('.wd-row:not(.wd-current)').evaluateAll(
      (items) => items.map((item) => item.getAttribute('aria-label'))), rows);
  assert.equal(await page.locator('.wd-play .status-line').textContent(), status);
  assert.doesNotMatch(await page.locator('.wd-play').innerText(), /2024/);
  // It goes on: a third guess.
  await guess(page, 'doubt');
  assert.equal(await page.locator('.wd-row:not(.wd-current)').count(), 3);

  // Deleted on the server: the address shows the Custom game form, which says why.
  const id = /([0-9a-f]{32})$/.exec(address)?.[1] ?? '';
  await api(arcade.url, 'DELETE', `/api/sessions/${id}`);
  await page.reload();
  await page.locator('.custom-game[open] .error', { hasText: /no longer on the server/ }).waitFor();
  assert.match(page.url(), /#\/wordle\/custom$/);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`wordle ${suffix}: no serious accessibility problem during and after a game`,
         async () => {
           const { context, page } = await openGame({ colorScheme, phone });
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `wordle-setup-${suffix}`);
           await startWithMouse(page, { host: 'lookahead', seed: 11, hard: true, show: true });
           await guess(page, 'crane');
           // Hard mode: a guess that drops what CRANE revealed is refused and says why.
           await guess(page, 'jumpy', /^Hard mode: /);
           assert.match(await page.locator('.error').textContent() ?? '', /^Hard mode: /);
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `wordle-playing-${suffix}`);
           const from = await heardCount(page);
           await page.click('button:text("Give up")');
           await nextAnnouncement(page, /^You gave up\. The word was [A-Z]{5}\./, from);
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `wordle-finished-${suffix}`);
           await context.close();
         });
  }
}
