// The one form builder: a game's options form made from its config schema (the fields a page
// names, in its order, with their ranges, choices and defaults from the server), the seed field,
// one message line for problems (the page's own checks and the server's refusals alike), and the
// small labelled controls a page's own form may use.
import { lexiconInfo, type NewSession } from '../../api';
import { h } from '../../dom';
import { inputError, messageOf } from './errors';
import { messageLine } from './message';
import { hasType, type SchemaProperty, schemaOf } from './schema';
import { readSeed, seedInput } from './seed';

let fieldCount = 0;

/** A <label> around its control, so every control has its name; `hint` describes it. */
export function labelled(text: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  if (!hint) return h('label', {}, text, control);
  const id = `hint-${++fieldCount}`;
  control.setAttribute('aria-describedby', id);
  return h('label', {}, text, control, h('small', { id, class: 'hint' }, hint));
}

/**
 * A game page's "Custom game" panel: a <details>, folded until the player opens it, for the
 * options form (the page plays with its defaults in one click without it).
 */
export function customPanel(): HTMLDetailsElement {
  return h('details', { class: 'custom-game' }, h('summary', {}, 'Custom game'));
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

/** A field's whole number within [min, max], or an input error naming the field. */
export function readWhole(input: HTMLInputElement, what: string, min: number, max: number):
    number {
  const value = Number(input.value.trim());
  if (input.value.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw inputError(`${what} is a whole number from ${min} to ${max}.`, input.name);
  }
  return value;
}

/** The word lengths within the property's range that the server's word list has words of. */
export async function lengthsWithWords(property: SchemaProperty): Promise<number[] | null> {
  const lowest = property.minimum ?? 1;
  const highest = property.maximum ?? Infinity;
  try {
    return (await lexiconInfo()).lengths.map((entry) => entry.length)
        .filter((length) => length >= lowest && length <= highest);
  } catch {
    return null;  // the server cannot tell: a refusal will name the lengths
  }
}

/** What an options form gives: the config to send and the seed (none when left blank). */
export interface Options {
  config: Record<string, unknown>;
  /** The seed the player typed; undefined for a new game (the server draws one). */
  seed?: number;
  /**
   * What the new session asks for besides its game's config (docs/API.md, POST /api/sessions),
   * e.g. the auction's `answer_seconds`; a page's `complete` sets it.
   */
  session?: Omit<NewSession, 'game' | 'config' | 'seed'>;
}

/** The options a form starts from: without a seed, its field starts blank (a new game). */
export interface PreviousOptions {
  config: Record<string, unknown>;
  seed?: number;
}

/** How the form shows one config field of the schema. */
export interface FieldSettings {
  label: string;
  /** Under the control; when absent, the schema's description (but for a checkbox); '': none. */
  hint?: string;
  /** The text of each of an enum's values (the value itself otherwise). */
  choices?: Record<string, string>;
  /** An integer offered as a choice of these values (e.g. the lengths with words). */
  values?(property: SchemaProperty): Promise<number[] | null>;
  /** The page's value to start from, over the schema's default (e.g. where it is null). */
  start?: unknown;
  /** A nullable field left blank is refused rather than sent as null. */
  required?: boolean;
}

export interface OptionsFormSettings {
  /** The game's registry id: its schema, and the fields' ids (`<game>-<field>`). */
  game: string;
  /** The schema's fields to show, in order; the others keep their defaults (not sent). */
  fields: Record<string, FieldSettings>;
  /** The options to start from (the last game's). */
  previous?: PreviousOptions | null;
  /** The form's legend. */
  title?: string;
  submitLabel?: string;
  /**
   * More of the schema's fields, folded under `summary` (a <details>) after the others: the
   * rules most games leave as they are.
   */
  advanced?: { summary: string; fields: Record<string, FieldSettings> };
  /** More fields of the page's own, after the schema's. */
  extras?: HTMLElement[];
  /** Parts of the page's own before the form's fieldset (e.g. who plays, a fieldset of its own). */
  lead?: HTMLElement[];
  /**
   * The control of the page's own that an error naming `field` is about (e.g. a config field
   * the page's extras show), when it is not a control of that id.
   */
  control?(field: string): HTMLElement | null | undefined;
  /** Completes or checks the options before they are sent; throws an input error to refuse. */
  complete?(options: Options): void;
  onStart(options: Options): void;
}

export interface OptionsForm {
  element: HTMLFormElement;
  /** Shows a problem (an input error or the server's refusal) and focuses the field it names. */
  problem(error: unknown): void;
  clear(): void;
  busy(busy: boolean): void;
  /** Puts the keyboard on the first field. */
  focus(): void;
  /**
   * The options the form starts a game with as it stands, once its fields are in (a game in one
   * click: the form untouched); throws what a problem in it would show.
   */
  options(): Promise<Options>;
}

/** A field of the form: its control and how to read it. */
interface Field {
  name: string;
  control: HTMLElement;
  element: HTMLElement;
  read(): unknown;
}

function fieldFor(game: string, name: string, property: SchemaProperty, settings: FieldSettings,
                  previous: unknown, values: number[] | null): Field | null {
  const id = `${game}-${name}`;
  const nullable = hasType(property, 'null');
  const value = previous !== undefined ? previous
                : settings.start !== undefined ? settings.start : property.default ?? null;
  // A checkbox's label says it all: the schema's description goes under the other controls.
  const hintText = settings.hint ??
      (hasType(property, 'boolean') ? undefined : property.description);
  const hintId = `${id}-hint`;
  const hint = hintText ? h('span', { class: 'field-hint', id: hintId }, hintText) : null;
  const described = hint ? hintId : null;
  if (hasType(property, 'boolean')) {
    const input = h('input', { type: 'checkbox', id, name, checked: value === true,
                               'aria-describedby': described });
    return { name, control: input,
             element: h('label', { class: 'check', for: id }, input,
                        h('span', {}, settings.label), hint),
             read: () => input.checked };
  }
  const choices: (string | number)[] | null = property.enum ?? values;
  if (choices) {
    const numbers = choices.every((choice) => typeof choice === 'number');
    const shown = String(choices.map(String).includes(String(value)) ? value : choices[0] ?? '');
    const select = h('select', { id, name, 'aria-describedby': described },
                     choices.map((choice) =>
                         h('option', { value: String(choice), selected: String(choice) === shown },
                           settings.choices?.[String(choice)] ?? String(choice))));
    select.value = shown;
    return { name, control: select, element: h('label', { for: id }, settings.label, select, hint),
             read: () => (numbers ? Number(select.value) : select.value) };
  }
  if (hasType(property, 'integer')) {
    const lowest = property.minimum ?? 0;
    const highest = property.maximum ?? Number.MAX_SAFE_INTEGER;
    const input = h('input', { type: 'number', id, name, inputmode: 'numeric', step: 1,
                               min: property.minimum, max: property.maximum,
                               value: typeof value === 'number' ? value : '',
                               'aria-describedby': described });
    const blankAllowed = nullable && !settings.required;
    const range = `${lowest} to ${highest}`;
    return { name, control: input,
             element: h('label', { for: id }, settings.label, input, hint),
             read: () => {
               const text = input.value.trim();
               if (text === '' && blankAllowed) return null;
               const number = Number(text);
               if (text === '' || !Number.isInteger(number) || number < lowest ||
                   number > highest) {
                 throw inputError(`${settings.label}: a whole number from ${range}` +
                                  `${blankAllowed ? ', or blank' : ''}.`, name);
               }
               return number;
             } };
  }
  return null;  // a field of a type the form does not offer: its default applies
}

/**
 * A game's options form: the named fields of its config schema, the optional seed and a start
 * button. `onStart` gets the options once every field reads well; a problem is shown in the
 * form, announced, and its field focused.
 */
export function optionsForm(settings: OptionsFormSettings): OptionsForm {
  const fields: Field[] = [];
  const body = h('div', { class: 'row options-fields' }, h('p', {}, 'Loading the options…'));
  const advancedBody = h('div', { class: 'row options-fields' });
  const advanced = settings.advanced
      ? h('details', { class: 'options-advanced' },
          h('summary', {}, settings.advanced.summary), advancedBody)
      : null;
  const seedId = `${settings.game}-seed`;
  const seed = seedInput(settings.previous?.seed ?? '', seedId);
  const start = h('button', { type: 'submit', class: 'primary' }, settings.submitLabel ?? 'Start');
  const message = messageLine('form-message');
  const element = h('form', { class: 'options', novalidate: true },
                    settings.lead ?? [],
                    h('fieldset', {}, h('legend', {}, settings.title ?? 'Options'), body,
                      advanced, settings.extras ?? [],
                      h('div', { class: 'row' },
                        h('label', { for: seedId }, 'Seed (optional, to replay a game)', seed),
                        start)),
                    message.element);
  // The field an error names: a config field, the seed, or a control of the page's own (as the
  // page says, or by id).
  const focusOf = (field: string | undefined): HTMLElement | null | undefined =>
    field === undefined ? undefined
        : field === 'seed' ? seed
        : fields.find((f) => f.name === field)?.control ?? settings.control?.(field) ??
              element.querySelector<HTMLElement>(`#${CSS.escape(field)}`);
  const form: OptionsForm = {
    element,
    problem(error) {
      message.show(messageOf(error));
      focusOf((error as { field?: string }).field)?.focus();
    },
    clear: () => message.clear(),
    busy(busy) {
      start.disabled = busy;
      element.setAttribute('aria-busy', String(busy));
    },
    focus: () => (fields[0]?.control ?? seed).focus(),
    options: async () => {
      await built;
      return read();
    },
  };
  const read = (): Options => {
    const config: Record<string, unknown> = {};
    for (const field of fields) config[field.name] = field.read();
    const options = { config, seed: readSeed(seed) };
    settings.complete?.(options);
    return options;
  };
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    try {
      const options = read();
      message.clear();
      settings.onStart(options);
    } catch (error) {
      form.problem(error);
    }
  });
  const built = (async () => {
    try {
      const schema = await schemaOf(settings.game);
      const build = async (named: Record<string, FieldSettings>): Promise<Field[]> => {
        const built: Field[] = [];
        for (const [name, fieldSettings] of Object.entries(named)) {
          const property = schema[name];
          if (!property) continue;
          const values = fieldSettings.values ? await fieldSettings.values(property) : null;
          const field = fieldFor(settings.game, name, property, fieldSettings,
                                 settings.previous?.config[name], values);
          if (field) built.push(field);
        }
        return built;
      };
      const shown = await build(settings.fields);
      const folded = settings.advanced ? await build(settings.advanced.fields) : [];
      fields.push(...shown, ...folded);
      body.replaceChildren(...shown.map((field) => field.element));
      advancedBody.replaceChildren(...folded.map((field) => field.element));
    } catch (error) {
      body.replaceChildren(h('p', { class: 'notice' }, messageOf(error)));
      throw error;
    }
  })();
  built.catch(() => undefined);  // shown in the form; options() throws it
  return form;
}
