// The form that sets up a letter auction: the common options form (common/form.ts) for the
// rules from the config schema (the usual ones in sight, the variants under "Advanced rules")
// and the seed, with what is the auction's own before it: the seats (bots, and you, a game's
// default: under the lobby's player's name or another, with your time per answer), and a
// tournament's number of games.
import { chosenPlayer } from '../../api';
import { h, say } from '../../dom';
import { inputError } from '../common/errors';
import { type FieldSettings, type Options, type OptionsForm, optionsForm } from '../common/form';
import type { SchemaProperties, SchemaProperty } from '../common/schema';
import { DEFAULT_PERSON } from './types';

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' ? value as Json : {};
}

/** A seat of the config: a bot (built in, or external: a tournament's), or a person. */
interface Seat {
  kind: string;
  name?: string;
}

/** What the seats may be, from the config schema's `seats` (the server's, not copies). */
export interface Seating {
  /** The built-in bots. */
  bots: string[];
  defaultSeats: Seat[];
  minSeats: number;
  maxSeats: number;
}

/** Reads the seats' part of the auction's config schema. */
export function seatingOf(properties: SchemaProperties): Seating {
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
  return {
    bots,
    defaultSeats: Array.isArray(seats.default) ? seats.default as Seat[] : [],
    minSeats: typeof seats.minItems === 'number' ? seats.minItems : 2,
    maxSeats: typeof seats.maxItems === 'number' ? seats.maxItems : bots.length,
  };
}

/** The labels of the rules in sight, in the order the form shows them. */
const RULES: Record<string, string> = {
  rounds: 'Rounds',
  hidden_letters: 'Hidden letters',
};

/** The labels of the rules under "Advanced rules". */
const ADVANCED: Record<string, string> = {
  rack_size: 'Rack size',
  letters_per_round: 'Letters per round (0: no limit)',
  starting_points: 'Starting points',
  bonus_length: 'Bonus word length',
  bonus: 'Bonus points',
};

/** What the form remembers of the last setup of a kind, so "Custom game" starts from it. */
interface Remembered {
  /** The rules sent; the seats are `bots` and `person`. */
  config: Json;
  /** Absent when the field was left blank (a new game each time). */
  seed?: number;
  bots: string[];
  person: boolean;
  name: string;
  seconds: string;
  games: string;
}

const memory: { game: Remembered | null; tournament: Remembered | null } =
    { game: null, tournament: null };

/** How the form is used: a game (people may take a seat) or a tournament of bots. */
export interface SetupMode {
  kind: 'game' | 'tournament';
  /** A tournament: the external bots the server allows (their command lines). */
  external?: string[];
  /** A tournament: the most games it may have. */
  maxGames?: number;
}

export interface SetupSettings {
  mode: SetupMode;
  /** The auction's config schema (the rules' ranges, and the seats). */
  properties: SchemaProperties;
  /**
   * The setup reads well: the options of a game to open (`session.answer_seconds` when a
   * person plays), or of a tournament of `games` games.
   */
  onStart(options: Options, games: number): void;
}

const EXTERNAL = 'external:';

/** A person's time per answer (docs/API.md, "Sessions": `answer_seconds`). */
const ANSWER_SECONDS = { min: 1, max: 600, start: 30 };

/** A rule's field: its label, and its range under it ("1 to 20"). */
function rule(label: string, property: SchemaProperty | undefined): FieldSettings {
  return { label, hint: `${property?.minimum ?? 0} to ${property?.maximum ?? '…'}` };
}

function rules(labels: Record<string, string>, properties: SchemaProperties):
    Record<string, FieldSettings> {
  return Object.fromEntries(Object.entries(labels)
      .map(([name, label]) => [name, rule(label, properties[name])]));
}

function playersOf(seats: number): string {
  return `${seats} ${seats === 1 ? 'player' : 'players'}`;
}

/**
 * The setup form. A problem (the page's own check or the server's refusal, through the form's
 * `problem`) is shown, announced, and the field it names focused: a rule, the seed, the seats,
 * the time per answer or the games.
 */
export function setupForm(settings: SetupSettings): OptionsForm {
  const { mode } = settings;
  const tournament = mode.kind === 'tournament';
  const seating = seatingOf(settings.properties);
  const remembered = memory[mode.kind];
  const choices = [...seating.bots, ...(mode.external ?? []).map((command) => EXTERNAL + command)];
  const bots: string[] = remembered?.bots.filter((bot) => choices.includes(bot)) ??
      seating.defaultSeats.filter((seat) => seat.kind === 'bot').map((seat) => seat.name ?? '');
  const seatList = h('ol', { class: 'auction-seats' });
  const person = h('input', { type: 'checkbox', id: 'auction-person',
                              checked: !tournament && (remembered?.person ?? true) });
  // The lobby's player, when one is chosen, is who plays here (else the seat is "You").
  const name = h('input', { id: 'auction-name', type: 'text', maxlength: 64,
                            autocomplete: 'nickname', placeholder: DEFAULT_PERSON,
                            value: remembered?.name || (chosenPlayer() ?? '') });
  const seconds = h('input', { id: 'auction-seconds', type: 'number', min: ANSWER_SECONDS.min,
                               max: ANSWER_SECONDS.max, inputmode: 'numeric',
                               value: remembered?.seconds ?? String(ANSWER_SECONDS.start) });
  const personFields = h('div', { class: 'row auction-person-fields' },
                         h('label', {}, 'Your name', name),
                         h('label', {}, 'Seconds per answer', seconds));
  const addBot = h('button', { type: 'button', id: 'auction-add' }, 'Add a bot');

  const seatCount = () => bots.length + (person.checked ? 1 : 0);
  // A game's seat of your own comes first: a bot makes room for it at a full table.
  if (person.checked && seatCount() > seating.maxSeats) bots.pop();
  const personName = () => name.value.trim() || DEFAULT_PERSON;
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
                                   disabled: seatCount() <= seating.minSeats,
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
        ? h('li', { class: 'auction-seat' },
            h('span', {}, `Seat 1: you${personName() === DEFAULT_PERSON ? ''
                                                                 : ` (${personName()})`}`))
        : null;
    seatList.replaceChildren(...[you, ...rows].filter((row) => row !== null));
    addBot.disabled = seatCount() >= seating.maxSeats;
    personFields.hidden = !person.checked;
    if (focusRow !== undefined && focusRow >= 0) {
      seatList.querySelectorAll('select')[focusRow]?.focus();
    }
  };
  addBot.addEventListener('click', () => {
    bots.push(seating.bots.includes('value') ? 'value' : seating.bots[0] ?? 'random');
    showSeats(bots.length - 1);
    say(`Seat ${seatCount()} added: a bot; ${playersOf(seatCount())}.`);
  });
  person.addEventListener('change', () => {
    if (person.checked && seatCount() > seating.maxSeats) bots.pop();
    showSeats();
  });
  name.addEventListener('input', () => showSeats());

  const maxGames = mode.maxGames ?? 1000;
  const games = h('input', { id: 'auction-games', type: 'number', inputmode: 'numeric', min: 1,
                             max: maxGames, value: remembered?.games ?? '20',
                             'aria-describedby': 'auction-games-help' });
  const players = h('fieldset', { class: 'auction-players' },
    h('legend', {}, 'Players'),
    tournament ? null : h('p', { class: 'auction-check' },
      h('label', { class: 'auction-inline', for: 'auction-person' }, person,
        ' Take a seat: play yourself, against the bots')),
    tournament ? null : personFields,
    seatList,
    h('div', { class: 'row' }, addBot),
    tournament
        ? h('div', { class: 'row' },
            h('label', { class: 'auction-field' }, 'Games', games,
              h('small', { id: 'auction-games-help', class: 'auction-help' },
                `1 to ${maxGames}; the seats rotate each game`)))
        : null);

  const form = optionsForm({
    game: 'auction',
    title: 'Rules',
    fields: rules(RULES, settings.properties),
    advanced: { summary: 'Advanced rules', fields: rules(ADVANCED, settings.properties) },
    previous: remembered && { config: remembered.config, seed: remembered.seed },
    submitLabel: tournament ? 'Start the tournament' : 'Start the game',
    lead: [players],
    // The server names the seats, the time per answer or the games: the page's own controls.
    control: (field) => field === 'games' ? games
                        : field === 'answer_seconds' ? seconds
                        : field.startsWith('seats') ? seatList.querySelector('select') ?? addBot
                        : null,
    complete: (options) => {
      const seats: Seat[] = bots.map((bot) => bot.startsWith(EXTERNAL)
          ? { kind: 'external', name: bot.slice(EXTERNAL.length) } : { kind: 'bot', name: bot });
      if (person.checked) seats.unshift({ kind: 'person', name: personName() });
      options.config.seats = seats;
      if (tournament) {
        const count = Number(games.value.trim());
        if (!Number.isInteger(count) || count < 1 || count > maxGames) {
          throw inputError(`Games: a whole number from 1 to ${maxGames}.`, 'games');
        }
      }
      if (person.checked) {
        const value = Number(seconds.value);
        if (!Number.isInteger(value) || value < ANSWER_SECONDS.min ||
            value > ANSWER_SECONDS.max) {
          throw inputError(`Seconds per answer: a whole number from ${ANSWER_SECONDS.min} to ` +
                           `${ANSWER_SECONDS.max}.`, 'answer_seconds');
        }
        options.session = { answer_seconds: value };
      }
    },
    onStart: (options) => {
      const { seats: _, ...config } = options.config;
      memory[mode.kind] = {
        config, seed: options.seed,
        bots: [...bots], person: person.checked, name: name.value,
        seconds: seconds.value, games: games.value,
      };
      settings.onStart(options, Number(games.value.trim()));
    },
  });
  form.element.classList.add('auction-setup');
  showSeats();
  return form;
}
