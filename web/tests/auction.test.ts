// Letter Auction in the browser: a seeded game of bots played to the end with the keyboard, a
// person seat bidding and naming a word with the keyboard (the game playing on by itself from
// one answer to the next), refusals shown and announced, the seat named after the lobby's
// player, a spectator following the game from a second browser, and accessibility in both
// colour schemes and at phone width. Nothing here depends on time: the person's answer time is
// long, and every wait is for an announcement or an element.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, heardCount, nextAnnouncement, openPage,
         screenshot, tabTo, typeOver, useArcade, waitForAnnouncement } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

interface Setup {
  seed: number;
  rounds?: number;
  hidden?: number;
  /** Take a seat with this name. */
  person?: string;
  /** Advanced: the rack size. */
  rack?: number;
}

/**
 * Fills the setup form (the Custom game panel's) with the keyboard only and submits it with
 * Enter. The seat of your own, taken by default, is left for a game of bots.
 */
async function setUp(page: Page, setup: Setup): Promise<void> {
  await page.locator('form.auction-setup').waitFor();
  await tabTo(page, '#auction-person');
  if (await page.isChecked('#auction-person') !== (setup.person !== undefined)) {
    await page.keyboard.press('Space');
  }
  if (setup.person !== undefined) {
    await tabTo(page, '#auction-name');
    await typeOver(page, setup.person);
    await tabTo(page, '#auction-seconds');
    await typeOver(page, '600');
  }
  if (setup.rounds !== undefined) {
    await tabTo(page, '#auction-rounds');
    await typeOver(page, String(setup.rounds));
  }
  if (setup.hidden !== undefined) {
    await tabTo(page, '#auction-hidden_letters');
    await typeOver(page, String(setup.hidden));
  }
  if (setup.rack !== undefined) {
    await tabTo(page, '.options-advanced summary');
    await page.keyboard.press('Enter');
    await tabTo(page, '#auction-rack_size');
    await typeOver(page, String(setup.rack));
  }
  await tabTo(page, '#auction-seed');
  await typeOver(page, String(setup.seed));
  await page.keyboard.press('Enter');
}

/** Two- and three-letter words of the word list, to name one from a rack. */
const SHORT_WORDS = [
  'QAT', 'ZAX', 'JAB', 'FIX', 'HEX', 'WAX', 'OX', 'AX', 'EX', 'XI', 'XU', 'ZA', 'JO', 'KA',
  'QI', 'FEZ', 'ZED', 'JOT', 'KEY', 'HAY', 'YEW', 'FOE', 'HOE', 'WHO', 'BOW', 'VOW', 'AH', 'EH',
  'HA', 'HE', 'HI', 'HM', 'HO', 'OH', 'SH', 'UH', 'FA', 'EF', 'IF', 'OF', 'AW', 'OW', 'WE', 'WO',
  'AY', 'BY', 'MY', 'OY', 'YA', 'YE', 'YO', 'AB', 'BA', 'BE', 'BI', 'BO', 'AM', 'EM', 'MA',
  'ME', 'MI', 'MO', 'MU', 'OM', 'UM', 'PA', 'PE', 'PI', 'OP', 'UP', 'AD', 'DE', 'DO', 'ED',
  'ID', 'OD', 'AG', 'GO', 'AA', 'AE', 'AI', 'AL', 'AN', 'AR', 'AS', 'AT', 'EL', 'EN', 'ER',
  'ES', 'ET', 'IN', 'IS', 'IT', 'LA', 'LI', 'LO', 'NA', 'NE', 'NO', 'NU', 'OE', 'OI', 'ON',
  'OR', 'OS', 'RE', 'SI', 'SO', 'TA', 'TI', 'TO', 'UN', 'US', 'UT',
];

function canMake(word: string, letters: string): boolean {
  const left = [...letters];
  for (const letter of word) {
    const at = left.indexOf(letter);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

test('a seeded game of bots, played to the end with the keyboard', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await setUp(page, { seed: 42, rounds: 2, hidden: 2 });
  await waitForAnnouncement(page, /^The game is set\./);
  // No person seat: no answer panel, and the watch link is shown.
  assert.equal(await page.locator('.auction-answer').isVisible(), false);
  assert.match(await page.locator('.auction-watch-link').textContent() ?? '',
               /#\/auction\/watch\/[0-9a-f]+$/);

  await tabTo(page, '#auction-step');
  let count = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^The game begins: 4 players, 2 rounds\.$/, count);
  // Begun, no round dealt yet: no round is over ("Round 0 of 2" never).
  assert.equal(await page.locator('.auction-status').textContent(),
               'The game has begun: 4 players, 2 rounds. Step to deal the first round.');
  count = await heardCount(page);
  await page.keyboard.press('Space');
  await nextAnnouncement(page, /^Round 1 of 2 begins\.$/, count);
  assert.equal(await page.locator('.auction-status').textContent(), 'Round 1 of 2, auction 1 next.');
  count = await heardCount(page);
  await page.keyboard.press('Enter');
  const first = await nextAnnouncement(page, /went to/, count);
  assert.match(first, /^[A-Z], worth \d+, went to .+ for \d+ points?/);
  assert.equal(await page.locator('.auction-bids tbody tr').count(), 1);
  assert.match(await page.locator('.auction-latest').textContent() ?? '', /^Last auction: /);

  count = await heardCount(page);
  await tabTo(page, '#auction-round');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /Round 1 of 2 is over: .+ made /, count);
  await page.locator('.auction-words').waitFor();
  assert.equal(await page.locator('.auction-words tbody tr').count(), 4);

  count = await heardCount(page);
  await tabTo(page, '#auction-end');
  await page.keyboard.press('Enter');
  const over = await nextAnnouncement(page, /Game over:/, count);
  assert.match(over, /Round 2 of 2 is over: .*Game over: (.+ wins with \d+ points|a tie between .*)\.$/);
  await page.locator('.auction-standings').waitFor();
  assert.equal(await page.locator('.auction-standings li').count(), 4);
  assert.ok(await page.locator('.auction-winner').count() >= 1);
  assert.equal(await page.locator('#auction-step').isDisabled(), true);
  // The keyboard is taken to "Play again", which deals the session's next game.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-again');
  count = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Game 2 is dealt\./, count);
  assert.equal(await page.locator('#auction-step').isDisabled(), false);
  await context.close();
});

test('a person bids and names a word with the keyboard; refusals are shown and announced',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  // The server refuses more hidden letters than a rack holds: the message names the field.
  await setUp(page, { seed: 7, hidden: 6, rack: 5 });
  const refusal = await waitForAnnouncement(page, /^Hidden letters must be between 0 and 5, not 6\.$/);
  assert.equal(await page.locator('.auction-setup .error').textContent(), refusal);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-hidden_letters');
  await typeOver(page, '2');
  await tabTo(page, '#auction-rack_size');
  await typeOver(page, '7');
  await tabTo(page, '#auction-person');
  await page.keyboard.press('Space');
  await tabTo(page, '#auction-name');
  await typeOver(page, 'Ann');
  await tabTo(page, '#auction-seconds');
  await typeOver(page, '600');
  await tabTo(page, '#auction-rounds');
  await typeOver(page, '1');
  let count = await heardCount(page);
  await page.keyboard.press('Enter');
  // No Step: the game plays on by itself to the first bid, and says so in one announcement.
  const first = await nextAnnouncement(page, /^The game is set: you play seat 1\./, count);
  assert.match(first, new RegExp('^The game is set: you play seat 1\\. The game begins: 5 ' +
                                 'players, 1 round\\. Round 1 of 1 begins: your hidden letters ' +
                                 'are [A-Z] [A-Z]\\. Your bid for [A-Z], worth \\d+ \\(round 1 ' +
                                 'of 1, auction 1\\): you have 100 points; your letters: ' +
                                 '[A-Z] [A-Z]\\.$'));
  await page.locator('#auction-bid').waitFor();
  // A person's table is not stepped: no controls.
  assert.equal(await page.locator('#auction-step').isVisible(), false);
  // The keyboard is taken to the bid, and the countdown shows.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-bid');
  assert.match(await page.locator('.auction-clock').textContent() ?? '', /Time left: \d+:\d\d/);
  await screenshot(page, 'auction-bid-light');
  assert.deepEqual(await accessibilityProblems(page), []);

  // A bid above the person's points is refused on the page, shown and announced.
  count = await heardCount(page);
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  const tooMuch = await nextAnnouncement(page, /^Bid a whole number from 0 to 100/, count);
  assert.equal(await page.locator('.auction-answer .error').textContent(), tooMuch);

  // Bid 12 on every letter until the round asks for the word: one action per decision, each
  // answered by what the auction came to and the next question.
  let word = '';
  let bids = 0;
  for (let turn = 0; turn < 40; ++turn) {
    const asking = await page.evaluate(() => document.activeElement?.id);
    if (asking === 'auction-bid') {
      count = await heardCount(page);
      await typeOver(page, '12');
      await page.keyboard.press('Enter');
      ++bids;
      const said = await nextAnnouncement(page, /Your bid for|Name your word|Game over/, count);
      // What the auction came to, with every bid (a run of several, once the rack is full, in
      // sum).
      assert.match(said, new RegExp('^([A-Z], worth \\d+, went to [^;]+; bids: you \\(Ann\\) 12, ' +
                                    '|\\d+ letters auctioned; the last: )'));
      assert.equal(await page.locator('#auction-step').isVisible(), false);
      continue;
    }
    assert.equal(asking, 'auction-word');
    const label = await page.locator('.auction-answer .auction-tiles').getAttribute('aria-label');
    const rack = (label ?? '').replace(/^your letters: /, '').replace(/ /g, '');
    assert.match(rack, /^[A-Z]{2,7}$/);
    // A word the letters cannot make is refused on the page.
    count = await heardCount(page);
    await page.keyboard.type('ZZZZ');
    await page.keyboard.press('Enter');
    await nextAnnouncement(page, /^Your letters [A-Z]+ cannot make ZZZZ\.$/, count);
    word = SHORT_WORDS.find((candidate) => canMake(candidate, rack)) ?? '';
    count = await heardCount(page);
    await typeOver(page, word.toLowerCase());
    await page.keyboard.press('Enter');
    break;
  }
  const end = await nextAnnouncement(page, /Game over:/, count);
  assert.match(end, /Game over: (you win with \d+ points?|.+; you finish \d+(st|nd|rd|th) of 5, with \d+ points?)\.$/);
  if (word !== '') {
    assert.match(end, new RegExp(`Round 1 of 1 is over: you \\(Ann\\) made ${word} for \\d+ points?`));
  } else {
    assert.match(end, /Round 1 of 1 is over: you \(Ann\) made no word/);
  }
  assert.match(await page.locator('.auction-words tbody tr.auction-me').textContent() ?? '',
               /you \(Ann\)/);
  assert.equal(await page.locator('.auction-answer').isVisible(), false);
  // Every auction the person bid on was one action: the round's table has as many bids of theirs.
  const theirs = await page.locator('.auction-bids tbody tr').evaluateAll((rows) =>
      rows.filter((row) => /^\d+/.test(row.querySelectorAll('td')[2]?.textContent ?? '')).length);
  assert.equal(theirs, bids);
  await screenshot(page, 'auction-over-light');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

test('a reload mid-game keeps the table at its address, with the time per answer', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await setUp(page, { seed: 9, rounds: 1, person: 'Cy' });
  await waitForAnnouncement(page, /^The game is set: you play seat 1\./);
  const address = page.url();
  assert.match(address, /#\/auction\/[0-9a-f]{32}$/);
  await page.locator('#auction-bid').waitFor();
  const status = await page.locator('.auction-status').textContent();
  const players = await page.locator('.auction-players').textContent();

  await page.reload();
  await waitForAnnouncement(page, /^Your game goes on where it was\. Round 1 of 1/);
  assert.equal(page.url(), address);
  assert.equal(await page.locator('.auction-status').textContent(), status);
  assert.equal(await page.locator('.auction-players').textContent(), players);
  // The bid asked before the reload, with the keyboard on it and the time chosen (10 minutes).
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-bid');
  assert.match(await page.locator('.auction-clock').textContent() ?? '',
               /Time left: (10:00|9:\d\d)/);
  const count = await heardCount(page);
  await typeOver(page, '3');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /Your bid for|Name your word/, count);
  await context.close();
});

test('the seat is the lobby\'s player; while the bid box is open the status line names the letter',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await page.evaluate(() => localStorage.setItem('wordgames.player', 'Dee'));
  await page.reload();
  await page.locator('form.auction-setup').waitFor();
  // The name is the lobby's player's, already filled in, and the seat taken by default.
  assert.equal(await page.inputValue('#auction-name'), 'Dee');
  assert.equal(await page.isChecked('#auction-person'), true);
  assert.match(await page.locator('.auction-seats li').first().textContent() ?? '',
               /^Seat 1: you \(Dee\)$/);
  await setUp(page, { seed: 8, rounds: 2, person: 'Dee' });
  await waitForAnnouncement(page, /^The game is set: you play seat 1\./);
  await page.locator('#auction-bid').waitFor();
  assert.match(await page.locator('.auction-players tr.auction-me th').textContent() ?? '',
               /^1\. Dee \(you\)/);

  // The status line says what is up, in which round and auction, and what the person holds;
  // the bid's field is described by the same.
  const letter = (await page.locator('.auction-answer .auction-big').textContent() ?? '')[0];
  const status = await page.locator('.auction-status').textContent() ?? '';
  assert.match(status, new RegExp(`^Round 1 of 2, auction 1: bidding on ${letter}, worth \\d+ ` +
                                  'points?\\. You have 100 points; your letters: [A-Z]{2}\\.$'));
  assert.equal(await page.locator('#auction-bid').getAttribute('aria-describedby'),
               'auction-bid-up auction-bid-help');
  assert.match(await page.locator('#auction-bid-up').textContent() ?? '',
               new RegExp(`^${letter} is up, worth \\d+ points?\\. You have 100 points; `));
  let count = await heardCount(page);
  await typeOver(page, '0');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /Your bid for [A-Z], worth \d+ \(round 1 of 2, auction 2\)/, count);
  assert.match(await page.locator('.auction-status').textContent() ?? '',
               /^Round 1 of 2, auction 2: bidding on [A-Z], /);
  await context.close();

  // Nobody chosen in the lobby and no name given: the seat is "You", said once.
  const other = await openPage(browser, `${arcade.url}#/auction/custom`);
  await setUp(other.page, { seed: 8, rounds: 1, person: '' });
  const said = await waitForAnnouncement(other.page, /^The game is set: you play seat 1\./);
  assert.doesNotMatch(said, /you \(You\)/);
  assert.match(await other.page.locator('.auction-players tr.auction-me th').textContent() ?? '',
               /^1\. You person$/);
  count = await heardCount(other.page);
  await other.page.locator('#auction-bid').fill('0');
  await other.page.keyboard.press('Enter');
  assert.match(await nextAnnouncement(other.page, /Your bid for|Name your word/, count),
               /; bids: you 0, /);
  await other.context.close();
});

test('a game gone from the server sends the page back to the form, saying so', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await setUp(page, { seed: 4, rounds: 1 });
  await waitForAnnouncement(page, /^The game is set\./);
  const id = page.url().replace(/^.*#\/auction\//, '');
  await api(arcade.url, 'DELETE', `/api/sessions/${id}`);
  await tabTo(page, '#auction-step');
  await page.keyboard.press('Enter');
  const said = await waitForAnnouncement(page, /no longer on the server/);
  assert.equal(await page.locator('.auction-setup .error').textContent(), said);
  assert.match(page.url(), /#\/auction\/custom$/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-person');
  // The form keeps the last choices.
  assert.equal(await page.locator('#auction-seed').inputValue(), '4');
  await context.close();
});

test('a spectator follows the game from another browser; the mouse steps it', async () => {
  const owner = await openPage(browser, `${arcade.url}#/auction/custom`);
  await setUp(owner.page, { seed: 3, rounds: 1 });
  await waitForAnnouncement(owner.page, /^The game is set\./);
  const link = await owner.page.locator('.auction-watch-link').getAttribute('href') ?? '';
  assert.match(link, /#\/auction\/watch\/[0-9a-f]+$/);

  const watcher = await openPage(browser, link);
  await waitForAnnouncement(watcher.page, /^Watching the game\./);
  assert.equal(await watcher.page.locator('#auction-step').count(), 0);

  // The owner clicks Step three times: the game starts, the round is dealt, a letter is sold.
  await owner.page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitForAnnouncement(owner.page, /^The game begins/);
  await owner.page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitForAnnouncement(owner.page, /^Round 1 of 1 begins/);
  await owner.page.getByRole('button', { name: 'Step', exact: true }).click();
  const sold = await waitForAnnouncement(owner.page, /went to/);
  assert.equal(await waitForAnnouncement(watcher.page, /went to/), sold);
  await watcher.page.locator('.auction-bids tbody tr').first().waitFor();
  // A spectator never sees a hidden letter.
  assert.equal(await watcher.page.locator('.auction-hidden').count(), 0);
  assert.deepEqual(await accessibilityProblems(watcher.page), []);
  await screenshot(watcher.page, 'auction-watch-light');

  await owner.page.getByRole('button', { name: 'To the end' }).click();
  const over = await waitForAnnouncement(watcher.page, /Game over:/);
  assert.match(over, /Game over: .*\.$/);
  await watcher.page.locator('.auction-standings').waitFor();
  await owner.context.close();
  await watcher.context.close();
});

test('a watch code that names no game says so', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/watch/${'0'.repeat(32)}`);
  const said = await waitForAnnouncement(page, /no game to watch/);
  assert.equal(await page.locator('.auction-table .error').textContent(), said);
  await context.close();
});

test('Play steps on its own until the game ends; the delay slider works with the keyboard',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  // Seats with the keyboard: leave your own, add a fifth bot, make it strong, remove the first
  // two.
  await page.locator('form.auction-setup').waitFor();
  await tabTo(page, '#auction-person');
  await page.keyboard.press('Space');
  await tabTo(page, '#auction-add');
  await page.keyboard.press('Enter');
  await waitForAnnouncement(page, /^Seat 5 added: a bot; 5 players\.$/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-bot-4');
  await page.keyboard.press('End');
  assert.equal(await page.locator('#auction-bot-4').inputValue(), 'strong');
  for (const _ of [1, 2]) {
    await tabTo(page, '[aria-label^="Remove seat 1 "]');
    await page.keyboard.press('Enter');
  }
  await waitForAnnouncement(page, /^Seat 1 removed: 3 players\.$/);
  assert.deepEqual(await page.locator('.auction-seats select').evaluateAll(
                       (selects) => selects.map((select) => (select as HTMLSelectElement).value)),
                   ['value', 'random', 'strong']);
  await setUp(page, { seed: 5, rounds: 1 });
  await waitForAnnouncement(page, /^The game is set\./);
  assert.equal(await page.locator('.auction-players tbody tr').count(), 3);
  await tabTo(page, '#auction-delay');
  await page.keyboard.press('Home');
  assert.equal(await page.locator('#auction-delay-value').textContent(), '50 ms');
  const play = page.locator('#auction-play');
  await tabTo(page, '#auction-play');
  await page.keyboard.press('Enter');
  assert.equal(await play.getAttribute('aria-pressed'), 'true');
  assert.equal(await play.textContent(), 'Pause');
  await waitForAnnouncement(page, /Game over:/);
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  assert.equal(await play.textContent(), 'Play');
  // "Custom game" goes back to the form, with the last choices kept.
  await page.getByRole('button', { name: 'Custom game' }).click();
  await waitForAnnouncement(page, /^Set up a new game/);
  assert.equal(await page.locator('#auction-seed').inputValue(), '5');
  assert.equal(await page.locator('#auction-rounds').inputValue(), '1');
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`auction-${suffix}: no serious accessibility problem in setup, play and end`, async () => {
      const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`,
                                               { colorScheme, phone });
      await page.locator('form.auction-setup').waitFor();
      await page.locator('.options-advanced summary').click();
      assert.deepEqual(await accessibilityProblems(page), []);
      await screenshot(page, `auction-setup-${suffix}`);
      await setUp(page, { seed: 11, rounds: 1, person: 'Bea' });
      await waitForAnnouncement(page, /^The game is set/);
      await page.locator('#auction-bid').waitFor();
      // Moderate ones too: the table's regions once had one name twice (landmark-unique).
      assert.deepEqual(await accessibilityProblems(page, true), []);
      await screenshot(page, `auction-playing-${suffix}`);
      // Bid 0 (with the mouse) until the word, then no word: the game ends.
      for (let turn = 0; turn < 40; ++turn) {
        const count = await heardCount(page);
        if (await page.locator('#auction-word').count() > 0) {
          await page.getByRole('button', { name: 'Play the word' }).click();
          break;
        }
        await page.locator('#auction-bid').fill('0');
        await page.getByRole('button', { name: 'Bid', exact: true }).click();
        await nextAnnouncement(page, /Your bid for|Name your word|Game over/, count);
      }
      await page.locator('.auction-standings').waitFor();
      assert.deepEqual(await accessibilityProblems(page, true), []);
      await screenshot(page, `auction-over-${suffix}`);
      await context.close();
    });
  }
}
