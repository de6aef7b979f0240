// What the Evil Hangman and Word Search tests share (candidates for support.ts): moving the
// focus with Tab alone, waiting for the next announcement, and calling the API from the test.
import type { Page } from 'playwright-core';
import { announced } from './support';

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

/**
 * Waits for a sentence matching `pattern` announced after the first `from` (see announced());
 * returns it.
 */
export async function nextAnnouncement(page: Page, pattern: RegExp, from: number):
    Promise<string> {
  const handle = await page.waitForFunction(
      (source) => {
        const heard = (window as unknown as { __announced: string[] }).__announced;
        const wanted = new RegExp(source.pattern, source.flags);
        return heard.slice(source.from).find((text) => wanted.test(text)) ?? false;
      },
      { pattern: pattern.source, flags: pattern.flags, from });
  return (await handle.jsonValue()) as string;
}

/** How many sentences the page has announced so far. */
export async function heardCount(page: Page): Promise<number> {
  return (await announced(page)).length;
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

/** The page's serious and critical accessibility problems (support.ts). */
export { accessibilityProblems as axeProblems } from './support';
