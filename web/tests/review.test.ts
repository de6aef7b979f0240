// The review of a finished game: the Review button beside a game's end (with the share panel)
// and beside each of a player's recent games on the statistics page, opened by mouse and by
// keyboard, each showing every move against the best there, the costliest marked, how exact the
// figures are, and the game's own lists, accessible in both colour schemes and at phone width.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, heardCount, nextAnnouncement, openPage,
         playInTerminal, screenshot, tabTo, useArcade } from './support';

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-review-page-'));
after(() => rmSync(data, { recursive: true, force: true }));
// Eleven games: ten on the statistics page's first page of recent games, one older.
for (let seed = 2; seed <= 10; ++seed) {
  playInTerminal(data, 'Ann', ['hand', '--seed', String(seed), '--hands', '1'], 'no\n!!\n');
}
playInTerminal(data, 'Ann', ['hand', '--seed', '1', '--hands', '1'], 'no\n!!\n');
playInTerminal(data, 'Ann', ['boggle', '--board', 'EECA/ALEP/HNBO/QTTY', '--seed', '1'],
               'peace\n\n');

let arcade: Arcade;
let browser: Browser;
useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--data', data]);

/** Plays a Wordle game at its defaults to its end: one guess, then Give up. */
async function finishedWordle(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /Wordle/, level: 1 }).waitFor();
  await page.locator('.wd-board, .wd-grid, [class*="wd-"]').first().waitFor();
  let from = await heardCount(page);
  await page.keyboard.type('crane');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /CRANE/i, from);
  from = await heardCount(page);
  await page.click('button:text("Give up")');
  await nextAnnouncement(page, /^You gave up\./, from);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${scheme}${phone ? '-phone' : ''}`;
    test(`a game's end offers its review beside Play again (${suffix})`, async () => {
      const { context, page } = await openPage(browser, `${arcade.url}#/wordle`,
                                               { colorScheme: scheme, phone });
      await finishedWordle(page);
      const button = page.getByRole('button', { name: 'Review', exact: true });
      await button.waitFor();
      // Beside the end's own buttons, not at the bottom of the page.
      assert.equal(await page.locator('[data-game-end] + .after-game').count(), 1);
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      const from = await heardCount(page);
      await button.click();
      await nextAnnouncement(page, /^Review: /, from);
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      const rows = page.locator('.review-moves tbody tr');
      assert.ok(await rows.count() >= 1);
      assert.match(await rows.first().locator('th').textContent() ?? '', /^Guess 1/);
      assert.match(await rows.first().locator('td').first().textContent() ?? '', /^CRANE/);
      assert.notEqual(await page.locator('.review-method').textContent(), '');
      assert.ok(await page.locator('.review-section h4').count() >= 1, 'the game\'s own lists');
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `review-end-${suffix}`);
      // Pressed again, it folds; and unfolds without asking the server again.
      await button.click();
      assert.equal(await page.locator('.review-panel').isHidden(), true);
      await button.click();
      assert.equal(await page.locator('.review-panel').isVisible(), true);
      await context.close();
    });
  }
}

test('the keyboard opens a review, and a move that cost something is marked', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/wordle`);
  await finishedWordle(page);
  await page.getByRole('button', { name: 'Review', exact: true }).waitFor();
  await tabTo(page, '.review-button');
  const from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Review: /, from);
  const costly = page.locator('.review-moves tr.review-costliest');
  if (await costly.count() > 0) {
    assert.equal(await costly.locator('.review-tag').textContent(), 'costliest',
                 'said in words, not by colour alone');
  }
  await context.close();
});

test('each of a player\'s recent games opens its review on the statistics page', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`);
  await page.getByRole('heading', { name: 'Recent games', level: 2 }).waitFor();
  const buttons = page.locator('.stats-history .review-button');
  assert.equal(await buttons.count(), 10, 'Ann\'s last ten games');
  // Newest first: the Word Search round, then the word game's hand.
  assert.match(await page.locator('.stats-history-line').first().textContent() ?? '',
               /^Word Search/);
  let from = await heardCount(page);
  await buttons.first().click();
  await nextAnnouncement(page, /^Review: /, from);
  const boggle = page.locator('.stats-history > li').first();
  assert.match(await boggle.locator('.review-moves tbody th').first().textContent() ?? '',
               /^Round 1/);
  assert.match(await boggle.locator('.review-section h4').first().textContent() ?? '',
               /Best words missed/);
  from = await heardCount(page);
  await buttons.nth(1).click();
  await nextAnnouncement(page, /^Review: /, from);
  const hand = page.locator('.stats-history > li').nth(1);
  assert.match(await hand.locator('.review-moves tbody th').first().textContent() ?? '',
               /^Hand 1/);
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'review-history');
  // Every game of the history can be reviewed: the older ones a page at a time.
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Older games' }).click();
  await nextAnnouncement(page, /^1 older game shown\./, from);
  assert.equal(await buttons.count(), 11);
  assert.equal(await page.getByRole('button', { name: 'Older games' }).isHidden(), true);
  await context.close();
});
