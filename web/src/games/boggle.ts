// Word Search (Boggle): a round alone at once (its options in the Custom game panel), the board
// as a grid of cells, words typed or traced across the board with mouse or touch, a countdown
// (display only: the server owns the clock and pushes the round's end over the WebSocket), the
// words found, and at the end the words missed, each showing its path on the board when hovered
// or focused. JSON contract: src/app/boggle_codec.h.
// "Play with friends" (#/boggle/room, #/boggle/room/CODE) is boggle/room.ts: a room's rounds
// are played on this page's board, through the RoundPlayer below. "The best boards"
// (#/boggle/best) is boggle/best.ts: the records of the board search, each played here alone.
import { ApiError, type BestBoard, type GameEvent, type Snapshot } from '../api';
import { countOf, errorBox, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { BestBoards } from './boggle/best';
import { RoomPanel } from './boggle/room';
import { definitionPanel } from './common/definition';
import { messageOf, sentence } from './common/errors';
import { labelled, type OptionsForm, optionsForm } from './common/form';
import { typingInField } from './common/keys';
import { floatUp, popIn, shake } from './common/motion';
import { playSound } from './common/sound';
import { seedNote } from './common/seed';
import { type Arrival, showAddress } from './common/session';
import { SessionPage } from './common/session_page';

const GAME = 'boggle';

/** A board (boggle_codec.h): cells row by row, upper-case ("QU"), null for a blocked cell. */
interface Board {
  spec: string;
  rows: number;
  cols: number;
  cells: (string | null)[];
}

/** A word of the board (found or missed): its points and the cells that spell it. */
interface BoardWord {
  word: string;
  points: number;
  path: number[];
}

/** The view (boggle_codec.h); end, total_score, all_words and missed once the round is over. */
export interface View {
  status: 'playing' | 'finished';
  round: number;
  board: Board;
  min_length: number;
  scoring: string;
  seconds: number;
  elapsed_ms: number;
  found: BoardWord[];
  score: number;
  end?: 'closed' | 'time_up';
  total_score?: number;
  all_words?: string[];
  missed?: BoardWord[];
}

/** How the form names each board size and scoring rule of the schema. */
export const SIZES: Record<string, string> = { 4: '4 × 4', 5: '5 × 5', 6: '6 × 6' };
const SCORINGS: Record<string, string> = {
  spec: 'Simple: 1 point, +1 per extra letter',
  boggle: 'Boggle: 1, 2, 3, 5 or 11 by length',
};
/** A scoring rule's name in a sentence. */
const SCORING_NAMES: Record<string, string> = { spec: 'simple', boggle: 'Boggle' };

/** True if cells a and b of a board `cols` wide touch (diagonals too), a != b. */
export function adjacent(a: number, b: number, cols: number): boolean {
  if (a === b) return false;
  return Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) <= 1 &&
         Math.abs((a % cols) - (b % cols)) <= 1;
}

/**
 * A path of `word` on the board (row-major cell indices), or null: adjacent cells, none used
 * twice, a multi-letter cell matching all its letters at once. As the engine's find_path: start
 * cells in row-major order, neighbours in decreasing order. Only the preview of a word as it is
 * typed, before it is sent: the words found and missed come with their paths from the server.
 */
export function findPath(board: Board, word: string): number[] | null {
  const target = word.toUpperCase();
  const used = new Set<number>();
  const path: number[] = [];
  const neighbours = (cell: number) => {
    const list: number[] = [];
    for (let other = board.cells.length - 1; other >= 0; --other) {
      if (adjacent(cell, other, board.cols)) list.push(other);
    }
    return list;
  };
  const walk = (cell: number, at: number): boolean => {
    const letters = board.cells[cell];
    if (!letters || used.has(cell) || !target.startsWith(letters, at)) return false;
    used.add(cell);
    path.push(cell);
    const next = at + letters.length;
    if (next === target.length) return true;
    for (const other of neighbours(cell)) {
      if (walk(other, next)) return true;
    }
    used.delete(cell);
    path.pop();
    return false;
  };
  if (target === '') return null;
  for (let cell = 0; cell < board.cells.length; ++cell) {
    if (walk(cell, 0)) return path;
  }
  return null;
}

/** "QU" as the dice show it: "Qu". */
function face(letters: string): string {
  return letters.charAt(0) + letters.slice(1).toLowerCase();
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What a room (boggle/room.ts) asks of the page: to play the player's part of a room's round on
 * the board, with the same typing, tracing and clock as a round alone.
 */
export interface RoundPlayer {
  /** Plays the room's round `round` (1-based) from the player's `view` of it; `intro` is said
   *  before the rest. */
  playRound(round: number, view: View, intro: string): void;
  /** The room pushed the player's view of the round: its end, or its answers once everyone
   *  is done. */
  roundChanged(view: View): void;
  /** Whether the board shows a round that has ended (and told its end). */
  ended(): boolean;
}

/** What the page tells a room, and asks of it. */
export interface RoomListener {
  /** The player's own round ended; returns a sentence to say after the page's own. */
  roundEnded(): string;
  /** Sends a command of the player's round (submit, close) as their seat in the room: the
   *  reply, with the player's view of the round. */
  command(command: Record<string, unknown>): Promise<Snapshot<View>>;
  /** Asks the room again, should a push have been lost. */
  refresh(): void;
}


class BogglePage extends SessionPage<View> implements RoundPlayer {
  /** Problems outside a round (the best boards, a room), above the panels. */
  private readonly errors = h('div', { class: 'bg-messages' });
  private readonly play = h('section', { class: 'bg-play', 'aria-labelledby': 'bg-play-title',
                                         hidden: true });
  private readonly info = h('p', { class: 'bg-info' });
  private readonly timer = h('p', { class: 'bg-timer', role: 'timer', 'aria-live': 'off' });
  private readonly grid = h('div', { class: 'bg-board', role: 'table',
                                     'aria-label': 'The board' });
  private readonly traced = h('p', { class: 'bg-traced' });
  private readonly wordInput = h('input', { name: 'word', type: 'text', autocomplete: 'off',
                                            autocapitalize: 'characters', spellcheck: 'false',
                                            enterkeyhint: 'send', placeholder: 'Your word' });
  private readonly entry = h('form', { class: 'bg-entry row' });
  private readonly closeButton = h('button', { type: 'button', class: 'bg-close' },
                                   'End round now');
  private readonly foundBox = h('section', { class: 'bg-found', 'aria-labelledby':
                                             'bg-found-title' });
  private readonly end = h('section', { class: 'bg-end', 'aria-labelledby': 'bg-end-title',
                                        hidden: true, 'data-game-end': true });
  /** What a word of the results means, when one is pressed. */
  private readonly definition = definitionPanel();
  private readonly seedNote = h('p', { class: 'bg-seed' });
  private readonly modes = h('nav', { class: 'bg-modes', 'aria-label': 'Alone or with friends' });
  /** Set in a room: the room's round number, and who to tell when the player's round ends. */
  private room: { round: number; intro: string; listener: RoomListener } | null = null;
  private roomPanel: RoomPanel | null = null;
  /** A room's command in flight (a round alone is the session controller's). */
  private roomBusy = false;
  /** Set on the best boards' page: the list, shown again instead of the setup form. */
  private bestPanel: BestBoards | null = null;
  /** The title of the record board in play, when it was picked from the best boards. */
  private bestTitle: string | null = null;
  private cells: HTMLElement[] = [];
  /** The round on the board: the session's view alone, the player's view of it in a room. */
  private current: View | null = null;
  /** Paths of the words found and missed this round, from the server. */
  private paths = new Map<string, number[]>();
  /** The round whose end was told (a reply and a push may both bring it). */
  private toldEnd = -1;
  private roundStart = 0;
  private ticker = 0;
  private fallback = 0;
  private warned = new Set<number>();
  /** The path being traced with the pointer (or tapped cell by cell). */
  private trace: number[] = [];
  private tracing = false;
  private tapMode = false;
  private downCell = -1;
  private moved = false;
  private justExtended = false;

  constructor(root: HTMLElement, private readonly route: string[], private readonly home: string) {
    super(root, GAME, home);
  }

  mount(): () => void {
    this.entry.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit(this.wordInput.value);
    });
    this.wordInput.addEventListener('input', () => this.previewTyped());
    this.closeButton.addEventListener('click', () => void this.command({ command: 'close' }));
    this.grid.addEventListener('pointerdown', (event) => this.pointerDown(event));
    this.grid.addEventListener('pointermove', (event) => this.pointerMove(event));
    const up = (event: PointerEvent) => this.pointerUp(event);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    fill(this.entry,
         labelled('Your word', this.wordInput),
         h('button', { type: 'submit', class: 'primary' }, 'Submit'),
         this.closeButton);
    fill(this.root,
         rules('How to play',
               'Find words by joining neighbouring cells, sideways, up and down or diagonally, ' +
                   'each cell once (Qu gives both letters; blank cells cannot be used).',
               'Type a word and press Enter, or drag across the cells and let go; or tap the ' +
                   'cells one by one, then the last one again to send the word.',
               'Words in the word list of the minimum length or longer count, longer ones for ' +
                   'more points. When the clock runs out you see every word you missed.'),
         this.modes, this.errors, this.play, this.custom);
    const mode = this.route[0] === 'room' || this.route[0] === 'best' ? this.route[0] : 'alone';
    const link = (href: string, current: boolean, text: string) =>
      h('li', {}, h('a', { href, 'aria-current': current ? 'page' : null }, text));
    fill(this.modes, h('ul', {},
                       link(this.home, mode === 'alone', 'Play alone'),
                       link(`${this.home}/room`, mode === 'room', 'Play with friends'),
                       link(`${this.home}/best`, mode === 'best', 'The best boards')));
    fill(this.play,
         h('h2', { id: 'bg-play-title', tabindex: -1 }, 'The board'),
         h('div', { class: 'bg-top' }, this.info, this.timer),
         h('div', { class: 'bg-layout' },
           h('div', { class: 'bg-left' }, this.grid, this.traced, this.message.element,
             this.entry),
           this.foundBox),
         this.end,
         this.seedNote);
    if (mode === 'room') {
      this.custom.hidden = true;
      this.roomPanel = new RoomPanel(this, this.route[1]);
      this.errors.after(this.roomPanel.element);
      this.roomPanel.mount();
    } else if (mode === 'best') {
      this.custom.hidden = true;
      this.bestPanel = new BestBoards((board) => void this.playBest(board));
      this.errors.after(this.bestPanel.element);
      void this.bestPanel.mount();
    }
    const unmount = this.enterWithKeys(mode === 'alone' ? this.route : [],
                                       (event) => this.key(event), () => {
      this.roomPanel?.close();
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      this.stopClock();
    });
    return unmount;
  }

  // --- The setup form: the config schema's fields.

  protected buildForm(): OptionsForm {
    return optionsForm({
      game: GAME,
      title: 'New round',
      fields: { size: { label: 'Board', choices: SIZES, hint: '' },
                seconds: { label: 'Seconds', hint: '0: no time limit' },
                scoring: { label: 'Scoring', choices: SCORINGS,
                           hint: 'Simple: 1 point for the minimum length, 1 more for each ' +
                                 'letter beyond it. Boggle: 3\u20134 letters 1, 5 letters 2, ' +
                                 '6 letters 3, 7 letters 5, 8 or more 11.' },
                min_length: { label: 'Minimum letters',
                              hint: '0: the usual, 3 (4 on the 6 × 6 board)' } },
      previous: this.options,
      onStart: (options) => {
        this.bestTitle = null;
        void this.start(options);
      },
    });
  }

  /** Where the page goes between rounds: the best boards' list, or the options form. */
  protected override showSetup(): void {
    this.stopClock();
    this.endTrace();
    if (this.bestPanel) {
      this.session.leave();
      this.message.clear();
      showAddress(`${this.home}/best`);
      this.play.hidden = true;
      this.bestPanel.show();
      return;
    }
    if (this.roomPanel) return;  // a room's rounds come and go with the room
    this.placeForm(this.buildForm(), true);
  }

  /** Alone, a round at once; with friends or the best boards, their panel instead. */
  protected override async playDefault(): Promise<void> {
    if (!this.bestPanel && !this.roomPanel) await super.playDefault();
  }

  protected get playArea(): HTMLElement {
    return this.play;
  }

  /** The session is gone: the best boards' list says so, as the options form does. */
  protected override lost(problem: string): void {
    super.lost(problem);
    if (this.bestPanel) this.showError(problem);
  }

  // --- Talking to the server.

  /** Plays a record board alone, with Boggle scoring as it was found, on the default clock. */
  private async playBest(best: BestBoard): Promise<void> {
    if (this.busy) return;
    fill(this.errors);
    this.bestTitle = best.title;
    try {
      await this.session.open({ config: { board: best.board.spec, seconds: 180,
                                          scoring: best.scoring, min_length: best.min_length },
                                seed: 1 });
    } catch (error) {
      this.showError(messageOf(error));
    }
  }

  protected show(snapshot: Snapshot<View>, arrival: Arrival): void {
    if (arrival === 'opened' || arrival === 'resumed') {
      fill(this.errors);
      this.room = null;
      this.toldEnd = -1;
      if (this.bestPanel) this.bestPanel.element.hidden = true;
      this.roundStarted(snapshot.view, arrival === 'resumed' ? 'Resumed: ' : '');
      if (snapshot.view.status === 'finished') this.roundEnded(snapshot.view);
    } else {
      // A reply, or a pushed update: the server's clock, or a word sent from another tab.
      this.take(snapshot);
    }
  }

  private async submit(typed: string): Promise<void> {
    const word = typed.trim();
    if (word === '') {
      this.showError('Type a word first, or trace one on the board.');
      shake(this.entry);
      return;
    }
    await this.command({ command: 'submit', word });
  }

  /** A command of the round on the board: to the session alone, to the player's seat in a room. */
  private async command(command: Record<string, unknown>): Promise<void> {
    const room = this.room;
    if (!room) {
      await this.send(command);
      return;
    }
    if (this.roomBusy) return;
    this.setRoomBusy(true);
    try {
      const reply = await room.listener.command(command);
      this.setRoomBusy(false);
      this.take(reply);
    } catch (error) {
      this.setRoomBusy(false);
      if (error instanceof ApiError && error.code === 'unknown_room') {
        this.showError('This round is no longer on the server (it expired or the server ' +
                       'restarted).');
        return;
      }
      this.showError(messageOf(error));
    }
  }

  private take(reply: Snapshot<View>): void {
    const sentences: string[] = [];
    let refused = false;
    for (const event of reply.events ?? []) {
      if (event.event === 'round_started') {
        this.roundStarted(reply.view);
        continue;
      }
      if (event.event === 'finished') continue;  // told below, from the view
      const said = this.tell(event, reply.view);
      if (event.event === 'rejected') refused = true;
      if (said) sentences.push(said);
    }
    if (reply.view.round === this.current?.round) this.current = reply.view;
    if (!refused) this.message.clear();
    if (reply.view.status === 'finished' && this.toldEnd !== reply.view.round) {
      this.roundEnded(reply.view, sentences);
      return;
    }
    this.renderFound();
    if (sentences.length > 0 && !refused) say(sentences.join(' '));
    this.feedback(reply.events ?? []);
  }

  /** Motion and sound for a word taken or refused (motion.ts); the text says the same. */
  private feedback(events: GameEvent[]): void {
    for (const event of events) {
      if (event.event === 'rejected') {
        shake(this.entry);
      } else if (event.event === 'word_accepted') {
        playSound('scored');
        floatUp(this.grid, `+${Number(event.points)}`);
        const word = String(event.word ?? '').toLowerCase();
        const shown = [...this.foundBox.querySelectorAll('.bg-word')]
            .find((item) => item.textContent?.toLowerCase().startsWith(word));
        if (shown) popIn([shown]);
      }
    }
  }

  private tell(event: GameEvent, view: View): string {
    const word = String(event.word ?? '').toUpperCase();
    if (event.event === 'word_accepted') {
      if (Array.isArray(event.path)) this.paths.set(word, event.path as number[]);
      this.wordInput.value = '';
      this.showPath(null);
      return `${word}: ${countOf(Number(event.points), 'point')}. ` +
             `Score ${Number(event.score)}.`;
    }
    if (event.event === 'rejected') {
      const detail = typeof event.detail === 'string' ? event.detail : '';
      let text: string;
      switch (event.reason) {
        case 'too_short':
          text = `${word} is too short: words have at least ${view.min_length} letters.`;
          break;
        case 'not_a_word': text = `${word} is not in the word list.`; break;
        case 'not_held': text = `${word} is not on the board.`; break;
        case 'repeated': text = `You already found ${word}.`; break;
        case 'too_late': text = 'Too late: the time is up.'; break;
        default: text = sentence(detail || `${word || 'That'} was refused (${event.reason}).`);
      }
      this.showError(text);
      this.wordInput.select();
      return text;
    }
    return '';
  }

  // --- The round.

  private roundStarted(view: View, prefix = ''): void {
    this.current = view;
    this.paths = new Map(view.found.map((found) => [found.word.toUpperCase(), found.path]));
    this.warned = new Set();
    this.roundStart = performance.now() - view.elapsed_ms;
    this.play.hidden = false;
    this.end.hidden = true;
    this.entry.hidden = false;
    this.message.clear();
    this.buildBoard(view.board);
    this.renderFound();
    this.renderInfo(view);
    this.startClock(view);
    this.renderSeedNote(view);
    const time = view.seconds > 0 ? `${clock(view.seconds)} on the clock` : 'no time limit';
    say(`${this.room?.intro ?? prefix}Round ${this.roundNumber(view)}: a ${view.board.rows} by ` +
        `${view.board.cols} board, words of ${view.min_length} letters or more, ${time}.`);
    // On a touch screen the focused field would open the keyboard over the board: the player
    // taps the field when they want to type.
    if (!window.matchMedia('(pointer: coarse)').matches) this.wordInput.focus();
  }

  /** How to play the round's board again: its seed, or the board itself when it was given. */
  private renderSeedNote(view: View): void {
    if (this.room) {
      fill(this.seedNote);
      return;
    }
    const board = this.session.config.board;
    if (typeof board === 'string') {
      fill(this.seedNote, this.bestTitle ? `The best ${this.bestTitle} board found: ${board}.`
                                         : `The board given: ${board}.`);
      return;
    }
    // The seed rolls the boards of the rounds to come: shown once this round is over.
    fill(this.seedNote, seedNote(this.session.seed, view.status === 'finished', 'board',
                                 this.session.practice, view.round, 'round'));
  }

  private roundEnded(view: View, before: string[] = []): void {
    this.toldEnd = view.round;
    this.stopClock();
    this.renderClock(view);
    this.entry.hidden = true;
    this.endTrace();
    this.renderFound();
    this.renderEnd(view);
    this.renderSeedNote(view);
    const how = view.end === 'time_up' ? 'Time is up!' : 'Round over.';
    const missed = view.missed?.length ?? 0;
    const after = this.room ? this.room.listener.roundEnded() : '';
    // In a room, the board's words come once everyone is done.
    const answers = this.answered(view)
        ? `${countOf(missed, 'word')} worth ${Math.max(0, (view.total_score ?? 0) - view.score)}.`
        : 'the words you will see when everyone is done.';
    say([...before, `${how} You found ${countOf(view.found.length, 'word')} for ` +
                    `${countOf(view.score, 'point')}; you missed ${answers}`,
         after].filter((text) => text !== '').join(' '));
    this.end.querySelector<HTMLElement>('.bg-again')?.focus();
  }

  private startClock(view: View): void {
    this.stopClock();
    this.renderClock(view);
    if (view.seconds > 0) this.ticker = window.setInterval(() => this.renderClock(view), 250);
  }

  private stopClock(): void {
    window.clearInterval(this.ticker);
    window.clearTimeout(this.fallback);
  }

  /** The countdown shown (the server decides when the round ends). */
  private renderClock(view: View): void {
    this.timer.classList.toggle('bg-untimed', view.seconds === 0);
    if (view.seconds === 0) {
      fill(this.timer, 'No time limit');
      return;
    }
    const over = this.current?.status === 'finished';
    const left = over ? 0 : view.seconds - (performance.now() - this.roundStart) / 1000;
    fill(this.timer, h('span', { class: 'visually-hidden' }, 'Time left: '), clock(left));
    this.timer.classList.toggle('bg-low', !over && left <= 10);
    for (const mark of [60, 30, 10]) {
      if (!over && view.seconds > mark && left <= mark && !this.warned.has(mark)) {
        this.warned.add(mark);
        say(`${mark} seconds left.`);
      }
    }
    if (!over && left <= 0) {
      window.clearInterval(this.ticker);
      // The server ends the round and pushes it; should the push be lost (a dropped socket),
      // ask again a moment later.
      const round = view.round;
      window.clearTimeout(this.fallback);
      this.fallback = window.setTimeout(() => this.checkEnded(round), 2500);
    }
  }

  private checkEnded(round: number): void {
    if (this.toldEnd === round || this.current?.round !== round) return;
    if (this.room) this.room.listener.refresh();
    else void this.session.refresh();
  }

  private renderInfo(view: View): void {
    fill(this.info, `Round ${this.roundNumber(view)} · words of ${view.min_length}+ letters · ` +
                    `${SCORING_NAMES[view.scoring] ?? view.scoring} scoring`);
  }

  // --- The board and the pointer.

  private buildBoard(board: Board): void {
    this.grid.style.setProperty('--cols', String(board.cols));
    this.cells = [];
    const rows: HTMLElement[] = [];
    for (let r = 0; r < board.rows; ++r) {
      const row = h('div', { role: 'row', class: 'bg-row' });
      for (let c = 0; c < board.cols; ++c) {
        const index = r * board.cols + c;
        const letters = board.cells[index];
        const where = `row ${r + 1}, column ${c + 1}`;
        const cell = h('div', { role: 'cell', class: letters ? 'bg-cell' : 'bg-cell bg-blank',
                                'data-cell': index,
                                'aria-label': `${letters ? face(letters) : 'blank'}, ${where}` },
                       h('span', { class: 'bg-face', 'aria-hidden': 'true' },
                         letters ? face(letters) : ''),
                       h('span', { class: 'bg-order', 'aria-hidden': 'true' }));
        this.cells.push(cell);
        row.append(cell);
      }
      rows.push(row);
    }
    fill(this.grid, rows);
  }

  /** The cell under a pointer, near enough its middle that grazing a corner does not count. */
  private cellAt(event: PointerEvent, strict: boolean): number {
    const element = document.elementFromPoint(event.clientX, event.clientY)
                        ?.closest<HTMLElement>('.bg-cell');
    if (!element || !this.grid.contains(element)) return -1;
    if (strict) {
      const box = element.getBoundingClientRect();
      const dx = Math.abs(event.clientX - (box.left + box.width / 2)) / box.width;
      const dy = Math.abs(event.clientY - (box.top + box.height / 2)) / box.height;
      if (dx > 0.38 || dy > 0.38) return -1;
    }
    return Number(element.dataset.cell);
  }

  private playing(): boolean {
    return this.current?.status === 'playing' && !this.play.hidden;
  }

  private usable(cell: number): boolean {
    return cell >= 0 && !!this.current?.board.cells[cell];
  }

  private pointerDown(event: PointerEvent): void {
    if (!this.playing() || event.button > 0) return;
    const cell = this.cellAt(event, false);
    if (!this.usable(cell)) return;
    event.preventDefault();
    this.grid.setPointerCapture?.(event.pointerId);
    this.downCell = cell;
    this.moved = false;
    this.tracing = true;
    const cols = this.current?.board.cols ?? 1;
    if (this.tapMode && this.trace.length > 0) {
      const last = this.trace[this.trace.length - 1];
      if (cell === last) return;  // a tap on the last cell sends the word (on pointerup)
      if (adjacent(last, cell, cols) && !this.trace.includes(cell)) {
        this.extend(cell);
        return;
      }
    }
    this.tapMode = false;
    this.trace = [];
    this.extend(cell);
  }

  private pointerMove(event: PointerEvent): void {
    if (!this.tracing || !this.playing()) return;
    const cell = this.cellAt(event, true);
    if (!this.usable(cell)) return;
    const last = this.trace[this.trace.length - 1];
    if (cell === last) return;
    this.moved = true;
    if (this.trace.length >= 2 && this.trace[this.trace.length - 2] === cell) {
      this.trace.pop();  // back onto the cell before: undo the last step
      this.showTrace();
      return;
    }
    if (adjacent(last, cell, this.current?.board.cols ?? 1) && !this.trace.includes(cell)) {
      this.extend(cell);
    }
  }

  private pointerUp(event: PointerEvent): void {
    if (!this.tracing) return;
    this.tracing = false;
    if (this.grid.hasPointerCapture?.(event.pointerId)) {
      this.grid.releasePointerCapture(event.pointerId);
    }
    if (this.moved && this.trace.length > 1) {
      this.sendTrace();
      return;
    }
    // A tap: tap mode goes on; a tap on the last cell of a longer path sends it.
    const last = this.trace[this.trace.length - 1];
    if (this.tapMode && this.downCell === last && this.trace.length > 1 &&
        this.cellAt(event, false) === last && !this.justExtended) {
      this.sendTrace();
      return;
    }
    this.justExtended = false;
    this.tapMode = true;
  }

  private extend(cell: number): void {
    this.trace.push(cell);
    this.justExtended = true;
    this.showTrace();
  }

  private sendTrace(): void {
    const word = this.traceWord();
    this.endTrace();
    if (word) void this.submit(word);
  }

  private endTrace(): void {
    this.trace = [];
    this.tracing = false;
    this.tapMode = false;
    this.showPath(null);
  }

  private traceWord(): string {
    return this.trace.map((cell) => this.current?.board.cells[cell] ?? '').join('');
  }

  private showTrace(): void {
    this.showPath(this.trace, this.trace.length > 0 ? `Tracing ${this.traceWord()}` +
                  (this.tapMode ? ' (tap the last cell again to send it)' : '') : '');
  }

  /**
   * Marks a path on the board, numbered, with one line under the board (never more, so that
   * nothing below it moves); `spoken`, the path in words, is there for screen readers only.
   */
  private showPath(path: number[] | null, text = '', spoken = ''): void {
    this.cells.forEach((cell, index) => {
      const step = path ? path.indexOf(index) : -1;
      cell.classList.toggle('bg-on-path', step >= 0);
      cell.classList.toggle('bg-path-start', step === 0);
      const order = cell.querySelector('.bg-order');
      if (order) order.textContent = step >= 0 ? String(step + 1) : '';
    });
    fill(this.traced, text, spoken ? h('span', { class: 'visually-hidden' }, spoken) : null);
  }

  /** The typed word's path, as it is typed. */
  private previewTyped(): void {
    if (!this.current) return;
    const word = this.wordInput.value.trim();
    const path = word.length > 0 ? findPath(this.current.board, word.replace(/[^a-z]/gi, ''))
                                 : null;
    this.showPath(path);
  }

  /** A path in words: "Qu (row 1, column 1), then E ...". */
  private describePath(path: number[]): string {
    const board = this.current?.board;
    if (!board) return '';
    return path.map((cell) => `${face(board.cells[cell] ?? '')} (row ` +
                                          `${Math.floor(cell / board.cols) + 1}, column ` +
                                          `${(cell % board.cols) + 1})`).join(', then ');
  }

  // --- The words.

  private renderFound(): void {
    const view = this.current;
    if (!view) return;
    const finished = view.status === 'finished';
    fill(this.foundBox,
         h('h2', { id: 'bg-found-title' }, 'Words found'),
         // In a room the round's points are counted again in the room's results (a word
         // someone else found scores nothing): these are the points before that count.
         h('p', { class: 'bg-score' }, this.room ? `Points found: ${view.score}`
                                                 : `Score: ${view.score}`,
           finished && view.total_score !== undefined ? ` of ${view.total_score} possible` : ''),
         view.found.length === 0 ? h('p', {}, 'None yet.')
                                 : h('ul', { class: 'bg-words' },
                                     view.found.map((f) => h('li', {},
                                       finished ? this.wordButton(f.word, `${f.points}`)
                                                : h('span', { class: 'bg-word' },
                                                    f.word.toUpperCase(),
                                                    h('span', { class: 'bg-points' },
                                                      ` ${f.points}`))))));
  }

  /** A word of the results: hovering, focusing or pressing it shows its path. */
  private wordButton(word: string, points?: string): HTMLElement {
    const upper = word.toUpperCase();
    const show = () => {
      const path = this.paths.get(upper);
      if (path) {
        this.showPath(path, `${upper}: from 1 to ${path.length} on the board.`,
                      ` ${this.describePath(path)}`);
      } else {
        this.showPath(null, `${upper}: no path found.`);
      }
    };
    const hide = () => this.showPath(null);
    // Pressed, it also says what the word means (under the end of the round).
    const define = () => { show(); void this.definition.show(word); };
    return h('button', { type: 'button', class: 'bg-word', onmouseenter: show, onfocus: show,
                         onclick: define, onmouseleave: hide, onblur: hide },
             upper, points ? h('span', { class: 'bg-points' }, ` ${points}`) : null);
  }

  /** Whether the view holds the board's words (a room's, once the round is over for everyone). */
  private answered(view: View): boolean {
    return view.total_score !== undefined;
  }

  private renderEnd(view: View): void {
    // Longest first, with their points and paths as the server gives them.
    const missed = [...(view.missed ?? [])].sort(
        (a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    for (const word of [...view.found, ...missed]) {
      this.paths.set(word.word.toUpperCase(), word.path);
    }
    // Alone, a new session when the seed shown now would give the next board away.
    const again = h('button', { type: 'button', class: 'primary bg-again',
                                onclick: () => void (this.room
                                    ? this.command({ command: 'new_game' })
                                    : this.session.playAgain({ command: 'new_game' })) },
                    'New round');
    const change = h('button', { type: 'button', onclick: () => this.showSetup() },
                     this.bestPanel ? 'Back to the best boards' : 'Custom game');
    const title = h('h2', { id: 'bg-end-title' },
                    view.end === 'time_up' ? 'Time is up' : 'Round over');
    if (!this.answered(view)) {
      fill(this.end, title,
           h('p', { class: 'status-line' },
             `You found ${countOf(view.found.length, 'word')} for ` +
             `${countOf(view.score, 'point')}.`),
           h('p', { class: 'hint' }, 'The words you missed appear when everyone has finished.'));
      this.end.hidden = false;
      return;
    }
    if (this.definition.word !== null && !this.paths.has(this.definition.word.toUpperCase())) {
      this.definition.hide();  // a word of another round
    }
    fill(this.end, title,
         h('p', { class: 'status-line' },
           `You found ${countOf(view.found.length, 'word')} for ${countOf(view.score, 'point')}` +
           ` out of ${countOf(view.all_words?.length ?? 0, 'word')} worth ` +
           `${view.total_score ?? 0}.`),
         this.room ? h('p', { class: 'hint' }, 'Your points are counted again in the room’s ' +
                                                'results: a word someone else found scores ' +
                                                'nothing.')
                   : h('div', { class: 'row' }, again, change),
         h('h3', {}, `Words you missed (${missed.length}), longest first`),
         h('p', { class: 'hint' }, 'Point at or focus a word to see its path on the board; ' +
                                   'press it to see what it means.'),
         this.definition.element,
         missed.length === 0 ? h('p', {}, 'None: you found them all!')
                             : h('ul', { class: 'bg-words bg-missed' },
                                 missed.map((word) => h('li', {}, this.wordButton(
                                     word.word, String(word.points))))));
    this.end.hidden = false;
  }

  /** A letter typed outside any field during a round goes to the word field. */
  private key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event)) return;
    if (!/^[a-zA-Z]$/.test(event.key) || !this.playing() || this.entry.hidden) return;
    event.preventDefault();
    this.wordInput.value += event.key;
    this.wordInput.focus();
    this.previewTyped();
  }

  // --- A room's rounds (boggle/room.ts).

  private roundNumber(view: View): number {
    return this.room?.round ?? view.round + 1;
  }

  playRound(round: number, view: View, intro: string): void {
    if (!this.roomPanel) return;
    this.room = { round, intro: intro === '' ? '' : `${intro} `, listener: this.roomPanel };
    this.toldEnd = -1;
    this.roundStarted(view);
    if (view.status === 'finished') this.roundEnded(view);
  }

  roundChanged(view: View): void {
    if (!this.room || !this.current || view.round !== this.current.round) return;
    if (view.status === 'finished' && this.toldEnd !== view.round) {
      this.current = view;
      this.roundEnded(view);
      return;
    }
    if (this.toldEnd === view.round && this.answered(view) && !this.answered(this.current)) {
      // Everyone is done: the words missed, shown without a word said (the room tells it).
      this.current = view;
      this.renderFound();
      this.renderEnd(view);
    }
  }

  ended(): boolean {
    const view = this.current;
    return view !== null && view.status === 'finished' && this.toldEnd === view.round;
  }

  // --- Busy state and messages.

  private setRoomBusy(busy: boolean): void {
    this.roomBusy = busy;
    this.root.setAttribute('aria-busy', String(busy));
  }

  /**
   * A refusal or failure, shown next to what the player was doing (the word field in a round,
   * above the panels otherwise), and announced.
   */
  private showError(message: string): void {
    if (this.play.hidden || this.entry.hidden) {
      fill(this.errors, errorBox(message));
      say(message);
    } else {
      this.message.show(message);
    }
  }
}

export const page: GamePage = {
  mount(root, route, address) {
    return new BogglePage(root, route, address).mount();
  },
  resumes: true,
};
