// The one way to read or draw a seed: a text field, blank for a new game (a seed drawn here, so
// the page can show it for a replay) or a whole number to replay one.
import { h } from '../../dom';
import { inputError } from './errors';

/** A seed drawn at random, as large as a page can send exactly (0 to 2^53-1). */
export function drawSeed(): number {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}

/** The optional seed field. */
export function seedInput(value: string | number = '', id?: string): HTMLInputElement {
  // No `pattern`: the browser would refuse the form silently; readSeed() says what is wrong.
  return h('input', { id, name: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off',
                      size: 12, value: String(value) });
}

/**
 * The seed to send: the field's number, or a new one drawn when it is blank. Throws an input
 * error (field "seed") when it is not a whole number the page can send exactly.
 */
export function readSeed(input: HTMLInputElement): number {
  const text = input.value.trim();
  if (text === '') return drawSeed();
  const seed = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(seed)) {
    throw inputError(`The seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`, 'seed');
  }
  return seed;
}
