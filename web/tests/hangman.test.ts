// Position Hangman's page: a seeded game won with the keyboard alone (positions by digit and
// arrow keys, a miss, a refusal), the mouse path (a position, a letter, a hint, giving up, a new
// game), dictionaries made by the server (a typed text, an uploaded file, an Open Library work
// from a stand-in server on loopback), and no serious accessibility problem in light and dark,
// desktop and phone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, heardCount, nextAnnouncement, openPage,
         screenshot, startArcade, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

const LONG_WORDS = ['ADVENTURE', 'BEAUTIFUL', 'CHOCOLATE', 'DANGEROUS', 'EDUCATION', 'FANTASTIC'];
const SHORT_WORDS = ['GARDEN', 'HAMMER', 'ISLAND', 'JUNGLE', 'KITTEN', 'LEMONS', 'MARKET', 'NAPKIN',
                'ORANGE', 'PENCIL', 'QUARTZ', 'RABBIT', 'SILVER', 'TICKET', 'UNLOCK', 'VIOLET',
                'WINTER', 'YELLOW', 'ZIPPER'];
/** 25 words, 6 of them of 9 letters (24%): a playable dictionary. */
const PLAYABLE_TEXT = `${SHORT_WORDS.join(' ')}, and ${LONG_WORDS.map((w) => w.toLowerCase()).join('; ')}.`;

// A stand-in for openlibrary.org, started before the arcade, which finds it through
// WG_OPENLIBRARY_URL (the test needs no network).
const standIn = http.createServer((request, response) => {
  const works: Record<string, unknown> = {
    '/works/OL1W.json': { title: 'Words', description: { type: '/type/text',
                                                         value: PLAYABLE_TEXT } },
    '/works/OL2W.json': { title: 'Few', description: 'elephant giraffe kangaroo' },
  };
  const work = works[request.url ?? ''];
  response.writeHead(work ? 200 : 404, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(work ?? { error: 'notfound' }));
});
// Listening before the arcade starts (useArcade's hook), which inherits the environment.
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
process.env.WG_OPENLIBRARY_URL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
after(() => standIn.close());

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

/** The secret of a seed's first game: a session of its own, given up (same seed, same word). */
async function secretOf(seed: number): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, arcade.url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return (await response.json()) as { id: string; events?: { event: string; word?: string }[];
                                         view: { word?: string } };
  };
  const session = await post('/api/sessions', { game: 'hangman', seed, config: {} });
  const given = await post(`/api/sessions/${session.id}/commands`, { command: 'give_up' });
  return given.view.word ?? '';
}

const seed = 6;

test('a seeded game won with the keyboard alone', async () => {
  const word = await secretOf(seed);
  assert.equal(word.length, 6);
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  const seedField = page.getByLabel('Seed (optional, to replay a game)');
  await page.getByLabel('Mode').waitFor();
  await seedField.focus();
  await page.keyboard.type(String(seed));
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Game 1: a word of 6 letters, 6 lives, [\d,]+ candidates?\./, 0);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-position')),
               '0');

  // Position 2 by its digit; a letter that is not there is a miss (a part drawn).
  let from = await heardCount(page);
  await page.keyboard.press('2');
  await nextAnnouncement(page, /^Position 2 chosen\. Most likely: /, from);
  const wrong = word[1] === 'Q' ? 'Z' : 'Q';
  await page.keyboard.press(wrong.toLowerCase());
  await nextAnnouncement(
      page, new RegExp(`^Miss: no ${wrong} at position 2 .*5 lives left, 1 of 6 parts ` +
                               'drawn\\.'), from);
  assert.match(await page.locator('.hangman-drawing figcaption').textContent() ?? '',
               /^1 of 6 parts drawn/);
  // The same miss again is refused, shown and announced, and costs nothing.
  from = await heardCount(page);
  await page.keyboard.press(wrong.toLowerCase());
  await nextAnnouncement(page, new RegExp(`^You already tried ${wrong} at position 2\\.$`), from);
  assert.match(await page.locator('.message.error').textContent() ?? '', /already tried/);
  assert.match(await page.locator('.hangman-stats').textContent() ?? '', /Lives: 5 of 6/);

  // Home, then each letter in turn: a hit moves on to the next open position.
  from = await heardCount(page);
  await page.keyboard.press('End');
  await nextAnnouncement(page, /^Position 6 chosen\./, from);
  await page.keyboard.press('Home');
  await nextAnnouncement(page, /^Position 1 chosen\./, from);
  assert.deepEqual(await accessibilityProblems(page), []);
  for (let i = 0; i < word.length; ++i) {
    from = await heardCount(page);
    await page.keyboard.press(word[i].toLowerCase());
    await nextAnnouncement(
        page, new RegExp(`^Hit: ${word[i]} at position ${i + 1} \\([\\d.]+% likely\\): ` +
                                 '\\+\\d+ points'), from);
  }
  await nextAnnouncement(
      page, new RegExp(`You won! The word was ${word}: \\d+ points? in 7 guesses\\.`),
              from);
  assert.equal(await page.locator('.hangman-letter').allTextContents().then((l) => l.join('')),
               word);
  assert.match(await page.locator('.hangman-past tbody').textContent() ?? '',
               new RegExp(`${word}7you`));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Play again');
  assert.deepEqual(await accessibilityProblems(page), []);

  // A new game from the keyboard, and a hint with "?".
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Game 2: a word of \d+ letters/, from);
  await page.keyboard.press('?');
  await nextAnnouncement(
      page, new RegExp('^Hint: for points, [A-Z] at position \\d+ \\([\\d.]+%; played on for ' +
                               'points, the game ends with [\\d.]+ points on average\\)\\. ' +
                               'For the best chance to win: [A-Z] at position \\d+ \\([\\d.]+%; ' +
                               'played on to win, the game is won [\\d.]+% of the time\\)\\.$'),
              from);
  await context.close();
});

test('the mouse path: a position, a letter, a hint kept by a reload, giving up, a new game', async () => {
  const word = await secretOf(seed);
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('Seed (optional, to replay a game)').fill(String(seed));
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('[data-position="2"]').click();
  let from = await heardCount(page);
  await page.locator(`.hangman-keyboard button[data-letter="${word[2]}"]`).click();
  await nextAnnouncement(page, new RegExp(`^Hit: ${word[2]} at position 3`), from);
  assert.equal(await page.locator('[data-position="2"] .hangman-letter').textContent(), word[2]);
  // A revealed position is refused.
  await page.locator('[data-position="2"]').click();
  from = await heardCount(page);
  await page.locator('.hangman-keyboard button[data-letter="A"]').click();
  await nextAnnouncement(page, /^Position 3 is already revealed\.$/, from);
  await page.getByRole('button', { name: 'Hint (?)' }).click();
  await page.locator('.hangman-hint .notice').waitFor();
  // A reload shows the hint again, as the server gave it.
  const hint = await page.locator('.hangman-hint').textContent();
  await page.reload();
  await page.locator('.hangman-hint .notice').waitFor();
  assert.equal(await page.locator('.hangman-hint').textContent(), hint);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, new RegExp(`^You gave up: the word was ${word}\\.`), from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Play again' }).click();
  await nextAnnouncement(page, /^Game 2: /, from);
  await context.close();
});

test('two digits choose a position past 9; arrows stop at the ends', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('Seed (optional, to replay a game)').fill('4');
  await page.getByLabel('Seed (optional, to replay a game)').press('Enter');
  await nextAnnouncement(page, /^Game 1: a word of 10 letters/, 0);
  let from = await heardCount(page);
  await page.keyboard.press('1');
  await page.keyboard.press('0');
  await nextAnnouncement(page, /^Position 10 chosen\./, from);
  assert.equal(await page.locator('[aria-pressed="true"]').getAttribute('data-position'), '9');
  from = await heardCount(page);
  await page.keyboard.press('3');
  await nextAnnouncement(page, /^Position 3 chosen\./, from);
  from = await heardCount(page);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await nextAnnouncement(page, /^Position 1 chosen\./, from);
  assert.equal(await page.locator('[aria-pressed="true"]').getAttribute('data-position'), '0');
  await context.close();
});

test('hard mode hides the odds, in the page and in what it says', async () => {
  const word = await secretOf(seed);
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('Mode').selectOption('hard');
  await page.getByLabel('Seed (optional, to replay a game)').fill(String(seed));
  await page.getByRole('button', { name: 'Start' }).click();
  const from = await nextAnnouncement(page, /^Game 1: /, 0).then(() => heardCount(page));
  await page.keyboard.press(word[0].toLowerCase());
  const hit = await nextAnnouncement(
      page, new RegExp(`^Hit: ${word[0]} at position 1: \\+\\d+ points`), from);
  assert.doesNotMatch(hit, /likely/);
  assert.equal(await page.locator('.hangman-odds').count(), 0);
  assert.match(await page.locator('.hangman-stats').textContent() ?? '', /hard mode/);
  await screenshot(page, 'hangman-hard-light');
  await context.close();
});

test('a dictionary of one\'s own: the server\'s statistics, a refusal, a game on its words',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('A text of your own').check();
  const text = page.getByLabel('Text for the dictionary');
  await text.fill('A garden, a hammer; and a cat.');
  await page.locator('.hangman-rule', { hasText: /only 2 words/ }).waitFor();
  let from = await heardCount(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await nextAnnouncement(
      page, /^Your dictionary has only 2 words; a dictionary needs at least 20\.$/, from);
  assert.match(await page.locator('.options .error').textContent() ?? '', /only 2 words/);
  await text.fill(PLAYABLE_TEXT);
  await page.locator('.hangman-rule.ok').waitFor();
  assert.match(await page.locator('#hangman-text-stats').textContent() ?? '',
               /Words25.*9 letters or more \(at least 1 word in 5\)6 \(24\.0%\)/);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Start' }).click();
  const opening = /^Game 1: a word of (6|9) letters, 6 lives, (19|6) candidates\./;
  const started = await nextAnnouncement(page, opening, from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  const gaveUp = await nextAnnouncement(page, /^You gave up: the word was ([A-Z]+)\./, from);
  const word = /the word was ([A-Z]+)/.exec(gaveUp)?.[1] ?? '';
  assert.ok([...LONG_WORDS, ...SHORT_WORDS].includes(word), `${word} is one of the dictionary's (${started})`);
  assert.match(await page.locator('.hangman-about').textContent() ?? '',
               /The dictionary: Your dictionary.*Words25/);
  assert.match(await page.locator('.hangman-result').textContent() ?? '',
               new RegExp(`the word was ${word}`));
  await context.close();
});

test('an uploaded text file: checked by the server, a binary one refused', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('A text of your own').check();
  const upload = page.getByLabel('Or upload a text file');
  let from = await heardCount(page);
  await upload.setInputFiles({ name: 'words.txt', mimeType: 'text/plain',
                               buffer: Buffer.from(PLAYABLE_TEXT) });
  await nextAnnouncement(page, /^Your dictionary: 25 words, playable\.$/, from);
  from = await heardCount(page);
  await upload.setInputFiles({ name: 'few.txt', mimeType: 'text/plain',
                               buffer: Buffer.from('elephant giraffe kangaroo') });
  await nextAnnouncement(
      page, /^Your dictionary is not playable: only 3 words; a dictionary needs at least 20\.$/,
              from);
  from = await heardCount(page);
  await upload.setInputFiles({ name: 'image.bin', mimeType: 'application/octet-stream',
                               buffer: Buffer.from([0x89, 0x50, 0x00, 0x00, 0x41, 0x00]) });
  await nextAnnouncement(page, /^Cannot use this text: the text: /, from);
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

test('an Open Library work, fetched by the server from a stand-in', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('An Open Library work').check();
  const work = page.getByLabel('Open Library work ID');
  await work.fill('OL1M');
  let from = await heardCount(page);
  await work.press('Enter');
  await nextAnnouncement(page, /^'OL1M' is not an Open Library work ID/, from);
  await work.fill('OL404W');
  from = await heardCount(page);
  await work.press('Enter');
  await nextAnnouncement(page, /^Open Library has no work OL404W$/, from);
  await work.fill('OL2W');
  from = await heardCount(page);
  await work.press('Enter');
  await nextAnnouncement(page, /^Open Library work OL2W is not playable: only 3 words/, from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await nextAnnouncement(page, /^Open Library work OL2W has only 3 words/, from);
  await work.fill('OL1W');
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Fetch the work' }).click();
  await nextAnnouncement(page, /^Fetching OL1W from Open Library\.$/, from);
  await nextAnnouncement(page, /^Open Library work OL1W: 25 words, playable\.$/, from);
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'hangman-open-library-light');
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await nextAnnouncement(page, /^Game 1: a word of (6|9) letters/, from);
  assert.match(await page.locator('.hangman-about').textContent() ?? '',
               /Open Library work OL1W.*Words25/);
  await context.close();
});

/** Plays `count` games from the page's first (one guess each, then given up: recorded). */
async function playGames(page: Page, count: number): Promise<void> {
  await page.getByLabel('Seed (optional, to replay a game)').fill(String(seed));
  await page.getByRole('button', { name: 'Start' }).click();
  for (let game = 1; game <= count; ++game) {
    // A game with no guess is not recorded: one guess, then give up.
    await page.locator('.hangman-keyboard button[data-letter="E"]').click();
    await page.locator('.hangman-stats', { hasText: 'Guesses: 1' }).waitFor();
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Play again' }).click();
    await page.getByRole('heading', { name: `Game ${game + 1}` }).waitFor();
  }
}

test('an anonymous player\'s last five games are this tab\'s, with the built-in dictionary\'s ' +
     'figures', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.locator('.hangman-about table', { hasText: 'built-in word list' }).waitFor();
  await playGames(page, 6);
  assert.equal(await page.locator('.hangman-past tbody tr').count(), 5);
  assert.match(await page.locator('.hangman-past caption').textContent() ?? '', /in this tab/);
  assert.equal(await page.locator('.hangman-past tbody tr th').first().textContent(), '6');
  // Nothing keeps them: a reload (which keeps the game in play) starts the list again.
  await page.reload();
  await page.getByRole('heading', { name: 'Game 7' }).waitFor();
  assert.match(await page.locator('.hangman-about').textContent() ?? '',
               /Your last five games in this tab will be listed here/);
  assert.equal(await page.evaluate(() => localStorage.getItem('wordgames.hangman.past')), null);
  await context.close();
});

test('a player\'s last five games come from the server\'s store, and a reload keeps the game',
     async () => {
  const data = mkdtempSync(path.join(tmpdir(), 'wg-hangman-'));
  const kept = await startArcade(['--data', data]);
  const { context, page } = await openPage(browser, `${kept.url}#/hangman/custom`);
  try {
    const { secret } = await api<{ secret: string }>(kept.url, 'POST', '/api/players',
                                                       { name: 'Ann' });
    // This browser holds Ann's player code, as the one that made her would.
    await page.evaluate((code) => {
      localStorage.setItem('wordgames.player', 'Ann');
      localStorage.setItem('wordgames.secrets', JSON.stringify({ ann: code }));
    }, secret);
    await page.reload();
    await page.locator('.hangman-about', { hasText: /Ann\u2019s last five games will be/ })
        .waitFor();
    await playGames(page, 6);
    await page.locator('.hangman-past caption', { hasText: /Ann\u2019s last games/ }).waitFor();
    await page.locator('.hangman-past tbody tr').nth(4).waitFor();
    assert.equal(await page.locator('.hangman-past tbody tr').count(), 5);
    assert.equal(await page.locator('.hangman-past tbody tr th').first().textContent(), '6');
    // The server's history says the same.
    const history = await api<{ games: { result: { game: number } }[] }>(
        kept.url, 'GET', '/api/players/Ann/history?game=hangman&limit=5');
    assert.deepEqual(history.games.map((game) => game.result.game), [6, 5, 4, 3, 2]);

    // A reload mid-game: the same game, at its address, and the same list from the server.
    await page.locator('.hangman-keyboard button[data-letter="E"]').click();
    await page.locator('.hangman-stats', { hasText: 'Guesses: 1' }).waitFor();
    const address = page.url();
    assert.match(address, /#\/hangman\/[0-9a-f]{32}$/);
    const positions = await page.locator('.hangman-position').allTextContents();
    await page.reload();
    await page.getByRole('heading', { name: 'Game 7' }).waitFor();
    assert.equal(page.url(), address);
    assert.deepEqual(await page.locator('.hangman-position').allTextContents(), positions);
    assert.match(await page.locator('.hangman-stats').textContent() ?? '', /Guesses: 1/);
    await page.locator('.hangman-past tbody tr').nth(4).waitFor();
    assert.equal(await page.locator('.hangman-past tbody tr th').first().textContent(), '6');
  } finally {
    await context.close();
    await kept.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`hangman-${suffix}: no serious accessibility problem in play and after`, async () => {
      const word = await secretOf(seed);
      const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`,
                                               { colorScheme, phone });
      await page.getByLabel('Mode').waitFor();
      await screenshot(page, `hangman-options-${suffix}`);
      await page.getByLabel('Seed (optional, to replay a game)').fill(String(seed));
      await page.getByRole('button', { name: 'Start' }).click();
      await page.locator('[data-position="0"]').click();
      await page.locator(`.hangman-keyboard button[data-letter="${word[0]}"]`).click();
      await page.locator('[data-position="0"].found').waitFor();
      await page.locator('[data-position="3"]').click();
      const wrong = word[3] === 'Q' ? 'Z' : 'Q';
      await page.locator(`.hangman-keyboard button[data-letter="${wrong}"]`).click();
      await page.locator('.hangman-missed').waitFor();
      await page.getByRole('button', { name: 'Hint (?)' }).click();
      await page.locator('.hangman-hint .notice').waitFor();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `hangman-playing-${suffix}`);
      await page.getByRole('button', { name: 'Give up' }).click();
      await page.getByRole('button', { name: 'Play again' }).waitFor();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `hangman-finished-${suffix}`);
      await context.close();
    });
  }
}
