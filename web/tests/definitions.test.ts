// What words mean at the end of a game (games/common/definition.ts, GET /api/definitions/WORD):
// the secret word of Wordle, evil hangman and position hangman behind a "What does WORD mean?"
// disclosure, opened with the keyboard; a word of Boggle's results pressed; and a server without
// WordNet, which the page says plainly. Skips the lookups when the arcade has no WordNet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, heardCount, nextAnnouncement, openPage, screenshot,
         tabTo, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

/** Whether the arcade can define words (503 not_installed otherwise). */
async function installed(): Promise<boolean> {
  const response = await fetch(new URL('/api/definitions/dog', arcade.url));
  return response.status === 200;
}

/** From Wordle's Custom game panel: a game against the fair host (seed 2024), given up. */
async function giveUpAFairWordle(page: Page): Promise<void> {
  await page.locator('select[name=host] option').first().waitFor({ state: 'attached' });
  await page.selectOption('select[name=host]', 'fair');
  await page.fill('input[name=seed]', '2024');
  let from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of/, from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /^You gave up\. The word was [A-Z]+\./, from);
}

/**
 * Opens the secret word's definition with the keyboard at the end of a game, checks that it
 * shows the word's senses and announces them, and closes it again.
 */
async function openTheSecretsDefinition(page: Page, name: string): Promise<void> {
  const toggle = page.locator('.definition-toggle');
  await toggle.waitFor();
  const label = await toggle.textContent() ?? '';
  const word = /^What does ([A-Z]+) mean\?$/.exec(label)?.[1];
  assert.ok(word, label);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  assert.equal(await panel.getAttribute('aria-live'), 'polite');
  assert.equal(await panel.isHidden(), true);
  await tabTo(page, '.definition-toggle');
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await panel.locator('.definition-word, .definition-none').first().waitFor();
  const heading = await panel.locator('.definition-word, .definition-none').first().textContent();
  if (await panel.locator('.definition-word').count() > 0) {
    assert.match(heading ?? '', new RegExp(`^${word}( \\(as [a-z, ]+\\))?$`));
    const senses = await panel.locator('.definition-senses li').count();
    assert.ok(senses >= 1 && senses <= 3, `${senses} senses shown`);
    assert.match(await panel.locator('.definition-pos').first().textContent() ?? '',
                 /^(noun|verb|adjective|adverb)$/);
  } else {
    assert.equal(heading, `WordNet has no entry for ${word}.`);
  }
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, `definitions-${name}`);
  await page.keyboard.press('Enter');  // the toggle keeps the focus: closes it
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await panel.isHidden(), true);
}

test('the secret word of Wordle, after giving up, with the keyboard', async (t) => {
  if (!await installed()) return t.skip('WordNet is not installed here');
  const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
  await giveUpAFairWordle(page);
  await openTheSecretsDefinition(page, 'wordle');
  await context.close();
});

test('the secret word of evil hangman, in the dark scheme on a phone', async (t) => {
  if (!await installed()) return t.skip('WordNet is not installed here');
  const { context, page } = await openPage(browser, `${arcade.url}#/evil-hangman/custom`,
                                           { colorScheme: 'dark', phone: true });
  await page.locator('select[name=strategy] option').first().waitFor({ state: 'attached' });
  await page.selectOption('select[name=length]', '5');
  await page.selectOption('select[name=strategy]', 'fair');
  await page.fill('input[name=seed]', '7');
  let from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^New game: a word of/, from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /^You gave up\. The word was [A-Z]+\.$/, from);
  await openTheSecretsDefinition(page, 'evil-hangman-dark-phone');
  await context.close();
});

test('the secret word of position hangman', async (t) => {
  if (!await installed()) return t.skip('WordNet is not installed here');
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/custom`);
  await page.getByLabel('Mode').waitFor();
  await page.getByLabel('Seed (optional, to replay a game)').fill('6');
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Game 1: a word of/, from);
  from = await heardCount(page);
  await page.getByRole('button', { name: 'Give up' }).click();
  await nextAnnouncement(page, /[Tt]he word was [A-Z]+/, from);
  await openTheSecretsDefinition(page, 'hangman');
  await context.close();
});

test('a word of Boggle\'s results, pressed, says what it means', async (t) => {
  if (!await installed()) return t.skip('WordNet is not installed here');
  const { context, page } = await openPage(browser, `${arcade.url}#/boggle/custom`);
  await page.locator('select[name=scoring] option').first().waitFor({ state: 'attached' });
  await page.selectOption('select[name=size]', '4');
  await page.fill('input[name=seconds]', '300');
  await page.fill('input[name=seed]', '99');
  const from = await heardCount(page);
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^Round 1: a 4 by 4 board/, from);
  await page.click('button:text("End round now")');
  // Seed 99's board: SHEUGHS (no entry in WordNet) and TWEED (a noun) are among the missed.
  const panel = page.locator('.bg-end .definition');
  const unknown = page.locator('.bg-missed button', { hasText: /^SHEUGHS/ });
  await unknown.focus();
  await page.keyboard.press('Enter');
  assert.equal(await panel.getAttribute('aria-live'), 'polite');
  await panel.locator('.definition-none').waitFor();
  assert.equal(await panel.textContent(), 'WordNet has no entry for SHEUGHS.');
  await page.locator('.bg-missed button', { hasText: /^TWEED/ }).click();
  await panel.locator('.definition-word').waitFor();
  assert.equal(await panel.locator('.definition-word').textContent(), 'TWEED');
  assert.match(await panel.locator('.definition-senses li').first().textContent() ?? '',
               /^noun .*fabric/);
  // The path is shown as before.
  assert.ok(await page.locator('.bg-on-path').count() > 0);
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'definitions-boggle');
  await context.close();
});

test('a word of the word game\'s best plan, pressed, says what it means', async (t) => {
  if (!await installed()) return t.skip('WordNet is not installed here');
  const { context, page } = await openPage(browser, `${arcade.url}#/hand/custom`);
  await page.getByRole('button', { name: 'Deal' }).waitFor();
  await page.getByLabel('Seed (optional, to replay a game)').fill('5');
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.getByRole('button', { name: 'Keep this hand' }).click();
  await page.getByRole('button', { name: 'End the hand (!)' }).click();
  const word = page.locator('.hand-ended .hand-plan button').first();
  await word.waitFor();
  const typed = /^([A-Z*]+)(?: \(([A-Z]+)\))? \d+$/.exec(await word.textContent() ?? '');
  assert.ok(typed, await word.textContent() ?? '');
  const spelled = typed[2] ?? typed[1];
  await word.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('.hand-ended .definition');
  await panel.locator('.definition-word, .definition-none').first().waitFor();
  assert.match(await panel.textContent() ?? '',
               new RegExp(`^(${spelled}|WordNet has no entry for ${spelled}\\.)`));
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'definitions-hand');
  await context.close();
});

test('a server without WordNet: the page says definitions are not installed', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/wordle/custom`);
  await page.route('**/api/definitions/**', (route) => route.fulfill({
    status: 503, contentType: 'application/json',
    body: JSON.stringify({ error: 'definitions are not installed', code: 'not_installed' }),
  }));
  await giveUpAFairWordle(page);
  await page.locator('.definition-toggle').click();
  const none = page.locator('.definition .definition-none');
  await none.waitFor();
  assert.equal(await none.textContent(), 'Definitions are not installed on this arcade.');
  // The play goes on: the end of the game is untouched.
  assert.equal(await page.getByRole('button', { name: 'Play again' }).isVisible(), true);
  await context.close();
});
