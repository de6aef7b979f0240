// Letter Auction: a game at once, your seat against the default bots; or, in the Custom game
// panel, set up a table of bots (and, if you like, yourself), then watch it play step
// by step like the original simulator, or bid for letters and name your words in real time (a
// game with you in it plays on by itself from one of your answers to the next), or
// watch someone else's game by its watch code (#/auction/watch/CODE). A table of one's own (a
// new game, or a replayed log) is at #/auction/SESSION: a reload, or the lobby's Resume, goes
// on with it.
//
// The page plays its sessions through the common controller (common/session.ts), as every game
// page does, and wires it itself rather than through SessionPage: besides its form and its
// table it has screens of its own (a tournament's progress, a spectator's table) and says when
// the live connection closes, which SessionPage's one form and one board do not.
import { replayAuctionLog, type Snapshot, startTournament, tournamentRules } from '../api';
import { errorBox, fill, h, rules, say } from '../dom';
import type { GamePage } from '../page';
import { setupForm } from './auction/setup';
import { type Table, table } from './auction/table';
import { type TournamentView, tournamentView } from './auction/tournament';
import type { AuctionView } from './auction/types';
import { errorText, messageOf } from './common/errors';
import { customPanel, type Options, type OptionsForm } from './common/form';
import { messageLine } from './common/message';
import { type SchemaProperties, schemaOf } from './common/schema';
import { practiceText } from './common/seed';
import { showAfterGame } from './common/after_game';
import { type Arrival, SessionController, sessionOfRoute, showAddress } from './common/session';
import { CUSTOM, leaveGameInPlay } from './common/session_page';

const GAME = 'auction';

function auctionRules(): HTMLElement {
  return rules('How Letter Auction is played',
    'Each round every player gets a few hidden letters; the rest of a 98-tile pool (Scrabble\'s ' +
    'letters, without blanks) is auctioned one tile at a time until every rack holds 7.',
    'Bids are sealed: the highest bid wins the tile and pays the second-highest (a lone bidder ' +
    'pays nothing; a tie is drawn by lot). Every bid is public once the auction is over.',
    'Points are your budget and your score: everyone starts with 100 and pays for tiles, and at ' +
    'the end of each round names one word from their letters, which scores its Scrabble value ' +
    '(plus 50 for 7 letters) if it is in the word list. The most points after the last round ' +
    'wins. Each of your bids and words has a time limit: a bid not made counts as 0.');
}

/** A person seat's time to answer when a game does not say (the server's default). */
const ANSWER_SECONDS = 30;

/**
 * What the page knows of a table of its own that the server does not tell: the person's time
 * per answer (its countdown), and the log it replays (its heading, and no "Play again").
 */
interface TableNotes {
  seconds?: number;
  replay?: string;
}

/** The tab's notes of its tables, by session id, so that a reload shows a table as it was. */
const NOTES_KEY = 'wordgames-auction-tables';
/** The most tables noted (the latest kept): a tab plays only a few. */
const NOTES_KEPT = 20;

function readNotes(): Record<string, TableNotes> {
  try {
    const notes: unknown = JSON.parse(sessionStorage.getItem(NOTES_KEY) ?? '{}');
    return notes !== null && typeof notes === 'object' ? notes as Record<string, TableNotes> : {};
  } catch {
    return {};  // none readable: the table shows the defaults
  }
}

function notesOf(id: string): TableNotes {
  return readNotes()[id] ?? {};
}

function note(id: string, notes: TableNotes): void {
  if (notes.seconds === undefined && notes.replay === undefined) return;
  const all = Object.entries(readNotes()).filter(([other]) => other !== id);
  all.push([id, notes]);
  try {
    sessionStorage.setItem(NOTES_KEY, JSON.stringify(Object.fromEntries(all.slice(-NOTES_KEPT))));
  } catch {
    // Storage refused (full, or off): a reload shows the defaults.
  }
}

class AuctionPage {
  private readonly area = h('div', { class: 'auction-area' });
  /** The table's message line: what goes wrong in play, and the notices. */
  private readonly message = messageLine();
  private readonly session: SessionController<AuctionView>;
  /** The auction's config schema, read once the page is mounted. */
  private properties: SchemaProperties = {};
  private current: Table | TournamentView | null = null;
  /** The table in the page (one's own, or a spectator's), which the snapshots go to. */
  private table: Table | null = null;
  private form: OptionsForm | null = null;
  /** The "Custom game" panel: the game's setup form, folded while a game is played. */
  private readonly custom = customPanel();
  /** The notes of the session being opened (a new game, a replay). */
  private opening: TableNotes = {};
  private unmounted = false;

  constructor(private readonly root: HTMLElement, private readonly address: string) {
    this.session = new SessionController<AuctionView>({
      game: GAME, address, root,
      show: (snapshot, arrival) => this.show(snapshot, arrival),
      lost: (problem) => {
        this.setup();
        this.form?.problem(new Error(problem));
        // The keyboard was on the table, which is gone: it goes to the form.
        this.form?.element.querySelector<HTMLElement>('input, select')?.focus();
      },
      problem: (problem) => this.message.show(problem),
      disconnected: () => this.table?.disconnected(),
    });
  }

  mount(route: string[]): () => void {
    this.root.append(auctionRules(), this.area, this.custom);
    this.custom.hidden = true;
    // Opened by the player, the panel holds the setup form (the last choices kept).
    this.custom.addEventListener('toggle', () => {
      if (this.custom.open && !this.form?.element.closest('.custom-game')) this.fillPanel();
    });
    if (route[0] === 'watch' && route[1]) this.watch(route[1]);
    else void this.enter(route);
    return () => {
      this.unmounted = true;
      this.close();
      this.session.close();
    };
  }

  /**
   * Reads the schema, then goes on with the session the route names, shows the Custom game
   * panel (`custom`), or plays a game at once: the setup form's choices as they start (your
   * seat against the default bots).
   */
  private async enter(route: string[]): Promise<void> {
    fill(this.area, h('p', {}, 'Loading the rules…'));
    try {
      this.properties = await schemaOf(GAME);
    } catch (error) {
      if (!this.unmounted) fill(this.area, errorBox(messageOf(error)));
      return;
    }
    if (this.unmounted) return;
    const id = sessionOfRoute(route);
    if (id) void this.session.resume(id);
    else if (route[0] === CUSTOM) this.setup();
    else void this.playDefault();
  }

  /** One click: a game with the setup form's choices as they start, untouched. */
  private async playDefault(): Promise<void> {
    const form = this.fillPanel();
    this.custom.hidden = false;
    let options: Options;
    try {
      options = await form.options();
    } catch (error) {
      this.setup();
      this.form?.problem(error);
      return;
    }
    if (!this.unmounted && this.form === form && !this.session.id) await this.start(form, options);
  }

  /** Folds the Custom game panel, and takes its form out. */
  private emptyPanel(): void {
    this.custom.open = false;
    fill(this.custom, this.custom.querySelector('summary'));
    this.form = null;
  }

  /** Puts a new setup form of a game in the Custom game panel (open or folded, as it is). */
  private fillPanel(): OptionsForm {
    const form = setupForm({ mode: { kind: 'game' }, properties: this.properties,
                             onStart: (options) => void this.start(form, options) });
    this.form = form;
    fill(this.custom, this.custom.querySelector('summary'), form.element);
    return form;
  }

  /** Tears down what the page shows (the table, the tournament), not the session. */
  private close(): void {
    this.current?.close();
    this.current = null;
    this.table = null;
  }

  // --- The controller's snapshots.

  private show(snapshot: Snapshot<AuctionView>, arrival: Arrival): void {
    if (arrival === 'opened' || arrival === 'resumed') {
      this.showTable(snapshot, arrival);
    } else {
      // A command answered clears the last problem; a pushed update leaves it.
      if (arrival === 'reply') this.message.clear();
      this.table?.apply(snapshot);
    }
    showAfterGame(this.area, snapshot as Snapshot<unknown>, this.session.id);
  }

  /** The table of a session just opened (a new game, a replay) or resumed. */
  private showTable(snapshot: Snapshot<AuctionView>, arrival: Arrival): void {
    const id = this.session.id ?? '';
    const notes = arrival === 'opened' ? this.opening : notesOf(id);
    if (arrival === 'opened') note(id, notes);
    this.opening = {};
    this.close();
    this.message.clear();
    this.custom.hidden = false;
    // Folded, the panel holds no form (its fields' ids stay the table's to use); opened, it gets
    // one. A form the player has open stays.
    if (arrival === 'opened' || !this.custom.open) this.emptyPanel();
    const replay = notes.replay;
    const own = table({ watching: false, message: this.message,
                        answerSeconds: notes.seconds ?? ANSWER_SECONDS,
                        replay: replay !== undefined,
                        playAgain: () => void this.playAgain(notes.seconds),
                        newSetup: () => this.setup(true),
                        send: async (command) => (await this.session.send(command)) !== null });
    this.current = own;
    this.table = own;
    fill(this.area,
         replay === undefined ? null : [
           h('h2', {}, `Replay of ${replay}`),
           h('p', { class: 'lead' }, 'Step through the saved game, or play it at your own ' +
             'pace; every bid and word is the log\'s.')],
         // A seed typed in the setup deals a game known before it began.
         replay === undefined && this.session.practice
             ? h('p', { class: 'auction-practice' }, practiceText(true)) : null,
         own.element);
    own.apply(snapshot);
    own.focus();
    const view = snapshot.view;
    if (replay !== undefined) {
      if (arrival === 'opened') say(`Replaying ${replay}: press Step to see the next event.`);
      else own.greet(`The replay of ${replay} goes on where it was.`);
    } else if (arrival === 'resumed') {
      own.greet('Your game goes on where it was.');
    } else {
      // A person's game plays on to their first bid at once: its greeting comes with it.
      own.greet(view.seat !== null ? `The game is set: you play seat ${view.seat + 1}.`
                                   : 'The game is set.');
    }
  }

  /**
   * The next game: of this session, or of a new one with the same rules and time per answer
   * when the seed shown at this one's end would give the next game's letters away.
   */
  private async playAgain(seconds: number | undefined): Promise<void> {
    this.opening = { seconds };
    await this.session.playAgain({ command: 'new_game' }, {},
                                 seconds === undefined ? undefined : { answer_seconds: seconds });
  }

  // --- The setup: a game, a replay, a tournament.

  /**
   * The Custom game panel, open, with no game in play (at `<address>/custom`), and the other
   * ways to play: a saved game's replay, a tournament.
   */
  private setup(again = false): void {
    this.close();
    this.session.leave();
    showAddress(`${this.address}/${CUSTOM}`);
    this.message.clear();
    const form = this.fillPanel();
    this.custom.hidden = false;
    this.custom.open = true;
    const tournaments = h('section', { class: 'auction-tournaments',
                                       'aria-labelledby': 'auction-tournament-heading' },
      h('h2', { id: 'auction-tournament-heading' }, 'Tournaments'),
      h('p', {}, 'Many seeded games between bots, and the statistics of each.'),
      h('button', { type: 'button', id: 'auction-tournament',
                    onclick: () => this.tournamentSetup() }, 'Set up a tournament'));
    fill(this.area, this.replayPicker(), tournaments);
    if (again) {
      form.element.querySelector<HTMLElement>('input, select')?.focus();
      say('Set up a new game: the last choices are kept.');
    }
  }

  /** Opens the game the form set up; a refusal is shown in the form. */
  private async start(form: OptionsForm, options: Options): Promise<void> {
    if (!leaveGameInPlay(this.session)) return;
    this.opening = { seconds: options.session?.answer_seconds };
    try {
      await this.session.open(options);
    } catch (error) {
      this.opening = {};
      if (!this.unmounted && form.element.isConnected) {
        this.custom.open = true;
        form.problem(error);
      }
    }
  }

  /** "Open a log": its text goes to the server, which replays it as a session to step. */
  private replayPicker(): HTMLElement {
    const input = h('input', { type: 'file', id: 'auction-log',
                               accept: '.jsonl,.json,.txt,application/x-ndjson,text/plain',
                               'aria-describedby': 'auction-log-help' });
    const problem = h('div', { class: 'auction-message', id: 'auction-log-message' });
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return;
      fill(problem, h('p', {}, `Reading ${file.name}…`));
      file.text().then((text) => {
        this.opening = { replay: file.name };
        return this.session.adopt(() => replayAuctionLog<AuctionView>(text, file.name));
      }).catch((error: unknown) => {
        this.opening = {};
        if (this.unmounted || !input.isConnected) return;
        const text = `${file.name} cannot be replayed: ${errorText(error)}`;
        fill(problem, errorBox(text));
        say(text);
        input.value = '';
        input.focus();
      });
    });
    return h('section', { class: 'auction-replay', 'aria-labelledby': 'auction-replay-heading' },
      h('h2', { id: 'auction-replay-heading' }, 'Replay a saved game'),
      h('p', { class: 'auction-file' }, h('label', { for: 'auction-log' }, 'Open a log'), ' ',
        input),
      h('p', { id: 'auction-log-help', class: 'auction-help' },
        'A JSON Lines log of a game, as wordgames auction --log FILE writes it.'),
      problem);
  }

  private tournamentSetup(): void {
    this.close();
    this.session.leave();
    this.emptyPanel();
    this.custom.hidden = true;
    this.message.clear();
    fill(this.area, h('p', {}, 'Loading…'));
    tournamentRules().then((allowed) => {
      if (this.unmounted) return;
      const form = setupForm({
        mode: { kind: 'tournament', external: allowed.allowed_bots,
                maxGames: allowed.max_games },
        properties: this.properties,
        onStart: (options, games) => void this.runTournament(form, options, games),
      });
      this.form = form;
      const back = h('button', { type: 'button', id: 'auction-back-to-game',
                                 onclick: () => this.setup(true) }, 'Set up a single game');
      fill(this.area, h('h2', {}, 'Set up a tournament'),
           h('p', { class: 'lead' }, 'Many games between bots, the seats rotating each game, ' +
             'and a table of how each bot did.' +
             (allowed.allowed_bots.length > 0 ? ' External bots allowed here are in the lists.'
                                              : '')),
           form.element, h('div', { class: 'row' }, back));
      form.element.querySelector<HTMLElement>('select, input')?.focus();
      say('Set up a tournament.');
    }).catch((error: unknown) => {
      if (!this.unmounted) fill(this.area, errorBox(messageOf(error)));
    });
  }

  /** Starts the tournament the form set up (not a session: the server runs its games). */
  private async runTournament(form: OptionsForm, options: Options, games: number):
      Promise<void> {
    try {
      const state = await startTournament({ config: options.config, games, seed: options.seed });
      if (this.unmounted) return;
      this.close();
      const view = tournamentView(state, () => this.tournamentSetup());
      this.current = view;
      fill(this.area, view.element);
      view.focus();
    } catch (error) {
      if (!this.unmounted && form.element.isConnected) form.problem(error);
    }
  }

  // --- A spectator.

  /** Follows another's game by its watch code: every bid, never a hidden letter. */
  private watch(code: string): void {
    this.custom.hidden = true;
    fill(this.area, h('h2', {}, 'Watching a game'),
         h('p', { class: 'lead' }, 'You see what any spectator sees: every bid, never a ' +
           'player\'s hidden letters. ',
           h('a', { href: '#/auction' }, 'Play a game of your own')));
    const spectator = table({ watching: true, message: this.message,
                              answerSeconds: ANSWER_SECONDS,
                              newSetup: () => { location.hash = `#/auction/${CUSTOM}`; } });
    this.current = spectator;
    this.table = spectator;
    this.area.append(spectator.element);
    this.session.watch(code);
  }
}

export const page: GamePage = {
  mount(root, route, address) {
    return new AuctionPage(root, address).mount(route);
  },
  resumes: true,
};
