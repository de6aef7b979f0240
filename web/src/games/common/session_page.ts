// What a game page that plays sessions is, but for its drawing: a SessionController wired to the
// page's options form and message line. A page opened at its address (`#/<game>`) plays at once
// with the options its form starts from (one click from the lobby); the form is in the page's
// "Custom game" panel, folded, and opened at `<address>/custom` with no game in play. A page
// extends it with its form (`buildForm`), where it places `custom` and its play area, and what a
// snapshot looks like (`show`).
import { chosenPlayer, type Snapshot } from '../../api';
import { fill, h, say } from '../../dom';
import { customPanel, type Options, type OptionsForm } from './form';
import { messageLine } from './message';
import { type Arrival, SessionController, sessionOfRoute, showAddress } from './session';
import { showAfterGame } from './after_game';

/** The route of a page's Custom game panel: `<address>/custom`. */
export const CUSTOM = 'custom';

/**
 * Whether a new game may replace the one in play: yes when nothing is at stake, else when the
 * player says so (the game could not be found again, as on leaving the page).
 */
export function leaveGameInPlay(session: SessionController<unknown>): boolean {
  return !session.atStake() ||
         confirm('Start a new game? The game in play cannot be found again once you leave it.');
}

export abstract class SessionPage<View> {
  /** The options of the last game, to start the form from. */
  protected options: Options | null = null;
  protected form: OptionsForm | null = null;
  /** The "Custom game" panel: the options form, folded; the page places it. */
  protected readonly custom = customPanel();
  /** The form in the panel is of an older game's options: built again when the panel opens. */
  private stale = true;
  /** The page's message line, for what goes wrong in play. */
  protected readonly message = messageLine();
  protected readonly session: SessionController<View>;

  constructor(protected readonly root: HTMLElement, game: string,
              protected readonly address: string) {
    this.session = new SessionController<View>({
      game, address, root,
      show: (snapshot, arrival, command) => {
        if (arrival === 'opened' || arrival === 'resumed') {
          // The form starts again from the seed the player chose; a seed the server drew is
          // not offered again (shown, it would make the next game practice).
          const seed = this.session.practice ? this.session.seed ?? undefined : undefined;
          this.options = { config: this.session.config, seed };
          this.stale = true;
          if (arrival === 'opened') this.custom.open = false;
        }
        this.show(snapshot, arrival, command);
        showAfterGame(this.root, snapshot as Snapshot<unknown>, this.session.id,
                      () => void this.start({ config: this.session.config }));
      },
      lost: (problem) => this.lost(problem),
      problem: (problem) => this.message.show(problem),
      busy: (busy, command) => this.busyChanged(busy, command),
      progress: (fraction) => this.progress(fraction),
    });
    // Opened by the player, the panel holds a form of the last game's options.
    this.custom.addEventListener('toggle', () => {
      if (this.custom.open && (this.stale || !this.form)) this.fillPanel(this.buildForm());
    });
  }

  /** The session's view, while one is in play. */
  protected get view(): View | null {
    return this.session.view;
  }

  protected get busy(): boolean {
    return this.session.busy;
  }

  /**
   * Goes on with the session the route names; shows the Custom game panel at `custom`; else
   * plays a game with the form's options as they start (`playDefault`).
   */
  protected enter(route: string[]): void {
    const id = sessionOfRoute(route);
    if (id) void this.session.resume(id);
    else if (route[0] === CUSTOM) this.showSetup();
    else void this.playDefault();
  }

  /**
   * One click: a game with the options the Custom game form starts from, untouched (the last
   * game's, or the page's defaults); a problem opens the panel and shows it there.
   */
  protected async playDefault(): Promise<void> {
    const form = this.buildForm();
    this.fillPanel(form);
    let options: Options;
    try {
      options = await form.options();
    } catch (error) {
      this.openPanel();
      form.problem(error);
      return;
    }
    if (this.form === form && !this.session.id) await this.start(options);
  }

  /**
   * `enter`, with the page playing from the keyboard (`onKey` on the whole document): the
   * page's unmount, returned, stops listening, runs `also` and closes the session.
   */
  protected enterWithKeys(route: string[], onKey: (event: KeyboardEvent) => void,
                          also?: () => void): () => void {
    this.enter(route);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      also?.();
      this.session.close();
    };
  }

  /**
   * Opens a session with the form's options; a refusal is shown in the form. A game in play that
   * the player could not find again (`atStake`) is left only if they say so.
   */
  protected async start(options: Options): Promise<void> {
    if (!leaveGameInPlay(this.session)) return;
    this.options = options;
    try {
      await this.session.open(options);
    } catch (error) {
      this.openPanel();
      this.form?.problem(error);
    }
  }

  /** Sends a command to the session. */
  protected async send(command: Record<string, unknown>): Promise<void> {
    await this.session.send(command);
  }

  /** The page's options form (in the Custom game panel), from `this.options`. */
  protected abstract buildForm(): OptionsForm;

  /** The page's play area, hidden while the Custom game panel is shown with no game. */
  protected abstract get playArea(): HTMLElement;

  /**
   * Leaves the session in play (it stays on the server) for the Custom game panel, open, at
   * `<address>/custom`.
   */
  protected showSetup(): void {
    this.placeForm(this.buildForm(), true);
  }

  /**
   * The session cannot be played here any more: the options form, saying why, and where the
   * chosen player's unfinished games are (the lobby resumes them).
   */
  protected lost(problem: string): void {
    this.showSetup();
    this.form?.problem(new Error(problem));
    const player = chosenPlayer();
    if (player !== null && this.form) {
      this.form.element.after(h('p', { class: 'session-lost-offer' },
                                 h('a', { href: '#/' }, `${player}\u2019s unfinished games`),
                                 ' are in the lobby, to resume one.'));
    }
  }

  /**
   * Puts `form` in the Custom game panel, open, in place of the play area, leaving the session in
   * play (the page's address is `<address>/custom`); `focus`: the keyboard goes to the form's
   * first field.
   */
  protected placeForm(form: OptionsForm, focus: boolean): void {
    this.session.leave();
    showAddress(`${this.address}/${CUSTOM}`);
    this.message.clear();
    this.fillPanel(form);
    this.custom.hidden = false;
    this.custom.open = true;
    this.playArea.hidden = true;
    if (focus) form.focus();
  }

  /** Opens the Custom game panel (with a form: the last one, or a new one). */
  protected openPanel(): void {
    if (!this.form || !this.custom.contains(this.form.element)) this.fillPanel(this.buildForm());
    this.custom.open = true;
  }

  /** Puts `form` in the Custom game panel, as it is (open or folded). */
  private fillPanel(form: OptionsForm): void {
    this.form = form;
    this.stale = false;
    const summary = this.custom.querySelector('summary');
    fill(this.custom, summary, form.element);
  }

  /**
   * Says what a command's answer said: a refusal shown as an error, other news as a notice; news
   * that a box of the page's own shows (`boxed`) is only announced.
   */
  protected sayAnswer(text: string, refused: boolean, boxed: boolean): void {
    if (text && (refused || !boxed)) {
      this.message.show(text, refused ? 'error' : 'notice');
    } else {
      this.message.clear();
      if (text) say(text);
    }
  }

  /** Draws a snapshot: a session opened or resumed, a command's reply, a pushed update. */
  protected abstract show(snapshot: Snapshot<View>, arrival: Arrival,
                          command?: Record<string, unknown>): void;

  /** The busy state changed (a command sent, or its answer come). */
  protected busyChanged(_busy: boolean, _command?: Record<string, unknown>): void {}

  /** A long command's share done, pushed over the live socket. */
  protected progress(_fraction: number): void {}
}
