// The design tokens (app.css, docs/DESIGN.md): every pair of colours the pages put together
// meets WCAG AA in both schemes and in the colour-blind set; the bundled typeface loads; the
// header's settings are off by default and remembered per player; motion happens only when the
// player has not asked for reduced motion, and never takes a click.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, type Arcade, openPage, screenshot, useArcade } from './support';

let arcade: Arcade;
let browser: Browser;

useArcade((started, launched) => {
  arcade = started;
  browser = launched;
});

/** The pairs of tokens used together (text on background), with the contrast each needs. */
const PAIRS: [string, string, number][] = [
  ['text', 'bg', 4.5], ['text', 'surface', 4.5], ['text', 'surface-2', 4.5],
  ['text', 'accent-soft', 4.5], ['text', 'good-bg', 4.5], ['text', 'bad-bg', 4.5],
  ['muted', 'bg', 4.5], ['muted', 'surface', 4.5], ['muted', 'surface-2', 4.5],
  ['muted', 'tile', 4.5],
  ['accent', 'bg', 4.5], ['accent', 'surface', 4.5], ['accent', 'surface-2', 4.5],
  ['accent-text', 'accent', 4.5],
  ['good', 'good-bg', 4.5], ['good', 'bg', 4.5], ['good', 'surface', 4.5],
  ['bad', 'bad-bg', 4.5], ['bad', 'bg', 4.5], ['bad', 'surface', 4.5],
  ['warn', 'bg', 4.5], ['warn', 'surface', 4.5], ['warn', 'warn-bg', 4.5],
  ['tile-text', 'tile', 4.5], ['cell-text', 'cell', 4.5],
  ['correct-text', 'correct', 4.5], ['present-text', 'present', 4.5],
  ['absent-text', 'absent', 4.5],
  // Edges of controls: WCAG's 3:1 for the parts of a component.
  ['border', 'bg', 3], ['border', 'surface', 3],
  // A chart's bars: graphics, 3:1 against the page and a panel.
  ['chart-bar', 'bg', 3], ['chart-bar', 'surface', 3],
];

/** WCAG's relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The tokens' values as the page computes them, by name without the dashes. */
async function tokens(page: Page): Promise<Record<string, string>> {
  return page.evaluate((names) => {
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries(names.map((name) => [name,
                                                    style.getPropertyValue(`--${name}`).trim()]));
  }, [...new Set(PAIRS.flatMap(([a, b]) => [a, b]))]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const safe of [false, true]) {
    const name = `${colorScheme}${safe ? ', colour-blind set' : ''}`;
    test(`every token pair meets WCAG AA (${name})`, async () => {
      const { context, page } = await openPage(browser, arcade.url, { colorScheme });
      await page.locator('.lobby-card').first().waitFor();
      if (safe) await page.getByRole('button', { name: 'Colour-blind colours' }).click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.palette),
                   safe ? 'safe' : undefined);
      const values = await tokens(page);
      const failures: string[] = [];
      for (const [foreground, background, needed] of PAIRS) {
        const [a, b] = [values[foreground], values[background]];
        assert.match(a, /^#[0-9a-f]{6}$/i, `--${foreground} is a #rrggbb colour`);
        assert.match(b, /^#[0-9a-f]{6}$/i, `--${background} is a #rrggbb colour`);
        const ratio = contrast(a, b);
        if (ratio < needed) {
          failures.push(`--${foreground} ${a} on --${background} ${b}: ${ratio.toFixed(2)}`);
        }
      }
      assert.deepEqual(failures, []);
      await context.close();
    });
  }
}

test('the typeface is served with the page and used, or the system font stands in', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.lobby-card').first().waitFor();
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    let declared = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, '') === 'Inter') declared = true;
    });
    if (!declared) return 'none';
    await document.fonts.load('700 16px Inter');
    return document.fonts.check('700 16px Inter') ? 'loaded' : 'missing';
  });
  // A build without fonts-inter or pyftsubset declares no face (the system font); one that
  // declares it serves it.
  assert.notEqual(font, 'missing');
  if (font === 'loaded') {
    const response = await page.request.get(`${arcade.url}assets/inter-400.woff2`);
    assert.equal(response.headers()['content-type'], 'font/woff2');
  }
  await context.close();
});

test('the settings are off by default, remembered per player, and apply at once', async () => {
  const { context, page } = await openPage(browser, arcade.url);
  await page.locator('.lobby-card').first().waitFor();
  const sound = page.getByRole('button', { name: 'Sound' });
  const colours = page.getByRole('button', { name: 'Colour-blind colours' });
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  assert.equal(await colours.getAttribute('aria-pressed'), 'false');
  await sound.click();
  await colours.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.palette), 'safe');
  // Another player has their own settings: off until they choose.
  await page.evaluate(() => localStorage.setItem('wordgames.player', 'someone-else'));
  await page.reload();
  await page.locator('.lobby-card').first().waitFor();
  const player = await page.evaluate(() => localStorage.getItem('wordgames.player'));
  if (player === 'someone-else') {
    assert.equal(await sound.getAttribute('aria-pressed'), 'false');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.palette), undefined);
  }
  await page.evaluate(() => localStorage.removeItem('wordgames.player'));
  await page.reload();
  await page.locator('.lobby-card').first().waitFor();
  assert.equal(await sound.getAttribute('aria-pressed'), 'true', 'remembered');
  assert.equal(await colours.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'design-settings');
  await context.close();
});

/** Plays a Wordle guess that is not a word, then a word; says what moved. */
async function guessTwice(page: Page): Promise<{ shook: boolean; flipped: number; layer: string }> {
  await page.locator('.wd-current').waitFor();  // #/wordle plays at once
  // Watches for the classes motion.ts adds, however briefly they stay.
  await page.evaluate(() => {
    const seen = { shook: false, flipped: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const flipped = new Set<Element>();
    new MutationObserver((changes) => {
      for (const change of changes) {
        const target = change.target as Element;
        if (target.classList?.contains('wg-shake')) seen.shook = true;
        if (target.classList?.contains('wg-flip')) flipped.add(target);
        seen.flipped = flipped.size;
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  await page.keyboard.type('zzzzz');
  await page.keyboard.press('Enter');
  await page.locator('main .error').filter({ hasText: /ZZZZZ/ }).waitFor();
  for (let i = 0; i < 5; ++i) await page.keyboard.press('Backspace');
  await page.keyboard.type('crane');
  await page.keyboard.press('Enter');
  await page.locator('.wd-row:not(.wd-current)').first().waitFor();
  const seen = await page.evaluate(() => (window as unknown as {
    __seen: { shook: boolean; flipped: number } }).__seen);
  const layer = await page.evaluate(() => {
    const fx = document.getElementById('wg-fx');
    return fx ? getComputedStyle(fx).pointerEvents : 'none';
  });
  return { ...seen, layer };
}

test('motion: a refused word shakes and a guess flips in, unless reduced motion', async () => {
  const moving = await browser.newContext({ reducedMotion: 'no-preference' });
  const page = await moving.newPage();
  await page.goto(`${arcade.url}#/wordle`);
  const played = await guessTwice(page);
  assert.equal(played.shook, true, 'the refused word shook');
  assert.equal(played.flipped, 5, 'each tile of the guess flipped in');
  assert.equal(played.layer, 'none', 'the floating layer takes no clicks');
  await moving.close();

  const { context, page: still } = await openPage(browser, `${arcade.url}#/wordle`);
  const quiet = await guessTwice(still);
  assert.deepEqual({ shook: quiet.shook, flipped: quiet.flipped }, { shook: false, flipped: 0 },
                   'nothing moves under prefers-reduced-motion');
  await context.close();
});
