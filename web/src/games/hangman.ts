// Position Hangman's page (game id `hangman`): the secret word as numbered positions; a guess is
// a position and a letter, scored by how likely the letter was there. Easy mode shows each open
// position's letter odds as bars. The JSON is src/app/hangman_codec.h; the rules
// docs/games/hangman.md.
import { ApiError, chosenPlayer, type GameEvent, playerHistory, type Snapshot } from '../api';
import { countOf, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { definitionToggle } from './common/definition';
import { type OptionsForm, optionsForm } from './common/form';
import { isGameKey } from './common/keys';
import { celebrate, floatUp, popIn, shake } from './common/motion';
import { playSound } from './common/sound';
import { practiceText } from './common/seed';
import { type Arrival, replayEvents } from './common/session';
import { SessionPage } from './common/session_page';
import { dictionaryField, dictionaryInUse, type DictionaryState, loadBuiltIn,
         newDictionaryState, statsTable } from './hangman/dictionary';

// --- The contract (hangman_codec.h).

interface LetterOdds {
  letter: string;
  count: number;
  probability: number;
  /** What a hit scores at that probability (the server applies the rules' bands). */
  points: number;
}

interface HangmanView {
  status: 'playing' | 'finished';
  mode: 'easy' | 'hard';
  hints: boolean;
  game: number;
  length: number;
  lives: number;
  /** The lives a game starts with. */
  max_lives: number;
  points: number;
  candidates: number;
  guesses: number;
  revealed: (string | null)[];
  missed: string[][];
  odds?: LetterOdds[][];
  word?: string;
  won?: boolean;
  gave_up?: boolean;
}

interface Advice {
  position: number;
  letter: string;
  probability: number;
  expected_points?: number;
  /** What the plan for points expects at the game's end (for_points only). */
  final_points?: number;
  /** The plan to win's chance (safest only). */
  win_chance?: number;
}

interface Hint {
  for_points: Advice;
  safest: Advice;
}

/** A finished game, for the table of the last five. */
interface PastGame {
  game: number;
  word: string;
  guesses: number;
  won: boolean;
  gaveUp: boolean;
  points: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The parts of the drawing: all drawn at the last life lost. */
const DRAWING_PARTS = 6;
const PAST_GAMES = 5;

// --- Words for people.

/**
 * A probability as a percentage to a tenth, without a trailing ".0" ("40%", "40.4%"): points
 * change at 25, 40 and 60 %, so a rounded figure would put 40.4 % in the wrong band.
 */
function percent(probability: number): string {
  const value = probability * 100;
  if (value > 0 && value < 0.05) return '<0.1%';
  return `${value.toFixed(1).replace(/\.0$/, '')}%`;
}

function points(count: number): string {
  return countOf(count, 'point');
}

// --- The last five games: a player's from the server's store (their history of this game);
// an anonymous player's (or a player's on a server that keeps nothing), the games finished in
// this tab since the page was loaded, which nothing keeps.

const TAB_GAMES: PastGame[] = [];

/** A finished game as the history gives it: its Finished event (hangman_codec.h). */
function pastOf(result: Record<string, unknown>): PastGame {
  return { game: Number(result.game), word: String(result.word), guesses: Number(result.guesses),
           won: result.player_won === true, gaveUp: result.gave_up === true,
           points: Number(result.points) };
}

/** The last five games and whose they are: the player's kept ones, else this tab's. */
async function lastGames(): Promise<{ games: PastGame[]; kept: string | null }> {
  const player = chosenPlayer();
  if (player === null) return { games: TAB_GAMES.slice(0, PAST_GAMES), kept: null };
  try {
    const history = await playerHistory(player, 'hangman', PAST_GAMES);
    return { games: history.games.map((game) => pastOf(game.result)), kept: history.player };
  } catch (error) {
    // A player who has finished no game here yet has none; a server keeping nothing: this tab's.
    if (error instanceof ApiError && error.code === 'unknown_player') {
      return { games: [], kept: player };
    }
    return { games: TAB_GAMES.slice(0, PAST_GAMES), kept: null };
  }
}

// --- The drawing: the gallows stands from the start; one part per miss, complete at six.

const SVG_NS = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** The drawing after `misses` of `lives`: complete at the last life. */
function gallows(misses: number, lives: number): SVGElement {
  const drawn = Math.min(DRAWING_PARTS, Math.ceil((misses * DRAWING_PARTS) / Math.max(1, lives)));
  const root = svg('svg', { viewBox: '0 0 120 140', class: 'hangman-gallows',
                            'aria-hidden': 'true', focusable: 'false' });
  const frame = [
    svg('line', { x1: 10, y1: 132, x2: 90, y2: 132 }),
    svg('line', { x1: 30, y1: 132, x2: 30, y2: 10 }),
    svg('line', { x1: 30, y1: 10, x2: 80, y2: 10 }),
    svg('line', { x1: 30, y1: 30, x2: 50, y2: 10 }),
    svg('line', { x1: 80, y1: 10, x2: 80, y2: 28 }),
  ];
  for (const line of frame) line.setAttribute('class', 'frame');
  root.append(...frame);
  const parts = [
    svg('circle', { cx: 80, cy: 40, r: 12 }),           // head
    svg('line', { x1: 80, y1: 52, x2: 80, y2: 92 }),    // body
    svg('line', { x1: 80, y1: 62, x2: 64, y2: 78 }),    // left arm
    svg('line', { x1: 80, y1: 62, x2: 96, y2: 78 }),    // right arm
    svg('line', { x1: 80, y1: 92, x2: 66, y2: 116 }),   // left leg
    svg('line', { x1: 80, y1: 92, x2: 94, y2: 116 }),   // right leg
  ];
  parts.slice(0, drawn).forEach((part) => {
    part.setAttribute('class', 'part');
    root.append(part);
  });
  return root;
}

// --- The page.

class HangmanPage extends SessionPage<HangmanView> {
  private chosen = 0;
  private digits = '';
  private hint: Hint | null = null;
  private result = '';
  private past: PastGame[] = [];
  /** The player whose kept games `past` is, or null for this tab's. */
  private pastOf: string | null = null;
  private readonly dictionary: DictionaryState = newDictionaryState();

  private readonly board = h('section', { class: 'hangman-board',
                                          'aria-labelledby': 'hangman-heading', hidden: true });
  private readonly heading = h('h2', { id: 'hangman-heading' });
  private readonly stats = h('p', { class: 'status-line hangman-stats' });
  private readonly drawing = h('figure', { class: 'hangman-drawing' });
  private readonly positions = h('div', { class: 'hangman-positions', role: 'group',
                                          'aria-label': 'The word, by position',
                                          'aria-describedby': 'hangman-keys' });
  private readonly guessPanel = h('div', { class: 'hangman-guess' });
  /** What the word means, under the end of a game. */
  private readonly definition = definitionToggle();
  private readonly hintBox = h('div', { class: 'hangman-hint' });
  private readonly footer = h('div', { class: 'row hangman-footer', 'data-game-end': true });
  private readonly about = h('section', { class: 'hangman-about',
                                          'aria-labelledby': 'hangman-about-heading' });

  constructor(root: HTMLElement, address: string) {
    super(root, 'hangman', address);
  }

  mount(route: string[]): () => void {
    this.root.append(this.rulesPanel(), this.board, this.custom, this.about);
    this.board.append(this.heading,
                      h('div', { class: 'hangman-top' }, this.stats, this.drawing,
                        h('div', { class: 'hangman-main' }, this.positions, this.guessPanel)),
                      this.message.element, this.hintBox, this.footer);
    const onKey = (event: KeyboardEvent) => this.pageKey(event);
    document.addEventListener('keydown', onKey);
    this.enter(route);
    this.renderAbout();
    void loadBuiltIn(this.dictionary, () => this.renderAbout());
    void this.loadPast();
    return () => {
      document.removeEventListener('keydown', onKey);
      this.session.close();
    };
  }

  // --- Rules and options.

  private rulesPanel(): HTMLElement {
    const bands = h('table', { class: 'hangman-bands' },
                    h('caption', {}, 'Points for a hit, by how likely the letter was there'),
                    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Probability P'),
                                     h('th', { scope: 'col', class: 'number' }, 'Points'))),
                    h('tbody', {},
                      [['more than 60%', 5], ['more than 40%, up to 60%', 10],
                       ['more than 25%, up to 40%', 15], ['25% or less', 30]].map(([band, score]) =>
                          h('tr', {}, h('td', {}, String(band)),
                            h('td', { class: 'number' }, String(score))))));
    return rules(
        'How to play',
        'The computer picks a secret word; you see only its length, as numbered positions. ' +
            'Each guess names a position and a letter: is that letter there?',
        'A letter\u2019s probability at a position is the share of the words still possible ' +
            '(the candidates) with that letter there: easy mode shows them as bars, hard mode ' +
            'hides them.',
        'A hit reveals the letter and scores more the less likely it was (below); a miss costs ' +
            'a life and 15 points (never below 0). The word found wins; the sixth miss loses.',
        bands,
        h('p', {}, 'Keys: a digit (or the arrow keys, Home and End) chooses a position; a ' +
                   'letter guesses it there; ? asks for a hint. You can also click a position, ' +
                   'then a letter.'));
  }

  protected buildForm(): OptionsForm {
    const dictionary = dictionaryField(this.dictionary, () => {
      // What the server said of the new choice replaces a refusal of the old one.
      this.form?.clear();
      this.renderAbout();
    });
    return optionsForm({
      game: 'hangman',
      fields: { mode: { label: 'Mode' }, secrets: { label: 'Secret words from' },
                hints: { label: 'Allow hints' } },
      previous: this.options,
      submitLabel: 'Start',
      extras: [dictionary.element],
      complete: (options) => dictionary.complete(options),
      onStart: (options) => void this.start(options),
    });
  }

  protected get playArea(): HTMLElement {
    return this.board;
  }

  /** A snapshot from the controller: a session opened or resumed, or a command's answer. */
  protected show(snapshot: Snapshot<HangmanView>, arrival: Arrival,
                 command?: Record<string, unknown>): void {
    if (arrival === 'opened' || arrival === 'resumed') {
      this.opened(snapshot, arrival === 'resumed');
    } else if (command) {
      this.answered(snapshot, command);
    }
  }

  /** Shows the board of a session just opened (started, or `resumed`). */
  private opened(snapshot: Snapshot<HangmanView>, resumed: boolean): void {
    this.board.hidden = false;
    this.newGameShown();
    this.render();
    this.focusChosen();
    say(`${this.startSentence(snapshot.view)} Type a position\u2019s number, then a letter.`);
    if (resumed) void this.rebuildHint();
  }

  /**
   * After a reload, the hint the page showed (no view holds it): the events of the game's last
   * hint, replayed by the server in a scratch session nobody sees (no seed given).
   */
  private async rebuildHint(): Promise<void> {
    const id = this.session.id;
    if (!id || !this.view?.hints) return;
    try {
      const replayed = await replayEvents(id);
      const commands = replayed.commands.map((command) => String(command.command));
      const asked = commands.lastIndexOf('hint');
      if (asked < 0 || commands.indexOf('new_game', asked) >= 0) return;
      const hint = replayed.events[asked]?.find((event) => event.event === 'hint');
      if (!hint || this.session.id !== id || this.view?.status !== 'playing') return;
      this.hint = hint as unknown as Hint;
      this.render();
    } catch {
      // The hint is not shown again; the game goes on.
    }
  }

  /** Asks for the last five games (the player's from the server), and shows them. */
  private async loadPast(): Promise<void> {
    const { games, kept } = await lastGames();
    this.past = games;
    this.pastOf = kept;
    this.renderAbout();
  }

  private newGameShown(): void {
    this.chosen = this.firstOpen();
    this.digits = '';
    this.hint = null;
    this.result = '';
    this.message.clear();
  }

  private startSentence(view: HangmanView): string {
    return `Game ${view.game}: a word of ${view.length} letters, ` +
           `${countOf(view.lives, 'life', 'lives')}, ` +
           `${countOf(view.candidates, 'candidate')}.`;
  }

  // --- Commands and events.

  private answered(snapshot: Snapshot<HangmanView>, command: Record<string, unknown>): void {
    const { sentences, refused, started } = this.events(snapshot.events ?? []);
    if (started) this.newGameShown();
    else if (!refused && command.command === 'guess') this.advance();
    this.render();
    const text = sentences.join(' ');
    const boxed = (snapshot.events ?? []).some((e) => e.event === 'hint' ||
                                                      e.event === 'finished');
    this.sayAnswer(text, refused, boxed);
    if (started || snapshot.view.status === 'finished') this.focusPrimary();
    this.feedback(snapshot.events ?? []);
  }

  /** Motion and sound for a guess (motion.ts): a hit's letter pops in and its points float up, a
   *  miss shakes the drawing, a refusal the positions, a win celebrates. The text says the same. */
  private feedback(events: GameEvent[]): void {
    for (const event of events) {
      if (event.event === 'rejected') {
        shake(this.positions);
      } else if (event.event === 'guessed') {
        const change = Number(event.points_change);
        const card = this.positions.querySelectorAll('.hangman-position')[Number(event.position)];
        if (event.hit) {
          playSound('scored');
          popIn(card ? [card] : []);
          floatUp(card, `+${change}`);
        } else {
          shake(this.drawing);
          floatUp(card ?? this.drawing, `${change}`, true);
        }
      } else if (event.event === 'finished' && event.player_won) {
        celebrate('You won!', this.positions);
      }
    }
  }

  private events(events: GameEvent[]): { sentences: string[]; refused: boolean;
                                         started: boolean } {
    const sentences: string[] = [];
    let refused = false;
    let started = false;
    for (const event of events) {
      switch (event.event) {
        case 'game_started':
          started = true;
          sentences.push(this.startSentence(this.view ?? (event as unknown as HangmanView)));
          break;
        case 'guessed':
          sentences.push(this.guessSentence(event));
          break;
        case 'hint':
          this.hint = event as unknown as Hint;
          sentences.push(this.hintSentence(this.hint));
          break;
        case 'rejected':
          refused = true;
          sentences.push(this.refusal(event));
          break;
        case 'finished': {
          const word = String(event.word);
          const won = Boolean(event.player_won);
          const score = Number(event.points);
          const guesses = Number(event.guesses);
          this.result = won
              ? `You won! The word was ${word}: ${points(score)} in ` +
                    `${countOf(guesses, 'guess', 'guesses')}.`
              : event.gave_up ? `You gave up: the word was ${word}. ${points(score)}.`
                              : `Out of lives: the word was ${word}. ${points(score)}.`;
          sentences.push(this.result);
          if (event.played) {
            TAB_GAMES.unshift(pastOf(event));
            TAB_GAMES.splice(PAST_GAMES);
            void this.loadPast();
          }
          break;
        }
        default:
          break;
      }
    }
    return { sentences, refused, started };
  }

  /** "2 of 6": the lives lost of the lives a game starts with (the view's). */
  private livesLost(lives: number): string {
    const most = this.view?.max_lives ?? lives;
    return `${most - lives} of ${most}`;
  }

  private guessSentence(event: GameEvent): string {
    const position = Number(event.position) + 1;
    const letter = String(event.letter);
    const change = Number(event.points_change);
    const odds = typeof event.probability === 'number' ? ` (${percent(event.probability)} likely)`
                                                       : '';
    if (event.hit) {
      return `Hit: ${letter} at position ${position}${odds}: +${points(change)}, ` +
             `${points(Number(event.points))} in all.`;
    }
    const lives = Number(event.lives);
    return `Miss: no ${letter} at position ${position}${odds}: ` +
           `${change === 0 ? 'no points to lose' : `\u2212${points(-change)}`}, ` +
           `${countOf(lives, 'life', 'lives')} left, ${this.livesLost(lives)} parts drawn.`;
  }

  private hintSentence(hint: Hint): string {
    const forPoints = hint.for_points;
    const safest = hint.safest;
    const finalPoints = forPoints.final_points ?? 0;
    return `Hint: for points, ${forPoints.letter} at position ${forPoints.position + 1} ` +
           `(${percent(forPoints.probability)}; played on for points, the game ends with ` +
           `${finalPoints.toFixed(1)} points on average). For the best chance to win: ` +
           `${safest.letter} at position ${safest.position + 1} ` +
           `(${percent(safest.probability)}; played on to win, the game is won ` +
           `${percent(safest.win_chance ?? 0)} of the time).`;
  }

  private refusal(event: GameEvent): string {
    const position = typeof event.position === 'number' ? event.position + 1 : 0;
    const letter = typeof event.letter === 'string' ? event.letter : '';
    switch (event.reason) {
      case 'out_of_range':
        return `There is no position ${position}: positions are 1 to ${Number(event.length)}.`;
      case 'repeated':
        return event.revealed ? `Position ${position} is already revealed.`
                              : `You already tried ${letter} at position ${position}.`;
      case 'malformed':
        return 'Guess a letter from A to Z.';
      case 'not_allowed':
        return 'Hints are off in this game.';
      case 'wrong_phase':
        return this.view?.status === 'finished'
            ? 'This game is over: start a new game.'
            : 'Not now: finish or give up this game first.';
      default:
        return `Refused: ${String(event.detail ?? event.reason)}.`;
    }
  }

  // --- Choosing a position, guessing a letter.

  private firstOpen(): number {
    const view = this.view;
    if (!view) return 0;
    const index = view.revealed.findIndex((letter) => letter === null);
    return index < 0 ? 0 : index;
  }

  /** After a hit, the next open position (the chosen one stays after a miss). */
  private advance(): void {
    const view = this.view;
    if (!view || view.status !== 'playing' || view.revealed[this.chosen] === null) return;
    for (let step = 1; step <= view.length; ++step) {
      const index = (this.chosen + step) % view.length;
      if (view.revealed[index] === null) {
        this.chosen = index;
        return;
      }
    }
  }

  private choose(index: number, announce: boolean): void {
    const view = this.view;
    if (!view || index < 0 || index >= view.length) return;
    this.chosen = index;
    this.renderPositions();
    this.renderGuessPanel();
    this.focusChosen();
    if (announce) say(this.chosenSentence());
  }

  private chosenSentence(): string {
    const view = this.view;
    if (!view) return '';
    const position = this.chosen + 1;
    const letter = view.revealed[this.chosen];
    if (letter) return `Position ${position} chosen: ${letter}, already revealed.`;
    const missed = view.missed[this.chosen] ?? [];
    const tried = missed.length > 0 ? ` Tried there: ${missed.join(', ')}.` : '';
    const odds = view.odds?.[this.chosen]?.slice(0, 3)
        .map((o) => `${o.letter} ${percent(o.probability)}`).join(', ');
    return `Position ${position} chosen.${odds ? ` Most likely: ${odds}.` : ''}${tried} ` +
           'Type a letter to guess it.';
  }

  private guess(letter: string): void {
    void this.send({ command: 'guess', position: this.chosen, letter: letter.toUpperCase() });
  }

  private pageKey(event: KeyboardEvent): void {
    const view = this.view;
    if (!view || this.board.hidden || !isGameKey(event)) return;
    const key = event.key;
    if (key === '?') {
      event.preventDefault();
      if (view.status === 'playing') void this.send({ command: 'hint' });
      return;
    }
    if (view.status !== 'playing') return;
    if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      // Digits build a number while it names a position: "1", "2" is 12 in a long word.
      let digits = this.digits + key;
      if (Number(digits) < 1 || Number(digits) > view.length) digits = key;
      if (Number(digits) < 1 || Number(digits) > view.length) {
        this.digits = '';
        this.message.show(`There is no position ${key}: positions are 1 to ${view.length}.`);
        return;
      }
      this.digits = digits;
      this.choose(Number(digits) - 1, true);
    } else if (['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'].includes(key)) {
      event.preventDefault();
      this.digits = '';
      const last = view.length - 1;
      const next = key === 'Home' ? 0
          : key === 'End' ? last
          : key === 'ArrowRight' || key === 'ArrowDown' ? Math.min(this.chosen + 1, last)
          : Math.max(this.chosen - 1, 0);
      this.choose(next, true);
    } else if (/^[a-zA-Z]$/.test(key)) {
      event.preventDefault();
      this.digits = '';
      this.guess(key);
    }
  }

  private focusChosen(): void {
    this.positions.querySelector<HTMLElement>(`[data-position="${this.chosen}"]`)?.focus();
  }

  private focusPrimary(): void {
    const view = this.view;
    if (view?.status === 'playing') this.focusChosen();
    else this.footer.querySelector<HTMLElement>('[data-primary]')?.focus();
  }

  // --- Rendering.

  private render(): void {
    const view = this.view;
    if (!view) return;
    const focused = document.activeElement;
    const focusWasHere = focused instanceof HTMLElement && this.board.contains(focused);
    this.heading.textContent = `Game ${view.game}${view.status === 'finished' ? ': over' : ''}`;
    fill(this.stats,
         h('span', {}, `Points: ${view.points}`),
         h('span', {}, `Lives: ${view.lives} of ${view.max_lives}`),
         h('span', {}, `Guesses: ${view.guesses}`),
         h('span', {}, `Candidates: ${view.candidates.toLocaleString('en')}`),
         // The seed draws the word: the server shows it once the game has ended.
         h('span', { class: 'hangman-meta' }, `${view.mode} mode`,
           view.status === 'finished' && this.session.seed !== null
               ? ` \u00b7 seed ${this.session.seed}` : ''),
         this.session.practice
             ? h('span', { class: 'hangman-practice' }, practiceText(true)) : null);
    this.renderDrawing(view);
    this.renderPositions();
    this.renderGuessPanel();
    this.renderHint();
    this.renderFooter(view);
    this.renderAbout();
    if (focusWasHere && !focused.isConnected) this.focusPrimary();
  }

  private renderDrawing(view: HangmanView): void {
    const misses = view.max_lives - view.lives;
    const text = `${this.livesLost(view.lives)} parts drawn`;
    fill(this.drawing, gallows(misses, view.max_lives),
         h('figcaption', {}, text, view.lives === 0 ? ': hanged' : ''));
    this.drawing.setAttribute('aria-label', `The hangman: ${text}`);
  }

  private renderPositions(): void {
    const view = this.view;
    if (!view) return;
    const over = view.status === 'finished';
    const cards = view.revealed.map((letter, i) => {
      const secret = over ? view.word?.[i] ?? '' : '';
      const shown = letter ?? (secret || '');
      const missed = view.missed[i] ?? [];
      const odds = !letter && !over ? view.odds?.[i]?.slice(0, 3) ?? [] : [];
      const state = letter ? 'found' : over ? 'not found' : 'open';
      const button = h('button', {
        type: 'button',
        class: `hangman-position${letter ? ' found' : ''}${over && !letter ? ' unfound' : ''}`,
        'data-position': i, 'aria-pressed': !over && i === this.chosen ? 'true' : 'false',
        disabled: over, onclick: () => this.choose(i, true),
      },
        h('span', { class: 'visually-hidden' }, 'Position '),
        h('span', { class: 'hangman-number' }, String(i + 1)),
        h('span', { class: 'visually-hidden' }, `: ${state}${shown ? ', ' : ''}`),
        h('span', { class: 'hangman-letter' }, shown || '\u00a0'),
        missed.length > 0 ? h('span', { class: 'visually-hidden' },
                              `, tried ${missed.join(', ')}`) : null);
      return h('div', { class: `hangman-card${!over && i === this.chosen ? ' chosen' : ''}` },
               button,
               missed.length > 0
                   ? h('p', { class: 'hangman-missed', 'aria-hidden': 'true' },
                       missed.map((m) => h('span', { class: 'miss' }, m)))
                   : null,
               odds.length > 0 ? this.oddsBars(odds, true) : null);
    });
    fill(this.positions, cards);
  }

  /** Letter odds as bars: a list, each with the letter, a bar as wide as it is likely, and %. */
  private oddsBars(odds: LetterOdds[], compact: boolean): HTMLElement {
    return h('ul', { class: `hangman-odds${compact ? ' compact' : ''}`,
                     'aria-hidden': compact ? 'true' : null },
             odds.map((o) => {
               const bar = h('span', { class: 'bar' });
               bar.style.width = `${Math.max(2, Math.round(o.probability * 100))}%`;
               return h('li', {},
                        h('span', { class: 'hangman-odds-letter' }, o.letter),
                        h('span', { class: 'hangman-odds-track' }, bar),
                        h('span', { class: 'hangman-odds-percent' },
                          compact ? percent(o.probability)
                                  : `${percent(o.probability)} (${o.points} ` +
                                    'points)'));
             }));
  }

  private renderGuessPanel(): void {
    const view = this.view;
    if (!view) return;
    if (view.status === 'finished') {
      if (view.word) this.definition.setWord(view.word);
      fill(this.guessPanel,
           h('p', { class: `status-line hangman-result ${view.won ? 'won' : 'lost'}` },
             this.result || `The word was ${view.word ?? ''}.`),
           view.word ? this.definition.element : null);
      return;
    }
    const index = this.chosen;
    const revealed = view.revealed[index];
    const missed = new Set(view.missed[index] ?? []);
    const odds = view.odds?.[index] ?? [];
    const oddsLetters = new Set(odds.map((o) => o.letter));
    fill(this.guessPanel,
         h('h3', { id: 'hangman-guess-heading' }, `Position ${index + 1}`,
           revealed ? `: ${revealed}, revealed` : ''),
         view.mode === 'easy' && !revealed && odds.length > 0
             ? h('div', {}, h('p', { class: 'hangman-odds-caption' },
                              'Most likely letters here, with the points a hit would score:'),
                 this.oddsBars(odds.slice(0, 8), false),
                 odds.length > 8 ? h('p', { class: 'hangman-more' },
                                     `and ${countOf(odds.length - 8, 'more letter')}`) : null)
             : null,
         h('div', { class: 'keyboard hangman-keyboard', role: 'group',
                    'aria-labelledby': 'hangman-guess-heading' },
           Array.from(ALPHABET, (letter) => {
             const tried = missed.has(letter);
             const impossible = view.mode === 'easy' && odds.length > 0 && !oddsLetters.has(letter);
             return h('button', { type: 'button',
                                  class: tried ? 'miss' : impossible ? 'unlikely' : null,
                                  'data-letter': letter,
                                  onclick: () => this.guess(letter) },
                      letter,
                      tried ? h('span', { class: 'visually-hidden' }, ' (missed here)')
                            : impossible ? h('span', { class: 'visually-hidden' },
                                             ' (no candidate has it here)') : null);
           })),
         h('p', { id: 'hangman-keys', class: 'hangman-keys' },
           `Choose a position with its number (1 to ${view.length}), the arrow keys, Home or ` +
           'End, or a click; then type or click a letter.' +
           `${view.hints ? ' ? asks for a hint.' : ''}`));
  }

  private renderHint(): void {
    if (!this.hint || this.view?.status !== 'playing') {
      fill(this.hintBox);
      return;
    }
    const hint = this.hint;
    fill(this.hintBox,
         h('div', { class: 'notice' }, h('p', {}, this.hintSentence(hint)),
           h('div', { class: 'row' },
             h('button', { type: 'button',
                           onclick: () => this.choose(hint.for_points.position, true) },
               `Choose position ${hint.for_points.position + 1}`),
             hint.safest.position !== hint.for_points.position
                 ? h('button', { type: 'button',
                                 onclick: () => this.choose(hint.safest.position, true) },
                     `Choose position ${hint.safest.position + 1}`)
                 : null)));
  }

  private renderFooter(view: HangmanView): void {
    if (view.status === 'finished') {
      fill(this.footer,
           h('button', { type: 'button', class: 'primary', 'data-primary': true,
                         onclick: () => void this.session.playAgain({ command: 'new_game' },
                                                                    { first_game: view.game }) },
             'Play again'),
           h('button', { type: 'button', onclick: () => this.showSetup() }, 'Custom game'));
    } else {
      fill(this.footer,
           view.hints ? h('button', { type: 'button',
                                      onclick: () => void this.send({ command: 'hint' }) },
                          'Hint (?)') : null,
           h('button', { type: 'button', onclick: () => void this.send({ command: 'give_up' }) },
             'Give up'));
    }
  }

  /** The dictionary in use (the server's statistics of it) and the last five games. */
  private renderAbout(): void {
    const view = this.view;
    const inUse = dictionaryInUse(this.dictionary);
    fill(this.about,
         h('h2', { id: 'hangman-about-heading' }, 'Dictionary and recent games'),
         inUse.stats ? statsTable(inUse.stats, `The dictionary: ${inUse.caption}`)
                     : h('p', {}, `The dictionary: ${inUse.caption}.`),
         view ? h('p', {}, `This game\u2019s word has ${view.length} letters; ` +
                           `${view.candidates.toLocaleString('en')} dictionary ` +
                           `${view.candidates === 1 ? 'word' : 'words'} of that length still ` +
                           'fit.')
              : null,
         this.past.length === 0
             ? h('p', {}, this.pastOf === null
                 ? 'Your last five games in this tab will be listed here (choose a player in ' +
                       'the lobby to keep them).'
                 : `${this.pastOf}\u2019s last five games will be listed here.`)
             : h('div', { class: 'hangman-past' }, h('table', {},
                 h('caption', {}, this.pastOf === null
                     ? 'Your last games in this tab (not kept), most recent first'
                     : `${this.pastOf}\u2019s last games, most recent first`),
                 h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Game'),
                                  h('th', { scope: 'col' }, 'Word'),
                                  h('th', { scope: 'col', class: 'number' }, 'Guesses'),
                                  h('th', { scope: 'col' }, 'Won by'),
                                  h('th', { scope: 'col', class: 'number' }, 'Points'))),
                 h('tbody', {},
                   this.past.map((game) =>
                       h('tr', {}, h('th', { scope: 'row' }, String(game.game)),
                         h('td', { class: 'mono' }, game.word),
                         h('td', { class: 'number' }, String(game.guesses)),
                         h('td', {}, game.won ? 'you' : game.gaveUp ? 'host (you gave up)'
                                                                     : 'host'),
                         h('td', { class: 'number' }, String(game.points))))))));
  }
}

export const page: GamePage = {
  mount(root, route, address) {
    return new HangmanPage(root, address).mount(route);
  },
  resumes: true,
};
