// Test helpers the Word Game and Position Hangman tests share (for the lead to fold into
// support.ts): announcements counted from a point, so a sentence said twice in a game is
// waited for again, and a failed wait says what was heard instead.
import type { Page } from 'playwright-core';
import { announced } from './support';

/** How many sentences the page has announced so far. */
export async function count(page: Page): Promise<number> {
  return (await announced(page)).length;
}

/** Waits for an announcement matching `pattern` made after the first `from` ones; returns it. */
export async function heard(page: Page, pattern: RegExp, from: number): Promise<string> {
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
