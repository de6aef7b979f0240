// Letter Auction tournaments on workers (`wordgames serve --on-workers`): the page is
// the same, a `wordgames worker` over the arcade's data plays the tournament, and the page follows
// it to its table; it offers no Stop (a queued tournament runs to its end). Every wait is for an
// announcement or an element, never for time.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityProblems, type Arcade, binary, openPage, tabTo, typeOver, useArcade,
         waitForAnnouncement } from './support';

let arcade: Arcade;
let browser: Browser;
let worker: ChildProcess | undefined;

const data = mkdtempSync(path.join(os.tmpdir(), 'wg-tournament-workers-'));
after(() => {
  worker?.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
}, ['--data', data, '--on-workers']);

test('a tournament on workers is played by a worker and followed to its table', async () => {
  worker = spawn(binary, ['--data', data, 'worker'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { context, page } = await openPage(browser, `${arcade.url}#/auction/custom`);
  await page.locator('form.auction-setup').waitFor();
  await tabTo(page, '#auction-tournament');
  await page.keyboard.press('Enter');
  await waitForAnnouncement(page, /^Set up a tournament\.$/);
  await tabTo(page, '#auction-games');
  await typeOver(page, '4');
  await tabTo(page, '#auction-rounds');
  await typeOver(page, '1');
  await tabTo(page, '#auction-seed');
  await typeOver(page, '5');
  await page.keyboard.press('Enter');
  await waitForAnnouncement(page, /^The tournament has started: 4 games\.$/);
  assert.equal(await page.locator('#tournament-stop').isHidden(), true);
  await waitForAnnouncement(page, /^The tournament is over: 4 games played\. /);
  assert.equal(await page.locator('#tournament-count').textContent(), '4 of 4 games played');
  assert.equal(await page.locator('#tournament-table tbody tr').count(), 3);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tournament-new');
  assert.deepEqual(await accessibilityProblems(page), []);
  await context.close();
});
