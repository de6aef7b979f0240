// Helpers the Evil Hangman and Word Search pages share (candidates for dom.ts / a forms module):
// the config schema's defaults, labelled form fields, the seed field, and error text.
import { ApiError, listGames } from '../api';
import { h } from '../dom';

/** One property of a game's config schema (JSON Schema, as app/json_fields.cpp writes it). */
export interface SchemaProperty {
  type?: string | string[];
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
}

/**
 * The config schema's properties of game `id` (from GET /api/games, asked once per page load);
 * an empty record when the server cannot tell, so a form falls back on its own defaults.
 */
export async function configSchema(id: string): Promise<Record<string, SchemaProperty>> {
  try {
    const game = (await listGames()).find((entry) => entry.id === id);
    const schema = game?.config_schema as { properties?: Record<string, SchemaProperty> } | null;
    return schema?.properties ?? {};
  } catch {
    return {};
  }
}

/** The schema's default for `name` when it has the type of `fallback`, else `fallback`. */
export function schemaDefault<T extends string | number | boolean>(
    properties: Record<string, SchemaProperty>, name: string, fallback: T): T {
  const value = properties[name]?.default;
  return typeof value === typeof fallback ? (value as T) : fallback;
}

let fieldCount = 0;

/** A <label> around its control, so every control has its name. */
export function labelled(text: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  if (!hint) return h('label', {}, text, control);
  const id = `hint-${++fieldCount}`;
  control.setAttribute('aria-describedby', id);
  return h('label', {}, text, control, h('small', { id, class: 'hint' }, hint));
}

/** A <select> of `choices` ([value, text]) with `value` selected. */
export function selectOf(name: string, choices: [string, string][], value: string):
    HTMLSelectElement {
  const select = h('select', { name });
  for (const [choice, text] of choices) {
    select.append(h('option', { value: choice, selected: choice === value }, text));
  }
  select.value = value;
  return select;
}

/** A whole-number <input>. */
export function numberInput(name: string, value: number | string, min?: number, max?: number):
    HTMLInputElement {
  return h('input', { name, type: 'number', inputmode: 'numeric', min, max, step: 1,
                      value: String(value) });
}

/** A checkbox, in a label of its own (the text after the box). */
export function checkbox(name: string, text: string, checked: boolean): HTMLLabelElement {
  return h('label', { class: 'check' }, h('input', { name, type: 'checkbox', checked }), text);
}

/** The optional seed field: blank for a random game, a number to replay one. */
export function seedInput(value = ''): HTMLInputElement {
  // No `pattern`: the browser would refuse the form silently; readSeed() says what is wrong.
  return h('input', { name: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off',
                      size: 12, value });
}

/**
 * The seed to send: the field's number, or a new random one when it is blank (so the page can
 * show it for a replay). Throws an Error with a message for the player when it is not a whole
 * number the page can send exactly (0 to 2^53-1).
 */
export function readSeed(input: HTMLInputElement): number {
  const text = input.value.trim();
  if (text === '') {
    const words = new Uint32Array(2);
    crypto.getRandomValues(words);
    return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
  }
  const seed = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(seed)) {
    throw new Error(`The seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`);
  }
  return seed;
}

/** A field's whole number within [min, max], or an Error naming the field. */
export function readWhole(input: HTMLInputElement, what: string, min: number, max: number):
    number {
  const value = Number(input.value.trim());
  if (input.value.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${what} is a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** The sentence to show for a failed call: the server's message, or the error's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return sentence(error.message);
  return sentence(String(error));
}

/** Starts with a capital and ends with a full stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** True when a key press is for a text field or control, not for the game. */
export function typingInField(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}
