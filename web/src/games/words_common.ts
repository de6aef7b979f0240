// Pieces the Word Game and Position Hangman pages share, and any page could: the options form
// built from a game's config schema (with an optional seed), a visible message line that also
// announces, a random seed, and the keyboard shortcut filter. (For the lead to fold into
// dom.ts or a components file.)
import { ApiError, listGames } from '../api';
import { h, say } from '../dom';

/** One property of a config schema (the subset the registry writes: app/json_fields.h). */
interface SchemaProperty {
  type?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  enum?: string[];
  description?: string;
}

/** The text of an error for people: the server's message, or the exception's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Whether an error says the session is gone (expired, or the server restarted). */
export function sessionGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Shows a problem under a setup form, in place of the one shown before. */
export function setupProblem(section: HTMLElement, text: string): void {
  section.querySelector(':scope > .message')?.remove();
  const line = messageLine();
  section.append(line.element);
  line.show(text);
}

/** A visible message line (refusals, errors, notices) that also announces what it shows. */
export interface MessageLine {
  element: HTMLElement;
  /** Shows and announces `text`; kind "error" for a refusal. */
  show(text: string, kind?: 'error' | 'notice', announce?: boolean): void;
  clear(): void;
}

export function messageLine(): MessageLine {
  const element = h('p', { class: 'message', hidden: true });
  return {
    element,
    show(text, kind = 'error', announce = true) {
      element.className = `message ${kind}`;
      element.textContent = text;
      element.hidden = false;
      if (announce) say(text);
    },
    clear() {
      element.hidden = true;
      element.textContent = '';
    },
  };
}

/** What the options form gives back. */
export interface Options {
  config: Record<string, unknown>;
  seed?: number;
}

export interface OptionsFormSettings {
  game: string;
  /** Labels for the schema's fields, by name (the field name otherwise). */
  labels?: Record<string, string>;
  /** Fields not to show (their defaults apply). */
  skip?: string[];
  /** The previous options, to start from. */
  previous?: Options;
  submitLabel?: string;
  /** More fields of the game's own, shown after the schema's. */
  extras?: HTMLElement[];
  /**
   * Completes the options from the extra fields; returns a problem to show (and the element to
   * focus) instead of starting, or null.
   */
  complete?(options: Options): { problem: string; focus?: HTMLElement } | null;
  onStart(options: Options): void;
}

/** A field of the form: its element and how to read it. */
interface Field {
  name: string;
  element: HTMLElement;
  read(): unknown;
}

function fieldFor(name: string, property: SchemaProperty, label: string, previous: unknown,
                  id: string): Field | null {
  const value = previous ?? property.default;
  const hint = property.description ? h('span', { class: 'field-hint' }, property.description)
                                    : null;
  if (property.type === 'boolean') {
    const input = h('input', { type: 'checkbox', id, name, checked: value === true });
    return { name, element: h('label', { class: 'check', for: id }, input, h('span', {}, label)),
             read: () => input.checked };
  }
  if (property.type === 'integer') {
    const input = h('input', { type: 'number', id, name, inputmode: 'numeric',
                               min: property.minimum, max: property.maximum, step: 1,
                               value: typeof value === 'number' ? value : '', required: true });
    return { name, element: h('label', { for: id }, label, input, hint),
             read: () => Number(input.value) };
  }
  if (property.type === 'string' && property.enum) {
    const select = h('select', { id, name },
                     property.enum.map((choice) => h('option', { value: choice,
                                                                  selected: choice === value },
                                                      choice)));
    return { name, element: h('label', { for: id }, label, select, hint),
             read: () => select.value };
  }
  return null;
}

/**
 * The options form of a game: a field per config property (defaults from the schema the
 * server publishes), an optional seed, and a start button.
 */
export function optionsForm(settings: OptionsFormSettings): HTMLFormElement {
  const fields: Field[] = [];
  const body = h('div', { class: 'row options-fields' }, h('p', {}, 'Loading the options…'));
  const seedId = `${settings.game}-seed`;
  const seedInput = h('input', { type: 'text', id: seedId, name: 'seed', inputmode: 'numeric',
                                 pattern: '[0-9]*', autocomplete: 'off',
                                 value: settings.previous?.seed ?? '' });
  const problem = h('p', { class: 'error', hidden: true });
  const form = h('form', { class: 'options', novalidate: true },
                 h('fieldset', {}, h('legend', {}, 'Options'), body, settings.extras ?? [],
                   h('div', { class: 'row' },
                     h('label', { for: seedId }, 'Seed (optional, to replay a game)', seedInput),
                     h('button', { type: 'submit', class: 'primary' },
                       settings.submitLabel ?? 'Start'))),
                 problem);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const config: Record<string, unknown> = {};
    for (const field of fields) config[field.name] = field.read();
    const seedText = seedInput.value.trim();
    if (seedText !== '' && !/^[0-9]{1,15}$/.test(seedText)) {
      problem.textContent = 'The seed is a whole number, like 42 (or leave it empty).';
      problem.hidden = false;
      say(problem.textContent);
      seedInput.focus();
      return;
    }
    const options = seedText === '' ? { config } : { config, seed: Number(seedText) };
    const refused = settings.complete?.(options) ?? null;
    if (refused) {
      problem.textContent = refused.problem;
      problem.hidden = false;
      say(refused.problem);
      refused.focus?.focus();
      return;
    }
    problem.hidden = true;
    settings.onStart(options);
  });
  void listGames().then((games) => {
    const schema = games.find((game) => game.id === settings.game)?.config_schema as
        { properties?: Record<string, SchemaProperty> } | undefined;
    body.replaceChildren();
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      if (settings.skip?.includes(name)) continue;
      const field = fieldFor(name, property, settings.labels?.[name] ?? name,
                             settings.previous?.config[name], `${settings.game}-${name}`);
      if (!field) continue;
      fields.push(field);
      body.append(field.element);
    }
  }, (error: unknown) => {
    body.replaceChildren(h('p', { class: 'error' }, messageOf(error)));
  });
  return form;
}

/** A seed for a game the player did not seed: chosen here, so the page can show it. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000_000);
}

/**
 * Whether a key press anywhere on the page is for the game: no modifier but Shift, and not
 * typed into a field of a form.
 */
export function isGameKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target) return true;
  const tag = target.tagName;
  return !(tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || target.isContentEditable);
}
