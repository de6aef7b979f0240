// Evil Hangman in the browser: a seeded game with the keyboard alone (a refusal included), games
// with the mouse (the explain table), the optimal host's progress (keyboard only), the letter
// pending while it thinks and the way out (the quick host, a give up), the form's
// own refusal, and no serious accessibility problem during and after a game in both schemes,
// desktop and phone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, api, type Arcade, heardCount, nextAnnouncement, openPage,
         screenshot, startArcade, tabTo, useArcade, waitForAnnouncement } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

const ORDER = 'esiarntolcdupmghbyfvkwzxqj';
const TURN = /^(Yes, [A-Z] is in the word|No [A-Z]\.)/;

/** The page's Custom game form (#/evil-hangman/custom), its fields in. */
async function openGame(options: Parameters<typeof openPage>[2] = {}) {
  const opened = await openPage(browser, `${arcade.url}#/evil-hangman/custom`, options);
  await opened.page.locator('select[name=strategy] option').first().waitFor({ state: 'attached' });
  return opened;
}

/** Fills the form with the mouse (for the tests whose subject is not the form). */
async function startWithMouse(page: Page, settings: { length: number; guesses: number;
                                                      strategy: string; seed: number;
                                                      show?: boolean }): Promise<void> {
  const from = await heardCount(page);
  await page.selectOption('select[name=length]', String(settings.length));
  await page.fill('input[name=guesses]', String(settings.guesses));
  await page.selectOption('select[name=strategy]', settings.strategy);
  await page.setChecked('input[name=show_remaining]', settings.show ?? false);
  await page.fill('input[name=seed]', String(settings.seed));
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of/, from);
}

/** Clicks keys in ORDER until the game ends; returns the last announcement. */
async function playWithMouse(page: Page): Promise<string> {
  for (const letter of ORDER) {
    const key = page.locator(`.eh-key[data-letter="${letter}"]`);
    if (await key.isDisabled()) continue;
    const from = await heardCount(page);
    await key.click();
    const said = await nextAnnouncement(page, TURN, from);
    if (/You (won|lost)/.test(said)) return said;
  }
  throw new Error('the game never ended');
}

test('a seeded game played with the keyboard alone, with a refusal', async () => {
  const { context, page } = await openGame();
  await tabTo(page, 'select[name=length]');
  await page.keyboard.press('4');
  assert.equal(await page.inputValue('select[name=length]'), '4');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await tabTo(page, 'input[name=show_remaining]');
  await page.keyboard.press('Space');
  await tabTo(page, 'input[name=seed]');
  await page.keyboard.type('2024');
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  assert.match(await nextAnnouncement(page, /^New game/, from),
               new RegExp('^New game: a word of 4 letters, 5 wrong guesses allowed\\. ' +
                          'The host holds [0-9,]+ words\\. Type a letter to guess\\.$'));
  assert.equal(await page.locator('.eh-tile').count(), 4);

  // The first guess, then the same letter again: the server's refusal, shown and announced.
  from = await heardCount(page);
  await page.keyboard.press('e');
  assert.match(await nextAnnouncement(page, TURN, from), /^(Yes, E is in the word|No E\.)/);
  assert.equal(await page.locator('.eh-key[data-letter="e"]').isDisabled(), true);
  assert.match(await page.locator('.eh-key[data-letter="e"]').getAttribute('class') ?? '',
               /\b(hit|miss)\b/);
  from = await heardCount(page);
  await page.keyboard.press('E');
  assert.equal(await nextAnnouncement(page, /already/, from), 'You already guessed E.');
  assert.equal(await page.locator('.error').textContent(), 'You already guessed E.');

  // Letters typed until the game ends.
  let last = '';
  for (const letter of ORDER.slice(1)) {
    from = await heardCount(page);
    await page.keyboard.press(letter);
    last = await nextAnnouncement(page, TURN, from);
    if (/You (won|lost)/.test(last)) break;
  }
  assert.match(last, new RegExp('(You won with [0-9]+ miss(es)?! The word is [A-Z]{4}\\.|' +
                                "You lost\\. The host's word was [A-Z]{4}\\.)$"));
  const word = /([A-Z]{4})\.$/.exec(last)?.[1] ?? '';
  assert.equal((await page.locator('.eh-tile').allTextContents()).join(''), word);
  assert.equal(await page.locator('.error').count(), 0);
  assert.equal(await page.locator('.eh-gallows').getAttribute('role'), 'img');

  // Over, the word's seed is shown, to play it again.
  assert.match(await page.locator('.eh-seed').textContent() ?? '',
               /^Play this word again: seed 2024 \(in Custom game\)\./);

  // Play again from the focused button, with the keyboard.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Play again');
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^New game: a word of 4 letters/, from);
  // In play, no seed: only that the game is practice (its seed was typed).
  assert.match(await page.locator('.eh-seed').textContent() ?? '', /^Practice: /);
  assert.doesNotMatch(await page.locator('.eh-seed').textContent() ?? '', /2024/);
  from = await heardCount(page);
  await page.keyboard.press('a');
  await nextAnnouncement(page, TURN, from);
  await context.close();
});

test('the mouse plays a whole game, and the explain table marks the family kept', async () => {
  const { context, page } = await openGame();
  await startWithMouse(page, { length: 5, guesses: 26, strategy: 'lookahead', seed: 7,
                               show: true });
  const from = await heardCount(page);
  await page.click('.eh-key[data-letter="e"]');
  await nextAnnouncement(page, TURN, from);
  const caption = await page.locator('.eh-families caption').textContent();
  assert.match(caption ?? '', /^After E: [0-9,]+ words in [0-9]+ famil(y|ies); the host kept/);
  assert.equal(await page.locator('.eh-families tr.eh-kept').count(), 1);
  assert.match(await page.locator('.eh-families tr.eh-kept').textContent() ?? '', /kept/);
  // With 26 guesses the host cannot win: the word is found in the end.
  const last = await playWithMouse(page);
  const won = /^Yes, [A-Z] is in the word.*You won with [0-9]+ miss(es)?! The word is [A-Z]{5}\.$/;
  assert.match(last, won);
  const word = /([A-Z]{5})\.$/.exec(last)?.[1];
  assert.equal(await page.locator('.eh-result').textContent(), `You won! The word is ${word}`);
  await context.close();
});

test('the optimal host shows its progress while it decides, keyboard only', async () => {
  const { context, page } = await openGame();
  // The form with the keyboard: 3 letters, 3 wrong guesses, the optimal host, seed 3.
  await tabTo(page, 'select[name=length]');
  await page.keyboard.press('3');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await tabTo(page, 'select[name=strategy]');
  await page.keyboard.press('o');
  assert.equal(await page.inputValue('select[name=strategy]'), 'optimal');
  await tabTo(page, 'input[name=seed]');
  await page.keyboard.type('3');
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^New game: a word of 3 letters/, from);
  // Every state the page goes through while a guess is decided: busy, the keys disabled, the
  // progress shown (the bar and its name), then all back.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __states: string[] }).__states = seen;
    const game = document.querySelector('.game');
    const thinking = document.querySelector('.eh-thinking');
    if (!game || !thinking) return;
    const record = () => {
      const key = document.querySelector('.eh-key[data-letter="b"]');
      const bar = document.querySelector<HTMLProgressElement>('#eh-progress');
      const label = document.getElementById(bar?.getAttribute('aria-labelledby') ?? '');
      const shown = !thinking.hasAttribute('hidden') && bar !== null && !bar.hidden;
      seen.push(`${game.getAttribute('aria-busy')}/${key?.getAttribute('aria-disabled')}/` +
                (shown ? `progress:${label?.textContent}` : 'none'));
    };
    new MutationObserver(record).observe(game, { attributes: true, attributeFilter: ['aria-busy'] });
    new MutationObserver(record).observe(thinking, { attributes: true, attributeFilter: ['hidden'] });
  });
  from = await heardCount(page);
  await page.keyboard.press('a');
  await nextAnnouncement(page, TURN, from);
  const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  assert.ok(states.includes('true/true/progress:The host is thinking about A…'),
            `the progress bar shows while the host decides: ${states.join(', ')}`);
  assert.equal(states.at(-1), 'false/null/none', 'then the page is free again');
  assert.equal(await page.locator('.eh-thinking').isHidden(), true);
  // The page never says the host is thinking more than once a guess.
  const heard = await page.evaluate(
      () => (window as unknown as { __announced: string[] }).__announced);
  assert.ok(heard.slice(from).filter((text) => text.startsWith('The host is thinking')).length <=
            1);
  // The game goes on, with the keyboard, to its end.
  let last = '';
  for (const letter of ORDER) {
    if (await page.locator(`.eh-key[data-letter="${letter}"]`).isDisabled()) continue;
    from = await heardCount(page);
    await page.keyboard.press(letter);
    last = await nextAnnouncement(page, TURN, from);
    if (/You (won|lost)/.test(last)) break;
  }
  assert.match(last, /You (won|lost)/);
  assert.equal(await page.locator('.eh-thinking').isHidden(), true);
  await context.close();
});

/**
 * Guesses E in a game of 8 letters against the optimal host, and checks what the page shows
 * while the host thinks: the letter pending on the keyboard and in the letters guessed, the
 * progress with what is known, and the way out open. The game is opened through the API with
 * the largest thinking budget the game takes (ten times the default, whose decision here already
 * runs into its budget: seconds), so the host is still thinking whatever the test's pace; the
 * test then ends the decision itself (the quick host, or a give up).
 */
async function guessWhileTheOptimalHostThinks(): Promise<Awaited<ReturnType<typeof openPage>>> {
  const created = await api<{ id: string }>(arcade.url, 'POST', '/api/sessions', {
    game: 'evil-hangman', seed: 1,
    config: { length: 8, guesses: 8, strategy: 'optimal', explain: true,
              budget: 200_000_000, work: 30_000_000_000 },
  });
  const opened = await openPage(browser, `${arcade.url}#/evil-hangman/${created.id}`);
  const { page } = opened;
  await waitForAnnouncement(page, /^New game: a word of/);
  await page.keyboard.press('e');
  const key = page.locator('.eh-key[data-letter="e"]');
  await page.locator('.eh-key.eh-pending[data-letter="e"]').waitFor();
  assert.equal(await key.getAttribute('aria-label'), 'E, waiting for the host');
  assert.equal(await page.locator('.eh-guessed .eh-pending-letter').textContent(),
               'E (waiting for the host)');
  assert.equal(await page.locator('.eh-play .status-line').textContent(),
               '8 wrong guesses left of 8 · E guessed, waiting for the host');
  assert.equal(await page.locator('#eh-thinking-label').textContent(),
               'The host is thinking about E…');
  assert.equal(await page.locator('#eh-progress').isVisible(), true);
  // The progress comes over the socket; with it, the seconds taken and the share in words.
  await page.waitForFunction(
      () => (document.querySelector<HTMLProgressElement>('#eh-progress')?.value ?? 0) > 0);
  assert.match(await page.locator('#eh-thinking-budget').textContent() ?? '',
               /^\d+ seconds?; \d+% of its thinking budget used \(it decides by the time the bar is full, often sooner\)$/);
  // The way out stays open; the other letters wait.
  assert.equal(await page.getByRole('button', { name: 'Give up' }).isEnabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Ask the quick host instead' }).isEnabled(),
               true);
  assert.equal(await page.locator('.eh-key[data-letter="a"]').getAttribute('aria-disabled'),
               'true');
  return opened;
}

test('while the optimal host thinks, the letter is pending and the quick host can take over',
     async () => {
  const { context, page } = await guessWhileTheOptimalHostThinks();
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'evil_hangman-thinking-light');
  // The quick host takes the guess back and answers it again at once.
  const from = await heardCount(page);
  await page.getByRole('button', { name: 'Ask the quick host instead' }).click();
  await nextAnnouncement(page, /^Your guess of E was taken back\./, from);
  await nextAnnouncement(page, /^The quick host \(largest family\) decides from now on/, from);
  await nextAnnouncement(page, TURN, from);
  assert.equal(await page.locator('.eh-key[data-letter="e"]').isDisabled(), true);
  assert.equal(await page.locator('.eh-pending').count(), 0);
  assert.equal(await page.locator('.eh-thinking').isHidden(), true);
  assert.match(await page.locator('.eh-guessed').textContent() ?? '', /^Letters guessed: E$/);
  // The rest of the game is the quick host's: no thinking shown.
  const next = await heardCount(page);
  await page.keyboard.press('a');
  await nextAnnouncement(page, TURN, next);
  assert.equal(await page.locator('.eh-thinking').isHidden(), true);
  assert.equal(await page.locator('.eh-switch').isHidden(), true);
  await context.close();
});

test('giving up while the optimal host thinks ends the game before the pending guess',
     async () => {
  const { context, page } = await guessWhileTheOptimalHostThinks();
  const from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /^You gave up\. The word was [A-Z]{8}\.$/, from);
  assert.match(await page.locator('.eh-guessed').textContent() ?? '',
               /^Letters guessed: none yet$/);
  assert.equal(await page.locator('.eh-thinking').isHidden(), true);
  assert.equal(await page.getByRole('button', { name: 'Play again' }).isVisible(), true);
  await context.close();
});

test('a bad seed is refused in the form, shown and announced', async () => {
  const { context, page } = await openGame();
  const from = await heardCount(page);
  await page.fill('input[name=seed]', 'twelve');
  await page.click('button:text("Start")');
  const said = await nextAnnouncement(page, /seed/, from);
  assert.match(said, /^The seed is a whole number from 0 to/);
  assert.equal(await page.locator('.error').textContent(), said);
  assert.equal(await page.locator('.eh-play').isHidden(), true);
  await context.close();
});

test('a game gone from the server sends the player back to the Custom game form', async () => {
  const { context, page } = await openGame();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/sessions'));
  await startWithMouse(page, { length: 5, guesses: 6, strategy: 'largest', seed: 5 });
  const { id } = (await (await created).json()) as { id: string };
  await api(arcade.url, 'DELETE', `/api/sessions/${id}`);
  const from = await heardCount(page);
  await page.keyboard.press('e');
  assert.match(await nextAnnouncement(page, /no longer/, from),
               /^This game is no longer on the server/);
  assert.equal(await page.locator('.custom-game[open] form').isVisible(), true);
  assert.equal(await page.locator('.eh-play').isHidden(), true);
  await context.close();
});

test('a reload mid-game keeps the game at its address, with the last guess explained',
     async () => {
  const { context, page } = await openGame();
  await startWithMouse(page, { length: 5, guesses: 6, strategy: 'largest', seed: 5 });
  let from = await heardCount(page);
  await page.keyboard.press('e');
  await nextAnnouncement(page, TURN, from);
  from = await heardCount(page);
  await page.keyboard.press('a');
  await nextAnnouncement(page, TURN, from);
  const address = page.url();
  assert.match(address, /#\/evil-hangman\/[0-9a-f]{32}$/);
  const pattern = await page.locator('.eh-pattern').getAttribute('aria-label');
  const caption = await page.locator('.eh-families caption').textContent();
  assert.match(caption ?? '', /^After A: /);
  await page.reload();
  await nextAnnouncement(page, /^Resumed: a word of 5 letters, /, 0);
  assert.equal(page.url(), address);
  assert.equal(await page.locator('.eh-pattern').getAttribute('aria-label'), pattern);
  await page.locator('.eh-families caption').waitFor();
  assert.equal(await page.locator('.eh-families caption').textContent(), caption);
  assert.doesNotMatch(await page.locator('.eh-play').innerText(), /seed \d/i);
  assert.equal(await page.locator('.eh-key[data-letter="e"]').isDisabled(), true);
  await context.close();
});

test('the fair host\'s seed is shown only at the end, and "Play again" then deals a new ' +
     'session', async () => {
  const { context, page } = await openGame();
  await page.selectOption('select[name=length]', '5');
  await page.fill('input[name=guesses]', '6');
  await page.selectOption('select[name=strategy]', 'fair');
  let from = await heardCount(page);
  await page.click('button:text("Start")');  // the seed left blank: the server draws it
  await nextAnnouncement(page, /^New game: a word of/, from);
  const first = page.url();
  assert.equal(await page.locator('.eh-seed').textContent(), '');
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /The word was/, from);
  // Shown now, the seed would draw the next game's word: "Play again" opens a new session.
  assert.match(await page.locator('.eh-seed').textContent() ?? '',
               /^Play this word again: seed \d+ \(in Custom game\)\.$/);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Play again' }).click();
  await nextAnnouncement(page, /^New game: a word of 5 letters/, from);
  assert.notEqual(page.url(), first);
  assert.match(page.url(), /#\/evil-hangman\/[0-9a-f]{32}$/);
  assert.equal(await page.locator('.eh-seed').textContent(), '');
  await context.close();
});

test('the form offers only the lengths the word list has words of', async () => {
  // An arcade of its own with a word list of 3- and 5-letter words only.
  const dir = mkdtempSync(path.join(tmpdir(), 'wg-eh-'));
  const list = path.join(dir, 'words.txt');
  writeFileSync(list, 'cat\ndog\nbee\napple\ngrape\nlemon\n');
  const small = await startArcade(['--lexicon', list]);
  const { context, page } = await openPage(browser, `${small.url}#/evil-hangman/custom`);
  try {
    await page.locator('select[name=strategy] option').first().waitFor({ state: 'attached' });
    await page.locator('select[name=length] option[value="5"]').waitFor({ state: 'attached' });
    assert.deepEqual(await page.locator('select[name=length] option').allTextContents(),
                     ['3', '5']);
  } finally {
    await context.close();
    await small.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`evil_hangman ${suffix}: no serious accessibility problem during and after a game`,
         async () => {
           const { context, page } = await openGame({ colorScheme, phone });
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `evil_hangman-setup-${suffix}`);
           await startWithMouse(page, { length: 6, guesses: 6, strategy: 'largest', seed: 11,
                                        show: true });
           for (const letter of 'ea') {
             const from = await heardCount(page);
             await page.keyboard.press(letter);
             await nextAnnouncement(page, TURN, from);
           }
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `evil_hangman-playing-${suffix}`);
           const from = await heardCount(page);
           await page.click('button:text("Give up")');
           await nextAnnouncement(page, /^You gave up\. The word was [A-Z]{6}\.$/, from);
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `evil_hangman-finished-${suffix}`);
           await context.close();
         });
  }
}
