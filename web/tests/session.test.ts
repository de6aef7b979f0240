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
import { api, type Arcade, heardCount, launchBrowser, nextAnnouncement, openPage, screenshot,
         startArcade } from './support';

const ROW = /^[A-Z]{5}: [A-Z] (in the word|not in the word)/;

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-session-test-'));
after(() => rmSync(data, { recursive: true, force: true }));

/**
 * Starts an adversarial Wordle game on `page` (at #/wordle/custom) with the Custom game form;
 * returns the game's address.
 */
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

/** Waits until `page` follows its session's live socket (the controller's `data-following`). */
async function following(page: Page): Promise<void> {
  await page.locator('[data-following]').waitFor({ state: 'attached' });
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
    const first = await openPage(browser, `${arcade.url}#/wordle/custom`);
    const address = await startWordle(first.page);
    // The same game in a second tab (another context: another browser, as far as the page knows).
    const second = await openPage(browser, address);
    await nextAnnouncement(second.page, /^Resumed: a word of/, 0);
    await following(second.page);

    // A guess in the first tab shows in the second, announced there too; drawn once in each.
    await following(first.page);
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
    await following(second.page);
    await following(first.page);
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
    const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
    await startWordle(page);
    await guess(page, 'slate');
    await arcade.restart();
    const from = await heardCount(page);
    await page.keyboard.type('crane');
    await page.keyboard.press('Enter');
    const said = await nextAnnouncement(page, /no longer on the server/, from);
    assert.match(said, /the server restarted/);
    assert.match(said, /Start a new one\.$/);
    assert.match(page.url(), /#\/wordle\/custom$/, 'the Custom game form again, at its address');
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
    const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
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

test('a named player\'s game is not at stake on leaving, and a lost one points to theirs',
     async () => {
  const kept = mkdtempSync(path.join(os.tmpdir(), 'wg-session-named-'));
  const arcade: Arcade = await startArcade(['--data', kept]);
  const browser = await launchBrowser();
  try {
    const { secret } = await api<{ secret: string }>(arcade.url, 'POST', '/api/players',
                                                     { name: 'Ann' });
    const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
    await page.evaluate((code) => {
      localStorage.setItem('wordgames.player', 'Ann');
      localStorage.setItem('wordgames.secrets', JSON.stringify({ ann: code }));
    }, secret);
    await page.reload();
    await startWordle(page);
    await guess(page, 'slate');
    assert.equal(await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      dispatchEvent(event);
      return event.defaultPrevented;
    }), false, 'among her unfinished games: the lobby resumes it');
    // An address the server cannot bring back: the form, saying so, and where hers are.
    await page.goto(`${arcade.url}#/wordle/${'0'.repeat(32)}`);
    const offer = page.locator('.session-lost-offer a');
    await offer.waitFor();
    assert.equal(await offer.textContent(), 'Ann\u2019s unfinished games');
    await screenshot(page, 'session-lost-named');
    await offer.click();
    await page.getByRole('button', { name: 'Resume Adversarial Wordle' }).waitFor();
    await context.close();
  } finally {
    await browser.close();
    await arcade.stop();
    rmSync(kept, { recursive: true, force: true });
  }
});

/**
 * Each game page on the controller, at a session's address: a command another tab sends (here
 * over the API, under another page's name) is drawn and told as the page tells its own.
 */
const PAGES: { game: string; address: string; request: Record<string, unknown>;
               first?: Record<string, unknown>; command: Record<string, unknown>;
               said: RegExp }[] = [
  { game: 'hand', address: 'hand', request: { config: { hands: 2 }, seed: 5 },
    command: { command: 'decline_substitution' }, said: /^You keep the hand: A A R T W X/ },
  { game: 'evil-hangman', address: 'evil-hangman',
    request: { config: { length: 5, guesses: 6, strategy: 'largest' }, seed: 5 },
    first: { command: 'new_game' },
    command: { command: 'guess', letter: 'e' }, said: /^(Yes, E is in the word|No E\.)/ },
  { game: 'hangman', address: 'hangman', request: { seed: 6 },
    command: { command: 'guess', position: 1, letter: 'e' }, said: /E/ },
  { game: 'boggle', address: 'boggle', request: { config: { size: 4, seconds: 0 }, seed: 1 },
    command: { command: 'submit', word: 'zzzz' }, said: /ZZZZ/ },
];

for (const { game, address, request, first, command, said } of PAGES) {
  test(`${game}: a command from another tab is drawn and told`, async () => {
    const arcade: Arcade = await startArcade();
    const browser = await launchBrowser();
    try {
      const opened = await api<{ id: string }>(arcade.url, 'POST', '/api/sessions',
                                               { game, ...request });
      if (first) await api(arcade.url, 'POST', `/api/sessions/${opened.id}/commands`, first);
      const { context, page } = await openPage(browser, `${arcade.url}#/${address}/${opened.id}`);
      await following(page);
      const before = await api<{ version: number }>(arcade.url, 'GET', `/api/sessions/${opened.id}`);
      const from = await heardCount(page);
      await api(arcade.url, 'POST', `/api/sessions/${opened.id}/commands?client=another-tab`,
                command);
      assert.match(await nextAnnouncement(page, said, from), said);
      const after = await api<{ version: number }>(arcade.url, 'GET', `/api/sessions/${opened.id}`);
      assert.ok(after.version > before.version);
      await context.close();
    } finally {
      await browser.close();
      await arcade.stop();
    }
  });
}

test('a page left while its game opens leaves no game behind and follows none', async () => {
  const arcade: Arcade = await startArcade();
  const browser = await launchBrowser();
  try {
    const { context, page } = await openPage(browser, `${arcade.url}#/`);
    await page.locator('.lobby-card').first().waitFor();
    // The game's opening is held on its way back until the page has been left.
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => { asked = resolve; });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/sessions', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      asked();
      await released;
      await route.continue();
    });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.evaluate(() => { location.hash = '#/hand'; });
    await wasAsked;
    await page.evaluate(() => { location.hash = '#/'; });
    await page.locator('.lobby-card').first().waitFor();
    const opened = page.waitForResponse((response) => response.request().method() === 'POST' &&
                                                      response.url().endsWith('/api/sessions'));
    const deleted = page.waitForRequest((request) => request.method() === 'DELETE');
    release();
    const { id } = (await (await opened).json()) as { id: string };
    // The page deletes the game nobody saw, and stays where the player went.
    assert.match((await deleted).url(), new RegExp(`/api/sessions/${id}$`));
    await (await deleted).response();
    await assert.rejects(api(arcade.url, 'GET', `/api/sessions/${id}`), /404/);
    assert.equal(await page.evaluate(() => location.hash), '#/');
    assert.equal(await page.locator('.lobby-card').count() > 0, true);
    assert.deepEqual(sockets.filter((url) => url.includes(id)), []);
    await context.close();
  } finally {
    await browser.close();
    await arcade.stop();
  }
});
