// Word Search rooms in the browser: two players in two browser contexts of one Chromium. Ann
// creates a room with a fixed seed, Bo joins by its link, Ann starts, both play with the keyboard
// alone (one word in common), both end their round with the end control (no waiting on the
// clock), and both see the same results, where the shared word scores nothing; a third player
// who comes during the round waits for the next (which he plays) and holds up no results; what
// the aria-live region said, the axe scan of the room's pages, and screenshots light, dark and
// phone width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, announced, api, type Arcade, heardCount, nextAnnouncement, openPage,
         screenshot, tabTo, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

const SEED = 4242;

interface RoomState {
  view: { your_round?: { board: { spec: string } } };
}

/**
 * The words of the board the page plays: its room key (kept for the tab), the room as that
 * player sees it (the board of their round), and a session of the test's own on that board,
 * closed at once.
 */
async function wordsOf(page: Page, code: string): Promise<string[]> {
  const key = await page.evaluate((room) => sessionStorage.getItem(`wordgames-room-${room}`),
                                  code);
  assert.ok(key, 'the page keeps its room key');
  const state = await api<RoomState>(arcade.url, 'GET', `/api/rooms/${code}?player=${key}`);
  const round = state.view.your_round;
  assert.ok(round, 'the player plays this round');
  const own = await api<{ id: string }>(arcade.url, 'POST', '/api/sessions', {
    game: 'boggle', config: { board: round.board.spec, seconds: 0 } });
  const closed = await api<{ view: { all_words: string[] } }>(
      arcade.url, 'POST', `/api/sessions/${own.id}/commands`, { command: 'close' });
  return closed.view.all_words.map((w) => w.toUpperCase());
}

/** Spec scoring with the 4 × 4 board's minimum of 3 letters. */
function points(word: string): number {
  return 1 + word.length - 3;
}

/** The results table as text, row by row, without the "(you)" that differs between players. */
async function resultsOf(page: Page): Promise<string[][]> {
  const rows = await page.locator('.bg-results tbody tr').all();
  const table: string[][] = [];
  for (const row of rows) {
    const cells = await row.locator('th, td').allInnerTexts();
    table.push(cells.map((cell) => cell.replace(' (you)', '').replace(/\s+/g, ' ').trim()));
  }
  return table;
}

/** Waits until the focus is on an element matching `selector`. */
async function focusOn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((wanted) => document.activeElement?.matches(wanted) ?? false,
                             selector);
}

async function noProblems(page: Page, where: string): Promise<void> {
  assert.deepEqual(await accessibilityProblems(page), [], `accessibility problems ${where}`);
}

test('two players in a room: one board, one clock, a shared word scores for nobody', async () => {
  // Ann opens Word Search and goes to "Play with friends" with the keyboard.
  const ann = await openPage(browser, `${arcade.url}#/boggle/custom`);
  const annPage = ann.page;
  await annPage.locator('.bg-modes a').first().waitFor();
  await tabTo(annPage, '.bg-modes a[href="#/boggle/room"]');
  await annPage.keyboard.press('Enter');
  await annPage.locator('.bg-room-create').waitFor();
  assert.equal(await annPage.locator('.bg-modes a[aria-current=page]').textContent(),
               'Play with friends');
  await noProblems(annPage, 'on the create and join forms');
  await screenshot(annPage, 'boggle-room-forms-light');

  // A refusal first: no name.
  await tabTo(annPage, '.bg-room-create button[type=submit]');
  let from = await heardCount(annPage);
  await annPage.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(annPage, /name/, from), 'Your name has 1 to 24 characters.');
  assert.ok(await annPage.evaluate(() =>
      document.activeElement?.matches('.bg-room-create input[name=name]')));

  // The create form: name, board 4 × 4 (the default), 120 seconds (the unit of a round alone),
  // the seed.
  await annPage.keyboard.type('Ann');
  await tabTo(annPage, '.bg-room-create input[name=seconds]');
  await annPage.keyboard.press('Control+A');
  await annPage.keyboard.type('120');
  await tabTo(annPage, '.bg-room-create input[name=seed]');
  await annPage.keyboard.type(String(SEED));
  from = await heardCount(annPage);
  await annPage.keyboard.press('Enter');
  const opened = await nextAnnouncement(annPage, /^You are in room/, from);
  const code = /room ([A-Z]{8})/.exec(opened)?.[1] ?? '';
  assert.match(code, /^[B-DF-HJ-NP-TV-XZ]{8}$/, 'eight consonants');
  assert.equal(opened, `You are in room ${code}. Share the code; start the round when everyone ` +
                       'is in.');
  assert.equal(await annPage.locator('.bg-room-code').textContent(), code);
  assert.match(annPage.url(), new RegExp(`#/boggle/room/${code}$`), 'the address is the link');
  assert.deepEqual(await annPage.locator('.bg-room-list li').allInnerTexts(), ['Ann (host, you)']);
  assert.equal(await annPage.locator('.bg-room-status').textContent(),
               'Waiting for players. A 4 × 4 board, 2 minutes on the clock.');
  // The seed typed rolls every board: the room's rounds are practice, and it says so.
  assert.match(await annPage.locator('.bg-room-practice').textContent() ?? '', /^Practice: /);
  // The link, copied with one press.
  await tabTo(annPage, '.bg-room-copy');
  from = await heardCount(annPage);
  await annPage.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(annPage, /link/, from), 'The link is copied.');

  // Bo opens the room's link in a browser of his own (dark, phone width): the join form, the
  // code filled in, the focus on his name.
  const bo = await openPage(browser, `${arcade.url}#/boggle/room/${code}`,
                            { colorScheme: 'dark', phone: true });
  const boPage = bo.page;
  await boPage.locator('.bg-room-join').waitFor();
  assert.equal(await boPage.inputValue('.bg-room-join input[name=code]'), code);
  await focusOn(boPage, '.bg-room-join input[name=name]');
  await screenshot(boPage, 'boggle-room-join-dark-phone');
  await noProblems(boPage, 'on the join form (dark, phone)');
  await boPage.keyboard.type('Ann');  // taken
  from = await heardCount(boPage);
  await boPage.keyboard.press('Enter');
  assert.match(await nextAnnouncement(boPage, /name/i, from), /^Someone in the room has that name/);
  await boPage.keyboard.press('Control+A');
  await boPage.keyboard.type('Bo');
  from = await heardCount(boPage);
  const annFrom = await heardCount(annPage);
  await boPage.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(boPage, /^You are in room/, from),
               `You are in room ${code} with Ann. Ann starts the round.`);
  assert.equal(await nextAnnouncement(annPage, /joined/, annFrom), 'Bo joined the room.');
  assert.deepEqual(await annPage.locator('.bg-room-list li').allInnerTexts(),
                   ['Ann (host, you)', 'Bo Remove'], 'the host may remove anyone else');
  assert.equal(await boPage.locator('.bg-room-remove').count(), 0, 'only the host removes');
  assert.equal(await boPage.locator('.bg-room-start').isHidden(), true, 'only the host starts');
  assert.equal(await boPage.locator('.bg-room .hint').first().textContent(),
               'Waiting for Ann (the host) to start.');
  await noProblems(annPage, 'in the waiting room');
  await noProblems(boPage, 'in the waiting room (dark, phone)');
  await screenshot(annPage, 'boggle-room-waiting-light');

  // Ann starts with the keyboard; both get the same board and the focus in the word field.
  await tabTo(annPage, '.bg-room-start');
  from = await heardCount(annPage);
  const boFrom = await heardCount(boPage);
  await annPage.keyboard.press('Enter');
  const board = 'Round 1: a 4 by 4 board, words of 3 letters or more, 2:00 on the clock.';
  assert.equal(await nextAnnouncement(annPage, /started round 1/, from),
               `You started round 1. ${board}`);
  assert.equal(await nextAnnouncement(boPage, /started round 1/, boFrom),
               `Ann started round 1. ${board}`);
  const annFaces = await annPage.locator('.bg-face').allTextContents();
  assert.equal(annFaces.length, 16);
  assert.deepEqual(await boPage.locator('.bg-face').allTextContents(), annFaces, 'one board');
  for (const page of [annPage, boPage]) {
    assert.ok(await page.evaluate(() => document.activeElement?.matches('input[name=word]')));
  }

  // Words from the server's view of the board: one in common, one each.
  const words = await wordsOf(annPage, code);
  assert.deepEqual(await wordsOf(boPage, code), words);
  assert.ok(words.length >= 3, 'the board has words');
  const byLength = [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const annOwn = byLength[0];
  const shared = byLength[byLength.length - 1];
  const boOwn = byLength[byLength.length - 2];
  for (const [page, word] of [[annPage, shared], [annPage, annOwn], [boPage, shared],
                              [boPage, boOwn]] as [Page, string][]) {
    const before = await heardCount(page);
    await page.keyboard.type(word.toLowerCase());
    await page.keyboard.press('Enter');
    assert.match(await nextAnnouncement(page, new RegExp(`^${word}: `), before),
                 new RegExp(`^${word}: ${points(word)} points?\\. Score [0-9]+\\.$`));
  }
  assert.equal(await boPage.locator('.bg-room-list li').nth(0).innerText(),
               'Ann (host) — playing…');
  // Cy comes late: he waits for the next round, and the results will not wait for him.
  const cy = await openPage(browser, `${arcade.url}#/boggle/room/${code}`, { phone: true });
  const cyPage = cy.page;
  await focusOn(cyPage, '.bg-room-join input[name=name]');
  await cyPage.keyboard.type('Cy');
  from = await heardCount(cyPage);
  const annSeen = await heardCount(annPage);
  await cyPage.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(cyPage, /^You are in room/, from),
               `You are in room ${code} with Ann and Bo. Ann starts the round. A round is on: ` +
               'you will play in the next one.');
  assert.equal(await nextAnnouncement(annPage, /joined/, annSeen), 'Cy joined the room.');
  assert.equal(await cyPage.locator('.bg-room-list li').nth(2).innerText(),
               'Cy (you) — plays the next round');
  assert.equal(await cyPage.locator('.bg-play').isHidden(), true, 'no board for Cy yet');
  await focusOn(annPage, 'input[name=word]');  // an announcement takes no focus
  await noProblems(cyPage, 'waiting for the next round (phone)');
  await screenshot(cyPage, 'boggle-room-late-light-phone');
  await noProblems(annPage, 'during a room round');
  await noProblems(boPage, 'during a room round (dark, phone)');
  await screenshot(boPage, 'boggle-room-playing-dark-phone');

  // Ann is done first: she waits for Bo, and Bo sees that she is done.
  await tabTo(annPage, 'button.bg-close');
  from = await heardCount(annPage);
  await annPage.keyboard.press('Enter');
  const annEnd = await nextAnnouncement(annPage, /^Round over\./, from);
  assert.match(annEnd, /^Round over\. You found 2 words for [0-9]+ points; you missed /);
  assert.ok(annEnd.endsWith(' Waiting for the others to finish.'), annEnd);
  assert.equal(await annPage.locator('.bg-missed').count(), 0,
               'no words of the board while Bo plays: the server gives none');
  await boPage.locator('.bg-room-list li.bg-done').waitFor();
  assert.equal(await boPage.locator('.bg-room-list li').nth(0).innerText(),
               'Ann (host) — done ✓');

  // Bo ends his round: the results, announced to both.
  await tabTo(boPage, 'button.bg-close');
  from = await heardCount(boPage);
  const annBefore = await heardCount(annPage);
  await boPage.keyboard.press('Enter');
  const annScore = points(annOwn);
  const boScore = points(boOwn);
  const winner = annScore > boScore ? `Ann wins with ${annScore} points.`
      : `A tie: Ann and Bo with ${annScore} point${annScore === 1 ? '' : 's'} each.`;
  const sharedSentence = `1 word found by more than one player scored nothing: ${shared}.`;
  const boEnd = await nextAnnouncement(boPage, /^Round over\./, from);
  assert.match(boEnd, /^Round over\. You found 2 words for [0-9]+ points; you missed /);
  assert.ok(!boEnd.includes('Waiting'), 'the last player waits for nobody');
  const boHeard = await nextAnnouncement(boPage, /results/, from);
  assert.ok(boHeard.endsWith(`Round 1 results: ${winner} ${sharedSentence}`), boHeard);
  const annHeard = await nextAnnouncement(annPage, /results/, annBefore);
  assert.equal(annHeard, `Round 1 results: ${winner.replace(/^Ann/, 'Ann (you)')
                                                     .replace('Ann and', 'Ann (you) and')} ` +
                         sharedSentence);

  // The same table for both: the shared word marked in words and scoring nothing.
  const expected = [
    ['Ann' + (annScore >= boScore ? ' ★ winner' : ''),
     `${shared} shared, 0 ${annOwn} ${points(annOwn)}`, String(annScore)],
    ['Bo' + (boScore >= annScore ? ' ★ winner' : ''),
     `${shared} shared, 0 ${boOwn} ${points(boOwn)}`, String(boScore)],
  ];
  assert.deepEqual(await resultsOf(annPage), expected);
  assert.deepEqual(await resultsOf(boPage), expected);
  assert.equal(await annPage.locator('.bg-results .bg-shared').count(), 2, 'in both rows');
  // Now that everyone is done, Ann sees the words she missed, with their points.
  await annPage.locator('.bg-missed .bg-points').first().waitFor();
  assert.equal(await boPage.locator('.bg-results .bg-shared').count(), 2, 'in both rows');
  assert.ok(await annPage.evaluate(() => document.activeElement?.id === 'bg-results-title'),
            'the focus moves to the results');
  assert.equal(await annPage.locator('.bg-room-start').textContent(), 'Rematch: start the next round');
  assert.equal(await boPage.locator('.bg-room-start').isHidden(), true);
  await noProblems(annPage, 'on the results');
  await noProblems(boPage, 'on the results (dark, phone)');
  await screenshot(annPage, 'boggle-room-results-light');
  await screenshot(boPage, 'boggle-room-results-dark-phone');

  assert.equal(await nextAnnouncement(cyPage, /results/, 0),
               `Round 1 results: ${winner} ${sharedSentence}`);
  assert.deepEqual(await resultsOf(cyPage), expected, 'Cy sees the results he was not in');

  // A reload keeps Bo in the room (the key is kept for the tab).
  await boPage.reload();
  await boPage.locator('.bg-results').waitFor();
  assert.deepEqual(await resultsOf(boPage), expected);

  // The next round is everyone's, Cy's too, on a new board.
  await tabTo(annPage, '.bg-room-start');
  const heard = await Promise.all([annPage, boPage, cyPage].map((page) => heardCount(page)));
  await annPage.keyboard.press('Enter');
  const next = 'Round 2: a 4 by 4 board, words of 3 letters or more, 2:00 on the clock.';
  assert.equal(await nextAnnouncement(annPage, /started round 2/, heard[0]),
               `You started round 2. ${next}`);
  assert.equal(await nextAnnouncement(boPage, /started round 2/, heard[1]),
               `Ann started round 2. ${next}`);
  assert.equal(await nextAnnouncement(cyPage, /started round 2/, heard[2]),
               `Ann started round 2. ${next}`);
  assert.equal(await cyPage.locator('.bg-room-results').isHidden(), true);
  assert.notDeepEqual(await cyPage.locator('.bg-face').allTextContents(), annFaces,
                      'a new board');
  assert.deepEqual(await cyPage.locator('.bg-face').allTextContents(),
                   await annPage.locator('.bg-face').allTextContents());
  await focusOn(cyPage, 'input[name=word]');

  // Cy leaves his round open for good: Ann removes him with the keyboard, and the round goes on
  // without him.
  await tabTo(annPage, 'button[aria-label="Remove Cy"]');
  const beforeRemoval = await Promise.all([annPage, cyPage].map((page) => heardCount(page)));
  await annPage.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(annPage, /removed/, beforeRemoval[0]),
               'Cy was removed from the room.');
  assert.equal(await nextAnnouncement(cyPage, /removed/, beforeRemoval[1]),
               'The host removed you from this room.');
  assert.deepEqual(await annPage.locator('.bg-room-list li .bg-room-name').allInnerTexts(),
                   ['Ann', 'Bo']);
  await noProblems(annPage, 'after a removal');

  // Everything announced, in order, for the record of what a screen reader heard.
  assert.ok((await announced(annPage)).includes('Bo joined the room.'));
  await ann.context.close();
  await bo.context.close();
  await cy.context.close();
});

test('a room link to a room that does not exist says so, and a bad code is refused', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/boggle/room/BBBBBBBB`);
  await page.locator('.bg-room-join').waitFor();
  await focusOn(page, '.bg-room-join input[name=name]');
  await page.keyboard.type('Cy');
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  assert.match(await nextAnnouncement(page, /room/, from), /^There is no room with that code/);
  await tabTo(page, '.bg-room-join input[name=code]', true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ab1');
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(page, /code/, from),
               'A room code is eight letters, like BCDFGHJK.');
  await context.close();
});

test('the lobby\'s player is the name a room is created or joined under', async () => {
  const { context, page } = await openPage(browser, `${arcade.url}#/boggle/room`);
  await page.evaluate(() => localStorage.setItem('wordgames.player', 'Dee'));
  await page.reload();
  await page.locator('.bg-room-create').waitFor();
  assert.equal(await page.inputValue('.bg-room-create input[name=name]'), 'Dee');
  assert.equal(await page.inputValue('.bg-room-join input[name=name]'), 'Dee');
  await context.close();
});
