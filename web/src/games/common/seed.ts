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
 * What a page says under a game of a series (its `game`, 0-based) about its seed: the seed to
 * replay it, or, while a seed that decides something hidden is not shown, when it will be; and
 * whether the game is practice.
 */
export function seedNoteText(seed: number | null, game: number, practice: boolean): string[] {
  const note = seed === null
      ? `Game ${game + 1} of this session; its seed is shown when it ends.`
      : `Seed ${seed}, game ${game + 1} of this session (enter the seed in a new game to ` +
        'replay it).';
  return practice ? [note, practiceText(practice)] : [note];
}
