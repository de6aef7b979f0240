// The form that sets up a letter auction: the seats (bots, and optionally you), the rules from
// the config schema (the usual ones in sight, the variants under "Advanced"), a seed, and your
// time per answer.
import type { NewSession } from '../../api';
import { errorBox, fill, h, say } from '../../dom';
import { messageOf } from '../common/errors';
import { readSeed, seedInput } from '../common/seed';

interface IntegerField {
  minimum?: number;
  maximum?: number;
  default?: number;
  description?: string;
}

/** What the form needs of the config schema (GET /api/games): the bots, seats and rules. */
export interface Schema {
  bots: string[];
  defaultSeats: { kind: string; name?: string }[];
  minSeats: number;
  maxSeats: number;
  fields: Record<string, IntegerField>;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' ? value as Json : {};
}

/** Reads the parts of the auction's config schema the form uses (the server's, not copies). */
export function readSchema(schema: unknown): Schema {
  const properties = object(object(schema).properties);
  const seats = object(properties.seats);
  const variants = object(seats.items).oneOf;
  let bots: string[] = [];
  if (Array.isArray(variants)) {
    for (const variant of variants) {
      const props = object(object(variant).properties);
      const names = object(props.name).enum;
      if (object(props.kind).const === 'bot' && Array.isArray(names)) bots = names.map(String);
    }
  }
  const fields: Record<string, IntegerField> = {};
  for (const name of Object.keys(LABELS)) fields[name] = object(properties[name]) as IntegerField;
  return {
    bots,
    defaultSeats: Array.isArray(seats.default) ? seats.default as Schema['defaultSeats'] : [],
    minSeats: typeof seats.minItems === 'number' ? seats.minItems : 2,
    maxSeats: typeof seats.maxItems === 'number' ? seats.maxItems : bots.length,
    fields,
  };
}

/** The labels of the rule fields, in the order the form shows them. */
const LABELS: Record<string, string> = {
  rounds: 'Rounds',
  hidden_letters: 'Hidden letters',
  rack_size: 'Rack size',
  letters_per_round: 'Letters per round (0: no limit)',
  starting_points: 'Starting points',
  bonus_length: 'Bonus word length',
  bonus: 'Bonus points',
};

interface Remembered {
  bots: string[];
  person: boolean;
  name: string;
  values: Record<string, string>;
  seed: string;
  seconds: string;
  games: string;
}

/** The last setup of each kind, so "New setup" starts from it. */
const memory: { game: Remembered | null; tournament: Remembered | null } =
    { game: null, tournament: null };

/** A game to open, or a tournament to run (`games`). */
export interface SetupRequest extends NewSession {
  games?: number;
}

/** How the form is used: a game (people may take a seat) or a tournament of bots. */
export interface SetupMode {
  kind: 'game' | 'tournament';
  /** A tournament: the external bots the server allows (their command lines). */
  external?: string[];
  /** A tournament: the most games it may have. */
  maxGames?: number;
}

const EXTERNAL = 'external:';

/** A person's time per answer (docs/API.md, "Sessions": `answer_seconds`). */
const ANSWER_SECONDS = { min: 1, max: 600, start: 30 };

/**
 * Builds the setup form; `start` gets the request to send and resolves to the server's refusal
 * (an ApiError: shown, announced, and the field it names focused), or null once the game is open.
 */
export function setupForm(schema: Schema,
                          start: (request: SetupRequest) => Promise<unknown>,
                          mode: SetupMode = { kind: 'game' }): HTMLElement {
  const tournament = mode.kind === 'tournament';
  const remembered = memory[mode.kind];
  const choices = [...schema.bots, ...(mode.external ?? []).map((command) => EXTERNAL + command)];
  const bots: string[] = remembered?.bots.filter((bot) => choices.includes(bot)) ??
      schema.defaultSeats.filter((seat) => seat.kind === 'bot').map((seat) => seat.name ?? '');
  const seatList = h('ol', { class: 'auction-seats' });
  const message = h('div', { class: 'auction-message' });
  const person = h('input', { type: 'checkbox', id: 'auction-person',
                              checked: remembered?.person ?? false });
  const name = h('input', { id: 'auction-name', type: 'text', maxlength: 64, autocomplete: 'nickname',
                            value: remembered?.name ?? '' });
  const seconds = h('input', { id: 'auction-seconds', type: 'number', min: ANSWER_SECONDS.min,
                               max: ANSWER_SECONDS.max, inputmode: 'numeric',
                               value: remembered?.seconds ?? String(ANSWER_SECONDS.start) });
  const personFields = h('div', { class: 'row auction-person-fields' },
                         h('label', {}, 'Your name', name),
                         h('label', {}, 'Seconds per answer', seconds));
  const addBot = h('button', { type: 'button', id: 'auction-add' }, 'Add a bot');

  const seatCount = () => bots.length + (person.checked ? 1 : 0);
  const showSeats = (focusRow?: number) => {
    const rows = bots.map((bot, index) => {
      const seatNumber = index + 1 + (person.checked ? 1 : 0);
      const select = h('select', { id: `auction-bot-${index}`,
                                   onchange: (event: Event) => {
                                     bots[index] = (event.target as HTMLSelectElement).value;
                                   } },
                       choices.map((choice) =>
                           h('option', { value: choice, selected: choice === bot },
                             choice.startsWith(EXTERNAL)
                                 ? `external: ${choice.slice(EXTERNAL.length)}` : choice)));
      const remove = h('button', { type: 'button', class: 'auction-remove',
                                   'aria-label': `Remove seat ${seatNumber} (${bot})`,
                                   disabled: seatCount() <= schema.minSeats,
                                   onclick: () => {
                                     bots.splice(index, 1);
                                     showSeats(Math.min(index, bots.length - 1));
                                     say(`Seat ${seatNumber} removed: ${playersOf(seatCount())}.`);
                                   } }, 'Remove');
      return h('li', { class: 'auction-seat' },
               h('label', { for: `auction-bot-${index}` }, `Seat ${seatNumber}: bot`), select,
               remove);
    });
    const you = person.checked
        ? h('li', { class: 'auction-seat' }, h('span', {}, `Seat 1: you (${name.value || 'person'})`))
        : null;
    fill(seatList, you, rows);
    (addBot as HTMLButtonElement).disabled = seatCount() >= schema.maxSeats;
    personFields.hidden = !person.checked;
    if (focusRow !== undefined && focusRow >= 0) {
      seatList.querySelectorAll('select')[focusRow]?.focus();
    }
  };
  addBot.addEventListener('click', () => {
    bots.push(schema.bots.includes('value') ? 'value' : schema.bots[0] ?? 'random');
    showSeats(bots.length - 1);
    say(`Seat ${seatCount()} added: a bot; ${playersOf(seatCount())}.`);
  });
  person.addEventListener('change', () => {
    if (person.checked && seatCount() > schema.maxSeats) bots.pop();
    showSeats();
  });
  name.addEventListener('input', () => showSeats());

  const inputs: Record<string, HTMLInputElement> = {};
  const field = (key: string) => {
    const spec = schema.fields[key] ?? {};
    const maximum = spec.maximum;
    const input = h('input', { id: `auction-${key}`, name: key, type: 'number', inputmode: 'numeric',
                               min: spec.minimum, max: maximum,
                               value: remembered?.values[key] ?? spec.default ?? '',
                               'aria-describedby': `auction-${key}-help` });
    inputs[key] = input;
    return h('label', { class: 'auction-field' }, LABELS[key] ?? key, input,
             h('small', { id: `auction-${key}-help`, class: 'auction-help' },
               `${spec.minimum ?? 0} to ${maximum ?? '…'}`));
  };
  const maxGames = mode.maxGames ?? 1000;
  const games = h('input', { id: 'auction-games', type: 'number', inputmode: 'numeric', min: 1,
                             max: maxGames, value: remembered?.games ?? '20',
                             'aria-describedby': 'auction-games-help' });
  const gamesField = tournament
      ? h('label', { class: 'auction-field' }, 'Games', games,
          h('small', { id: 'auction-games-help', class: 'auction-help' },
            `1 to ${maxGames}; the seats rotate each game`))
      : null;
  const seed = seedInput(remembered?.seed ?? '', 'auction-seed');
  seed.setAttribute('aria-describedby', 'auction-seed-help');

  const form = h('form', { class: 'auction-setup', novalidate: true },
    h('fieldset', {},
      h('legend', {}, 'Players'),
      tournament ? null : h('p', { class: 'auction-check' },
        h('label', { class: 'auction-inline', for: 'auction-person' }, person,
          ' Take a seat: play yourself, against the bots')),
      tournament ? null : personFields,
      seatList,
      h('div', { class: 'row' }, addBot)),
    h('fieldset', {},
      h('legend', {}, 'Rules'),
      h('div', { class: 'row' }, gamesField, field('rounds'), field('hidden_letters'),
        h('label', { class: 'auction-field' }, 'Seed (optional)', seed,
          h('small', { id: 'auction-seed-help', class: 'auction-help' },
            'the same seed deals the same game'))),
      h('details', { class: 'auction-advanced' },
        h('summary', {}, 'Advanced rules'),
        h('div', { class: 'row' }, field('rack_size'), field('letters_per_round'),
          field('starting_points'), field('bonus_length'), field('bonus')))),
    message,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' },
                                 tournament ? 'Start the tournament' : 'Start the game')));

  const refuse = (text: string, focus?: HTMLElement | undefined) => {
    fill(message, errorBox(text));
    say(text);
    focus?.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    fill(message);
    const config: Record<string, unknown> = {};
    for (const [key, input] of Object.entries(inputs)) {
      const spec = schema.fields[key] ?? {};
      const text = input.value.trim();
      const value = Number(text);
      const maximum = Number(input.max || Infinity);
      if (text === '' || !Number.isInteger(value) || value < (spec.minimum ?? 0) || value > maximum) {
        refuse(`${LABELS[key] ?? key}: a whole number from ${spec.minimum ?? 0} to ${input.max}.`,
               input);
        return;
      }
      config[key] = value;
    }
    const seats = bots.map((bot) => bot.startsWith(EXTERNAL)
        ? { kind: 'external', name: bot.slice(EXTERNAL.length) } : { kind: 'bot', name: bot });
    if (person.checked) seats.unshift({ kind: 'person', name: name.value.trim() });
    config.seats = seats;
    const request: SetupRequest = { game: 'auction', config };
    if (tournament) {
      const count = Number(games.value.trim());
      if (!Number.isInteger(count) || count < 1 || count > maxGames) {
        refuse(`Games: a whole number from 1 to ${maxGames}.`, games);
        return;
      }
      request.games = count;
    }
    const seedText = seed.value.trim();
    try {
      request.seed = readSeed(seed);
    } catch (error) {
      refuse(messageOf(error), seed);
      return;
    }
    if (person.checked) {
      const value = Number(seconds.value);
      if (!Number.isInteger(value) || value < ANSWER_SECONDS.min || value > ANSWER_SECONDS.max) {
        refuse(`Seconds per answer: a whole number from ${ANSWER_SECONDS.min} to ` +
               `${ANSWER_SECONDS.max}.`, seconds);
        return;
      }
      request.answer_seconds = value;
    }
    memory[mode.kind] = {
      bots: [...bots], person: person.checked, name: name.value, seed: seedText,
      seconds: seconds.value, games: games.value,
      values: Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, input.value])),
    };
    void start(request).then((problem) => {
      if (!problem) return;
      const field = (problem as { field?: string }).field;
      const named = field === 'seats' ? seatList.querySelector('select')
                    : field === 'games' ? games
                    : field ? inputs[field] : undefined;
      refuse(messageOf(problem), named ?? undefined);
    });
  });
  showSeats();
  return form;
}

function playersOf(seats: number): string {
  return `${seats} ${seats === 1 ? 'player' : 'players'}`;
}
