// Share and challenge: a finished game's Share button (the clipboard refused here, so the text
// is shown to copy, with its challenge link), and the link played in a second browser context,
// whose end shows both results side by side.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, type Arcade, openPage, screenshot, useArcade, waitForAnnouncement } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

interface Opened { id: string; view: { word?: string } }

/** A guess, then giving up: a position hangman game played (one given up at once is none). */
async function playOut(id: string): Promise<string> {
  await api(arcade.url, 'POST', `/api/sessions/${id}/commands`,
            { command: 'guess', position: 0, letter: 'E' });
  const ended = await api<Opened>(arcade.url, 'POST', `/api/sessions/${id}/commands`,
                                  { command: 'give_up' });
  return ended.view.word ?? '';
}

test('a finished game is shared with its challenge link, played in a second context', async () => {
  const first = await api<Opened>(arcade.url, 'POST', '/api/sessions', { game: 'hangman' });
  const { context, page } = await openPage(browser, `${arcade.url}#/hangman/${first.id}`);
  await page.waitForSelector('.game-hangman');
  const word = await playOut(first.id);
  await page.reload();
  const button = page.locator('.share-panel .share-button');
  await button.waitFor();
  await button.click();
  await waitForAnnouncement(page, /share text|Copied/);
  const shared = await page.locator('.share-panel .share-text').inputValue();
  assert.match(shared, /^Position Hangman, easy, \d+ letters: gave up, /);
  assert.ok(!shared.toUpperCase().includes(word), `no word in ${shared}`);
  const link = /(http\S*#\/challenge\/\S+)/.exec(shared)?.[1];
  assert.ok(link, shared);
  await screenshot(page, 'challenge-share');
  await context.close();

  const second = await openPage(browser, link);
  await second.page.waitForURL(/#\/hangman\/[0-9a-f]{32}$/);
  await second.page.locator('.share-challenge').waitFor();
  assert.match(await second.page.locator('.share-challenge').innerText(),
               /challenges you to this game; their result: gave up, /);
  const id = /#\/hangman\/([0-9a-f]{32})$/.exec(second.page.url())?.[1] ?? '';
  assert.equal(await playOut(id), word, 'the same game');
  await second.page.reload();
  const results = second.page.locator('.share-panel .share-results');
  await results.waitFor();
  assert.match(await results.innerText(), /^You: gave up, .* · player: gave up, /);
  await screenshot(second.page, 'challenge-answered');
  // The rematch: a new game of the same options, whose end gives a code to challenge them back.
  await second.page.getByRole('button', { name: 'Rematch: a new game to challenge player back' })
      .click();
  await second.page.waitForURL((url) => !url.hash.endsWith(id) && /#\/hangman\/[0-9a-f]{32}$/
      .test(url.hash));
  const rematch = /#\/hangman\/([0-9a-f]{32})$/.exec(second.page.url())?.[1] ?? '';
  assert.notEqual(rematch, id);
  await playOut(rematch);
  await second.page.reload();
  await second.page.locator('.share-panel .share-button').click();
  await waitForAnnouncement(second.page, /share text|Copied/);
  assert.match(await second.page.locator('.share-panel .share-text').inputValue(),
               /#\/challenge\/\S+/, 'a code of its own, to send back');
  await second.context.close();
});

test('a bad challenge link says what is wrong', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/challenge/AAAAAAAA`);
  await page.getByText(/challenge code/).first().waitFor();
  assert.ok(await page.locator('a[href="#/"]').count() > 0);
  await context.close();
});
