// What every browser test shares: an arcade server of its own on a free loopback port, Debian's
// Chromium driven by playwright-core, what the page announced in its aria-live region, and an
// accessibility scan with axe-core, and games played in the terminal into an arcade's data.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The program under test: WG_BINARY, else the release build's. */
export const binary =
    process.env.WG_BINARY ?? path.join(here, '..', '..', '..', 'build', 'wordgames');

/** A running `wordgames serve`. */
export interface Arcade {
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server (SIGTERM) and starts another with the same options on the same port, as
   * an operator's restart: pages open on the old one go on talking to the new one.
   */
  restart(): Promise<void>;
}

/** Runs `wordgames serve` on `port` (0: a free one) and waits for the address it prints. */
async function serve(extra: string[], port: number): Promise<{ child: ChildProcess; url: string }> {
  const store = extra.includes('--data') ? [] : ['--no-store'];
  const child: ChildProcess = spawn(binary, ['serve', '--port', String(port), ...store, ...extra],
                                    { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /http:\/\/[^\s]+\//.exec(seen);
      if (found) resolve(found[0]);
    });
    child.on('exit', (code) => reject(new Error(`wordgames serve exited (${code}): ${seen}`)));
    child.on('error', reject);
  });
  return { child, url };
}

/**
 * Starts `wordgames serve --port 0` and waits for the address it prints. It keeps nothing
 * (--no-store: the user's own data is never touched) unless `extra` names a --data directory.
 */
export async function startArcade(extra: string[] = []): Promise<Arcade> {
  let { child, url } = await serve(extra, 0);
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return {
    url,
    stop,
    restart: async () => {
      await stop();
      ({ child, url } = await serve(extra, Number(new URL(url).port)));
    },
  };
}

/** Debian's Chromium, headless, with the flags a closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.WG_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--disable-dev-shm-usage'],
  });
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  /** Phone width: 375 × 740. */
  phone?: boolean;
}

/**
 * A new page in a context of its own at `url`, recording every sentence the aria-live region
 * announces (read them with announced()).
 */
export async function openPage(browser: Browser, url: string, options: PageOptions = {}):
    Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.phone ? { width: 375, height: 740 } : { width: 1100, height: 800 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = heard;
    const watch = () => {
      const region = document.getElementById('announcer');
      if (!region) return false;
      new MutationObserver(() => {
        const text = region.textContent ?? '';
        if (text !== '') heard.push(text);
      }).observe(region, { childList: true, characterData: true, subtree: true });
      return true;
    };
    if (!watch()) document.addEventListener('DOMContentLoaded', watch);
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`the page threw: ${error.message}`);
  });
  await page.goto(url);
  return { context, page };
}

/** Every sentence the page has announced so far, oldest first. */
export function announced(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);
}

/** Waits until the page has announced a sentence matching `pattern`; returns it. */
export async function waitForAnnouncement(page: Page, pattern: RegExp): Promise<string> {
  const handle = await page.waitForFunction(
      (source) => {
        const heard = (window as unknown as { __announced: string[] }).__announced;
        const wanted = new RegExp(source.pattern, source.flags);
        return heard.find((text) => wanted.test(text)) ?? false;
      },
      { pattern: pattern.source, flags: pattern.flags });
  return (await handle.jsonValue()) as string;
}

/**
 * axe-core's serious and critical violations on the page as it is now (none is the goal);
 * `moderateToo`, the moderate ones as well (a page that has none keeps it so).
 */
export async function accessibilityProblems(page: Page, moderateToo = false): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const axe = require('axe-core') as { source: string };
  // Evaluated, not added as a <script>: the arcade's Content-Security-Policy allows no inline
  // script, and the tests keep that policy on.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as {
      axe: { run(): Promise<{ violations: { id: string; impact: string; help: string;
                                             nodes: { target: string[] }[] }[] }> };
    }).axe.run;
    return (await run()).violations;
  });
  const counted = moderateToo ? ['moderate', 'serious', 'critical'] : ['serious', 'critical'];
  return violations.filter((v) => counted.includes(v.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' '))
                      .join(', ')}`);
}

/** Saves a screenshot under web/.build/screenshots/NAME.png, for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(here, '..', 'screenshots', `${name}.png`),
                          fullPage: true });
}

/**
 * Registers the hooks every browser test file needs: an arcade of its own and a browser, both
 * started before the file's tests and stopped after them. `ready` receives them.
 */
export function useArcade(ready: (arcade: Arcade, browser: Browser) => void,
                          extra: string[] = []): void {
  let arcade: Arcade | undefined;
  let browser: Browser | undefined;
  before(async () => {
    arcade = await startArcade(extra);
    browser = await launchBrowser();
    ready(arcade, browser);
  });
  after(async () => {
    await browser?.close();
    await arcade?.stop();
  });
}

// --- Playing as a user does: the keyboard, and what the aria-live region said.

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element matches `selector` (at
 * most `limit` presses).
 */
export async function tabTo(page: Page, selector: string, backwards = false, limit = 80):
    Promise<void> {
  for (let i = 0; i < limit; ++i) {
    const there = await page.evaluate(
        (wanted) => document.activeElement?.matches(wanted) ?? false, selector);
    if (there) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Replaces the focused field's text by typing. */
export async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

/** How many sentences the page has announced so far (a mark for nextAnnouncement). */
export async function heardCount(page: Page): Promise<number> {
  return (await announced(page)).length;
}

/**
 * Waits for a sentence matching `pattern` announced after the first `from` (see announced()),
 * so that a sentence said twice in a game is waited for again; returns it. A failed wait says
 * what was heard instead.
 */
export async function nextAnnouncement(page: Page, pattern: RegExp, from: number):
    Promise<string> {
  try {
    const handle = await page.waitForFunction(
        (source) => {
          const all = (window as unknown as { __announced: string[] }).__announced;
          const wanted = new RegExp(source.pattern, source.flags);
          return all.slice(source.from).find((text) => wanted.test(text)) ?? false;
        },
        { pattern: pattern.source, flags: pattern.flags, from });
    return (await handle.jsonValue()) as string;
  } catch (error) {
    const said = (await announced(page)).slice(from);
    throw new Error(`${String(error)}\nwanted ${String(pattern)}; heard: ${JSON.stringify(said)}`);
  }
}

/** Calls the arcade's API from the test (Node's fetch); throws on an HTTP error. */
export async function api<T>(base: string, method: string, path: string, body?: unknown):
    Promise<T> {
  const response = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json()) as T;
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
  }
  return data;
}

/**
 * Plays a game in the terminal as `player` into the data directory `data` (which an arcade then
 * reads with --data), its input piped; fails the test when the game does not end well.
 */
export function playInTerminal(data: string, player: string, args: string[], input: string): void {
  const run = spawnSync(binary, ['--data', data, '--player', player, ...args],
                        { input, encoding: 'utf8' });
  assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
}
