// Letter Auction's replays and tournaments in the browser: a committed log (written by
// `wordgames auction --players strong,value,random --rounds 1 --seed 7 --log FILE`) opened and
// stepped through with the keyboard, a broken log refused with its line named, and a short
// tournament run to its table, with its announcements; the external bot the operator allowed
// is offered. Screenshots in light, dark and at phone width. Every wait is for an announcement
// or an element, never for time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { accessibilityProblems, type Arcade, heardCount, nextAnnouncement, openPage, screenshot,
         tabTo, typeOver, useArcade, waitForAnnouncement } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceTests = path.join(here, '..', '..', 'tests');
const LOG = path.join(sourceTests, 'fixtures', 'auction-small.jsonl');
const ZERO_BOT = `/bin/sh ${path.join(sourceTests, '..', '..', 'tests', 'protocol', 'bots',
                                      'zero_bot.sh')}`;

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--allow-bot', ZERO_BOT]);

/** The log's last line: the game's end, whose points the replay must reach. */
function loggedEnd(): { points: number[] } {
  const lines = readFileSync(LOG, 'utf8').trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? '{}') as { points: number[] };
}

test('a saved log is replayed and stepped through with the keyboard', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await page.locator('form.auction-setup').waitFor();
  // The file input is reachable with the keyboard, and labelled.
  await tabTo(page, '#auction-log');
  assert.equal(await page.locator('label[for="auction-log"]').textContent(), 'Open a log');
  await page.setInputFiles('#auction-log', LOG);
  await waitForAnnouncement(page, /^Replaying auction-small\.jsonl: press Step/);
  assert.match(await page.locator('h2').first().textContent() ?? '', /Replay of auction-small/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-step');

  let count = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^The game begins: 3 players, 1 round\.$/, count);
  count = await heardCount(page);
  await page.keyboard.press('Space');
  await nextAnnouncement(page, /^Round 1 of 1 begins\.$/, count);
  count = await heardCount(page);
  await page.keyboard.press('Enter');
  // The log's first auction: S went to strong for 4.
  await nextAnnouncement(page, /^S, worth 1, went to strong for 4 points/, count);
  await screenshot(page, 'auction-replay-light');

  // The replay is a session at its address: a reload goes on with it, still a replay.
  const address = page.url();
  assert.match(address, /#\/auction\/[0-9a-f]{32}$/);
  await page.reload();
  await waitForAnnouncement(page, /^The replay of auction-small\.jsonl goes on where it was\./);
  assert.equal(page.url(), address);
  assert.match(await page.locator('h2').first().textContent() ?? '', /Replay of auction-small/);
  assert.match(await page.locator('.auction-latest').textContent() ?? '',
               /^Last auction: S, worth 1, went to strong for 4 points/);

  count = await heardCount(page);
  await tabTo(page, '#auction-end');
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /Game over:/, count);
  const points = await page.locator('.auction-standings li').allTextContents();
  const expected = loggedEnd().points;
  for (const total of expected) {
    assert.ok(points.some((line) => line.includes(String(total))), `${total} in ${points}`);
  }
  // A replay is one game: no "Play again", the keyboard goes to "Custom game".
  assert.equal(await page.locator('#auction-again').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Custom game');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

test('a broken log is refused, naming its line', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`,
                                           { colorScheme: 'dark' });
  await page.locator('form.auction-setup').waitFor();
  const lines = readFileSync(LOG, 'utf8').split('\n');
  lines[2] = '{"event": "auction", "round": ';
  await page.setInputFiles('#auction-log', { name: 'broken.jsonl', mimeType: 'text/plain',
                                             buffer: Buffer.from(lines.join('\n')) });
  const refusal = await waitForAnnouncement(page, /^broken\.jsonl cannot be replayed: /);
  assert.match(refusal, /broken\.jsonl:3:/);
  assert.equal(await page.locator('#auction-log-message .error').textContent(), refusal);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'auction-log');
  await screenshot(page, 'auction-replay-refused-dark');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});

for (const options of [{ name: 'light' }, { name: 'dark', colorScheme: 'dark' as const },
                       { name: 'phone', phone: true }]) {
  test(`a short tournament runs to its table (${options.name})`, async () => {
    const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`, options);
    await page.locator('form.auction-setup').waitFor();
    await tabTo(page, '#auction-tournament');
    await page.keyboard.press('Enter');
    await waitForAnnouncement(page, /^Set up a tournament\.$/);
    // The external bot the operator allowed is one of the choices.
    const choices = await page.locator('#auction-bot-0 option').allTextContents();
    assert.ok(choices.includes(`external: ${ZERO_BOT}`), choices.join(', '));
    assert.equal(await page.locator('#auction-person').count(), 0);
    await tabTo(page, '#auction-games');
    await typeOver(page, '8');
    await tabTo(page, '#auction-rounds');
    await typeOver(page, '1');
    await tabTo(page, '#auction-seed');
    await typeOver(page, '5');
    if (options.name === 'light') await screenshot(page, 'auction-tournament-setup-light');
    await page.keyboard.press('Enter');
    await waitForAnnouncement(page, /^The tournament has started: 8 games\.$/);
    const over = await waitForAnnouncement(page, /^The tournament is over: 8 games played\. /);
    assert.match(over, /scored most, \d+\.\d points a game on average, and won [\d.]+% of its/);
    assert.equal(await page.locator('#tournament-progress').getAttribute('aria-label'),
                 'Games played');
    assert.equal(await page.locator('#tournament-progress').evaluate(
        (bar) => (bar as HTMLProgressElement).value), 8);
    assert.equal(await page.locator('#tournament-count').textContent(), '8 of 8 games played');
    // The default lineup has three distinct bots: strong, value (twice) and random.
    const rows = page.locator('#tournament-table tbody tr');
    assert.equal(await rows.count(), 3);
    const names = await page.locator('#tournament-table tbody th').allTextContents();
    assert.deepEqual([...names].sort(), ['random', 'strong', 'value']);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tournament-new');
    await screenshot(page, `auction-tournament-${options.name}`);
    assert.deepEqual(await accessibilityProblems(page), []);
    await context.close();
  });
}
