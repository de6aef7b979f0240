// Players in the lobby (docs/API.md, "Players"): a player is added and remembered across a
// reload, a word game started for them is kept unfinished, and after the server is stopped and
// started again on the same data directory the lobby offers it and resumes it where it was; so
// does evil hangman's game. A name is someone's: another browser (another address is another
// browser's storage) plays as that player only with the player code the first one shows.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, heardCount, launchBrowser, nextAnnouncement,
         openPage, screenshot, startArcade } from './support';

const data = mkdtempSync(path.join(tmpdir(), 'wg-players-'));
let browser: Browser;
const arcades: Arcade[] = [];
/** Ann Lee's player code, as the browser that made the name shows it. */
let annCode = '';

/** Chooses Ann Lee on a page of a browser that does not hold her code: signs in with it. */
async function signInAsAnn(page: Page): Promise<void> {
  await page.locator('#player-choice').selectOption('Ann Lee');
  const code = page.getByLabel('Player code');
  await code.waitFor();
  const from = await heardCount(page);
  await code.fill(annCode);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Playing as Ann Lee: games are kept\.$/, from);
}

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const arcade of arcades) await arcade.stop();
  rmSync(data, { recursive: true, force: true });
});

/** A server keeping its players in the test's data directory. */
async function serve(): Promise<Arcade> {
  const arcade = await startArcade(['--data', data]);
  arcades.push(arcade);
  return arcade;
}

/** The tiles the Word Game shows, in order. */
async function tiles(page: Page): Promise<string[]> {
  return page.locator('.hand-tile').allTextContents();
}

test('a player is chosen, their word game is kept, and resumed after a restart', async () => {
  const first = await serve();
  const { context, page } = await openPage(browser, first.url);

  // Add a player with the keyboard: chosen at once, and announced.
  const picker = page.locator('#player-choice');
  await picker.waitFor();
  assert.equal(await picker.inputValue(), '', 'nobody chosen yet');
  await page.getByLabel('New player').focus();
  let from = await heardCount(page);
  await page.keyboard.type('Ann Lee');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Playing as Ann Lee: games are kept\.$/, from);
  assert.equal(await picker.inputValue(), 'Ann Lee');

  // A name the server refuses says why, and changes nothing.
  await page.getByLabel('New player').fill(' Ann');
  await page.keyboard.press('Enter');
  await page.locator('.players-problem [role=alert]').waitFor();
  assert.match(await page.locator('.players-problem').textContent() ?? '', /1 to 40 bytes of UTF-8 text/);
  assert.equal(await picker.inputValue(), 'Ann Lee');
  // Her code, to carry to another device: folded away until asked for.
  await page.getByText('Your player code').click();
  annCode = await page.locator('.players-code-value').textContent() ?? '';
  assert.match(annCode, /^[0-9a-f]{32}$/);
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'lobby-players');

  // Remembered in this browser across a reload.
  await page.reload();
  await page.locator('#player-choice').waitFor();
  assert.equal(await page.locator('#player-choice').inputValue(), 'Ann Lee');

  // A seeded word game: the hand is kept after the first answer (keep this hand).
  await page.goto(`${first.url}#/hand/custom`);
  const hands = page.getByLabel('Hands');
  await hands.fill('2');
  await page.getByLabel('Seed').fill('5');
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Deal' }).click();
  await nextAnnouncement(page, /^Hand 1 of 2: .*Swap a letter\?/, from);
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).waitFor({ state: 'detached' });
  const dealt = await tiles(page);
  assert.equal(dealt.length, 7);
  await context.close();

  // The server stops; another starts on the same data directory (a new address, so this
  // browser's memory of the player is not there: the player is chosen from the list).
  await first.stop();
  const second = await serve();
  const again = await openPage(browser, second.url);
  const choice = again.page.locator('#player-choice');
  await choice.waitFor();
  assert.deepEqual(await choice.locator('option').allTextContents(),
                   ['Nobody (games not kept)', 'Ann Lee']);
  // Her name, without her code: refused, and nobody is chosen.
  await choice.selectOption('Ann Lee');
  await again.page.getByLabel('Player code').fill('0123456789abcdef0123456789abcdef');
  await again.page.keyboard.press('Enter');
  await again.page.locator('.players-problem [role=alert]').waitFor();
  assert.match(await again.page.locator('.players-problem').textContent() ?? '',
               /not Ann Lee\u2019s player code/);
  assert.deepEqual(await accessibilityProblems(again.page), []);
  await screenshot(again.page, 'lobby-player-code-refused');
  assert.equal(await again.page.getByRole('button', { name: /^Resume/ }).count(), 0);
  await again.page.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await choice.inputValue(), '');
  // With it: she plays here too.
  await signInAsAnn(again.page);
  const resume = again.page.getByRole('button', { name: 'Resume Word Game' });
  await resume.waitFor();
  assert.match(await again.page.locator('.players-resume li').textContent() ?? '', /1 move/);
  from = await heardCount(again.page);
  await resume.click();
  await again.page.waitForURL(/#\/hand\/[0-9a-f]{32}$/);
  await nextAnnouncement(again.page, /^Hand 1 of 2: /, from);
  assert.deepEqual(await tiles(again.page), dealt, 'the same hand, where it was');
  assert.equal(await again.page.getByRole('button', { name: 'Keep this hand' }).count(), 0);

  // Evil hangman too, in one click (its defaults): a guess, back to the lobby (the player
  // remembered), and resumed.
  from = await heardCount(again.page);
  await again.page.goto(`${second.url}#/evil-hangman`);
  await nextAnnouncement(again.page, /^New game: a word of 8 letters/, from);
  from = await heardCount(again.page);
  await again.page.keyboard.press('e');
  await nextAnnouncement(again.page, /^(Yes, E|No E)/, from);
  const pattern = await again.page.locator('.eh-pattern').textContent();
  await again.page.goto(`${second.url}#/`);
  const resumeHangman = again.page.getByRole('button', { name: 'Resume Evil Hangman' });
  await resumeHangman.waitFor();
  assert.equal(await again.page.getByRole('button', { name: 'Resume Word Game' }).count(), 1);
  from = await heardCount(again.page);
  await resumeHangman.click();
  await nextAnnouncement(again.page, /^Resumed: a word of 8 letters, /, from);
  assert.equal(await again.page.locator('.eh-pattern').textContent(), pattern);
  await again.context.close();
});

test('a Letter Auction with a person seat resumes at the table', async () => {
  const arcade = arcades.at(-1) ?? await serve();
  const { context, page } = await openPage(browser, arcade.url);
  await signInAsAnn(page);
  // A game made through the API, as the setup form does, and one step of it played.
  const id = await page.evaluate(async (code) => {
    const post = async (path: string, body: unknown) =>
      (await (await fetch(path, { method: 'POST', body: JSON.stringify(body),
                                  headers: { 'X-Player-Secret': code } })).json()) as
          { id: string };
    const created = await post('/api/sessions', {
      game: 'auction', seed: 2, player: 'Ann Lee',
      config: { rounds: 1, seats: [{ kind: 'person', name: 'You' },
                                   { kind: 'bot', name: 'value' }] } });
    await post(`/api/sessions/${created.id}/commands`, { command: 'run_to_end' });
    return created.id;
  }, annCode);
  assert.match(id, /^[0-9a-f]{32}$/);
  await page.reload();
  const resume = page.getByRole('button', { name: 'Resume Letter Auction' });
  await resume.waitFor();
  const from = await heardCount(page);
  await resume.click();
  await nextAnnouncement(page, /^Your game goes on where it was\. /, from);
  await page.locator('.auction-table').waitFor();
  assert.equal(await page.locator('.auction-table .error').count(), 0);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the picker and its Resume entries at phone width, ${colorScheme}`, async () => {
    const arcade = arcades.at(-1) ?? await serve();
    const { context, page } = await openPage(browser, arcade.url, { colorScheme, phone: true });
    await signInAsAnn(page);
    await page.locator('.players-resume li').first().waitFor();
    assert.deepEqual(await accessibilityProblems(page), []);
    await screenshot(page, `lobby-players-${colorScheme}-phone`);
    await context.close();
  });
}
