// Evil Hangman: hangman against a host who never commits to a word. The page is a game in play
// (its options in the Custom game panel): the pattern as tiles, a gallows drawn in stages, an
// on-screen keyboard (typing works too) and an "explain" table of the families the host split
// its words into after each guess.
// JSON contract: src/app/evil_hangman_codec.h.
import { type GameEvent, sendCommand, type Snapshot } from '../api';
import { countOf, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { definitionToggle } from './common/definition';
import { sentence } from './common/errors';
import { lengthsWithWords, type OptionsForm, optionsForm } from './common/form';
import { isGameKey } from './common/keys';
import { seedNote } from './common/seed';
import { type Arrival, replayEvents } from './common/session';
import { SessionPage } from './common/session_page';
import { WorkingIndicator } from './common/working';

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
  /** The host deciding now: the config's, unless the game switched (switch_host). */
  host?: string;
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

const STRATEGIES: Record<string, string> = {
  largest: 'Largest family (the classic cheat)',
  lookahead: 'Lookahead (plans a few guesses ahead)',
  optimal: 'Optimal (exact; may think for seconds)',
  fair: 'Fair (picks one word and keeps it)',
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const THINKING = 'The host is thinking…';
/** The quick host a player may switch to while the optimal one thinks. */
const QUICK_HOST = 'largest';
/** A decision still running after this long is announced (quick ones are not, to spare chatter). */
const SAY_THINKING_AFTER_MS = 1000;
const GALLOWS_PIECES = 10;
const MAX_FAMILY_ROWS = 10;
const SVG = 'http://www.w3.org/2000/svg';

function playing(view: View): boolean {
  return view.status === 'playing';
}

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

class EvilHangmanPage extends SessionPage<View> {
  private readonly play = h('section', { class: 'eh-play', 'aria-labelledby': 'eh-play-title',
                                         hidden: true });
  private readonly status = h('p', { class: 'status-line' });
  private readonly picture = h('div', { class: 'eh-picture' });
  private readonly tiles = h('div', { class: 'eh-pattern', role: 'img' });
  private readonly progressBar = h('progress', { id: 'eh-progress', max: 1, value: 0,
                                              'aria-labelledby': 'eh-thinking-label',
                                              'aria-describedby': 'eh-thinking-budget' });
  /** What is known of the decision: how long it has taken, the share of its budget used. */
  private readonly budget = h('span', { id: 'eh-thinking-budget', class: 'eh-budget' });
  private readonly thinkingLabel = h('span', { id: 'eh-thinking-label' }, THINKING);
  private readonly giveUp = h('button', { type: 'button' }, 'Give up');
  /** While the optimal host thinks: the guess goes to the quick host instead, and the rest. */
  private readonly switchHost = h('button', { type: 'button', class: 'eh-switch', hidden: true },
                                  'Ask the quick host instead');
  private readonly thinking = h('div', { class: 'eh-thinking', hidden: true },
                                h('span', { class: 'eh-spinner', 'aria-hidden': 'true' }),
                                this.thinkingLabel, this.progressBar, this.budget);
  private readonly keys = new Map<string, HTMLButtonElement>();
  private readonly keyboard = h('div', { class: 'keyboard eh-keyboard', role: 'group',
                                         'aria-label': 'Letters' });
  private readonly guessed = h('p', { class: 'eh-guessed' });
  private readonly end = h('div', { class: 'eh-end', hidden: true, 'data-game-end': true });
  /** What the word means, under the end of a game. */
  private readonly definition = definitionToggle();
  private readonly explain = h('section', { class: 'eh-explain', 'aria-labelledby':
                                            'eh-explain-title', hidden: true });
  private readonly seedNote = h('p', { class: 'eh-seed' });
  private readonly working = new WorkingIndicator(this.thinking);
  /** A guess the optimal host is deciding: its progress is shown. */
  private deciding = false;
  /** The letter of the guess sent and not answered yet: marked on the keyboard. */
  private pending: string | null = null;
  /** That guess's answer, once it comes (what a withdrawal waits for). */
  private pendingAnswer: Promise<void> = Promise.resolve();
  /** A give up or a host switch sent while the host thinks, not answered yet. */
  private withdrawing = false;
  /** The letter of the last guess withdrawn (its answer said so), to guess again. */
  private withdrawn: string | null = null;
  private decidingSince = 0;
  private clock = 0;
  private readonly onKey = (event: KeyboardEvent) => this.key(event);

  constructor(root: HTMLElement, address: string) {
    super(root, GAME, address);
  }

  mount(route: string[]): () => void {
    this.buildKeyboard();
    this.giveUp.addEventListener('click', () => {
      if (this.deciding) void this.withdraw({ command: 'give_up' });
      else void this.send({ command: 'give_up' });
    });
    this.switchHost.addEventListener('click', () => {
      void this.withdraw({ command: 'switch_host', strategy: QUICK_HOST });
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
         this.play, this.custom);
    fill(this.play,
         h('h2', { id: 'eh-play-title', tabindex: -1 }, 'Your word'),
         this.status,
         this.message.element,
         h('div', { class: 'eh-board' }, this.picture, this.tiles),
         this.thinking,
         this.keyboard,
         this.guessed,
         h('div', { class: 'row' }, this.switchHost, this.giveUp),
         this.end,
         this.seedNote,
         this.explain);
    return this.enterWithKeys(route, this.onKey, () => {
      this.working.stop();
      this.stopClock();
    });
  }

  // --- The setup form: the config schema's fields (the length, misses and count shown are the
  // config's, so that every new_game of the session plays them).

  protected buildForm(): OptionsForm {
    return optionsForm({
      game: GAME,
      title: 'New game',
      fields: { length: { label: 'Word length', values: lengthsWithWords, start: 8, hint: '' },
                guesses: { label: 'Wrong guesses allowed', start: 8, required: true, hint: '' },
                strategy: { label: 'Host', choices: STRATEGIES, hint: '' },
                show_remaining: { label: 'Show how many words the host holds', hint: '' },
                explain: { label: 'Explain the host’s choices', start: true, hint: '' } },
      previous: this.options,
      onStart: (options) => void this.start(options),
    });
  }

  // --- Talking to the server.

  protected show(snapshot: Snapshot<View>, arrival: Arrival): void {
    if (arrival === 'opened') {
      void this.newGame();
      return;
    }
    if (arrival === 'resumed') {
      const view = snapshot.view;
      if (view.status === 'idle') {
        void this.newGame();
        return;
      }
      this.take(snapshot);
      this.play.hidden = false;
      this.play.querySelector<HTMLElement>('h2')?.focus();
      if (view.status === 'playing') {
        say(`Resumed: a word of ${view.length} letters, ` +
            `${countOf(view.guesses_left, 'wrong guess', 'wrong guesses')} left. ` +
            'Type a letter to guess.');
      }
      void this.explainLastGuess();
      return;
    }
    this.take(snapshot);
  }

  /**
   * After a reload, the explain table of the last guess, which no view holds: the server replays
   * the session's last command in a scratch session nobody sees (docs/ARCHITECTURE.md,
   * "Addresses").
   */
  private async explainLastGuess(): Promise<void> {
    const id = this.session.id;
    if (!id || this.session.config.explain !== true || !this.view?.letters.length) return;
    try {
      const { commands, events: [events] } = await replayEvents(id, -1);
      if (commands[0]?.command !== 'guess') return;
      const guessed = events?.find((event) => event.event === 'guessed');
      if (this.session.id !== id || !guessed?.decision) return;
      this.renderExplain(String(guessed.letter).toUpperCase(), guessed.decision as Decision);
    } catch {
      // The table stays hidden; the game goes on.
    }
  }

  /**
   * The session's first game (it opens idle), with the config's length and misses: sent by the
   * page, not a move of the player's (leaving the page loses nothing yet).
   */
  private async newGame(): Promise<void> {
    if (await this.session.send({ command: 'new_game' })) this.session.began();
  }

  /**
   * "Play again": the session's next game; or, when the fair host's word of it would be known
   * (the seed shown at the end of this one), a new session, whose first game begins on opening.
   */
  private async playAgain(): Promise<void> {
    await this.session.playAgain({ command: 'new_game' });
  }

  private guess(letter: string): void {
    if (this.view?.status !== 'playing') return;
    this.pendingAnswer = this.send({ command: 'guess', letter });
  }

  /**
   * Gives up, or switches to the quick host, while the optimal host decides a guess: the server
   * withdraws that guess (the game as before it) and plays this command instead. A switch then
   * guesses the letter again, which the quick host answers at once. Should the decision end
   * first, the guess stands and the command follows it.
   */
  private async withdraw(command: Record<string, unknown>): Promise<void> {
    const id = this.session.id;
    const letter = this.pending;
    if (!id || this.withdrawing) return;
    this.withdrawing = true;
    this.withdrawn = null;
    this.giveUp.disabled = true;
    this.switchHost.disabled = true;
    const text = command.command === 'give_up' ? 'Giving up…' : 'Switching to the quick host…';
    fill(this.thinkingLabel, text);
    say(text);
    let reply: Snapshot<View> | null = null;
    try {
      reply = await sendCommand<View>(id, command);
    } catch (error) {
      this.message.show(sentence(error instanceof Error ? error.message : String(error)));
    }
    await this.pendingAnswer;  // the guess's answer: the view after both commands
    this.withdrawing = false;
    if (this.session.id !== id) return;
    if (reply) {
      // A give up after a guess that ended the game is refused: the game's end says enough.
      const over = this.view?.status !== 'playing';
      this.take({ ...reply, view: this.view ?? reply.view,
                  events: (reply.events ?? []).filter((e) => !over || e.event !== 'rejected') });
    }
    this.giveUp.disabled = false;
    this.switchHost.disabled = false;
    if (command.command === 'switch_host' && letter && this.withdrawn === letter) {
      this.guess(letter);
    }
  }

  /** A reply: the view to show and the events to tell. */
  private take(reply: Snapshot<View>): void {
    const sentences: string[] = [];
    let refused = false;
    for (const event of reply.events ?? []) {
      const said = this.tell(event);
      if (event.event === 'rejected') refused = true;
      if (said) sentences.push(said);
    }
    if (!refused) this.message.clear();
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
      case 'withdrawn': {
        const letter = String(event.letter).toUpperCase();
        this.withdrawn = String(event.letter);
        return `Your guess of ${letter} was taken back.`;
      }
      case 'host_switched':
        return event.strategy === QUICK_HOST
            ? 'The quick host (largest family) decides from now on in this game.'
            : `The ${String(event.strategy)} host decides from now on in this game.`;
      case 'rejected': {
        const letter = typeof event.letter === 'string' ? event.letter.toUpperCase() : '';
        const text = event.reason === 'repeated' && letter
            ? `You already guessed ${letter}.` : sentence(String(event.detail ?? event.reason));
        this.message.show(text);
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
    const pendingLetter = this.pending && playing(view) ? this.pending.toUpperCase() : null;
    fill(this.status, `${countOf(view.guesses_left, 'wrong guess', 'wrong guesses')} left of ` +
                      `${view.guesses}${remaining}`,
         pendingLetter ? h('span', { class: 'eh-pending-letter' },
                           ` · ${pendingLetter} guessed, waiting for the host`) : null);
    fill(this.picture, gallows(gallowsPieces(misses, view.guesses),
                               `Gallows: ${misses} of ${view.guesses} misses drawn`));
    this.renderPattern(view.status === 'finished' && view.word ? view.word : view.pattern,
                       view.pattern);
    this.renderKeys(view);
    const letters = view.letters.map((l) => l.toUpperCase());
    const pending = pendingLetter;
    fill(this.guessed, 'Letters guessed: ',
         letters.length === 0 && !pending ? 'none yet' : letters.join(' '),
         pending ? h('span', { class: 'eh-pending-letter' },
                     `${letters.length > 0 ? ' ' : ''}${pending} (waiting for the host)`) : null);
    this.giveUp.hidden = view.status !== 'playing';
    this.renderEnd(view);
    if (this.session.id) {
      // The fair host's word is drawn from the seed: shown once the game has ended.
      fill(this.seedNote, seedNote(this.session.seed, view.status === 'finished', 'word',
                                   this.session.practice, view.game));
    }
  }

  /** The tiles; at the end the whole word, the letters never found marked as such. */
  private renderPattern(word: string, pattern: string): void {
    const finished = word !== pattern;
    this.tiles.setAttribute('aria-label', `The word: ${spokenPattern(word)}` +
                                          (finished ? ` (you had ${spokenPattern(pattern)})` : ''));
    this.tiles.style.setProperty('--letters', String(word.length));  // sizes the tiles (CSS)
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
      const pending = playing && letter === this.pending;
      key.classList.toggle('hit', hit);
      key.classList.toggle('miss', played && !hit);
      key.classList.toggle('eh-pending', pending);
      key.disabled = played || !playing;
      if (played) {
        key.setAttribute('aria-label', `${letter.toUpperCase()}, ${hit ? 'in the word' :
                                                                         'not in the word'}`);
      } else if (pending) {
        key.setAttribute('aria-label', `${letter.toUpperCase()}, waiting for the host`);
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
                                onclick: () => void this.playAgain() }, 'Play again');
    const change = h('button', { type: 'button', onclick: () => this.showSetup() },
                     'Custom game');
    if (word) this.definition.setWord(word);
    fill(this.end,
         h('p', { class: `eh-result ${view.won ? 'hit' : 'miss'}` },
           view.won ? `You won! The word is ${word}` : `The word was ${word}`),
         word ? this.definition.element : null,
         h('div', { class: 'row' }, again, change));
    const focusAgain = this.end.hidden;
    this.end.hidden = false;
    if (focusAgain) queueMicrotask(() => again.focus());
  }

  protected get playArea(): HTMLElement {
    return this.play;
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
                    h('td', { class: 'number' }, family.words.toLocaleString('en')),
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
    const decidedBy = decision.decided_by && decision.decided_by !== this.session.config.strategy
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
    if (!isGameKey(event)) return;
    if (!/^[a-zA-Z]$/.test(event.key) || this.view?.status !== 'playing' || this.play.hidden) {
      return;
    }
    event.preventDefault();
    if (this.busy) return;
    this.guess(event.key.toLowerCase());
  }

  /**
   * While a command runs; a guess the optimal host decides shows its progress at once, its
   * letter marked as pending, and the way out (give up, the quick host) stays open.
   */
  protected override busyChanged(busy: boolean, command?: Record<string, unknown>): void {
    const host = this.view?.host ?? this.session.config.strategy;
    const deciding = command?.command === 'guess' && host === 'optimal';
    this.deciding = busy && deciding;
    this.pending = busy && command?.command === 'guess' ? String(command.letter) : null;
    this.form?.busy(busy);
    this.giveUp.disabled = busy && !this.deciding;
    this.switchHost.hidden = !this.deciding;
    this.switchHost.disabled = false;
    fill(this.thinkingLabel, this.pending
        ? `The host is thinking about ${this.pending.toUpperCase()}…` : THINKING);
    if (this.view) this.render();
    this.keyboard.classList.toggle('eh-waiting', busy);
    for (const key of this.keys.values()) {
      if (busy) key.setAttribute('aria-disabled', 'true');
      else key.removeAttribute('aria-disabled');
    }
    this.progressBar.value = 0;
    this.progressBar.hidden = !this.deciding;
    this.budget.hidden = !this.deciding;
    this.stopClock();
    if (this.deciding) {
      // The optimal host's decision: its progress at once, and said once if it takes a while.
      this.working.start(0, { text: `${this.thinkingLabel.textContent ?? THINKING} You may ` +
                                    'give up or ask the quick host instead.',
                              afterMs: SAY_THINKING_AFTER_MS });
      this.decidingSince = performance.now();
      this.showBudget();
      this.clock = window.setInterval(() => this.showBudget(), 1000);
    } else if (busy) {
      // Other hosts answer at once: the indicator only if one does not (no flicker).
      this.working.start(250);
    } else {
      this.working.stop();
    }
  }

  /** How long the decision has taken, and the share of its budget used (the bar's value). */
  private showBudget(): void {
    const seconds = Math.floor((performance.now() - this.decidingSince) / 1000);
    const percent = Math.floor(this.progressBar.value * 100);
    fill(this.budget, `${countOf(seconds, 'second')}; ${percent}% of its thinking budget used ` +
                      '(it decides by the time the bar is full, often sooner)');
  }

  private stopClock(): void {
    window.clearInterval(this.clock);
    this.clock = 0;
  }

  /**
   * The optimal host's progress, pushed by the server while it decides (rising, 0 to 1): the
   * share of its thinking budget used, which never claims more done than is.
   */
  protected override progress(fraction: number): void {
    if (!this.deciding) return;  // late: the answer came first
    this.progressBar.value = Math.max(this.progressBar.value, Math.min(1, fraction));
    this.showBudget();
  }

}

export const page: GamePage = {
  mount(root, route, address) {
    return new EvilHangmanPage(root, address).mount(route);
  },
  resumes: true,
};
