// One click to play: each lobby card starts a game of its game at once with the defaults
// (docs/ARCHITECTURE.md, "One click to play"), no seed shown while it is played; the Custom game
// panel, folded on the game's page and open at #/<game>/custom, starts a game with the options
// chosen; How to play is open on a player's first visit to a game and folded after.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, heardCount, nextAnnouncement, openPage,
         screenshot, tabTo, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

interface Session {
  config: Record<string, unknown>;
  finished: boolean;
}

/** The session at the page's address, as the server has it. */
async function sessionOf(page: Page, name: string): Promise<Session> {
  await page.waitForFunction(
      (game) => new RegExp(`^#/${game}/[0-9a-f]{32}$`).test(location.hash), name);
  const id = /([0-9a-f]{32})$/.exec(page.url())?.[1] ?? '';
  return api<Session>(arcade.url, 'GET', `/api/sessions/${id}`);
}

/** Each game's card, and what its game in one click is (the config's defaults that matter). */
const GAMES: { title: string; name: string; ready: string; config: Record<string, unknown> }[] = [
  { title: 'Word Game', name: 'hand', ready: '.hand-tile',
    config: { hands: 1, hand_size: 7, hints: false } },
  { title: 'Evil Hangman', name: 'evil-hangman', ready: '.eh-key:not([disabled])',
    config: { length: 8, guesses: 8, strategy: 'largest', explain: true } },
  { title: 'Word Search', name: 'boggle', ready: '.bg-cell',
    config: { size: 4, seconds: 180, scoring: 'spec' } },
  { title: 'Letter Auction', name: 'auction', ready: '.auction-table',
    config: { rounds: 5, hidden_letters: 2 } },
  { title: 'Position Hangman', name: 'hangman', ready: '.hangman-positions button',
    config: { mode: 'easy', hints: true } },
  { title: 'Adversarial Wordle', name: 'wordle', ready: '.wd-current',
    config: { length: 5, host: 'largest' } },
];

for (const { title, name, ready, config } of GAMES) {
  test(`${title}: the lobby card plays a game at once, with the defaults and no seed shown`,
       async () => {
    const { context, page } = await openPage(browser, arcade.url);
    await page.locator('.lobby-card', { hasText: title }).click();
    const session = await sessionOf(page, name);
    await page.locator(ready).first().waitFor();
    for (const [field, value] of Object.entries(config)) {
      assert.deepEqual(session.config[field], value, `${field} of a game in one click`);
    }
    assert.equal(session.finished, false);
    if (name === 'auction') {
      // Your own seat against the default bots, not a game of bots.
      const seats = session.config.seats as { kind: string; name?: string }[];
      assert.equal(seats[0]?.kind, 'person');
      assert.ok(seats.slice(1).every((seat) => seat.kind === 'bot') && seats.length > 2);
    }
    // The options are one click away, folded; nothing in play says a word of seeds.
    const panel = page.locator('details.custom-game');
    assert.equal(await panel.getAttribute('open'), null);
    assert.equal(await panel.locator('> summary').textContent(), 'Custom game');
    assert.doesNotMatch(await page.locator('main').innerText(), /\bseed/i);
    assert.deepEqual(await accessibilityProblems(page), []);
    await screenshot(page, `play-${name}-light`);
    await context.close();
  });
}

test('the Custom game panel starts a game with the options chosen', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/hand`);
  const first = await sessionOf(page, 'hand');
  assert.equal(first.config.hands, 1);
  await page.locator('.hand-tile').first().waitFor();
  const address = page.url();
  // One click opens it, with the keyboard too; the game stays in play meanwhile.
  await tabTo(page, 'details.custom-game > summary');
  await page.keyboard.press('Enter');
  const hands = page.getByLabel('Hands');
  await hands.waitFor();
  assert.equal(await hands.inputValue(), '1', 'the game in play\'s options');
  assert.equal(page.url(), address);
  assert.equal(await page.locator('.hand-board').isVisible(), true);
  await hands.fill('3');
  await page.getByLabel('Allow hints').check();
  const from = await heardCount(page);
  await page.getByRole('button', { name: 'Deal' }).click();
  await nextAnnouncement(page, /^Hand 1 of 3: /, from);
  await page.waitForFunction((old) => location.href !== old, address);
  const second = await sessionOf(page, 'hand');
  assert.equal(second.config.hands, 3);
  assert.equal(second.config.hints, true);
  assert.equal(await page.locator('details.custom-game').getAttribute('open'), null,
               'folded again once the game is dealt');
  await context.close();
});

test('#/<game>/custom is the panel, open, with no game; the lobby links to it', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await tabTo(page, 'a.lobby-custom[href="#/wordle/custom"]');
  assert.equal(await page.locator('a.lobby-custom[href="#/wordle/custom"]').getAttribute(
                   'aria-label'), 'Custom game of Adversarial Wordle');
  await page.keyboard.press('Enter');
  await page.locator('details.custom-game[open] select[name=host] option').first()
      .waitFor({ state: 'attached' });
  assert.match(page.url(), /#\/wordle\/custom$/);
  assert.equal(await page.locator('.wd-play').isHidden(), true, 'no game in play');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') asked.push(new URL(request.url()).pathname);
  });
  await page.selectOption('select[name=host]', 'fair');
  await page.setChecked('input[name=hard]', true);
  await page.fill('input[name=seed]', '12');
  const from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of 5 letters, 6 guesses allowed, hard mode\./,
                         from);
  const session = await sessionOf(page, 'wordle');
  assert.equal(session.config.host, 'fair');
  assert.equal(session.config.hard, true);
  assert.deepEqual(asked, ['/api/sessions']);
  // A seed typed: practice, said as such, but no seed shown while the game is played.
  assert.match(await page.locator('.wd-seed').textContent() ?? '', /^Practice: /);
  assert.doesNotMatch(await page.locator('.wd-play').innerText(), /12/);
  // Given up: the end offers the same options again, and the panel.
  await page.click('button:text("Give up")');
  await page.locator('.wd-result').waitFor();
  assert.match(await page.locator('.wd-seed').textContent() ?? '',
               /^Play this word again: seed 12 \(in Custom game\)\./);
  await page.getByRole('button', { name: 'Custom game' }).click();
  await page.locator('details.custom-game[open]').waitFor();
  assert.match(page.url(), /#\/wordle\/custom$/);
  assert.equal(await page.inputValue('select[name=host]'), 'fair');
  await screenshot(page, 'play-wordle-custom-light');
  await context.close();
});

test('Word Search plays alone in one click; rooms and the best boards keep their links',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/boggle`);
  await sessionOf(page, 'boggle');
  assert.match(await page.locator('.bg-info').textContent() ?? '', /simple scoring/);
  assert.match(await page.locator('.bg-timer').textContent() ?? '', /^Time left: [23]:/);
  await page.locator('.bg-modes a', { hasText: 'Play with friends' }).click();
  await page.locator('.bg-room-create').waitFor();
  assert.equal(await page.locator('details.custom-game').isHidden(), true);
  assert.match(page.url(), /#\/boggle\/room$/);
  await page.locator('.bg-modes a', { hasText: 'The best boards' }).click();
  await page.locator('.bg-best-card').first().waitFor();
  assert.match(page.url(), /#\/boggle\/best$/, 'no round starts by itself');
  await context.close();
});

test('Evil Hangman\'s first game, begun by the page, puts nothing at stake', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/evil-hangman`);
  await nextAnnouncement(page, /^New game: a word of 8 letters/, 0);
  const atStake = () => page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    dispatchEvent(event);
    return event.defaultPrevented;
  });
  assert.equal(await atStake(), false, 'no guess yet: nothing to lose');
  const from = await heardCount(page);
  await page.keyboard.press('e');
  await nextAnnouncement(page, /^(Yes, E|No E)/, from);
  assert.equal(await atStake(), true);
  await context.close();
});

test('How to play is open on the first visit to a game, folded on the next, per player',
     async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
  const rules = page.locator('details.rules');
  await rules.waitFor();
  assert.notEqual(await rules.getAttribute('open'), null, 'open the first time');
  await screenshot(page, 'play-rules-first-visit-light');
  // Another game's first visit is its own.
  await page.goto(`${arcade.url}#/hand/custom`);
  await page.locator('h1', { hasText: 'Word Game' }).waitFor();
  assert.notEqual(await page.locator('details.rules').getAttribute('open'), null);
  // The second visit: folded, one click away.
  await page.goto(`${arcade.url}#/wordle/custom`);
  await page.locator('h1', { hasText: 'Adversarial Wordle' }).waitFor();
  assert.equal(await page.locator('details.rules').getAttribute('open'), null);
  await page.locator('details.rules summary').click();
  assert.notEqual(await page.locator('details.rules').getAttribute('open'), null);
  // Another player on this browser has not seen it yet.
  await page.evaluate(() => localStorage.setItem('wordgames.player', 'Bo'));
  await page.reload();
  await page.locator('h1', { hasText: 'Adversarial Wordle' }).waitFor();
  assert.notEqual(await page.locator('details.rules').getAttribute('open'), null);
  await context.close();
});

test('a game in play that could not be found again is left for a custom one only if the ' +
     'player says so', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/wordle`);
  await sessionOf(page, 'wordle');
  await page.locator('.wd-current').waitFor();
  let from = await heardCount(page);
  await page.keyboard.type('slate');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^SLATE: /, from);
  const address = page.url();
  await page.locator('details.custom-game > summary').click();
  await page.locator('details.custom-game select[name=host] option').first()
      .waitFor({ state: 'attached' });
  // The player stays: the game goes on.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.click('button:text("Start")');
  assert.deepEqual(asked, ['Start a new game? The game in play cannot be found again once you ' +
                           'leave it.']);
  assert.equal(page.url(), address);
  assert.equal(await page.locator('.wd-row:not(.wd-current)').count(), 1);
  // The player says so: a new game.
  page.once('dialog', (dialog) => void dialog.accept());
  from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of 5 letters/, from);
  assert.notEqual(page.url(), address);
  assert.equal(await page.locator('.wd-row:not(.wd-current)').count(), 0);
  await context.close();
});
