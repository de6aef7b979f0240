// Word Search in the browser: an untimed seeded round with the keyboard alone (refusals, the end,
// the missed words' paths), a word traced with the mouse, the round's end pushed by the server
// when its clock runs out, a reload that keeps the round at its address, and no serious
// accessibility problem during and after a round in both schemes, desktop and phone.
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

interface Board {
  rows: number;
  cols: number;
  cells: (string | null)[];
}

interface Answers {
  board: Board;
  words: string[];
}

/**
 * The board and words of round 1 of `seed` (4×4, untimed), from a session of the test's own
 * closed at once: the page's session with the same seed deals the same board.
 */
async function answers(seed: number): Promise<Answers> {
  const created = await api<{ id: string }>(arcade.url, 'POST', '/api/sessions', {
    game: 'boggle', config: { size: 4, seconds: 0 }, seed });
  const closed = await api<{ view: { board: Board; all_words: string[] } }>(
      arcade.url, 'POST', `/api/sessions/${created.id}/commands`, { command: 'close' });
  return { board: closed.view.board, words: closed.view.all_words.map((w) => w.toUpperCase()) };
}

/** A path of `word` on the board (row-major cells), as the page and the engine find one. */
function pathOf(board: Board, word: string): number[] {
  const path: number[] = [];
  const walk = (cell: number, at: number): boolean => {
    const letters = board.cells[cell];
    if (!letters || path.includes(cell) || !word.startsWith(letters, at)) return false;
    path.push(cell);
    if (at + letters.length === word.length) return true;
    for (let other = board.cells.length - 1; other >= 0; --other) {
      const near = other !== cell &&
          Math.abs(Math.floor(other / board.cols) - Math.floor(cell / board.cols)) <= 1 &&
          Math.abs((other % board.cols) - (cell % board.cols)) <= 1;
      if (near && walk(other, at + letters.length)) return true;
    }
    path.pop();
    return false;
  };
  for (let cell = 0; cell < board.cells.length; ++cell) {
    if (walk(cell, 0)) return path;
  }
  throw new Error(`${word} is not on the board`);
}

/** The page's Custom game form (#/boggle/custom), its fields in. */
async function openGame(options: Parameters<typeof openPage>[2] = {}) {
  const opened = await openPage(browser, `${arcade.url}#/boggle/custom`, options);
  await opened.page.locator('select[name=scoring] option').first().waitFor({ state: 'attached' });
  return opened;
}

async function startWithMouse(page: Page, seconds: number, seed: number): Promise<void> {
  const from = await heardCount(page);
  await page.selectOption('select[name=size]', '4');
  await page.fill('input[name=seconds]', String(seconds));
  await page.fill('input[name=seed]', String(seed));
  await page.click('button:text("Start")');
  await nextAnnouncement(page, /^Round 1: a 4 by 4 board/, from);
}

/** Drags the mouse across the cells of `path`, centre to centre. */
async function trace(page: Page, path: number[]): Promise<void> {
  const centre = async (cell: number) => {
    const box = await page.locator(`.bg-cell[data-cell="${cell}"]`).boundingBox();
    if (!box) throw new Error(`cell ${cell} is not shown`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const first = await centre(path[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const cell of path.slice(1)) {
    const next = await centre(cell);
    await page.mouse.move(next.x, next.y, { steps: 6 });
  }
  await page.mouse.up();
}

const SEED = 4242;

test('an untimed seeded round played with the keyboard alone', async () => {
  const { board, words } = await answers(SEED);
  assert.ok(words.length >= 3, 'the board has words');
  const [first, second] = words;
  const { context, page } = await openGame();
  await tabTo(page, 'select[name=size]');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await tabTo(page, 'input[name=seed]');
  await page.keyboard.type(String(SEED));
  let from = await heardCount(page);
  await page.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(page, /^Round 1/, from),
               'Round 1: a 4 by 4 board, words of 3 letters or more, no time limit.');
  assert.deepEqual(await page.locator('.bg-face').allTextContents(),
                   board.cells.map((c) => (c ? c[0] + c.slice(1).toLowerCase() : '')));
  assert.equal(await page.locator('.bg-timer').textContent(), 'No time limit');

  // The focus is in the word field: type, Enter.
  from = await heardCount(page);
  await page.keyboard.type(first.toLowerCase());
  assert.equal(await page.locator('.bg-on-path').count(), pathOf(board, first).length);
  await page.keyboard.press('Enter');
  assert.match(await nextAnnouncement(page, /point/, from),
               new RegExp(`^${first}: [0-9]+ points?\\. Score [0-9]+\\.$`));
  assert.equal(await page.inputValue('input[name=word]'), '');

  // Refusals: a word found before, a word not on the board; shown and announced.
  from = await heardCount(page);
  await page.keyboard.type(first);
  await page.keyboard.press('Enter');
  assert.equal(await nextAnnouncement(page, /already/, from), `You already found ${first}.`);
  assert.equal(await page.locator('.error').textContent(), `You already found ${first}.`);
  assert.equal(await page.inputValue('input[name=word]'), first, 'the refused word is kept');
  from = await heardCount(page);
  await page.keyboard.type('zzzzz');  // replaces the selected word
  await page.keyboard.press('Enter');
  assert.match(await nextAnnouncement(page, /ZZZZZ/, from),
               /^ZZZZZ is (not on the board|not in the word list)\.$/);

  // Letters typed away from the field go to it.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Submit');
  from = await heardCount(page);
  await page.keyboard.type(second);
  assert.equal(await page.inputValue('input[name=word]'), second);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, new RegExp(`^${second}: `), from);
  assert.equal(await page.locator('.error').count(), 0);
  assert.equal(await page.locator('.bg-found li').count(), 2);

  // End the round now, from the keyboard.
  await tabTo(page, '.bg-close');
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  const end = await nextAnnouncement(page, /^Round over\./, from);
  assert.match(end, new RegExp(`^Round over\\. You found 2 words for [0-9]+ points; you missed ${
      words.length - 2} words? worth [0-9]+\\.$`));
  assert.equal(await page.locator('.bg-missed li').count(), words.length - 2);

  // A missed word focused shows its path on the board, and says it in words.
  await tabTo(page, '.bg-missed button');
  const missed = (await page.evaluate(
      () => document.activeElement?.firstChild?.textContent)) ?? '';
  assert.ok(words.includes(missed), `${missed} is a word of the board`);
  assert.match(await page.locator('.bg-missed .bg-points').first().textContent() ?? '',
               /^ [0-9]+$/, 'the missed words show their points');
  assert.equal(await page.locator('.bg-on-path').count(), pathOf(board, missed).length);
  assert.match(await page.locator('.bg-traced').textContent() ?? '',
               new RegExp(`^${missed}: .*\\(row [0-9], column [0-9]\\)$`));

  // A new round, from the keyboard.
  await tabTo(page, '.bg-again', true);
  from = await heardCount(page);
  await page.keyboard.press('Enter');
  await nextAnnouncement(page, /^Round 2: a 4 by 4 board/, from);
  await context.close();
});

test('a word traced across the board with the mouse', async () => {
  const { board, words } = await answers(SEED);
  const word = words.find((w) => w.length >= 4) ?? words[0];
  const { context, page } = await openGame();
  await startWithMouse(page, 0, SEED);
  const from = await heardCount(page);
  await trace(page, pathOf(board, word));
  assert.match(await nextAnnouncement(page, /point|not|already/, from),
               new RegExp(`^${word}: [0-9]+ points?\\.`));
  assert.equal(await page.locator('.bg-found li').count(), 1);
  // Tapping: cell by cell, then the last cell again to send the word.
  const other = words.find((w) => w !== word && w.length >= 3) ?? words[1];
  const path = pathOf(board, other);
  for (const cell of path) await page.click(`.bg-cell[data-cell="${cell}"]`);
  assert.equal(await page.locator('.bg-on-path').count(), path.length);
  const tapped = await heardCount(page);
  await page.click(`.bg-cell[data-cell="${path[path.length - 1]}"]`);
  assert.match(await nextAnnouncement(page, /point|not|already/, tapped),
               new RegExp(`^${other}: [0-9]+ points?\\.`));
  assert.equal(await page.locator('.bg-found li').count(), 2);
  // Hovering a word of the results shows its path.
  await page.click('button:text("End round now")');
  await page.locator('.bg-missed').waitFor();
  await page.hover('.bg-found button');
  assert.equal(await page.locator('.bg-on-path').count(), pathOf(board, word).length);
  await context.close();
});

test('the server ends a timed round and the page hears it', async () => {
  const { context, page } = await openGame();
  const from = await heardCount(page);
  await startWithMouse(page, 1, 99);
  await nextAnnouncement(page, /^Time is up! You found 0 words/, from);
  await page.locator('.bg-missed, .bg-end p').first().waitFor();
  assert.equal(await page.locator('.bg-entry').isHidden(), true);
  assert.equal(await page.locator('.bg-timer').textContent(), 'Time left: 0:00');
  await context.close();
});

test('a reload mid-round keeps the round at its address, with its words, paths and clock',
     async () => {
  const { board, words } = await answers(SEED);
  const { context, page } = await openGame();
  await startWithMouse(page, 600, SEED);
  for (const word of words.slice(0, 2)) {
    const from = await heardCount(page);
    await page.fill('input[name=word]', word);
    await page.press('input[name=word]', 'Enter');
    await nextAnnouncement(page, new RegExp(`^${word}: `), from);
  }
  const address = page.url();
  assert.match(address, /#\/boggle\/[0-9a-f]{32}$/);
  const found = await page.locator('.bg-found li').allTextContents();
  assert.equal(found.length, 2);

  await page.reload();
  assert.match(await nextAnnouncement(page, /^Resumed: Round 1/, 0),
               new RegExp('^Resumed: Round 1: a 4 by 4 board, words of 3 letters or more, ' +
                          '10:00 on the clock\\.$'));
  assert.equal(page.url(), address);
  assert.deepEqual(await page.locator('.bg-found li').allTextContents(), found);
  // The clock goes on from where the server's is, not from the start.
  assert.match(await page.locator('.bg-timer').textContent() ?? '',
               /^Time left: (9:[0-5][0-9]|10:00)$/);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'word');

  // The round goes on; its words found keep the paths the server gave them.
  const from = await heardCount(page);
  await page.click('button:text("End round now")');
  await nextAnnouncement(page, /^Round over\. You found 2 words/, from);
  await page.focus('.bg-found button');
  assert.equal(await page.locator('.bg-on-path').count(), pathOf(board, words[0]).length);
  assert.match(await page.locator('.bg-traced').textContent() ?? '', new RegExp(`^${words[0]}: `));
  await page.getByRole('button', { name: 'Custom game' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('select[name=size]').waitFor();
  assert.match(page.url(), /#\/boggle\/custom$/);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const suffix = `${colorScheme}${phone ? '-phone' : ''}`;
    test(`boggle ${suffix}: no serious accessibility problem during and after a round`,
         async () => {
           const { words } = await answers(SEED);
           const { context, page } = await openGame({ colorScheme, phone });
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `boggle-setup-${suffix}`);
           await startWithMouse(page, 0, SEED);
           let from = await heardCount(page);
           await page.fill('input[name=word]', words[0]);
           await page.press('input[name=word]', 'Enter');
           await nextAnnouncement(page, /point/, from);
           from = await heardCount(page);
           await page.fill('input[name=word]', 'qqq');
           await page.press('input[name=word]', 'Enter');
           await nextAnnouncement(page, /QQQ/, from);
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `boggle-playing-${suffix}`);
           from = await heardCount(page);
           await page.click('button:text("End round now")');
           await nextAnnouncement(page, /^Round over/, from);
           await page.focus('.bg-missed button');
           assert.deepEqual(await accessibilityProblems(page), []);
           await screenshot(page, `boggle-finished-${suffix}`);
           await context.close();
         });
  }
}

test('the best boards: the records, one played from the keyboard, and back to the list',
     async () => {
       for (const colorScheme of ['light', 'dark'] as const) {
         const { context, page } = await openPage(browser, `${arcade.url}#/boggle/best`,
                                                  { colorScheme, phone: colorScheme === 'dark' });
         const first = page.locator('.bg-best-card').first();
         await first.locator('h3:text("4×4: 3,623 points")')
             .waitFor();
         assert.match(await first.textContent() ?? '', /1,044 words of 3 letters or more\./);
         assert.equal(await first.locator('.bg-mini').getAttribute('aria-label'),
                      'The board, row 1: P E R S; row 2: L A T G; row 3: S I N E; row 4: T E R S');
         assert.equal(await page.locator('.bg-modes a[aria-current=page]').textContent(),
                      'The best boards');
         assert.deepEqual(await accessibilityProblems(page), []);
         await screenshot(page, `boggle-best-${colorScheme}${colorScheme === 'dark' ? '-phone' : ''}`);
         if (colorScheme === 'dark') {
           await context.close();
           continue;
         }
         let from = await heardCount(page);
         await first.locator('button:text("Play the 4×4 board")').focus();
         await page.keyboard.press('Enter');
         await nextAnnouncement(page, /^Round 1: a 4 by 4 board, words of 3 letters or more/, from);
         assert.deepEqual(await page.locator('.bg-cell').allTextContents(),
                          [...'PERSLATGSINETERS']);
         assert.equal(await page.locator('.bg-best').isHidden(), true);
         assert.match(await page.locator('.bg-seed').textContent() ?? '',
                      /The best 4×4 board found: PERS\/LATG\/SINE\/TERS/);
         from = await heardCount(page);
         await page.keyboard.type('TSAR');
         await page.keyboard.press('Enter');
         await nextAnnouncement(page, /point/, from);
         from = await heardCount(page);
         await page.click('button:text("End round now")');
         await nextAnnouncement(page, /^Round over/, from);
         await page.click('button:text("Back to the best boards")');
         assert.equal(await page.locator('.bg-best').isVisible(), true);
         assert.equal(await page.evaluate(() => document.activeElement?.id), 'bg-best-title');
         await context.close();
       }
     });
