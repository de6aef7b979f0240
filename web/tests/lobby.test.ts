// The lobby: the games from the registry, reachable with the keyboard, and accessible in
// both colour schemes and at phone width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityProblems, type Arcade, openPage, screenshot, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

test('the lobby lists the games and the keyboard opens one', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  const cards = page.locator('.lobby-card h2');
  await cards.first().waitFor();
  assert.deepEqual(await cards.allTextContents(), ['Word Game', 'Evil Hangman', 'Word Search',
                                                   'Letter Auction', 'Position Hangman',
                                                   'Adversarial Wordle']);
  await page.keyboard.press('Tab');  // the skip link
  await page.keyboard.press('Tab');  // the brand
  let focused = '';
  for (let i = 0; i < 12 && focused !== 'Evil Hangman'; ++i) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.querySelector('h2')?.textContent
                                         ?? document.activeElement?.textContent ?? '');
  }
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/evil-hangman(\/[0-9a-f]{32})?$/);  // a game starts at once
  // The router runs on the hashchange event, after the address changed: wait for its heading.
  await page.locator('h1', { hasText: 'Evil Hangman' }).waitFor();
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const name = `lobby-${colorScheme}${phone ? '-phone' : ''}`;
    test(`${name}: no serious accessibility problem`, async () => {
      const { context, page } = await openPage(browser, arcade.url, { colorScheme, phone });
      await page.locator('.lobby-card').first().waitFor();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, name);
      await context.close();
    });
  }
}

test('a game\'s title is an address too, and an address of nothing says so', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/word-search`);
  await page.getByRole('heading', { name: 'Word Search', level: 1 }).waitFor();
  // The page's own address (where it starts a game at once: that game's, soon after).
  assert.match(page.url(), /#\/boggle(\/[0-9a-f]{32})?$/, 'the page\'s own address');
  await page.goto(`${arcade.url}#/letter-auction`);
  await page.getByRole('heading', { name: 'Letter Auction', level: 1 }).waitFor();
  // Its game begun (its address names it), so that the page is left with nothing in flight.
  await page.waitForURL(/#\/auction\/[0-9a-f]{32}$/);
  await page.goto(`${arcade.url}#/chess`);
  await page.locator('.lobby-card').first().waitFor();
  assert.equal(await page.locator('main .error').textContent(),
               'There is no page at #/chess: here are the games.');
  await context.close();
});
