// The one way to read a seed: a text field, blank for a new game (no seed sent: the server draws
// one that nobody knows, docs/API.md "Sessions") or a whole number to replay one (a seed the
// player knows makes the game practice).
import { h } from '../../dom';
import { inputError } from './errors';

/** The optional seed field. */
export function seedInput(value: string | number = '', id?: string): HTMLInputElement {
  // No `pattern`: the browser would refuse the form silently; readSeed() says what is wrong.
  return h('input', { id, name: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off',
                      size: 12, value: String(value) });
}

/**
 * The seed to send: the field's number, or undefined when it is blank (the server then draws
 * one). Throws an input error (field "seed") when it is not a whole number the page can send
 * exactly.
 */
export function readSeed(input: HTMLInputElement): number | undefined {
  const text = input.value.trim();
  if (text === '') return undefined;
  const seed = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(seed)) {
    throw inputError(`The seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`, 'seed');
  }
  return seed;
}

/**
 * The line a page shows of a game that is practice (docs/API.md, "Sessions": its seed was known
 * before it began), beside its seed; '' for a game that counts.
 */
export function practiceText(practice: boolean): string {
  return practice ? 'Practice: its seed was known before it began, so this game counts in no ' +
                    'statistics and on no leaderboard.'
                  : '';
}

/**
 * What a page says under a game about its seed: nothing while it is played (but that it is
 * practice), and once it is over and its seed shown, how to play the same `what` (board, word,
 * deal) again; `game`, the game's index in its session's series (0-based), named `part` (game,
 * round), when it is not the first. Nodes for `fill`.
 */
export function seedNote(seed: number | null, over: boolean, what: string, practice: boolean,
                         game = 0, part = 'game'): (string | HTMLElement)[] {
  const lines: string[] = [];
  if (over && seed !== null) {
    const which = game > 0 ? `, ${part} ${game + 1} of its series` : '';
    lines.push(`Play this ${what} again: seed ${seed}${which} (in Custom game).`);
  }
  if (practice) lines.push(practiceText(true));
  return lines.flatMap((line, index) => (index === 0 ? [line] : [h('br'), line]));
}
