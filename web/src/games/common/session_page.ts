// What a game page that plays sessions is, but for its drawing: a SessionController wired to the
// page's options form and message line. A page extends it with its form (`buildForm`), where
// the form goes (`showSetup`), and what a snapshot looks like (`show`).
import { chosenPlayer, type Snapshot } from '../../api';
import { fill, h, say } from '../../dom';
import type { Options, OptionsForm } from './form';
import { messageLine } from './message';
import { type Arrival, SessionController, sessionOfRoute } from './session';

export abstract class SessionPage<View> {
  /** The options of the last game, to start the form from. */
  protected options: Options | null = null;
  protected form: OptionsForm | null = null;
  /** The page's message line, for what goes wrong in play. */
  protected readonly message = messageLine();
  protected readonly session: SessionController<View>;

  constructor(protected readonly root: HTMLElement, game: string, address: string) {
    this.session = new SessionController<View>({
      game, address, root,
      show: (snapshot, arrival, command) => {
        if (arrival === 'opened' || arrival === 'resumed') {
          // The form starts again from the seed the player chose; a seed the server drew is
          // not offered again (shown, it would make the next game practice).
          const seed = this.session.practice ? this.session.seed ?? undefined : undefined;
          this.options = { config: this.session.config, seed };
        }
        this.show(snapshot, arrival, command);
      },
      lost: (problem) => this.lost(problem),
      problem: (problem) => this.message.show(problem),
      busy: (busy, command) => this.busyChanged(busy, command),
      progress: (fraction) => this.progress(fraction),
    });
  }

  /** The session's view, while one is in play. */
  protected get view(): View | null {
    return this.session.view;
  }

  protected get busy(): boolean {
    return this.session.busy;
  }

  /** Goes on with the session the route names, or shows the form. */
  protected enter(route: string[]): void {
    const id = sessionOfRoute(route);
    if (id) void this.session.resume(id);
    else this.showSetup();
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

  /** Opens a session with the form's options; a refusal is shown in the form. */
  protected async start(options: Options): Promise<void> {
    this.options = options;
    try {
      await this.session.open(options);
    } catch (error) {
      if (!this.form?.element.isConnected) this.showSetup();
      this.form?.problem(error);
    }
  }

  /** Sends a command to the session. */
  protected async send(command: Record<string, unknown>): Promise<void> {
    await this.session.send(command);
  }

  /** Leaves the session in play (it stays on the server) for the options form. */
  protected abstract showSetup(): void;

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
   * Puts `form` in `setup` in place of `play`, leaving the session in play (its address with
   * it); `focus`: the keyboard goes to the form's first field.
   */
  protected placeForm(form: OptionsForm, setup: HTMLElement, play: HTMLElement,
                      focus: boolean): void {
    this.session.leave();
    this.message.clear();
    this.form = form;
    fill(setup, form.element);
    setup.hidden = false;
    play.hidden = true;
    if (focus) form.focus();
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
