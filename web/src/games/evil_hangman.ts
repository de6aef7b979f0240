// Evil Hangman: hangman against a host who never commits to a word. The page is a setup form,
// the pattern as tiles, a gallows drawn in stages, an on-screen keyboard (typing works too) and
// an "explain" table of the families the host split its words into after each guess.
// JSON contract: src/app/evil_hangman_codec.h.
import { ApiError, createSession, follow, type GameEvent, type LiveFeed, lexiconInfo, readSaved,
         readSession, sendCommand, type Snapshot } from '../api';
import { countOf, errorBox, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { checkbox, configSchema, labelled, messageOf, numberInput, readSeed, readWhole,
         schemaDefault, seedInput, selectOf, sentence, typingInField } from './puzzles_common';

const GAME = 'evil_hangman';

/** The view (evil_hangman_codec.h). */
interface View {
  status: 'idle' | 'playing' | 'finished';
  game: number;
  length: number;
  guesses: number;
  guesses_left: number;
  pattern: string;
  letters: string[];
  show_remaining: boolean;
  words_remaining?: number;
  won?: boolean;
  word?: string;
}

interface Family {
  pattern: string;
  words: number;
  forced_misses?: number;
  expected_misses?: number;
}

interface Decision {
  families: Family[];
  chosen: number;
  decided_by: string;
}

/** What one game is played with (the session's config and each new_game). */
interface Settings {
  length: number;
  guesses: number;
  showRemaining: boolean;
  strategy: string;
  explain: boolean;
  seed: number;
}

const STRATEGIES: Record<string, string> = {
  largest: 'Largest family (the classic cheat)',
  lookahead: 'Lookahead (plans a few guesses ahead)',
  optimal: 'Optimal (exact; may think for seconds)',
  fair: 'Fair (picks one word and keeps it)',
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const THINKING = 'The host is thinking…';
/** A decision still running after this long is announced (quick ones are not, to spare chatter). */
const SAY_THINKING_AFTER_MS = 1000;
const GALLOWS_PIECES = 10;
const MAX_FAMILY_ROWS = 10;
const SVG = 'http://www.w3.org/2000/svg';

/** "-ee-" as the player reads it: "_ E E _". */
function shownPattern(pattern: string): string {
  return [...pattern].map((c) => (c === '-' ? '_' : c.toUpperCase())).join(' ');
}

/** The pattern for screen readers: "blank, E, E, blank". */
function spokenPattern(pattern: string): string {
  return [...pattern].map((c) => (c === '-' ? 'blank' : c.toUpperCase())).join(', ');
}

/** Pieces of the gallows drawn after `misses` of `allowed`: complete at the last miss. */
export function gallowsPieces(misses: number, allowed: number): number {
  if (allowed <= 0) return GALLOWS_PIECES;
  const m = Math.max(0, Math.min(misses, allowed));
  if (allowed >= GALLOWS_PIECES) return Math.floor((m * GALLOWS_PIECES) / allowed);
  return GALLOWS_PIECES - allowed + m;
}

function svgElement(tag: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** The gallows and the hanged figure, `drawn` of its ten pieces, the rest faint. */
function gallows(drawn: number, label: string): SVGElement {
  const pieces: [string, Record<string, number>][] = [
    ['line', { x1: 8, y1: 132, x2: 92, y2: 132 }],   // base
    ['line', { x1: 28, y1: 132, x2: 28, y2: 8 }],    // post
    ['line', { x1: 28, y1: 8, x2: 82, y2: 8 }],      // beam
    ['line', { x1: 82, y1: 8, x2: 82, y2: 24 }],     // rope
    ['circle', { cx: 82, cy: 34, r: 10 }],           // head
    ['line', { x1: 82, y1: 44, x2: 82, y2: 84 }],    // body
    ['line', { x1: 82, y1: 54, x2: 67, y2: 72 }],    // left arm
    ['line', { x1: 82, y1: 54, x2: 97, y2: 72 }],    // right arm
    ['line', { x1: 82, y1: 84, x2: 69, y2: 108 }],   // left leg
    ['line', { x1: 82, y1: 84, x2: 95, y2: 108 }],   // right leg
  ];
  const root = svgElement('svg', { viewBox: '0 0 110 140', class: 'eh-gallows', role: 'img',
                                   'aria-label': label });
  const title = svgElement('title', {});
  title.textContent = label;
  root.append(title);
  pieces.forEach(([tag, attributes], index) => {
    root.append(svgElement(tag, { ...attributes,
                                  class: index < drawn ? 'eh-piece drawn' : 'eh-piece' }));
  });
  return root;
}

class EvilHangmanPage {
  private readonly errors = h('div', { class: 'eh-messages' });
  private readonly form = h('form', { class: 'eh-setup', 'aria-labelledby': 'eh-setup-title' });
  private readonly play = h('section', { class: 'eh-play', 'aria-labelledby': 'eh-play-title',
                                         hidden: true });
  private readonly status = h('p', { class: 'status-line' });
  private readonly picture = h('div', { class: 'eh-picture' });
  private readonly tiles = h('div', { class: 'eh-pattern', role: 'img' });
  private readonly progress = h('progress', { id: 'eh-progress', max: 1, value: 0,
                                              'aria-labelledby': 'eh-thinking-label' });
  private readonly thinking = h('div', { class: 'eh-thinking', hidden: true },
                                h('span', { class: 'eh-spinner', 'aria-hidden': 'true' }),
                                h('span', { id: 'eh-thinking-label' }, THINKING),
                                this.progress);
  private readonly keys = new Map<string, HTMLButtonElement>();
  private readonly keyboard = h('div', { class: 'keyboard eh-keyboard', role: 'group',
                                         'aria-label': 'Letters' });
  private readonly guessed = h('p', { class: 'eh-guessed' });
  private readonly giveUp = h('button', { type: 'button' }, 'Give up');
  private readonly end = h('div', { class: 'eh-end', hidden: true });
  private readonly explain = h('section', { class: 'eh-explain', 'aria-labelledby':
                                            'eh-explain-title', hidden: true });
  private readonly seedNote = h('p', { class: 'eh-seed' });
  private lengthSelect = selectOf('length', [], '8');
  private guessesInput = numberInput('guesses', 8, 1, 26);
  private strategySelect = selectOf('strategy', [], 'largest');
  private showBox = checkbox('show_remaining', 'Show how many words the host holds', false);
  private explainBox = checkbox('explain', 'Explain the host’s choices', true);
  private seedField = seedInput();
  private startButton = h('button', { type: 'submit', class: 'primary' }, 'Start');
  private id: string | null = null;
  private view: View | null = null;
  private settings: Settings | null = null;
  private busy = false;
  private busyTimer = 0;
  /** The session's socket, for the optimal host's progress (its decisions take a while). */
  private feed: LiveFeed | null = null;
  /** A guess the optimal host is deciding: its progress is shown. */
  private deciding = false;
  private readonly onKey = (event: KeyboardEvent) => this.key(event);

  constructor(private readonly root: HTMLElement) {}

  mount(route: string[] = []): () => void {
    this.buildKeyboard();
    this.giveUp.addEventListener('click', () => void this.command({ command: 'give_up' }));
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.start();
    });
    fill(this.root,
         rules('How to play',
               'Guess the hidden word one letter at a time: type a letter or press its key. ' +
                   'A right letter shows where it stands; a wrong one costs a guess and adds to ' +
                   'the gallows. You win by completing the word before the guesses run out.',
               'The catch: the host has not picked a word. After each guess it sorts the words ' +
                   'it still holds into families by where your letter would appear (or not at ' +
                   'all), and keeps whichever family suits it best, usually the one that makes ' +
                   'you miss. Only the fair host plays honestly.',
               'With "explain" on, the table under the board shows the families of your last ' +
                   'guess, how many words each held, and which one the host kept.'),
         this.errors, this.form, this.play);
    this.form.append(h('p', {}, 'Loading the game’s settings…'));
    fill(this.play,
         h('h2', { id: 'eh-play-title', tabindex: -1 }, 'Your word'),
         this.status,
         h('div', { class: 'eh-board' }, this.picture, this.tiles),
         this.thinking,
         this.keyboard,
         this.guessed,
         h('div', { class: 'row' }, this.giveUp),
         this.end,
         this.seedNote,
         this.explain);
    void this.applySchema();
    if (route[0] === 'resume' && route[1]) void this.resume(route[1]);
    document.addEventListener('keydown', this.onKey);
    return () => {
      document.removeEventListener('keydown', this.onKey);
      window.clearTimeout(this.busyTimer);
      this.feed?.close();
    };
  }

  // --- The setup form.

  private buildForm(strategies: string[], strategy: string, showRemaining: boolean,
                    explain: boolean, lengths: number[] = range(2, 15)): void {
    const length = this.lengthSelect.value || '8';
    this.lengthSelect = selectOf('length', lengths.map((n) => [String(n), String(n)]),
                                 lengths.includes(Number(length)) ? length
                                                                  : String(lengths[0] ?? 8));
    this.strategySelect = selectOf('strategy',
                                   strategies.map((s) => [s, STRATEGIES[s] ?? s]), strategy);
    const guesses = this.guessesInput.value || '8';
    this.guessesInput = numberInput('guesses', guesses, 1, 26);
    this.showBox = checkbox('show_remaining', 'Show how many words the host holds',
                            showRemaining);
    this.explainBox = checkbox('explain', 'Explain the host’s choices', explain);
    this.seedField = seedInput(this.seedField.value);
    fill(this.form,
         h('h2', { id: 'eh-setup-title' }, 'New game'),
         h('div', { class: 'row' },
           labelled('Word length', this.lengthSelect),
           labelled('Wrong guesses allowed', this.guessesInput),
           labelled('Host', this.strategySelect)),
         h('div', { class: 'row' }, this.showBox, this.explainBox),
         h('div', { class: 'row' },
           labelled('Seed (optional)', this.seedField, 'Blank: a new game. A number: replay it.')),
         h('div', { class: 'row' }, this.startButton));
  }

  /** Builds the form with the strategies and defaults of the config schema (ours if none). */
  private async applySchema(): Promise<void> {
    const schema = await configSchema(GAME);
    const strategies = schema.strategy?.enum ?? Object.keys(STRATEGIES);
    const strategy = schemaDefault(schema, 'strategy', 'largest');
    // Only the lengths the server's word list has words of (and the engine plays).
    const longest = schema.length?.maximum ?? 64;
    let lengths: number[] | undefined;
    try {
      lengths = (await lexiconInfo()).lengths.map((entry) => entry.length)
          .filter((length) => length <= longest);
    } catch {
      lengths = undefined;  // the server cannot tell: a refusal will name the lengths
    }
    this.buildForm(strategies, strategies.includes(strategy) ? strategy : strategies[0],
                   schemaDefault(schema, 'show_remaining', checked(this.showBox)),
                   checked(this.explainBox), lengths?.length ? lengths : undefined);
  }

  private readSettings(): Settings {
    return {
      length: Number(this.lengthSelect.value),
      guesses: readWhole(this.guessesInput, 'The number of wrong guesses', 1, 26),
      showRemaining: checked(this.showBox),
      strategy: this.strategySelect.value,
      explain: checked(this.explainBox),
      seed: readSeed(this.seedField),
    };
  }

  // --- Talking to the server.

  private async start(): Promise<void> {
    if (this.busy) return;
    let settings: Settings;
    try {
      settings = this.readSettings();
    } catch (error) {
      this.showError(messageOf(error));
      return;
    }
    this.clearError();
    this.setBusy(true);
    try {
      const created = await createSession<View>({
        game: GAME,
        config: { strategy: settings.strategy, explain: settings.explain },
        seed: settings.seed,
      });
      this.id = created.id ?? null;
      this.settings = settings;
      this.view = created.view;
      this.feed?.close();
      this.feed = null;
      if (this.id && settings.strategy === 'optimal') {
        this.feed = follow<View>(this.id, false, () => undefined, undefined,
                                 (fraction) => this.showProgress(fraction));
      }
    } catch (error) {
      this.setBusy(false);
      this.showError(messageOf(error));
      return;
    }
    this.setBusy(false);
    await this.newGame();
  }

  /** Goes on with the session `id` (the lobby's Resume): its settings are its game's. */
  private async resume(id: string): Promise<void> {
    this.setBusy(true);
    try {
      const saved = await readSaved(id) as { config?: { strategy?: string; explain?: boolean };
                                             seed?: number };
      const snapshot = await readSession<View>(id);
      const view = snapshot.view;
      this.id = id;
      this.settings = { length: view.length, guesses: view.guesses,
                        showRemaining: view.show_remaining,
                        strategy: saved.config?.strategy ?? 'largest',
                        explain: saved.config?.explain ?? true, seed: saved.seed ?? 0 };
      if (this.settings.strategy === 'optimal') {
        this.feed = follow<View>(id, false, () => undefined, undefined,
                                 (fraction) => this.showProgress(fraction));
      }
      this.setBusy(false);
      this.take(snapshot);
      if (view.status !== 'playing') {
        this.showForm();
        return;
      }
      this.form.hidden = true;
      this.play.hidden = false;
      this.play.querySelector<HTMLElement>('h2')?.focus();
      say(`Resumed: a word of ${view.length} letters, ` +
          `${countOf(view.guesses_left, 'wrong guess', 'wrong guesses')} left. ` +
          'Type a letter to guess.');
    } catch (error) {
      this.setBusy(false);
      this.showError(messageOf(error));
    }
  }

  private async newGame(): Promise<void> {
    if (!this.settings) return;
    await this.command({ command: 'new_game', length: this.settings.length,
                         guesses: this.settings.guesses,
                         show_remaining: this.settings.showRemaining });
  }

  private async command(command: Record<string, unknown>): Promise<void> {
    if (this.busy || !this.id) return;
    this.setBusy(true, command.command === 'guess' && this.settings?.strategy === 'optimal');
    try {
      const reply = await sendCommand<View>(this.id, command);
      this.setBusy(false);
      this.take(reply);
    } catch (error) {
      this.setBusy(false);
      if (error instanceof ApiError && error.code === 'unknown_session') {
        // Expired or the server restarted: nothing more to play here; a new game from the form.
        this.id = null;
        this.showForm();
        this.showError('This game is no longer on the server (it expired or the server ' +
                       'restarted). Start a new one.');
        return;
      }
      this.showError(messageOf(error));
    }
  }

  private guess(letter: string): void {
    if (this.view?.status !== 'playing') return;
    void this.command({ command: 'guess', letter });
  }

  /** A reply: the view to show and the events to tell. */
  private take(reply: Snapshot<View>): void {
    this.view = reply.view;
    const sentences: string[] = [];
    let refused = false;
    for (const event of reply.events ?? []) {
      const said = this.tell(event);
      if (event.event === 'rejected') refused = true;
      if (said) sentences.push(said);
    }
    if (!refused) this.clearError();
    this.render();
    if (sentences.length > 0 && !refused) say(sentences.join(' '));
  }

  /** One event: updates what it concerns; returns its sentence. */
  private tell(event: GameEvent): string {
    switch (event.event) {
      case 'game_started': {
        const words = typeof event.words === 'number'
            ? ` The host holds ${countOf(event.words, 'word')}.` : '';
        this.explain.hidden = true;
        this.form.hidden = true;
        this.play.hidden = false;
        queueMicrotask(() => this.play.querySelector<HTMLElement>('h2')?.focus());
        return `New game: a word of ${event.length} letters, ` +
               `${countOf(Number(event.guesses), 'wrong guess', 'wrong guesses')} allowed.` +
               `${words} Type a letter to guess.`;
      }
      case 'guessed': {
        const letter = String(event.letter).toUpperCase();
        if (event.decision) this.renderExplain(letter, event.decision as Decision);
        const words = typeof event.words === 'number'
            ? ` ${countOf(event.words, 'word')} remain.` : '';
        if (event.hit) {
          const times = Number(event.revealed);
          return `Yes, ${letter} is in the word${times > 1 ? `, ${times} times` : ''}.${words}`;
        }
        return `No ${letter}. ${countOf(Number(event.guesses_left), 'wrong guess',
                                        'wrong guesses')} left.${words}`;
      }
      case 'rejected': {
        const letter = typeof event.letter === 'string' ? event.letter.toUpperCase() : '';
        const text = event.reason === 'repeated' && letter
            ? `You already guessed ${letter}.` : sentence(String(event.detail ?? event.reason));
        this.showError(text);
        return text;
      }
      case 'finished': {
        const word = String(event.word).toUpperCase();
        if (event.gave_up) return `You gave up. The word was ${word}.`;
        if (event.won) {
          return `You won with ${countOf(Number(event.misses), 'miss', 'misses')}! ` +
                 `The word is ${word}.`;
        }
        return `You lost. The host's word was ${word}.`;
      }
      default:
        return '';
    }
  }

  // --- Rendering.

  private buildKeyboard(): void {
    for (const letter of ALPHABET) {
      const key = h('button', { type: 'button', class: 'eh-key', 'data-letter': letter,
                                onclick: () => this.guess(letter) }, letter.toUpperCase());
      this.keys.set(letter, key);
      this.keyboard.append(key);
    }
  }

  private render(): void {
    const view = this.view;
    if (!view || view.status === 'idle') return;
    const misses = view.guesses - view.guesses_left;
    const remaining = view.words_remaining !== undefined
        ? ` · ${countOf(view.words_remaining, 'word')} left in the host's hand` : '';
    fill(this.status, `${countOf(view.guesses_left, 'wrong guess', 'wrong guesses')} left of ` +
                      `${view.guesses}${remaining}`);
    fill(this.picture, gallows(gallowsPieces(misses, view.guesses),
                               `Gallows: ${misses} of ${view.guesses} misses drawn`));
    this.renderPattern(view.status === 'finished' && view.word ? view.word : view.pattern,
                       view.pattern);
    this.renderKeys(view);
    const letters = view.letters.map((l) => l.toUpperCase());
    fill(this.guessed, 'Letters guessed: ',
         letters.length === 0 ? 'none yet' : letters.join(' '));
    this.giveUp.hidden = view.status !== 'playing';
    this.renderEnd(view);
    if (this.settings) {
      fill(this.seedNote, `Seed ${this.settings.seed}, game ${view.game + 1} of this session ` +
                          '(enter the seed in a new game to replay it).');
    }
  }

  /** The tiles; at the end the whole word, the letters never found marked as such. */
  private renderPattern(word: string, pattern: string): void {
    const finished = word !== pattern;
    this.tiles.setAttribute('aria-label', `The word: ${spokenPattern(word)}` +
                                          (finished ? ` (you had ${spokenPattern(pattern)})` : ''));
    fill(this.tiles, [...word].map((c, i) => {
      const unseen = finished && pattern[i] === '-';
      return h('span', { class: `tile eh-tile${unseen ? ' eh-unseen' : ''}` },
               c === '-' ? '' : c.toUpperCase());
    }));
  }

  private renderKeys(view: View): void {
    const playing = view.status === 'playing';
    const focused = [...this.keys.values()].find((key) => key === document.activeElement);
    for (const [letter, key] of this.keys) {
      const played = view.letters.includes(letter);
      const hit = played && view.pattern.includes(letter);
      key.classList.toggle('hit', hit);
      key.classList.toggle('miss', played && !hit);
      key.disabled = played || !playing;
      if (played) {
        key.setAttribute('aria-label', `${letter.toUpperCase()}, ${hit ? 'in the word' :
                                                                         'not in the word'}`);
      } else {
        key.removeAttribute('aria-label');
      }
    }
    // A key just played is disabled: keep the keyboard player's place on the next one.
    if (focused?.disabled) {
      const all = [...this.keys.values()];
      const start = all.indexOf(focused);
      const next = [...all.slice(start + 1), ...all.slice(0, start)].find((key) => !key.disabled);
      (next ?? this.play.querySelector<HTMLElement>('h2'))?.focus();
    }
  }

  private renderEnd(view: View): void {
    if (view.status !== 'finished') {
      this.end.hidden = true;
      return;
    }
    const word = (view.word ?? '').toUpperCase();
    const again = h('button', { type: 'button', class: 'primary',
                                onclick: () => void this.newGame() }, 'Play again');
    const change = h('button', { type: 'button', onclick: () => this.showForm() },
                     'Change settings');
    fill(this.end,
         h('p', { class: `eh-result ${view.won ? 'hit' : 'miss'}` },
           view.won ? `You won! The word is ${word}` : `The word was ${word}`),
         h('div', { class: 'row' }, again, change));
    const focusAgain = this.end.hidden;
    this.end.hidden = false;
    if (focusAgain) queueMicrotask(() => again.focus());
  }

  private showForm(): void {
    this.form.hidden = false;
    this.play.hidden = true;
    this.lengthSelect.focus();
  }

  private renderExplain(letter: string, decision: Decision): void {
    const total = decision.families.reduce((sum, f) => sum + f.words, 0);
    const largest = Math.max(1, ...decision.families.map((f) => f.words));
    const estimates = decision.families.some((f) => f.forced_misses !== undefined ||
                                                    f.expected_misses !== undefined);
    const body = h('tbody');
    // Largest first; the long tail of small families in one line.
    const ranked = decision.families
        .map((family, index) => ({ family, kept: index === decision.chosen }))
        .sort((a, b) => b.family.words - a.family.words);
    const shown = ranked.filter((entry, rank) => rank < MAX_FAMILY_ROWS || entry.kept);
    for (const { family, kept } of shown) {
      const bar = h('div', { class: 'bar', 'aria-hidden': 'true' });
      bar.style.width = `${Math.max(1, (family.words / largest) * 100)}%`;
      const estimate = family.forced_misses !== undefined
          ? `forces ${family.forced_misses}`
          : family.expected_misses !== undefined
              ? `expects ${family.expected_misses.toFixed(1)}` : '';
      body.append(h('tr', { class: kept ? 'eh-kept' : '' },
                    h('th', { scope: 'row', class: 'mono' }, shownPattern(family.pattern),
                      h('span', { class: 'visually-hidden' },
                        ` (${spokenPattern(family.pattern)})`)),
                    h('td', { class: 'number' }, family.words),
                    h('td', { class: 'eh-bar-cell' }, bar),
                    estimates ? h('td', {}, estimate) : null,
                    h('td', { class: 'eh-kept-cell' }, kept ? '◀ kept' : '')));
    }
    const rest = ranked.filter((entry) => !shown.includes(entry));
    if (rest.length > 0) {
      const words = rest.reduce((sum, entry) => sum + entry.family.words, 0);
      body.append(h('tr', { class: 'eh-more' },
                    h('td', { colspan: estimates ? 5 : 4 },
                      `and ${countOf(rest.length, 'smaller family', 'smaller families')} ` +
                      `with ${countOf(words, 'word')} in all`)));
    }
    const decidedBy = decision.decided_by && decision.decided_by !== this.settings?.strategy
        ? h('p', { class: 'notice' }, `The host ran out of time to think and let the ` +
                                      `${decision.decided_by} host decide.`) : null;
    fill(this.explain,
         h('h2', { id: 'eh-explain-title' }, 'The host’s choice'),
         h('table', { class: 'eh-families' },
           h('caption', {}, `After ${letter}: ${countOf(total, 'word')} in ` +
                            `${countOf(decision.families.length, 'family', 'families')}; ` +
                            'the host kept the marked one.'),
           h('thead', {}, h('tr', {},
                            h('th', { scope: 'col' }, 'Family'),
                            h('th', { scope: 'col', class: 'number' }, 'Words'),
                            h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' },
                                                        'Share')),
                            estimates ? h('th', { scope: 'col' }, 'Misses') : null,
                            h('th', { scope: 'col' }, 'Kept'))),
           body),
         decidedBy);
    this.explain.hidden = false;
  }

  // --- Input, busy state and messages.

  private key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event)) return;
    if (!/^[a-zA-Z]$/.test(event.key) || this.view?.status !== 'playing' || this.play.hidden) {
      return;
    }
    event.preventDefault();
    if (this.busy) return;
    this.guess(event.key.toLowerCase());
  }

  /** `deciding`: a guess the optimal host decides, showing its progress at once. */
  private setBusy(busy: boolean, deciding = false): void {
    this.busy = busy;
    this.deciding = busy && deciding;
    this.root.setAttribute('aria-busy', String(busy));
    this.startButton.disabled = busy;
    this.giveUp.disabled = busy;
    this.keyboard.classList.toggle('eh-waiting', busy);
    for (const key of this.keys.values()) {
      if (busy) key.setAttribute('aria-disabled', 'true');
      else key.removeAttribute('aria-disabled');
    }
    window.clearTimeout(this.busyTimer);
    this.progress.value = 0;
    this.progress.hidden = !this.deciding;
    if (this.deciding) {
      // The optimal host's decision: its progress at once, and said once if it takes a while.
      this.thinking.hidden = false;
      this.busyTimer = window.setTimeout(() => say(THINKING), SAY_THINKING_AFTER_MS);
    } else if (busy) {
      // Other hosts answer at once: the indicator only if one does not (no flicker).
      this.busyTimer = window.setTimeout(() => {
        this.thinking.hidden = false;
      }, 250);
    } else {
      this.thinking.hidden = true;
    }
  }

  /** The optimal host's progress, pushed by the server while it decides (rising, 0 to 1). */
  private showProgress(fraction: number): void {
    if (!this.deciding) return;  // late: the answer came first
    this.progress.value = Math.max(this.progress.value, Math.min(1, fraction));
  }

  private showError(message: string): void {
    fill(this.errors, errorBox(message));
    say(message);
  }

  private clearError(): void {
    fill(this.errors);
  }
}

function checked(box: HTMLLabelElement): boolean {
  return box.querySelector('input')?.checked ?? false;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const page: GamePage = {
  mount(root, route) {
    return new EvilHangmanPage(root).mount(route);
  },
  resumes: true,
};
