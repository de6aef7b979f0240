// The pages' layouts, asserted by geometry (boxes against the viewport): Word Search's board and
// its words on one screen at desktop and phone size, and the board beside the words missed at
// the end of a round; its word field focused on a desktop and left alone on a touch screen (so
// that no keyboard covers the board); a long word on one line in the three hangman-like games;
// the auction's tables as cards at phone width; the header on one clean layout from 320 to
// 1600 px; the statistics charts redrawn in the colour-blind palette. Games are opened through
// the API and the page resumes them at their address.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, openPage, playInTerminal, screenshot,
         useArcade, waitForAnnouncement } from './support';

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-layout-'));
after(() => rmSync(data, { recursive: true, force: true }));
// One finished game, so that Ann's statistics have a chart.
playInTerminal(data, 'Ann', ['boggle', '--board', 'EECA/ALEP/HNBO/QTTY', '--seed', '1'],
               'peace\n\n');

let arcade: Arcade;
let browser: Browser;
useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--data', data]);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Box { top: number; bottom: number; left: number; right: number }

/** The element's box in the viewport. */
async function box(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).first().evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

/** Asserts that the whole of `selector`'s box is inside the viewport. */
async function onScreen(page: Page, selector: string): Promise<void> {
  const found = await box(page, selector);
  const viewport = await page.evaluate(() => ({ width: document.documentElement.clientWidth,
                                                height: window.innerHeight }));
  assert.ok(found.top >= 0 && found.left >= 0 && found.bottom <= viewport.height + 0.5 &&
            found.right <= viewport.width + 0.5,
            `${selector} at ${JSON.stringify(found)} is not all in ${JSON.stringify(viewport)}`);
}

/** The page scrolls no way but down. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth,
                                              client: document.documentElement.clientWidth }));
  assert.ok(widths.scroll <= widths.client, JSON.stringify(widths));
}

/**
 * A new page of the given size at `address` (under the arcade), as a touch screen if asked, for
 * a player who has seen each game's How to play (open on a first visit, it would push the board
 * down: the layouts under test are those of play).
 */
async function sized(size: { width: number; height: number }, address: string,
                     touch = false, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: size, colorScheme, reducedMotion: 'reduce',
                                             hasTouch: touch, isMobile: touch });
  await context.addInitScript(() => {
    for (const game of ['hand', 'evil_hangman', 'boggle', 'auction', 'hangman', 'wordle']) {
      localStorage.setItem(`wg.visited::${game}`, '1');
    }
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`the page threw: ${error.message}`);
  });
  await page.goto(`${arcade.url}${address}`);
  return { context, page };
}

/** Opens a session of `game` through the API; returns its id. */
async function open(game: string, request: Record<string, unknown>): Promise<string> {
  return (await api<{ id: string }>(arcade.url, 'POST', '/api/sessions', { game, ...request })).id;
}

async function command(id: string, body: Record<string, unknown>): Promise<void> {
  await api(arcade.url, 'POST', `/api/sessions/${id}/commands`, body);
}

// Word Search, seed 1, 4 × 4: ZIPU / EWIE / NYRF / WEBS.
const BOGGLE = { config: { size: 4, seconds: 0 }, seed: 1 };
const FOUND = ['brief', 'wiper', 'fire', 'pier', 'wiener', 'eyer', 'byre', 'rebs', 'fere'];

for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`word search at ${name} size: the board and the words found fit on one screen`, async () => {
    const id = await open('boggle', BOGGLE);
    for (const word of FOUND) await command(id, { command: 'submit', word });
    const { context, page } = await sized(size, `#/boggle/${id}`, name === 'phone');
    await page.locator('.bg-found .bg-words li').nth(FOUND.length - 1).waitFor();
    await onScreen(page, '.bg-board');
    await onScreen(page, '.bg-found .bg-words');
    await onScreen(page, '.bg-entry input');
    await noSidewaysScroll(page);
    // On a desktop the words are beside the board, on a phone under it.
    const board = await box(page, '.bg-board');
    const words = await box(page, '.bg-found');
    if (name === 'desktop') assert.ok(words.left >= board.right, JSON.stringify({ board, words }));
    else assert.ok(words.top >= board.bottom, JSON.stringify({ board, words }));
    assert.deepEqual(await accessibilityProblems(page), []);
    await screenshot(page, `layout-boggle-${name}`);
    await context.close();
  });
}

test('word search at the end of a round: the board and the words missed are on screen together',
     async () => {
  const id = await open('boggle', BOGGLE);
  await command(id, { command: 'submit', word: 'brief' });
  await command(id, { command: 'close' });
  const { context, page } = await sized(DESKTOP, `#/boggle/${id}`, false, 'dark');
  await page.locator('.bg-missed li').first().waitFor();
  await onScreen(page, '.bg-board');
  await onScreen(page, '.bg-missed li');
  // Beside the board, which stays on screen as the list scrolls by.
  const board = await box(page, '.bg-board');
  assert.ok((await box(page, '.bg-missed')).left >= board.right);
  await page.locator('.bg-missed li').last().scrollIntoViewIfNeeded();
  await onScreen(page, '.bg-missed li:last-child');
  await onScreen(page, '.bg-board');
  await screenshot(page, 'layout-boggle-end-dark');
  await context.close();
});

test('word search: the word field is focused on a desktop, not on a touch screen', async () => {
  for (const touch of [false, true]) {
    const id = await open('boggle', BOGGLE);
    const { context, page } = await sized(touch ? PHONE : DESKTOP, `#/boggle/${id}`, touch);
    await page.locator('.bg-board .bg-cell').first().waitFor();
    await page.waitForFunction(() => document.querySelector('.bg-timer')?.textContent !== '');
    const focused = await page.evaluate(() =>
        document.activeElement?.matches('input[name="word"]') ?? false);
    assert.equal(focused, !touch, touch ? 'a touch screen' : 'a desktop');
    if (touch) {
      // A tap on the field is how the player asks for the keyboard.
      await page.locator('input[name="word"]').tap();
      assert.ok(await page.evaluate(() =>
          document.activeElement?.matches('input[name="word"]') ?? false));
    }
    await context.close();
  }
});

// Twenty words of ten letters: the secret has ten.
const TEN = ['abandoning', 'abbreviate', 'abdicating', 'abdication', 'abductions', 'aberration',
             'abhorrence', 'abjuration', 'abnegating', 'abnegation', 'abnormally', 'abolishing',
             'abominable', 'abominably', 'abominated', 'abominates', 'aboriginal', 'aborigines',
             'aboveboard', 'abrasively'];

/** Asserts that the boxes of `selector` are `count`, on one line, inside the viewport. */
async function oneLine(page: Page, selector: string, count: number): Promise<void> {
  await page.locator(selector).nth(count - 1).waitFor();
  const boxes = await page.locator(selector).evaluateAll((elements) =>
      elements.map((element) => {
        const { top, right } = element.getBoundingClientRect();
        return { top: Math.round(top), right };
      }));
  assert.equal(boxes.length, count);
  assert.deepEqual(new Set(boxes.map((b) => b.top)).size, 1, JSON.stringify(boxes));
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  assert.ok(boxes.every((b) => b.right <= width + 0.5), JSON.stringify(boxes));
  await noSidewaysScroll(page);
}

test('a long word stays on one line at 390 px: position hangman, evil hangman, wordle',
     async () => {
  const hangman = await open('hangman', { seed: 1, config: { words: TEN } });
  let { context, page } = await sized(PHONE, `#/hangman/${hangman}`, true);
  await oneLine(page, '.hangman-position', 10);
  await screenshot(page, 'layout-hangman-phone');
  await context.close();

  // Evil hangman's longest words with the built-in lexicon: 21 letters plays, on one line.
  const evil = await open('evil-hangman', { config: { length: 21, guesses: 6 }, seed: 1 });
  await command(evil, { command: 'new_game' });
  ({ context, page } = await sized(PHONE, `#/evil-hangman/${evil}`, true));
  await oneLine(page, '.eh-pattern .eh-tile', 21);
  await context.close();

  const wordle = await open('wordle', { config: { length: 7 }, seed: 1 });
  ({ context, page } = await sized(PHONE, `#/wordle/${wordle}`, true));
  await oneLine(page, '.wd-current .wd-tile', 7);
  await context.close();
});

test('the auction at phone width: the players and the auctions are cards, none scrolls sideways',
     async () => {
  const id = await open('auction', { config: {}, seed: 1 });
  for (let step = 0; step < 14; ++step) await command(id, { command: 'step' });
  const { context, page } = await sized(PHONE, `#/auction/${id}`, true);
  await page.locator('.auction-bids tbody tr').nth(3).waitFor();
  await noSidewaysScroll(page);
  for (const table of ['.auction-players table', '.auction-bids']) {
    const widths = await page.locator(table).evaluate((element) => {
      const region = element.closest('.auction-scroll') as HTMLElement;
      return { scroll: region.scrollWidth, client: region.clientWidth,
               row: getComputedStyle(element.querySelector('tbody tr') as Element).display };
    });
    assert.ok(widths.scroll <= widths.client, `${table}: ${JSON.stringify(widths)}`);
    assert.equal(widths.row, 'grid', table);
  }
  // Each cell says its column: a bid says whose it is.
  const card = await page.locator('.auction-bids tbody tr').first().evaluate((row) =>
      Array.from(row.querySelectorAll('td'), (cell) =>
          `${getComputedStyle(cell, '::before').content}${cell.textContent ?? ''}`));
  assert.ok(card.some((text) => /^"Winner: "/.test(text)), card.join(' | '));
  assert.ok(card.some((text) => /^"Price: "\d+$/.test(text)), card.join(' | '));
  assert.ok(card.some((text) => /^"1\. strong: "/.test(text)), card.join(' | '));
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'layout-auction-phone');
  await context.close();
});

test('the header lays out on one clean line of games at every width from 320 to 1600 px',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/`);
  await page.locator('#game-nav a').first().waitFor();
  for (const width of [320, 390, 480, 700, 900, 1000, 1100, 1152, 1200, 1280, 1600]) {
    await page.setViewportSize({ width, height: 700 });
    await noSidewaysScroll(page);
    const layout = await page.evaluate(() => {
      const tops = (selector: string) => new Set(Array.from(document.querySelectorAll(selector),
          (element) => Math.round(element.getBoundingClientRect().top))).size;
      const header = document.querySelector('.site-header') as HTMLElement;
      const brand = (document.querySelector('.brand') as HTMLElement).getBoundingClientRect();
      const settings =
          (document.querySelector('.site-settings') as HTMLElement).getBoundingClientRect();
      const games = document.querySelector('#game-nav ul') as HTMLElement;
      return { navLines: tops('#game-nav li'), settingLines: tops('.site-settings button'),
               gamesHidden: games.scrollWidth - games.clientWidth,
               overflow: header.scrollWidth - header.clientWidth,
               settingsRight: settings.right, width: header.clientWidth,
               brandAndSettings: Math.abs(brand.top + brand.height / 2 -
                                          (settings.top + settings.height / 2)) < 2,
               height: header.getBoundingClientRect().height };
    });
    const said = `${width} px: ${JSON.stringify(layout)}`;
    assert.equal(layout.navLines, 1, said);
    assert.equal(layout.settingLines, 1, said);
    assert.ok(layout.overflow <= 0, said);
    // From 800 px every game's pill shows; narrower, the line scrolls sideways.
    if (width >= 800) assert.ok(layout.gamesHidden <= 0, said);
    assert.ok(layout.settingsRight <= layout.width, said);
    assert.ok(layout.brandAndSettings, said);
    // Two lines at most: the brand and the settings, the games.
    assert.ok(layout.height < 120, said);
  }
  await context.close();
});

/** The bars' colour of every chart on the statistics page, as Chart.js drew them. */
function barColours(page: Page): Promise<string[]> {
  return page.evaluate(async (url) => {
    const { Chart } = await import(url) as { Chart: { getChart(canvas: HTMLCanvasElement):
        { data: { datasets: { backgroundColor: string }[] } } | undefined } };
    return Array.from(document.querySelectorAll('figure.stats-chart canvas'), (canvas) =>
        Chart.getChart(canvas as HTMLCanvasElement)?.data.datasets[0]?.backgroundColor ?? '');
  }, '/assets/chart.js');
}

/** Waits until every chart's bars are `wanted` (a chart redraws after the page's colours). */
async function barsBecome(page: Page, wanted: string): Promise<void> {
  for (;;) {
    const colours = await barColours(page);
    if (colours.length > 0 && colours.every((colour) => colour === wanted)) return;
    await page.waitForTimeout(50);
  }
}

test('the statistics charts follow the colour-blind switch and the colour scheme', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/stats/Ann`);
  await waitForAnnouncement(page, /^Statistics of Ann/);
  const token = () => page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--chart-bar').trim());
  const light = await token();
  await barsBecome(page, light);
  const colourBlind = page.getByRole('button', { name: 'Colour-blind colours' });
  await colourBlind.click();
  const safe = await token();
  assert.notEqual(safe, light);
  await barsBecome(page, safe);
  // The dark scheme: its own colours, the colour-blind set still on.
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await token();
  assert.notEqual(dark, safe);
  await barsBecome(page, dark);
  // And back: the light scheme, the switch off, the first colours.
  await page.emulateMedia({ colorScheme: 'light' });
  await colourBlind.click();
  await barsBecome(page, light);
  await context.close();
});
