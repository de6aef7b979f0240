// Adversarial Wordle: Wordle whose host never picks a word. The page is the grid of guesses as
// tiles (the options in its Custom game panel), an on-screen keyboard coloured by what is known
// (every mark also has a shape: a tick for a letter in place, a two-way arrow for one elsewhere,
// a strike for one not in the word), typing with the physical keyboard, and the result with the
// fewest guesses possible.
// JSON contract: src/app/wordle_codec.h.
import type { GameEvent, Snapshot } from '../api';
import { countOf, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { definitionToggle } from './common/definition';
import { sentence } from './common/errors';
import { lengthsWithWords, type OptionsForm, optionsForm } from './common/form';
import { isGameKey } from './common/keys';
import { celebrate, popIn, shake } from './common/motion';
import { playSound } from './common/sound';
import { seedNote } from './common/seed';
import type { Arrival } from './common/session';
import { SessionPage } from './common/session_page';
import { WorkingIndicator } from './common/working';

const GAME = 'wordle';

type KeyState = 'unknown' | 'absent' | 'present' | 'placed';

interface Row {
  word: string;
  pattern: string;  // 'g' green, 'y' yellow, '.' grey
}

/** The view (wordle_codec.h). */
interface View {
  status: 'playing' | 'finished';
  game: number;
  length: number;
  host: string;
  hard: boolean;
  guesses: number;  // the limit, 0 for none
  rows: Row[];
  keyboard: Record<string, KeyState>;
  remaining?: number;
  won?: boolean;
  word?: string;
  best_possible?: number | null;
  best_from?: number | null;
}

const HOSTS: Record<string, string> = {
  largest: 'Largest family (Absurdle: never picks a word)',
  lookahead: 'Lookahead (keeps what your next guess splits worst)',
  fair: 'Fair (picks a word at the start: plain Wordle)',
};

const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const WORKING = 'Working out the fewest guesses possible…';

const MARK_STATE: Record<string, KeyState> = { g: 'placed', y: 'present', '.': 'absent' };

/** What a letter's state says, for screen readers. */
function stateWords(state: KeyState): string {
  switch (state) {
    case 'placed': return 'in the word at this place';
    case 'present': return 'in the word elsewhere';
    case 'absent': return 'not in the word';
    default: return 'not tried yet';
  }
}

/** A row for screen readers: "CRANE: C not in the word, R in the word elsewhere, ...". */
function spokenRow(row: Row): string {
  const letters = [...row.word].map((c, i) =>
      `${c.toUpperCase()} ${stateWords(MARK_STATE[row.pattern[i]] ?? 'unknown')}`);
  return `${row.word.toUpperCase()}: ${letters.join(', ')}`;
}

function bestText(best: number | null | undefined, from: number | null | undefined): string {
  if (typeof best !== 'number' || typeof from !== 'number') {
    return 'The fewest guesses possible could not be computed for this game.';
  }
  const after = from === 1 ? 'your opening' : `your first ${countOf(from, 'guess', 'guesses')}`;
  return `After ${after}, a perfect guesser was sure to win in ` +
         `${countOf(best, 'guess', 'guesses')}.`;
}

class WordlePage extends SessionPage<View> {
  private readonly play = h('section', { class: 'wd-play', 'aria-labelledby': 'wd-play-title',
                                         hidden: true });
  private readonly status = h('p', { class: 'status-line' });
  private readonly grid = h('ol', { class: 'wd-grid', 'aria-label': 'Your guesses' });
  private readonly working = h('p', { class: 'wd-working', hidden: true }, WORKING);
  private readonly keys = new Map<string, HTMLButtonElement>();
  private readonly keyboard = h('div', { class: 'wd-keyboard', role: 'group',
                                         'aria-label': 'Keyboard' });
  private readonly enterKey = h('button', { type: 'button', class: 'wd-key wd-wide',
                                            onclick: () => void this.submit() }, 'Enter');
  private readonly backKey = h('button', { type: 'button', class: 'wd-key wd-wide',
                                           'aria-label': 'Delete a letter',
                                           onclick: () => this.erase() }, '⌫');
  private readonly hintButton = h('button', { type: 'button', class: 'wd-hint' }, 'Hint');
  private readonly giveUp = h('button', { type: 'button' }, 'Give up');
  private readonly end = h('div', { class: 'wd-end', hidden: true, 'data-game-end': true });
  /** What the word means, under the end of a game. */
  private readonly definition = definitionToggle();
  private readonly seedNote = h('p', { class: 'wd-seed' });
  private typed = '';
  private readonly workingLine = new WorkingIndicator(this.working);
  private readonly onKey = (event: KeyboardEvent) => this.key(event);

  constructor(root: HTMLElement, address: string) {
    super(root, GAME, address);
  }

  mount(route: string[]): () => void {
    this.buildKeyboard();
    this.hintButton.addEventListener('click', () => void this.send({ command: 'hint' }));
    this.giveUp.addEventListener('click', () => void this.send({ command: 'give_up' }));
    fill(this.root,
         rules('How to play',
               'Guess the word: type a word and press Enter. Each letter of your guess is ' +
                   'marked: in the word at this place (blue, with a tick), in the word elsewhere ' +
                   '(yellow, with a two-way arrow), or not in the word (struck through).',
               'The catch: the largest and lookahead hosts never pick a word. After each ' +
                   'guess they keep every word that fits the marks they give, choosing the marks ' +
                   'that leave you the most words (or the hardest ones), so the game ends only ' +
                   'when your guess is the last word left. The fair host picks a word at the ' +
                   'start, as Wordle does.',
               'At the end the page says how few guesses a perfect player was sure to need ' +
                   'after your opening, whatever the host did.'),
         this.play, this.custom);
    fill(this.play,
         h('h2', { id: 'wd-play-title', tabindex: -1 }, 'Your guesses'),
         this.status,
         this.message.element,
         this.grid,
         this.working,
         this.keyboard,
         h('div', { class: 'row' }, this.hintButton, this.giveUp),
         this.end,
         this.seedNote);
    return this.enterWithKeys(route, this.onKey, () => this.workingLine.stop());
  }

  // --- The setup form: the config schema's fields.

  protected buildForm(): OptionsForm {
    return optionsForm({
      game: GAME,
      title: 'New game',
      fields: { length: { label: 'Word length', values: lengthsWithWords, hint: '' },
                host: { label: 'Host', choices: HOSTS, hint: '' },
                guesses: { label: 'Guesses allowed',
                           hint: 'Blank: the host\u2019s own limit. 0: no limit.' },
                hard: { label: 'Hard mode: revealed letters must be used', hint: '' },
                show_remaining: { label: 'Show how many words are still possible', hint: '' } },
      previous: this.options,
      onStart: (options) => void this.start(options),
    });
  }

  // --- Talking to the server.

  protected show(snapshot: Snapshot<View>, arrival: Arrival): void {
    if (arrival === 'opened') {
      this.begin(snapshot.view);
    } else if (arrival === 'resumed') {
      this.begin(snapshot.view, 'Resumed: ');
    } else {
      this.take(snapshot);
    }
  }

  /** Shows a game in play (a new one, or one resumed). */
  private begin(view: View, prefix = 'New game: '): void {
    this.typed = '';
    this.message.clear();
    this.play.hidden = false;
    this.render();
    this.play.querySelector<HTMLElement>('h2')?.focus();
    if (view.status === 'playing') say(`${prefix}${this.startSentence(view)}`);
  }

  private startSentence(view: View): string {
    const limit = view.guesses > 0 ? `${countOf(view.guesses, 'guess', 'guesses')} allowed`
                                   : 'no guess limit';
    const remaining = typeof view.remaining === 'number'
        ? ` ${countOf(view.remaining, 'word')} possible.` : '';
    return `a word of ${view.length} letters, ${limit}${view.hard ? ', hard mode' : ''}.` +
           `${remaining} Type a word and press Enter.`;
  }

  private async submit(): Promise<void> {
    if (this.view?.status !== 'playing' || this.busy) return;
    if (this.typed.length !== this.view.length) {
      this.message.show(`Type a word of ${this.view.length} letters.`);
      shake(this.grid.querySelector('.wd-current'));
      return;
    }
    await this.send({ command: 'guess', word: this.typed });
  }

  private type(letter: string): void {
    if (this.view?.status !== 'playing' || this.busy) return;
    if (this.typed.length >= this.view.length) return;
    this.typed += letter;
    this.renderGrid();
    const tile = this.grid.querySelectorAll('.wd-current .wd-tile')[this.typed.length - 1];
    if (tile) popIn([tile]);
  }

  private erase(): void {
    if (this.view?.status !== 'playing' || this.busy || this.typed === '') return;
    this.typed = this.typed.slice(0, -1);
    this.renderGrid();
  }

  private take(reply: Snapshot<View>): void {
    const sentences: string[] = [];
    let refused = false;
    for (const event of reply.events ?? []) {
      if (event.event === 'rejected') refused = true;
      const said = this.tell(event);
      if (said) sentences.push(said);
    }
    if (!refused) this.message.clear();
    this.render();
    if (sentences.length > 0 && !refused) say(sentences.join(' '));
    this.feedback(reply.events ?? []);
  }

  /** Motion and sound for a guess (motion.ts): its row flips in, a refusal shakes the row being
   *  typed, a win celebrates. The text says the same. */
  private feedback(events: GameEvent[]): void {
    for (const event of events) {
      if (event.event === 'rejected') {
        shake(this.grid.querySelector('.wd-current'));
      } else if (event.event === 'guessed') {
        const rows = this.grid.querySelectorAll('.wd-row:not(.wd-current)');
        const last = rows[rows.length - 1];
        if (last) popIn(last.querySelectorAll('.wd-tile'), true);
        playSound('letter');
      } else if (event.event === 'finished' && event.won) {
        // In as few guesses as the host allowed: a perfect game.
        const rows = Array.isArray(event.rows) ? event.rows.length : 0;
        celebrate(rows === event.best_possible ? 'Perfect game!' : 'You won!', this.grid);
      }
    }
  }

  private tell(event: GameEvent): string {
    switch (event.event) {
      case 'game_started':
        this.typed = '';
        this.play.hidden = false;
        queueMicrotask(() => this.play.querySelector<HTMLElement>('h2')?.focus());
        return this.view ? `New game: ${this.startSentence(this.view)}` : 'New game.';
      case 'guessed': {
        this.typed = '';
        const row = { word: String(event.word), pattern: String(event.pattern) };
        const remaining = typeof event.remaining === 'number'
            ? ` ${countOf(event.remaining, 'word')} possible.` : '';
        return `${spokenRow(row)}.${remaining}`;
      }
      case 'hinted':
        return `Hint: try ${String(event.word).toUpperCase()}.`;
      case 'rejected': {
        const text = this.refusal(event);
        this.message.show(text);
        return text;
      }
      case 'finished': {
        const word = String(event.word).toUpperCase();
        const rows = Array.isArray(event.rows) ? event.rows.length : 0;
        const best = bestText(event.best_possible as number | null,
                              event.best_from as number | null);
        if (event.won) return `You found ${word} in ${countOf(rows, 'guess', 'guesses')}. ${best}`;
        if (event.gave_up) return `You gave up. The word was ${word}. ${best}`;
        return `Out of guesses. The word was ${word}. ${best}`;
      }
      default:
        return '';
    }
  }

  private refusal(event: GameEvent): string {
    const word = typeof event.word === 'string' ? event.word.toUpperCase() : '';
    const problem = event.problem as { letter?: string; position?: number; count?: number }
        | undefined;
    if (event.reason === 'not_a_word' && word) return `${word} is not in the word list.`;
    if (event.reason === 'not_allowed' && problem?.letter) {
      const letter = problem.letter.toUpperCase();
      if (typeof problem.position === 'number') {
        return `Hard mode: letter ${problem.position + 1} must be ${letter}.`;
      }
      const times = (problem.count ?? 1) > 1 ? ` ${problem.count} times` : '';
      return `Hard mode: the guess must use ${letter}${times}.`;
    }
    return sentence(String(event.detail ?? event.reason));
  }

  // --- Rendering.

  private buildKeyboard(): void {
    KEY_ROWS.forEach((letters, index) => {
      const row = h('div', { class: 'wd-key-row' });
      if (index === 2) row.append(this.enterKey);
      for (const letter of letters) {
        const key = h('button', { type: 'button', class: 'wd-key', 'data-letter': letter,
                                  onclick: () => this.type(letter) }, letter.toUpperCase());
        this.keys.set(letter, key);
        row.append(key);
      }
      if (index === 2) row.append(this.backKey);
      this.keyboard.append(row);
    });
  }

  private render(): void {
    const view = this.view;
    if (!view) return;
    const played = view.rows.length;
    let status = view.status === 'playing'
        ? `Guess ${played + 1}${view.guesses > 0 ? ` of ${view.guesses}` : ''}`
        : `${countOf(played, 'guess', 'guesses')} played`;
    if (typeof view.remaining === 'number') {
      status += ` · ${countOf(view.remaining, 'word')} possible`;
    }
    const host = `${HOSTS[view.host]?.split(' (')[0] ?? view.host} host` +
                 `${view.hard ? ', hard mode' : ''}`;
    fill(this.status, `${status} · ${host}`);
    this.renderGrid();
    this.renderKeys(view);
    const playing = view.status === 'playing';
    this.hintButton.hidden = !playing;
    this.giveUp.hidden = !playing;
    this.renderEnd(view);
    if (this.session.id) {
      // The fair host's word is drawn from the seed: shown once the game has ended.
      fill(this.seedNote, seedNote(this.session.seed, view.status === 'finished', 'word',
                                   this.session.practice, view.game));
    }
  }

  private renderGrid(): void {
    const view = this.view;
    if (!view) return;
    const items: HTMLElement[] = view.rows.map((row, index) =>
        h('li', { class: 'wd-row', 'aria-label': `Guess ${index + 1}, ${spokenRow(row)}` },
          [...row.word].map((c, i) => {
            const state = MARK_STATE[row.pattern[i]] ?? 'unknown';
            return h('span', { class: `wd-tile wd-${state}`, 'aria-hidden': 'true' },
                     c.toUpperCase());
          })));
    if (view.status === 'playing') {
      const letters = [...this.typed.padEnd(view.length, ' ')];
      const typed = this.typed === '' ? 'empty' : [...this.typed.toUpperCase()].join(' ');
      items.push(h('li', { class: 'wd-row wd-current',
                           'aria-label': `Guess ${view.rows.length + 1}, typed so far: ${typed}` },
                   letters.map((c) => h('span', { class: `wd-tile${c === ' ' ? ' wd-empty' : ''}`,
                                                  'aria-hidden': 'true' },
                                        c === ' ' ? '' : c.toUpperCase()))));
    }
    fill(this.grid, items);
  }

  private renderKeys(view: View): void {
    const playing = view.status === 'playing';
    for (const [letter, key] of this.keys) {
      const state = view.keyboard[letter] ?? 'unknown';
      key.className = `wd-key wd-${state}`;
      key.setAttribute('aria-label', state === 'unknown'
          ? letter.toUpperCase() : `${letter.toUpperCase()}, ${stateWords(state)}`);
      key.disabled = !playing;
    }
    this.enterKey.disabled = !playing;
    this.backKey.disabled = !playing;
  }

  private renderEnd(view: View): void {
    if (view.status !== 'finished') {
      this.end.hidden = true;
      return;
    }
    const word = (view.word ?? '').toUpperCase();
    if (word) this.definition.setWord(word);
    const again = h('button', { type: 'button', class: 'primary',
                                // A new session when the fair host's next word would be known.
                                onclick: () => void this.session.playAgain({
                                  command: 'new_game' }) },
                    'Play again');
    const change = h('button', { type: 'button', onclick: () => this.showSetup() },
                     'Custom game');
    fill(this.end,
         h('p', { class: `wd-result ${view.won ? 'wd-won' : 'wd-lost'}` },
           view.won ? `You found ${word}` : `The word was ${word}`),
         h('p', { class: 'wd-best' }, bestText(view.best_possible, view.best_from)),
         word ? this.definition.element : null,
         h('div', { class: 'row' }, again, change));
    const focusAgain = this.end.hidden;
    this.end.hidden = false;
    if (focusAgain) queueMicrotask(() => again.focus());
  }

  protected get playArea(): HTMLElement {
    return this.play;
  }

  // --- Input, busy state and messages.

  private key(event: KeyboardEvent): void {
    if (!isGameKey(event) || this.view?.status !== 'playing' || this.play.hidden) return;
    if (/^[a-zA-Z]$/.test(event.key)) {
      event.preventDefault();
      this.type(event.key.toLowerCase());
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      this.erase();
    } else if (event.key === 'Enter') {
      // With letters typed, Enter sends the word wherever the focus is; with none, it presses
      // the focused button (Hint, Give up, a letter key).
      const target = event.target as HTMLElement | null;
      if (this.typed === '' && target?.tagName === 'BUTTON' && target !== this.enterKey) return;
      event.preventDefault();
      void this.submit();
    }
  }

  protected override busyChanged(busy: boolean): void {
    // A quick answer shows nothing; the exact search at a game's end may take a while.
    if (busy) this.workingLine.start(400);
    else this.workingLine.stop();
  }

}

export const page: GamePage = {
  mount(root, route, address) {
    return new WordlePage(root, address).mount(route);
  },
  resumes: true,
};
