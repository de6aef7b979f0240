// Takes the design screenshots of docs/design/: the lobby and each game's page as a new player
// first sees it (the page opened from its lobby card, which starts a game with the defaults, and
// a first move where one is easy) and a finished game's review, in light and dark at desktop (1280×800) and phone (390×844) size, composed into one
// small PNG per screen: docs/design/<SET>/<screen>.png. Not a test: people look at these.
// Usage: node web/tests/screens.mjs SET [SCREEN...]   (WG_BINARY, WG_CHROMIUM as for run.mjs; pngquant, if
// the machine has it, makes the files smaller)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const [set, ...only] = process.argv.slice(2);
if (!set) {
  console.error('usage: node web/tests/screens.mjs SET (before, after)');
  process.exit(2);
}
const out = path.join(here, '..', '..', 'docs', 'design', set);
mkdirSync(out, { recursive: true });

const binary = process.env.WG_BINARY ?? path.join(here, '..', '..', 'build', 'wordgames');
const server = spawn(binary, ['serve', '--port', '0', '--no-store'],
                     { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let seen = '';
  server.stdout.on('data', (chunk) => {
    seen += chunk.toString();
    const found = /http:\/\/[^\s]+\//.exec(seen);
    if (found) resolve(found[0]);
  });
  server.on('exit', (code) => reject(new Error(`wordgames serve exited (${code})`)));
});

const browser = await chromium.launch({
  executablePath: process.env.WG_CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-dev-shm-usage'],
});

/** A first move on each game's page, where one is easy; failures are ignored (best effort). */
const firstMoves = {
  async hand(page) {
    await page.getByRole('button', { name: 'Keep this hand' }).click({ timeout: 3000 });
  },
  async wordle(page) {
    await page.keyboard.type('crane');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(800);
  },
  async hangman(page) {
    await page.keyboard.press('e');
    await page.waitForTimeout(500);
  },
  async evil_hangman(page) {
    await page.keyboard.press('e');
    await page.waitForTimeout(800);
  },
  /** A finished Wordle game's review, opened from its end. */
  async review(page) {
    await firstMoves.wordle(page);
    await page.click('button:text("Give up")', { timeout: 3000 });
    await page.getByRole('button', { name: 'Review', exact: true }).click({ timeout: 3000 });
    await page.locator('.review-moves').waitFor({ timeout: 5000 });
    await page.locator('.after-game').scrollIntoViewIfNeeded();
  },
};

async function shoot(screen, address, colorScheme, phone) {
  const context = await browser.newContext({
    colorScheme, viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(`${url}${address}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForTimeout(400);
  if (screen !== 'lobby') {
    // The address of a game page starts a game with the defaults: wait for its own address.
    await page.waitForURL(/#\/[^/]+\/[^/]+$/, { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(1200);
    await firstMoves[screen]?.(page).catch(() => {});
  }
  await page.waitForTimeout(400);
  const shot = await page.screenshot();
  await context.close();
  return shot.toString('base64');
}

/** Draws the four shots side by side, scaled down, on one canvas: a PNG. */
async function compose(shots) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 600 } });
  const page = await context.newPage();
  const png = await page.evaluate(async (images) => {
    const scale = 0.4, gap = 12;
    const loaded = await Promise.all(images.map((src) => new Promise((resolve) => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.src = `data:image/png;base64,${src}`;
    })));
    const width = loaded.reduce((sum, image) => sum + image.width * scale + gap, gap);
    const height = Math.max(...loaded.map((image) => image.height * scale)) + 2 * gap;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width);
    canvas.height = Math.round(height);
    const draw = canvas.getContext('2d');
    draw.fillStyle = '#888888';
    draw.fillRect(0, 0, canvas.width, canvas.height);
    draw.imageSmoothingQuality = 'high';
    let x = gap;
    for (const image of loaded) {
      draw.drawImage(image, x, gap, image.width * scale, image.height * scale);
      x += image.width * scale + gap;
    }
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  }, shots);
  await context.close();
  return Buffer.from(png, 'base64');
}

try {
  const { games } = await (await fetch(`${url}api/games`)).json();
  const screens = [['lobby', '#/'], ...games.map((game) => [game.id, `#/${game.name}`]),
                   ['review', '#/wordle']];
  for (const [screen, address] of screens) {
    if (only.length > 0 && !only.includes(screen)) continue;
    const shots = [];
    for (const phone of [false, true]) {
      for (const scheme of ['light', 'dark']) shots.push(await shoot(screen, address, scheme, phone));
    }
    const file = path.join(out, `${screen}.png`);
    writeFileSync(file, await compose(shots));
    spawnSync('pngquant', ['--force', '--skip-if-larger', '--ext', '.png', '48', file]);
    console.log(file);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
