// The Word Game's page: a seeded series played with the keyboard alone (a substitution, hints,
// a replay, a word that scores nothing, a refusal), the mouse path, and no serious
// accessibility problem in light and dark, desktop and phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, heardCount, nextAnnouncement, openPage, screenshot,
         useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

/** Starts a game from the Custom game form with the keyboard: hands, hints and seed. */
async function startWithKeyboard(page: Page, hands: number, hints: boolean, seed: number):
    Promise<void> {
  const field = page.getByLabel('Hands');
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(hands));
  await page.keyboard.press('Tab');  // tiles per hand: the default
  await page.keyboard.press('Tab');  // hints
  if (hints) await page.keyboard.press('Space');
  await page.keyboard.press('Tab');  // the seed
  await page.keyboard.type(String(seed));
  await page.keyboard.press('Enter');
}

/** Asks for a hint with `?` and returns the best word as typed. */
async function hintedWord(page: Page): Promise<string> {
  const from = await heardCount(page);
  await page.keyboard.press('?');
  const hint = await nextAnnouncement(page, /^Hint: the best word is (\S+)/, from);
  return (/^Hint: the best word is (\S+)/.exec(hint)?.[1] ?? '').toLowerCase();
}

test('a seeded series played with the keyboard alone', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  await startWithKeyboard(page, 2, true, 5);
  await nextAnnouncement(page, /^Hand 1 of 2: A A R T W X \*\. Swap a letter\?/, 0);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep this hand');

  // A letter the hand lacks is refused, visibly; one it holds is chosen, then swapped.
  let from = await heardCount(page);
  await page.keyboard.press('q');
  await nextAnnouncement(page, /^Your hand has no Q to swap\.$/, from);
  assert.match(await page.locator('.message.error').textContent() ?? '', /no Q to swap/);
  await page.keyboard.press('x');
  await nextAnnouncement(page, /^Press Enter to swap X\.$/, from);
  await page.keyboard.press('Enter');
  const swapped = await nextAnnouncement(page, /^Every X became [A-Z]: your hand is /, from);
  const tiles = /your hand is (.*)\.$/.exec(swapped)?.[1] ?? '';
  assert.equal(await page.locator('.hand-tile').count(), 7);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hand-word');
  assert.deepEqual(await accessibilityProblems(page), []);

  // Hand 1: the hint's best word, then "!" ends the hand and the best plan is shown.
  const best = await hintedWord(page);
  assert.ok(best.length > 0, `a best word for ${tiles}`);
  from = await heardCount(page);
  await page.keyboard.type(best);
  await page.keyboard.press('Enter');
  const earned = await nextAnnouncement(page, /earned \d+ points?\./, from);
  const score = Number(/earned (\d+)/.exec(earned)?.[1]);
  from = await heardCount(page);
  if (!/ran out/.test(earned)) await page.keyboard.press('!');
  await nextAnnouncement(page, /^Hand 1 of 2 is over: .*Best possible: .*Replay this hand\?/, from);
  assert.match(await page.locator('.hand-ended').textContent() ?? '', /Best possible/);

  // The replay: a word with tiles the hand lacks scores nothing; an empty word is refused.
  from = await heardCount(page);
  await page.keyboard.press('Enter');  // "Replay the hand" has the focus
  await nextAnnouncement(page, /^Hand 1 of 2 \(replay\): /, from);
  from = await heardCount(page);
  await page.keyboard.type('zzz');
  await page.keyboard.press('Enter');
  await nextAnnouncement(
      page, /^\u201cZZZ\u201d scores nothing: your hand had no Z to spare\./, from);
  assert.match(await page.locator('.hand-played').textContent() ?? '',
               /zzz 0 points: your hand had no Z/);
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Type a word first/, from);
  assert.match(await page.locator('.message.error').textContent() ?? '', /Type a word first/);
  from = await heardCount(page);
  await page.keyboard.press('!');
  // No second replay, no second substitution: hand 2 begins at once.
  await nextAnnouncement(page, /^Hand 1 of 2 \(replay\) is over: 0 points\..*Hand 2 of 2: /, from);
  assert.equal(await page.locator('.hand-records tbody tr').count(), 1);
  assert.match(await page.locator('.hand-records tbody tr').textContent() ?? '',
               new RegExp(`${score}\\s*0\\s*${score}$`));

  // Hand 2: typing with Backspace, then the best word; "!" ends the series.
  const second = await hintedWord(page);
  from = await heardCount(page);
  await page.keyboard.type('q');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(second);
  assert.equal(await page.locator('#hand-word').inputValue(), second);
  await page.keyboard.press('Enter');
  const earned2 = await nextAnnouncement(page, /earned \d+ points?\./, from);
  const score2 = Number(/earned (\d+)/.exec(earned2)?.[1]);
  from = await heardCount(page);
  if (!/ran out/.test(earned2)) await page.keyboard.press('!');
  await nextAnnouncement(
      page, new RegExp(`Game over: ${score + score2} points over 2 hands\\.`), from);
  assert.equal(await page.locator('#hand-heading').textContent(), 'Game over');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Play again');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

test('the mouse path: keep the hand, click tiles, play, give up', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  await page.getByLabel('Seed (optional, to replay a game)').fill('5');
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  await nextAnnouncement(page, /^You keep the hand: A A R T W X \*\.$/, 0);
  for (const tile of ['w', 'a', 'r', 't']) {
    await page.locator(`.hand-tile[data-tile="${tile}"]:not(.used)`).first().click();
  }
  assert.equal(await page.locator('#hand-word').inputValue(), 'wart');
  assert.match(await page.locator('#hand-preview').textContent() ?? '', /If it is a word: 133/);
  // Every W is in the word: a click on the W tile says so and adds nothing.
  await page.locator('.hand-tile[data-tile="w"]').click();
  assert.match(await page.locator('.message').textContent() ?? '', /Every W you hold/);
  let from = await heardCount(page);
  await page.getByRole('button', { name: 'Play word' }).click();
  await nextAnnouncement(
      page, /^\u201cWART\u201d earned 133 points\. This hand: 133 points\.$/, from);
  assert.equal(await page.locator('.hand-tile').count(), 3);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /You gave up\. Game over: 133 points over 1 hand\./, from);
  await page.getByRole('button', { name: 'Play again' }).waitFor();
  await context.close();
});

test('a reload mid-hand keeps the game at its address, with the words played and the hint',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  await page.getByLabel('Hands').fill('2');
  await page.getByLabel('Allow hints').check();
  await page.getByLabel('Seed (optional, to replay a game)').fill('5');
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  await page.locator('#hand-word').fill('wart');
  await page.locator('#hand-word').press('Enter');
  await page.locator('.hand-played-list li').waitFor();
  await page.locator('#hand-word').fill('zq');
  await page.locator('#hand-word').press('Enter');
  await page.locator('.hand-played-list li').nth(1).waitFor();
  await page.getByRole('button', { name: 'Hint (?)' }).click();
  await page.locator('.hand-hint .notice').waitFor();
  const address = page.url();
  assert.match(address, /#\/hand\/[0-9a-f]{32}$/);
  const played = await page.locator('.hand-played-list li').allTextContents();
  const hint = await page.locator('.hand-hint').textContent();
  const scores = await page.locator('.hand-scores').textContent();

  await page.reload();
  await nextAnnouncement(page, /^Hand 1 of 2: A X \*\. Type a word/, 0);
  assert.equal(page.url(), address);
  await page.locator('.hand-played-list li').nth(1).waitFor();
  assert.deepEqual(await page.locator('.hand-played-list li').allTextContents(), played);
  assert.deepEqual(played, ['wart 133 points', 'zq 0 points: your hand had no Z, Q to spare']);
  assert.equal(await page.locator('.hand-hint').textContent(), hint);
  assert.equal(await page.locator('.hand-scores').textContent(), scores);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hand-word');

  // The game goes on from there; "Custom game" leaves its address for the form's.
  await page.locator('#hand-word').fill('ax');
  await page.locator('#hand-word').press('Enter');
  await page.locator('.hand-played-list li').nth(2).waitFor();
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Custom game' }).click();
  await page.getByRole('button', { name: 'Deal' }).waitFor();
  assert.match(page.url(), /#\/hand\/custom$/);
  await context.close();
});

test('a blank seed sends none; the seed is shown at the end, and a reload rebuilds the words ' +
     'without the saved game', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  const created: Record<string, unknown>[] = [];
  const savedAsked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path === '/api/sessions') {
      created.push(request.postDataJSON() as Record<string, unknown>);
    }
    if (path.endsWith('/saved')) savedAsked.push(path);
  });
  await page.getByLabel('Hands').fill('2');
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  await page.locator('#hand-word').fill('qqqq');  // no hand of 7 holds four Qs: 0 points
  await page.locator('#hand-word').press('Enter');
  await page.locator('.hand-played-list li').waitFor();
  assert.equal(created.length, 1);
  assert.equal('seed' in created[0], false, 'the server draws the seed');
  // The seed deals the hands to come: not shown, nor said, while they are to come.
  assert.equal(await page.locator('.hand-seed').count(), 0);
  assert.doesNotMatch(await page.locator('.hand-board').innerText(), /seed/i);
  assert.equal(await page.locator('.hand-practice').isHidden(), true);
  const played = await page.locator('.hand-played-list li').allTextContents();

  await page.reload();
  await page.locator('.hand-played-list li').waitFor();
  assert.deepEqual(await page.locator('.hand-played-list li').allTextContents(), played);
  assert.equal(await page.locator('.hand-seed').count(), 0);
  assert.deepEqual(savedAsked, [], 'the page never asks for the saved game, which holds the seed');

  // Once the game is over, its seed replays the deal: a game known, so practice.
  await page.getByRole('button', { name: 'Give up' }).click();
  const shown = await page.locator('.hand-seed').textContent() ?? '';
  assert.match(shown, /^Seed \d+$/);
  await page.getByRole('button', { name: 'Replay this deal (same seed)' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).waitFor();
  assert.equal(created.at(-1)?.seed, Number(/\d+/.exec(shown)?.[0]));
  assert.match(await page.locator('.hand-practice').textContent() ?? '', /^Practice: /);
  assert.equal(await page.locator('.hand-practice').isVisible(), true);
  await context.close();
});

test('a game gone from the server: its address shows the Custom game form and says so',
     async () => {
  const { context, page } = await openPage(browser,
                                            `${arcade.url}#/hand/${'0'.repeat(32)}`);
  await page.locator('.custom-game[open] .options .error',
                     { hasText: /no longer on the server/ }).waitFor();
  assert.match(page.url(), /#\/hand\/custom$/);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`hand-${suffix}: no serious accessibility problem in play and after`, async () => {
      const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`,
                                               { colorScheme, phone });
      await page.getByRole('button', { name: 'Deal' }).waitFor();
      await screenshot(page, `hand-options-${suffix}`);
      await page.getByLabel('Allow hints').check();
      await page.getByLabel('Seed (optional, to replay a game)').fill('5');
      await page.getByRole('button', { name: 'Deal' }).click();
      await page.getByRole('button', { name: 'Keep this hand' }).waitFor();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `hand-offer-${suffix}`);
      await page.getByRole('button', { name: 'Keep this hand' }).click();
      await page.locator('#hand-word').fill('wart');
      await page.locator('#hand-word').press('Enter');
      await page.locator('.hand-played-list li').waitFor();
      await page.getByRole('button', { name: 'Hint (?)' }).click();
      await page.locator('.hand-hint .notice').waitFor();
      await page.locator('#hand-word').fill('ax');
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `hand-playing-${suffix}`);
      await page.getByRole('button', { name: 'End the hand (!)' }).click();
      await page.getByRole('button', { name: 'Replay the hand' }).waitFor();
      await page.getByRole('button', { name: 'No, finish' }).click();
      await page.getByRole('button', { name: 'Play again' }).waitFor();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `hand-finished-${suffix}`);
      await context.close();
    });
  }
}

test('a word with a character that is no tile is refused at no cost, and a long paste wraps',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  await page.getByLabel('Seed (optional, to replay a game)').fill('5');
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  const tiles = await page.locator('.hand-tile').count();
  await page.locator('#hand-word').fill('W\u00f6rt');
  assert.equal(await page.locator('#hand-word').inputValue(), 'w\u00f6rt', 'kept as typed');
  assert.match(await page.locator('#hand-preview').textContent() ?? '',
               /^\u201c\u00f6\u201d is not a tile/);
  await page.locator('#hand-word').press('Enter');
  await page.locator('.message.error').waitFor();
  assert.match(await page.locator('.message.error').textContent() ?? '',
               /^\u201c\u00f6\u201d is not a tile/);
  assert.equal(await page.locator('.hand-tile').count(), tiles, 'no tile spent');
  assert.equal(await page.locator('.hand-played-list li').count(), 0, 'nothing played');
  // A paste of thousands of letters is played (and scores nothing) without widening the page.
  await page.locator('#hand-word').fill('a'.repeat(3000));
  await page.locator('#hand-word').press('Enter');
  await page.locator('.hand-played-list li').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1300, `the page stays ${width} px wide`);
  await context.close();
});
