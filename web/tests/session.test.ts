// One session in several tabs, and across a restart of the server (docs/API.md, "Sessions":
// a session's lifetime): two pages on one Wordle game follow each other's guesses; the server
// restarts on its store and both pages go on with the game, an anonymous player's too; without
// a store the page says plainly what happened; and leaving a game in play that the player could
// not find again asks first.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Arcade, heardCount, launchBrowser, nextAnnouncement, openPage, screenshot,
         startArcade } from './support';

const ROW = /^[A-Z]{5}: [A-Z] (in the word|not in the word)/;

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-session-test-'));
after(() => rmSync(data, { recursive: true, force: true }));

/** Starts an adversarial Wordle game on `page` with the form; returns the game's address. */
async function startWordle(page: Page): Promise<string> {
  await page.locator('select[name=host] option').first().waitFor({ state: 'attached' });
  const from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of/, from);
  await page.waitForFunction(() => /^#\/wordle\/[0-9a-f]{32}$/.test(location.hash));
  return page.url();
}

/** Types `word` and Enter on `page`; returns what it said of the row. */
async function guess(page: Page, word: string): Promise<string> {
  const from = await heardCount(page);
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  return nextAnnouncement(page, ROW, from);
}

/** The rows guessed that `page` shows. */
function rows(page: Page): Promise<number> {
  return page.locator('.wd-row:not(.wd-current)').count();
}

/** Waits until `page` shows `count` rows guessed. */
async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
      (wanted) => document.querySelectorAll('.wd-row:not(.wd-current)').length === wanted, count);
}

test('two tabs on one game follow each other, and carry on after the server restarts', async () => {
  const arcade: Arcade = await startArcade(['--data', data]);
  const browser = await launchBrowser();
  try {
    const first = await openPage(browser, `${arcade.url}#/wordle`);
    const address = await startWordle(first.page);
    // The same game in a second tab (another context: another browser, as far as the page knows).
    const second = await openPage(browser, address);
    await nextAnnouncement(second.page, /^Resumed: a word of/, 0);

    // A guess in the first tab shows in the second, announced there too; drawn once in each.
    assert.match(await guess(first.page, 'slate'), /^SLATE: /);
    await waitForRows(second.page, 1);
    await nextAnnouncement(second.page, /^SLATE: /, 0);
    assert.equal(await rows(first.page), 1);
    // And the other way round.
    assert.match(await guess(second.page, 'crane'), /^CRANE: /);
    await waitForRows(first.page, 2);
    assert.equal(await rows(second.page), 2);
    const firstSaid = (await first.page.evaluate(
        () => (window as unknown as { __announced: string[] }).__announced));
    assert.equal(firstSaid.filter((text) => text.startsWith('SLATE: ')).length, 1,
                 'the tab that sent a guess tells it once');

    // The server restarts: both tabs go on with the game at the same address.
    await arcade.restart();
    assert.match(await guess(first.page, 'doubt'), /^DOUBT: /);
    assert.equal(await rows(first.page), 3);
    assert.equal(first.page.url(), address);
    await waitForRows(second.page, 3);  // its socket came back
    assert.match(await guess(second.page, 'dumpy'), /^DUMPY: /);
    await waitForRows(first.page, 4);
    // A reload after the restart finds the game as it is.
    await first.page.reload();
    await nextAnnouncement(first.page, /^Resumed: a word of/, 0);
    assert.equal(await rows(first.page), 4);
    await screenshot(first.page, 'session-after-restart');
    await first.context.close();
    await second.context.close();
  } finally {
    await browser.close();
    await arcade.stop();
  }
});

test('without a store, a restart loses the game and the page says so', async () => {
  const arcade: Arcade = await startArcade();
  const browser = await launchBrowser();
  try {
    const { context, page } = await openPage(browser, `${arcade.url}#/wordle`);
    await startWordle(page);
    await guess(page, 'slate');
    await arcade.restart();
    const from = await heardCount(page);
    await page.keyboard.type('crane');
    await page.keyboard.press('Enter');
    const said = await nextAnnouncement(page, /No such game here/, from);
    assert.match(said, /the server restarted/);
    assert.match(said, /Start a new one\.$/);
    assert.match(page.url(), /#\/wordle$/, 'the form again, at the page\'s own address');
    await page.locator('button:text("Start")').waitFor();
    await screenshot(page, 'session-lost');
    await context.close();
  } finally {
    await browser.close();
    await arcade.stop();
  }
});

test('leaving a game in play that could not be found again asks first', async () => {
  const arcade: Arcade = await startArcade();
  const browser = await launchBrowser();
  try {
    const { context, page } = await openPage(browser, `${arcade.url}#/wordle`);
    await startWordle(page);
    const atStake = () => page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(await atStake(), false, 'nothing played yet: nothing to lose');
    await guess(page, 'slate');
    assert.equal(await atStake(), true);
    // Closing the tab asks; the player stays.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    assert.equal(await asked, 'beforeunload');
    assert.equal(page.isClosed(), false, 'the player chose to stay');
    // The game given up: nothing at stake any more.
    const from = await heardCount(page);
    await page.click('button:text("Give up")');
    await nextAnnouncement(page, /You gave up/, from);
    assert.equal(await atStake(), false);
    await context.close();
  } finally {
    await browser.close();
    await arcade.stop();
  }
});
