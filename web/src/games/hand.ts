// The Word Game's page (game id `hand`): a hand of letter tiles; type or click letters to build a
// word, Enter plays it. A series of hands, one substitution and one replay per series, hints
// when the options allow them, and after each hand the best it allowed. The JSON is
// src/app/hand_codec.h; the rules docs/games/hand.md.
import type { GameEvent, Snapshot } from '../api';
import { countOf, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { definitionPanel } from './common/definition';
import { type OptionsForm, optionsForm } from './common/form';
import { isGameKey } from './common/keys';
import { celebrate, floatUp, popIn, shake } from './common/motion';
import { playSound } from './common/sound';
import { practiceText } from './common/seed';
import { type Arrival, replayEvents } from './common/session';
import { SessionPage } from './common/session_page';

// --- The contract (hand_codec.h).

type Status = 'substitution_offered' | 'playing' | 'replay_offered' | 'finished';

interface Play {
  typed: string;
  word: string | null;
  score: number;
  discard: boolean;
}

interface Plan {
  total: number;
  plays: Play[];
}

interface HandRecord {
  dealt: string;
  start: string;
  substituted: boolean;
  score: number;
  replay_score: number | null;
  counted: number;
}

interface HandView {
  status: Status;
  hand: number;
  replay: boolean;
  tiles: string;
  hand_total: number;
  total: number;
  hints: boolean;
  records: HandRecord[];
  /** Each tile's value ("*" too), and by a word's length what its values are multiplied by. */
  letter_values: Record<string, number>;
  length_factors: number[];
}

interface Optimum {
  status: 'solved' | 'too_large' | 'stopped';
  plan: Plan;
  plan_with_discards: Plan;
}

interface HandEnded {
  hand: number;
  replay: boolean;
  score: number;
  total: number;
  optimum: Optimum | null;
}

interface Hint {
  best_word: Play | null;
  plan_status: 'solved' | 'too_large' | 'stopped';
  plan: Plan;
}

/** A word played in the current play of the hand. */
interface Played {
  word: string;
  valid: boolean;
  score: number;
  why: string;
}

// --- Scoring, as the view gives it (for the preview and the refusal's reason).

/** The score a word would earn if valid, from the view's tile values and length factors. */
function wordScore(word: string, view: HandView): number {
  let sum = 0;
  for (const tile of word) sum += view.letter_values[tile] ?? 0;
  return sum * (view.length_factors[word.length] ?? 0);
}

/** The first character of `word` that is no tile (not a letter a to z, nor *), or null. */
function strayCharacter(word: string): string | null {
  for (const character of word) {
    if (!/^[a-z*]$/i.test(character)) return character;
  }
  return null;
}

/** Which tiles of `tiles` the word uses (greedily), and the typed tiles the hand lacks. */
function usage(tiles: string, word: string): { used: boolean[]; missing: string[] } {
  const used = Array.from(tiles, () => false);
  const missing: string[] = [];
  for (const tile of word) {
    const index = Array.from(tiles).findIndex((t, i) => t === tile && !used[i]);
    if (index < 0) missing.push(tile);
    else used[index] = true;
  }
  return { used, missing };
}

/** Tiles for the ear and the eye: "A D X *". */
function spoken(tiles: string): string {
  return Array.from(tiles, (tile) => tile.toUpperCase()).join(' ');
}

function points(count: number): string {
  return countOf(count, 'point');
}

/** "ax*d (axed) 308", or "discard qz". */
function playText(play: Play): string {
  if (play.discard) return `discard ${play.typed.toUpperCase()}`;
  const spelled = play.word && play.word !== play.typed ? ` (${play.word.toUpperCase()})` : '';
  return `${play.typed.toUpperCase()}${spelled} ${play.score}`;
}

function planText(plan: Plan): string {
  if (plan.plays.length === 0) return `${points(plan.total)}: no word can be made`;
  return `${points(plan.total)}: ${plan.plays.map(playText).join(', ')}`;
}

// --- The page.

/** How many hands the series has (its config's, else the schema's default of one). */
function handsOf(config: Record<string, unknown>): number {
  return typeof config.hands === 'number' ? config.hands : 1;
}

/** Commands that may follow a hand's start without starting another: replayed on a reload. */
const IN_HAND_COMMANDS = new Set(['play', 'hint', 'end_hand']);

class HandPage extends SessionPage<HandView> {
  private played: Played[] = [];
  private hint: Hint | null = null;
  private ended: HandEnded | null = null;
  private finalText = '';
  private tileButtons: HTMLButtonElement[] = [];
  private shownTiles = '';
  /** The view last drawn (the one a command's events are told against). */
  private shown: HandView | null = null;

  private readonly board = h('section', { class: 'hand-board', 'aria-labelledby': 'hand-heading',
                                          hidden: true });
  private readonly heading = h('h2', { id: 'hand-heading' });
  private readonly scores = h('p', { class: 'status-line hand-scores' });
  /** Says when the game is practice (its seed was known). */
  private readonly practiceLine = h('p', { class: 'hand-practice' });
  private readonly tilesRow = h('div', { class: 'hand-tiles', role: 'group',
                                         'aria-label': 'Your tiles' });
  private readonly wordInput = h('input', {
    id: 'hand-word', type: 'text', autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', 'aria-describedby': 'hand-keys hand-preview', class: 'hand-word',
  });
  private readonly preview = h('p', { id: 'hand-preview', class: 'hand-preview' });
  private readonly action = h('div', { class: 'hand-action' });
  private readonly playedList = h('div', { class: 'hand-played' });
  private readonly hintBox = h('div', { class: 'hand-hint' });
  private readonly endedBox = h('div', { class: 'hand-ended' });
  /** What a word of the best plan means, when one is pressed. */
  private readonly definition = definitionPanel();
  private readonly recordsBox = h('div', { class: 'hand-records' });
  private readonly footer = h('div', { class: 'row hand-footer', 'data-game-end': true });

  constructor(root: HTMLElement, address: string) {
    super(root, 'hand', address);
  }

  private get hands(): number {
    return handsOf(this.session.config);
  }

  mount(route: string[]): () => void {
    this.root.append(this.rulesPanel(), this.board, this.custom);
    this.board.append(this.heading, this.scores, this.practiceLine, this.tilesRow, this.action,
                      this.message.element, this.playedList, this.hintBox, this.endedBox,
                      this.recordsBox, this.footer);
    this.wordInput.addEventListener('input', () => this.typed());
    this.wordInput.addEventListener('keydown', (event) => this.inputKey(event));
    const onKey = (event: KeyboardEvent) => this.pageKey(event);
    document.addEventListener('keydown', onKey);
    this.enter(route);
    return () => {
      document.removeEventListener('keydown', onKey);
      this.session.close();
    };
  }

  // --- The rules and the options.

  private rulesPanel(): HTMLElement {
    return rules(
        'How to play',
        'Make words from your hand of letter tiles (* stands for any vowel): each tile is ' +
            'used once, and some may be left.',
        'A word scores its letters\u2019 Scrabble values (* is worth 0) times the larger of 1 ' +
            'and 7 \u00d7 (letters used) \u2212 3 \u00d7 (letters left in your hand): long ' +
            'words from a small hand score most. A word not in the word list, or with tiles you ' +
            'do not hold, scores nothing and uses up the tiles typed.',
        'Once in a series you may swap a letter before a hand (every copy of it becomes one new ' +
            'letter), and once replay a hand after it (the better score counts). After each ' +
            'hand you see the best score it allowed.',
        h('p', {}, 'Keys: type letters (and * for the wildcard), Backspace to delete, Enter to ' +
                   'play the word, ? for a hint (when hints are on), ! to end the hand.'));
  }

  protected buildForm(): OptionsForm {
    return optionsForm({
      game: 'hand',
      fields: { hands: { label: 'Hands' }, hand_size: { label: 'Tiles per hand' },
                hints: { label: 'Allow hints' } },
      previous: this.options,
      submitLabel: 'Deal',
      onStart: (options) => void this.start(options),
    });
  }

  protected get playArea(): HTMLElement {
    return this.board;
  }

  /** A snapshot from the controller: a session opened or resumed, or a command's answer. */
  protected show(snapshot: Snapshot<HandView>, arrival: Arrival,
                 command?: Record<string, unknown>): void {
    if (arrival === 'opened' || arrival === 'resumed') {
      this.opened(snapshot);
      if (arrival === 'resumed') void this.rebuild();
    } else if (command) {
      this.answered(snapshot, command);
    }
  }

  /** Shows the board of a session just opened (dealt, or resumed). */
  private opened(snapshot: Snapshot<HandView>): void {
    this.played = [];
    this.hint = null;
    this.ended = null;
    this.finalText = '';
    this.shownTiles = '';
    this.wordInput.value = '';
    this.message.clear();
    this.board.hidden = false;
    this.render(true);
    popIn(this.tileButtons);
    say(`${this.handTitle()}: ${spoken(snapshot.view.tiles)}. ${this.offerSentence()}`);
  }

  /**
   * After a reload, what the view does not hold: the words played in this hand, its hint, the
   * last hand's best (the events of the hand's commands, replayed by the server in a scratch
   * session nobody sees: GET /api/sessions/ID/events, which gives no seed).
   */
  private async rebuild(): Promise<void> {
    const id = this.session.id;
    if (!id) return;
    let commands: Record<string, unknown>[];
    let replies: GameEvent[][];
    try {
      ({ commands, events: replies } = await replayEvents(id));
    } catch {
      return;  // the words of the hand are not shown; the game goes on
    }
    let from = commands.length;
    while (from > 0 && IN_HAND_COMMANDS.has(String(commands[from - 1].command))) --from;
    const view = this.view;
    if (!view || this.session.id !== id || from === commands.length) return;
    const hand = replies.slice(from);
    hand.forEach((events, i) => {
      // A hint is shown only while it is the last thing asked.
      const last = i === hand.length - 1;
      this.events(events.filter((e) => e.event !== 'hint' || last), commands[from + i], view);
    });
    this.render(false);
  }

  // --- Commands and events.

  private answered(snapshot: Snapshot<HandView>, command: Record<string, unknown>): void {
    const before = this.shown ?? snapshot.view;
    const view = snapshot.view;
    const { sentences, refused } = this.events(snapshot.events ?? [], command, before);
    if (command.command === 'play' && !refused) this.wordInput.value = '';
    this.render(before.status !== view.status || before.hand !== view.hand ||
                before.replay !== view.replay);
    const text = sentences.join(' ');
    // A hint and the end of the series have boxes of their own: only announced here.
    const boxed = (snapshot.events ?? []).some((e) => e.event === 'hint' ||
                                                      e.event === 'finished');
    this.sayAnswer(text, refused, boxed);
    this.feedback(snapshot.events ?? [], refused);
  }

  /** Motion and sound for what just happened (motion.ts): none of it says more than the text. */
  private feedback(events: GameEvent[], refused: boolean): void {
    if (refused) shake(this.wordInput);
    for (const event of events) {
      if (event.event === 'hand_started' || event.event === 'substituted') {
        popIn(this.tileButtons);
      } else if (event.event === 'word_played') {
        if (event.valid) {
          playSound('scored');
          floatUp(this.wordInput, `+${Number(event.score)}`);
        } else {
          shake(this.wordInput);
          floatUp(this.wordInput, '0', true);
        }
      } else if (event.event === 'hand_ended') {
        const ended = event as unknown as HandEnded;
        const best = ended.optimum?.status === 'solved' ? ended.optimum.plan.total : null;
        // The records are the series' hands in order: a replay that beat its first try is a
        // new best for the hand.
        const record = ended.replay ? this.view?.records[ended.hand - 1] : undefined;
        if (best !== null && best > 0 && ended.score >= best) {
          celebrate('Perfect hand!', this.endedBox);
        } else if (record && ended.score > record.score) {
          celebrate('New best!', this.endedBox);
        }
      }
    }
  }

  private events(events: GameEvent[], command: Record<string, unknown>, before: HandView):
      { sentences: string[]; refused: boolean } {
    const sentences: string[] = [];
    let refused = false;
    for (const event of events) {
      switch (event.event) {
        case 'hand_started': {
          this.played = [];
          this.hint = null;
          const view = this.view;
          const offer = view?.status === 'substitution_offered' ? ` ${this.offerSentence()}` : '';
          sentences.push(`${this.handTitle(Number(event.hand), Boolean(event.replay))}: ` +
                         `${spoken(String(event.tiles))}.${offer}`);
          break;
        }
        case 'substituted':
          sentences.push(`Every ${String(event.letter).toUpperCase()} became ` +
                         `${String(event.replacement).toUpperCase()}: your hand is ` +
                         `${spoken(String(event.tiles))}.`);
          break;
        case 'substitution_declined':
          sentences.push(`You keep the hand: ${spoken(before.tiles)}.`);
          break;
        case 'word_played': {
          const word = String(event.word);
          const valid = Boolean(event.valid);
          const score = Number(event.score);
          const why = valid ? '' : this.whyInvalid(word, before.tiles);
          this.played.push({ word, valid, score, why });
          this.hint = null;
          sentences.push(valid
              ? `\u201c${word.toUpperCase()}\u201d earned ${points(score)}. This hand: ` +
                    `${points(Number(event.hand_total))}.`
              : `\u201c${word.toUpperCase()}\u201d scores nothing: ${why}.` +
                    (usage(before.tiles, word).used.some((u) => u)
                        ? ' The tiles of it you held are used up.' : ''));
          if (event.ran_out) sentences.push('You ran out of tiles.');
          break;
        }
        case 'hint':
          this.hint = event as unknown as Hint;
          sentences.push(this.hintSentence(this.hint));
          break;
        case 'hand_ended': {
          const ended = event as unknown as HandEnded;
          this.ended = ended;
          sentences.push(`${this.handTitle(ended.hand, ended.replay)} is over: ` +
                         `${points(ended.score)}.` +
                         `${ended.optimum ? ` ${this.optimumSentence(ended.optimum)}` : ''} ` +
                         `Series total: ${points(ended.total)}.`);
          break;
        }
        case 'rejected':
          refused = true;
          sentences.push(this.refusal(event, command));
          break;
        case 'finished':
          this.finalText = `${event.given_up ? 'You gave up. ' : ''}Game over: ` +
                           `${points(Number(event.total))} over ` +
                           `${countOf((event.records as unknown[]).length, 'hand')}.`;
          sentences.push(this.finalText);
          break;
        default:
          break;
      }
    }
    const view = this.view;
    if (!refused && view?.status === 'replay_offered') {
      sentences.push('Replay this hand? The better score counts.');
    }
    return { sentences, refused };
  }

  /** Why a word scored nothing: tiles the hand lacked, or not a word. */
  private whyInvalid(word: string, tiles: string): string {
    const { missing } = usage(tiles, word);
    if (missing.length > 0) {
      return `your hand had no ${Array.from(new Set(missing), (t) => t.toUpperCase())
                                     .join(', ')} to spare`;
    }
    return 'it is not in the word list';
  }

  private refusal(event: GameEvent, command: Record<string, unknown>): string {
    const letter = typeof event.letter === 'string' ? event.letter.toUpperCase() : '';
    switch (event.reason) {
      case 'malformed':
        return command.command === 'play' ? 'Type a word first: letters, and * for the wildcard.'
                                          : `That was not understood (${String(event.detail)}).`;
      case 'not_held':
        return `Your hand has no ${letter} to swap.`;
      case 'not_allowed':
        return command.command === 'hint' ? 'Hints are off in this game.'
                                          : `The wildcard ${letter || '*'} cannot be swapped.`;
      case 'wrong_phase':
        return 'That is not possible now.';
      default:
        return `Refused: ${String(event.reason)}.`;
    }
  }

  private hintSentence(hint: Hint): string {
    if (!hint.best_word) return 'Hint: no word can be made from these tiles; end the hand.';
    const best = `Hint: the best word is ${playText(hint.best_word)} points.`;
    if (hint.plan_status === 'too_large') return `${best} (Too many tiles for the best plan.)`;
    if (hint.plan_status === 'stopped') return best;
    return `${best} The best plan from here scores ${planText(hint.plan)}.`;
  }

  private optimumSentence(optimum: Optimum | null): string {
    if (!optimum) return '';
    if (optimum.status !== 'solved') {
      return 'The best possible was not worked out (too many tiles).';
    }
    let text = `Best possible: ${planText(optimum.plan)}.`;
    if (optimum.plan_with_discards.total > optimum.plan.total) {
      text += ` With discards: ${planText(optimum.plan_with_discards)}.`;
    }
    return text;
  }

  private handTitle(hand = this.view?.hand ?? 0, replay = this.view?.replay ?? false):
      string {
    return `Hand ${hand + 1} of ${this.hands}${replay ? ' (replay)' : ''}`;
  }

  private offerSentence(): string {
    const view = this.view;
    if (view?.status === 'substitution_offered') {
      return 'Swap a letter? Type or choose the letter to swap, or keep the hand.';
    }
    return view?.status === 'playing' ? 'Type a word and press Enter.' : '';
  }

  // --- Keys.

  private inputKey(event: KeyboardEvent): void {
    if (event.key === '?' || event.key === '!') {
      event.preventDefault();
      this.shortcut(event.key);
    }
  }

  private pageKey(event: KeyboardEvent): void {
    const view = this.view;
    if (!view || !isGameKey(event) || this.board.hidden) return;
    const key = event.key;
    if (view.status === 'playing') {
      if (/^[a-zA-Z*]$/.test(key)) {
        event.preventDefault();
        this.wordInput.value += key.toLowerCase();
        this.wordInput.focus();
        this.typed();
      } else if (key === 'Backspace') {
        event.preventDefault();
        this.deleteLast();
      } else if (key === '?' || key === '!') {
        event.preventDefault();
        this.shortcut(key);
      } else if (key === 'Enter' && !this.isControl(event.target)) {
        event.preventDefault();
        void this.playWord();
      }
    } else if (view.status === 'substitution_offered' && /^[a-zA-Z]$/.test(key)) {
      const button = this.action.querySelector<HTMLButtonElement>(
          `button[data-letter="${key.toLowerCase()}"]`);
      event.preventDefault();
      if (button) {
        button.focus();
        say(`Press Enter to swap ${key.toUpperCase()}.`);
      } else {
        this.message.show(`Your hand has no ${key.toUpperCase()} to swap.`);
      }
    }
  }

  private isControl(target: EventTarget | null): boolean {
    return target instanceof HTMLElement &&
           ['BUTTON', 'A', 'SUMMARY', 'INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
  }

  private shortcut(key: string): void {
    if (this.view?.status !== 'playing') return;
    if (key === '?') void this.send({ command: 'hint' });
    else void this.send({ command: 'end_hand' });
  }

  /** What was typed stays as typed (lower-cased): a character that is no tile is refused, never
   *  dropped. */
  private typed(): void {
    const lower = this.wordInput.value.toLowerCase();
    if (lower !== this.wordInput.value) this.wordInput.value = lower;
    this.updateTiles();
  }

  private deleteLast(): void {
    this.wordInput.value = this.wordInput.value.slice(0, -1);
    this.wordInput.focus();
    this.typed();
  }

  private async playWord(): Promise<void> {
    const stray = strayCharacter(this.wordInput.value);
    if (stray) {
      // Refused here, at no cost: the server would refuse it too, and no tile is spent.
      this.message.show(`\u201c${stray}\u201d is not a tile: a word is letters and * alone.`);
      shake(this.wordInput);
      this.wordInput.focus();
      return;
    }
    await this.send({ command: 'play', word: this.wordInput.value });
  }

  // --- Rendering.

  private render(statusChanged: boolean): void {
    const view = this.view;
    if (!view) return;
    this.shown = view;
    const hadFocus = document.activeElement;
    this.heading.textContent = view.status === 'finished' ? 'Game over' : this.handTitle();
    fill(this.scores,
         view.status === 'finished' ? null : h('span', {}, `This hand: ${points(view.hand_total)}`),
         h('span', {}, `Series total: ${points(view.total)}`),
         // The seed deals the hands to come: the server shows it once the series is over.
         view.status === 'finished' && this.session.seed !== null
             ? h('span', { class: 'hand-seed' }, `Seed ${this.session.seed}`) : null);
    fill(this.practiceLine, practiceText(this.session.practice));
    this.practiceLine.hidden = !this.session.practice;
    this.renderTiles(view);
    this.renderAction(view);
    this.renderPlayed();
    this.renderHint();
    this.renderEnded();
    this.renderRecords(view);
    this.renderFooter(view);
    if (statusChanged || !hadFocus || !hadFocus.isConnected || hadFocus === document.body) {
      this.focusPrimary(view);
    }
  }

  private focusPrimary(view: HandView): void {
    const target = view.status === 'playing'
        ? this.wordInput
        : this.action.querySelector<HTMLElement>('[data-primary]') ??
              this.footer.querySelector<HTMLElement>('[data-primary]');
    target?.focus();
  }

  private renderTiles(view: HandView): void {
    if (view.status === 'finished') {
      this.tilesRow.hidden = true;
      return;
    }
    this.tilesRow.hidden = false;
    if (this.shownTiles !== view.tiles || this.tileButtons.length !== view.tiles.length) {
      this.shownTiles = view.tiles;
      const value = (tile: string) => view.letter_values[tile] ?? 0;
      this.tileButtons = Array.from(view.tiles, (tile) =>
          h('button', { type: 'button', class: 'tile hand-tile', 'data-tile': tile,
                        onclick: () => this.tileClicked(tile) },
            h('span', { class: 'hand-letter' }, tile),
            h('span', { class: 'visually-hidden' }, tile === '*' ? ' wildcard, any vowel, ' : ', '),
            h('span', { class: 'hand-value' }, String(value(tile))),
            h('span', { class: 'visually-hidden' }, value(tile) === 1 ? ' point' : ' points'),
            h('span', { class: 'visually-hidden hand-state' })));
      fill(this.tilesRow, this.tileButtons.length > 0 ? this.tileButtons
                                                      : h('p', {}, 'No tiles left.'));
    }
    this.updateTiles();
  }

  private updateTiles(): void {
    const view = this.view;
    if (!view) return;
    const word = this.wordInput.value;
    const { used, missing } = usage(this.shownTiles, word);
    this.tileButtons.forEach((button, i) => {
      button.classList.toggle('used', used[i] ?? false);
      const state = button.querySelector('.hand-state');
      if (state) state.textContent = used[i] ? ', in your word' : '';
      button.disabled = view.status !== 'playing';
    });
    const stray = strayCharacter(word);
    if (word === '') {
      this.preview.textContent = 'Type a word, or choose tiles.';
    } else if (stray) {
      this.preview.textContent = `\u201c${stray}\u201d is not a tile: a word is letters and * ` +
                                 'alone. Nothing is played until it is gone.';
    } else if (missing.length > 0) {
      this.preview.textContent = `Your hand has no ${Array.from(new Set(missing),
          (t) => t.toUpperCase()).join(', ')} to spare: this word would score nothing.`;
    } else {
      this.preview.textContent = `If it is a word: ${points(wordScore(word, view))}.`;
    }
  }

  private tileClicked(tile: string): void {
    if (this.view?.status !== 'playing') return;
    const { used } = usage(this.shownTiles, this.wordInput.value);
    const free = Array.from(this.shownTiles).some((t, i) => t === tile && !used[i]);
    if (!free) {
      this.message.show(`Every ${tile.toUpperCase()} you hold is in the word already.`,
                        'notice');
      return;
    }
    this.wordInput.value += tile;
    this.typed();
  }

  private renderAction(view: HandView): void {
    if (view.status === 'substitution_offered') {
      const letters = Array.from(new Set(view.tiles)).filter((tile) => tile !== '*');
      fill(this.action,
           h('fieldset', { class: 'hand-offer' },
             h('legend', {}, 'Swap a letter? (once per series)'),
             h('p', {}, 'Every copy of the letter you choose becomes one new letter your hand ' +
                        'lacks. Type the letter or choose it.'),
             h('div', { class: 'row' },
               h('button', { type: 'button', class: 'primary', 'data-primary': true,
                             onclick: () => void this.send({ command: 'decline_substitution' }) },
                 'Keep this hand'),
               letters.map((letter) =>
                   h('button', { type: 'button', class: 'tile', 'data-letter': letter,
                                 'aria-label': `Swap ${letter.toUpperCase()}`,
                                 onclick: () => void this.send({ command: 'substitute',
                                                                 letter }) },
                     letter)))));
    } else if (view.status === 'replay_offered') {
      const last = view.hand + 1 >= (this.hands);
      fill(this.action,
           h('fieldset', { class: 'hand-offer' },
             h('legend', {}, 'Replay this hand? (once per series)'),
             h('p', {}, 'Play the same hand again from its start; the better score counts.'),
             h('div', { class: 'row' },
               h('button', { type: 'button', class: 'primary', 'data-primary': true,
                             onclick: () => void this.send({ command: 'replay' }) },
                 'Replay the hand'),
               h('button', { type: 'button',
                             onclick: () => void this.send({ command: 'decline_replay' }) },
                 last ? 'No, finish' : 'No, next hand'))));
    } else if (view.status === 'playing') {
      this.renderWordForm(view);
    } else {
      fill(this.action, h('p', { class: 'status-line hand-final' }, this.finalText ||
                          `Game over: ${points(view.total)}.`));
    }
  }

  private renderWordForm(view: HandView): void {
    if (this.action.querySelector('#hand-word')) {
      const hint = this.action.querySelector<HTMLButtonElement>('.hand-hint-button');
      if (hint) hint.hidden = !view.hints;
      return;
    }
    const form = h('form', { class: 'hand-form', novalidate: true },
                   h('label', { for: 'hand-word' }, 'Your word'),
                   h('div', { class: 'row hand-word-row' },
                     this.wordInput,
                     h('button', { type: 'submit', class: 'primary' }, 'Play word'),
                     h('button', { type: 'button', 'aria-label': 'Delete the last letter',
                                   onclick: () => this.deleteLast() }, '\u232b'),
                     h('button', { type: 'button',
                                   onclick: () => {
                                     this.wordInput.value = '';
                                     this.wordInput.focus();
                                     this.typed();
                                   } }, 'Clear')),
                   this.preview,
                   h('div', { class: 'row' },
                     h('button', { type: 'button', class: 'hand-hint-button',
                                   hidden: !view.hints,
                                   onclick: () => void this.send({ command: 'hint' }) },
                       'Hint (?)'),
                     h('button', { type: 'button',
                                   onclick: () => void this.send({ command: 'end_hand' }) },
                       'End the hand (!)')),
                   h('p', { id: 'hand-keys', class: 'hand-keys' },
                     'Type letters, * for the wildcard; Backspace deletes; Enter plays; ' +
                     `${view.hints ? '? asks for a hint; ' : ''}! ends the hand.`));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.playWord();
    });
    fill(this.action, form);
  }

  private renderPlayed(): void {
    if (this.played.length === 0 || this.view?.status !== 'playing') {
      fill(this.playedList);
      return;
    }
    fill(this.playedList,
         h('h3', {}, 'Words this hand'),
         h('ul', { class: 'hand-played-list' },
           this.played.map((play) =>
               h('li', {},
                 h('span', { class: `tile hand-played-word ${play.valid ? 'hit' : 'miss'}` },
                   play.word),
                 ' ',
                 play.valid ? `${points(play.score)}` : `0 points: ${play.why}`))));
  }

  private renderHint(): void {
    if (!this.hint || this.view?.status !== 'playing') {
      fill(this.hintBox);
      return;
    }
    fill(this.hintBox, h('p', { class: 'notice' }, this.hintSentence(this.hint)));
  }

  private renderEnded(): void {
    const ended = this.ended;
    if (!ended) {
      fill(this.endedBox);
      this.definition.hide();
      return;
    }
    const optimum = ended.optimum;
    fill(this.endedBox,
         h('h3', {}, `${this.handTitle(ended.hand, ended.replay)}: ${points(ended.score)}`),
         optimum && optimum.status === 'solved'
             ? h('div', {},
                 h('p', {}, `Best possible: ${points(optimum.plan.total)}.`),
                 this.planList(optimum.plan),
                 optimum.plan_with_discards.total > optimum.plan.total
                     ? h('div', {},
                         h('p', {}, 'With discards (throwing tiles away as invalid words): ' +
                                    `${points(optimum.plan_with_discards.total)}.`),
                         this.planList(optimum.plan_with_discards))
                     : null)
             : h('p', {}, optimum ? 'The best possible was not worked out (too many tiles).'
                                  : 'The hand was given up.'),
         optimum && optimum.status === 'solved' && optimum.plan.plays.length > 0
             ? h('p', { class: 'hint' }, 'Press a word to see what it means.') : null,
         this.definition.element);
  }

  private planList(plan: Plan): HTMLElement {
    if (plan.plays.length === 0) return h('p', {}, 'No word could be made.');
    // A word of the plan, pressed, says what it means (in the panel under the plans).
    return h('ol', { class: 'hand-plan' },
             plan.plays.map((play) => h('li', {}, play.discard ? playText(play)
                 : h('button', { type: 'button', class: 'define-word',
                                 onclick: () => void this.definition.show(play.word ?? play.typed) },
                     playText(play)))));
  }

  private renderRecords(view: HandView): void {
    if (view.records.length === 0) {
      fill(this.recordsBox);
      return;
    }
    fill(this.recordsBox,
         h('table', {},
           h('caption', {}, 'Hands played'),
           h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Hand'),
                            h('th', { scope: 'col' }, 'Played from'),
                            h('th', { scope: 'col', class: 'number' }, 'Score'),
                            h('th', { scope: 'col', class: 'number' }, 'Replay'),
                            h('th', { scope: 'col', class: 'number' }, 'Counts'))),
           h('tbody', {},
             view.records.map((record, i) =>
                 h('tr', {},
                   h('th', { scope: 'row' }, String(i + 1)),
                   h('td', { class: 'mono hand-record-tiles' }, record.start.toUpperCase(),
                     record.substituted ? ` (dealt ${record.dealt.toUpperCase()})` : ''),
                   h('td', { class: 'number' }, String(record.score)),
                   h('td', { class: 'number' },
                     record.replay_score === null ? '\u2014' : String(record.replay_score)),
                   h('td', { class: 'number' }, String(record.counted))))),
           h('tfoot', {}, h('tr', {}, h('th', { scope: 'row', colspan: 4 }, 'Total'),
                            h('td', { class: 'number' }, String(view.total))))));
  }

  private renderFooter(view: HandView): void {
    if (view.status === 'finished') {
      fill(this.footer,
           // A new deal on a seed the server draws; the same deal again on the seed shown now
           // (practice: it is known).
           h('button', { type: 'button', class: 'primary', 'data-primary': true,
                         onclick: () => void this.start({ config: this.session.config }) },
             'Play again'),
           this.session.seed === null ? null : h('button', {
             type: 'button',
             onclick: () => void this.start({ config: this.session.config,
                                              seed: this.session.seed ?? undefined }),
           }, 'Replay this deal (same seed)'),
           h('button', { type: 'button', onclick: () => this.showSetup() }, 'Custom game'));
    } else {
      fill(this.footer,
           h('button', { type: 'button', class: 'hand-give-up',
                         onclick: () => void this.send({ command: 'give_up' }) }, 'Give up'));
    }
  }
}

export const page: GamePage = {
  mount(root, route, address) {
    return new HandPage(root, address).mount(route);
  },
  resumes: true,
};
