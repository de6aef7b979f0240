// The session-page controller every game page uses: it opens a session (or resumes one by its
// address), sends commands one at a time, follows the session's live socket (so that two tabs on
// one session show each other's moves; the socket comes back after the server restarts), keeps
// the busy state and the page's address (#/<game>/<SESSION_ID>), warns before the page is left
// with a game in play that the player could not find again, and says when the session is gone.
// It also follows another's session by its watch code, as a spectator who sends nothing. It
// knows the session's config, and its seed only once the server shows it (docs/API.md,
// "Sessions": a seed that hides something is shown once the game has ended). The page keeps only
// its rendering: `show` gets every snapshot to draw.
import { ApiError, createSession, deleteSession, follow, type LiveFeed, readEvents, readSession,
         sendCommand, type SessionEvents, type Snapshot } from '../../api';
import { goneMessage, messageOf, sessionGone } from './errors';
import type { Options } from './form';

/** A session's id: 32 hex digits (docs/API.md, "Sessions"). */
const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * The session a page's route names: `[ID]` (its own address), or `['resume', ID]` (the older
 * form of the lobby's Resume links); null for none.
 */
export function sessionOfRoute(route: string[]): string | null {
  const id = route[0] === 'resume' ? route[1] : route[0];
  return id !== undefined && SESSION_ID.test(id) ? id : null;
}

/** Shows `address` without a new page (no hashchange: the page stays as it is). */
export function showAddress(address: string): void {
  if (location.hash !== address) history.replaceState(history.state, '', address);
}

/**
 * What the snapshot answers: a session opened; resumed (its address loaded, or the page caught
 * up after missing updates: the whole view to draw again); a command's reply; a pushed update
 * (a timer's, a bot's, or a command another page of the session sent, which comes with it).
 */
export type Arrival = 'opened' | 'resumed' | 'reply' | 'pushed';

/** The first wait before following a session again once its socket closed, and the longest. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 8000;

/**
 * The events the session `id` sent its owner for each command from index `from` on (negative:
 * counted from the end, -1 the last command), with the commands: what a page showed that no
 * view holds, after a reload. The server replays them in a scratch session nobody sees, and
 * gives no seed (GET /api/sessions/ID/events).
 */
export function replayEvents(id: string, from = 0): Promise<SessionEvents> {
  return readEvents(id, from);
}

export interface SessionPageSettings<View> {
  /** The game's registry id. */
  game: string;
  /** The page's address (`#/hand`); a session's is `<address>/<id>`. */
  address: string;
  /**
   * The page's root: marked aria-busy while a command runs, with the session's id
   * (`data-session`), and `data-following` while its live socket is open (its first update in).
   */
  root: HTMLElement;
  /**
   * Draws a snapshot; `command` is the one it answers: a reply's, or a pushed update's when
   * another page of the session sent it (the seat's own command: drawn as a reply is).
   */
  show(snapshot: Snapshot<View>, arrival: Arrival, command?: Record<string, unknown>): void;
  /** The session cannot be played here any more (gone, or never opened): back to the form. */
  lost(problem: string): void;
  /** A command that did not reach the game (the server unreachable, busy...). */
  problem(problem: string): void;
  /** The busy state changed; `command` is the one sent. */
  busy?(busy: boolean, command?: Record<string, unknown>): void;
  /** A long command's share done (0 to 1, rising), pushed over the live socket. */
  progress?(fraction: number): void;
  /**
   * The live socket of a watched session closed (the server went away, or a watch code that
   * names no session): no more updates come. Not called when the page leaves or closes; a
   * session of the player's own is followed again once the server answers.
   */
  disconnected?(): void;
}

export class SessionController<View> {
  /** The session in play, or null. */
  id: string | null = null;
  /** The session's config, complete (the server's). */
  config: Record<string, unknown> = {};
  /** The session's seed once the server shows it; null while it is hidden. */
  seed: number | null = null;
  /** The session's seed hides something: it is shown once a game ends. */
  hidden = false;
  /** The game in play, or the last one ended, is practice: its seed was known before it began. */
  practice = false;
  view: View | null = null;
  busy = false;
  /** What the session was opened with besides its config (the auction's answer_seconds). */
  private extras: Options['session'] = undefined;
  private version = -1;
  private feed: LiveFeed | null = null;
  private closed = false;
  /** The session's last snapshot said its game was over (or none had begun). */
  private finished = true;
  /** The player finds the game among their unfinished games (the snapshot's "resumable"). */
  private resumable = false;
  /** The version when the game in play began: a later one means the player has played it. */
  private begun = 0;
  private reconnecting: ReturnType<typeof setTimeout> | null = null;
  private reconnectMs = RECONNECT_FIRST_MS;
  private readonly warn = (event: BeforeUnloadEvent): void => {
    if (!this.atStake()) return;
    event.preventDefault();
    event.returnValue = '';  // older browsers ask for it
  };

  constructor(private readonly settings: SessionPageSettings<View>) {
    addEventListener('beforeunload', this.warn);
  }

  /**
   * Leaving the page now would lose a game the player has played and could not find again: one
   * in play (not finished, with a move since it began) that is not among the player's unfinished
   * games (an anonymous player's, one on a clock, or with no store). A reload alone loses
   * nothing (the address resumes it), but a page cannot tell a reload from leaving.
   */
  atStake(): boolean {
    return !this.closed && this.id !== null && this.view !== null && !this.finished &&
           !this.resumable && this.version > this.begun;
  }

  /**
   * Opens a new session with the options (no seed: the server draws one that nobody knows);
   * throws the server's refusal (the form shows it).
   */
  async open(options: Options): Promise<Snapshot<View>> {
    const snapshot = await this.openWith(async () => {
      const request = { ...options.session, game: this.settings.game, config: options.config };
      const snapshot = await createSession<View>(options.seed === undefined ? request
                                                 : { ...request, seed: options.seed });
      return { snapshot, config: options.config };
    });
    this.extras = options.session;
    return snapshot;
  }

  /**
   * The game in play begins now: what the page sent on its own before (evil hangman's first
   * "new game", sent on opening) is no move of the player's, and puts nothing at stake.
   */
  began(): void {
    if (!this.finished) this.begun = this.version;
  }

  /**
   * Plays a session that another request opens (`opening`: its snapshot, with its id and
   * config), as `open` does: e.g. the auction's replay of a log. Throws the server's refusal.
   */
  async adopt(opening: () => Promise<Snapshot<View>>): Promise<Snapshot<View>> {
    this.extras = undefined;
    return this.openWith(async () => ({ snapshot: await opening(), config: {} }));
  }

  /**
   * "Play again", once a game has ended: the session's next game (`command`), unless the
   * session's seed hides something and was shown at the end of this game, and so would give
   * the next game away (it would be practice): then a new session with the same config and a
   * seed nobody knows, the old one deleted; `changes` to its config go with it (position
   * hangman's number of games played), and `session`, what it asks besides (the auction's
   * answer_seconds; by default what this session was opened with here). A practice session
   * goes on with its next game, the next of the seed the player chose. A problem is the page's
   * to show; null then.
   */
  async playAgain(command: Record<string, unknown>, changes: Record<string, unknown> = {},
                  session: Options['session'] = this.extras): Promise<Snapshot<View> | null> {
    if (!this.hidden || this.practice) return this.send(command);
    const old = this.id;
    try {
      const snapshot = await this.open({ config: { ...this.config, ...changes }, session });
      if (old) void deleteSession(old).catch(() => undefined);
      return snapshot;
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  /**
   * Opens a session by `open` (its snapshot, and the config asked for), shown as opened; one
   * that opens after the page was left is deleted, neither followed nor shown.
   */
  private async openWith(open: () => Promise<{ snapshot: Snapshot<View>;
                                                config: Record<string, unknown>; }>):
      Promise<Snapshot<View>> {
    if (this.busy) throw new Error('A command is still running.');
    this.setBusy(true);
    try {
      const { snapshot, config } = await open();
      if (this.closed) {
        // The page was left while the game opened: nobody saw it, so nobody plays or looks for
        // it; it is not followed, drawn or kept.
        this.setBusy(false);
        if (snapshot.id) void deleteSession(snapshot.id).catch(() => undefined);
        return snapshot;
      }
      this.take(snapshot.id ?? '', config, snapshot);
      this.setBusy(false);
      this.settings.show(snapshot, 'opened');
      this.tellNotKept(snapshot);
      return snapshot;
    } catch (error) {
      this.setBusy(false);
      throw error;
    }
  }

  /**
   * Follows the session whose watch code is `code`, as a spectator: each update, the first
   * included, is shown as pushed; nothing can be sent, and the page's address stays as it is.
   */
  watch(code: string): void {
    this.stopFeed();
    this.id = null;
    this.view = null;
    this.seed = null;
    this.version = -1;
    this.listen(code, true);
  }

  /**
   * Goes on with the session `id` (its address, after a reload or from the lobby): its snapshot
   * gives the view, the config, and the seed when it may be shown.
   */
  async resume(id: string): Promise<boolean> {
    this.setBusy(true);
    try {
      const snapshot = await readSession<View>(id);
      if (this.closed) {
        this.setBusy(false);
        return false;  // the page was left meanwhile: the session stays as it is, unfollowed
      }
      this.extras = undefined;
      this.take(id, {}, snapshot);
      // A game resumed with moves made was played: at stake, like one played here.
      if (!snapshot.finished && snapshot.version > 0) this.begun = -1;
      this.setBusy(false);
      this.settings.show({ ...snapshot, id }, 'resumed');
      this.tellNotKept(snapshot);
      return true;
    } catch (error) {
      this.setBusy(false);
      if (this.closed) return false;
      this.leave();
      this.settings.lost(sessionGone(error) ? goneMessage(error) : messageOf(error));
      return false;
    }
  }

  /** What went wrong with a command: the session gone (back to the form), or another problem. */
  private failed(error: unknown): void {
    if (sessionGone(error)) {
      this.leave();
      this.settings.lost(goneMessage(error));
    } else {
      this.settings.problem(messageOf(error));
    }
  }

  /** A game the server could not keep (its store failed) is said so with every update. */
  private tellNotKept(snapshot: Snapshot<View>): void {
    if (snapshot.not_kept) this.settings.problem(snapshot.not_kept);
  }

  /** Sends a command (one at a time: none while another runs); null when it did not reach. */
  async send(command: Record<string, unknown>): Promise<Snapshot<View> | null> {
    const id = this.id;
    if (!id || this.busy) return null;
    this.setBusy(true, command);
    try {
      const snapshot = await sendCommand<View>(id, command).catch((error: unknown) => {
        // Another server of the arcade took the game over: the command was not played, and sent
        // again it reaches the game where it is now.
        if (error instanceof ApiError && error.code === 'game_moved') {
          return sendCommand<View>(id, command);
        }
        throw error;
      });
      this.setBusy(false);
      if (this.closed || this.id !== id) return null;
      this.version = Math.max(this.version, snapshot.version);
      this.view = snapshot.view;
      this.learn(snapshot);
      this.settings.show(snapshot, 'reply', command);
      this.tellNotKept(snapshot);
      return snapshot;
    } catch (error) {
      this.setBusy(false);
      if (this.closed || this.id !== id) return null;
      this.failed(error);
      return null;
    }
  }

  /**
   * Asks the server for the session again, should a push have been lost (a dropped socket): a
   * newer snapshot is shown as pushed.
   */
  async refresh(): Promise<void> {
    const id = this.id;
    if (!id) return;
    try {
      const snapshot = await readSession<View>(id);
      if (this.closed || this.id !== id || snapshot.version <= this.version) return;
      this.version = snapshot.version;
      this.view = snapshot.view;
      this.learn(snapshot);
      this.settings.show({ ...snapshot, id }, 'pushed');
    } catch (error) {
      if (this.closed || this.id !== id) return;
      this.failed(error);
    }
  }

  /**
   * Asks the server for the session `id` again once its socket came back (the server brings
   * back a session it lost, restarted, when its store keeps it): a newer snapshot is shown as
   * resumed (the updates between are not known: the page draws it all again). True when the
   * session may be followed again; throws when the server cannot be reached yet. A refusal is
   * told to the page once (a session gone: lost), and the socket is not followed again.
   */
  private async catchUp(id: string): Promise<boolean> {
    try {
      const snapshot = await readSession<View>(id);
      if (this.closed || this.id !== id || snapshot.version <= this.version) return true;
      this.version = snapshot.version;
      this.view = snapshot.view;
      this.learn(snapshot);
      this.settings.show({ ...snapshot, id }, 'resumed');
      this.tellNotKept(snapshot);
      return true;
    } catch (error) {
      if (this.closed || this.id !== id) return false;
      if (error instanceof ApiError && error.status === 0) throw error;  // not answering yet
      this.failed(error);
      return false;
    }
  }

  /** Leaves the session (it stays on the server): the page's address is its own again. */
  leave(): void {
    this.stopFeed();
    this.id = null;
    this.view = null;
    this.version = -1;
    delete this.settings.root.dataset.session;
    this.address(this.settings.address);
  }

  /** The page goes away: the socket closes. */
  close(): void {
    this.closed = true;
    this.stopFeed();
    removeEventListener('beforeunload', this.warn);
  }

  /**
   * Takes the session `id` in hand: its snapshot, and its config (the snapshot's, complete; else
   * `config`, the one asked for).
   */
  private take(id: string, config: Record<string, unknown>, snapshot: Snapshot<View>): void {
    this.stopFeed();
    this.id = id;
    this.config = snapshot.config ?? config;
    this.seed = null;
    this.finished = true;
    this.learn(snapshot);
    this.begun = snapshot.version;
    this.view = snapshot.view;
    this.version = snapshot.version;
    this.settings.root.dataset.session = id;
    this.address(`${this.settings.address}/${id}`);
    this.listen(id, false);
  }

  /**
   * What a snapshot says of the game: the seed shown now (a game ended), practice or not, over
   * or in play (a game that begins counts its moves from this snapshot's version).
   */
  private learn(snapshot: Snapshot<View>): void {
    if (snapshot.seed !== undefined) this.seed = snapshot.seed;
    this.hidden = snapshot.hidden_information ?? false;
    this.practice = snapshot.practice ?? false;
    this.resumable = snapshot.resumable ?? false;
    if (this.finished && !snapshot.finished) this.begun = snapshot.version;
    this.finished = snapshot.finished;
  }

  /** Follows the live socket of `key` (a session's id, or its watch code: `watch`). */
  private listen(key: string, watch: boolean): void {
    // Only the feed in use speaks: one closed by leave(), take() or watch() is no longer it.
    let first = true;
    const feed: LiveFeed = follow<View>(key, watch, (update) => {
      if (this.closed || this.feed !== feed) return;
      this.reconnectMs = RECONNECT_FIRST_MS;  // it answers again
      this.settings.root.dataset.following = '';
      const opening = first;
      first = false;
      if (update.version <= this.version) return;
      // A first snapshot that a command of this page's, still on its way back, made newer: the
      // reply brings the same state with its events, and the page draws it then.
      if (opening && this.busy) return;
      // The socket's first snapshot is newer than the page (updates came while it was away):
      // it has no events, so the page catches up on the whole view.
      const missed = opening && !watch && this.version >= 0;
      this.version = update.version;
      this.view = update.view;
      this.learn(update);
      if (missed) this.settings.show({ ...update, id: key }, 'resumed');
      else this.settings.show(update, 'pushed', update.command);
      this.tellNotKept(update);
    }, () => {
      if (this.closed || this.feed !== feed) return;
      this.feed = null;
      delete this.settings.root.dataset.following;
      if (watch) this.settings.disconnected?.();
      else this.followAgain(key);
    }, (fraction) => this.settings.progress?.(fraction));
    this.feed = feed;
  }

  /**
   * The socket of the session `id` closed (the server restarted, the network dropped): the
   * session is asked for again once the server answers (the server revives it from its store;
   * a newer snapshot is drawn), then followed again. A session gone is told to the page.
   */
  private followAgain(id: string): void {
    if (this.reconnecting !== null) return;
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(RECONNECT_MAX_MS, wait * 2);
    this.reconnecting = setTimeout(() => {
      this.reconnecting = null;
      if (this.closed || this.id !== id || this.feed !== null) return;
      this.catchUp(id).then((again) => {
        if (again && !this.closed && this.id === id && this.feed === null) this.listen(id, false);
      }, () => {
        if (!this.closed && this.id === id) this.followAgain(id);  // not answering yet
      });
    }, wait);
  }

  /** Stops following the socket, and trying to follow it again. */
  private stopFeed(): void {
    this.feed?.close();
    this.feed = null;
    delete this.settings.root.dataset.following;
    if (this.reconnecting !== null) clearTimeout(this.reconnecting);
    this.reconnecting = null;
    this.reconnectMs = RECONNECT_FIRST_MS;
  }

  private address(address: string): void {
    if (!this.closed) showAddress(address);
  }

  private setBusy(busy: boolean, command?: Record<string, unknown>): void {
    this.busy = busy;
    this.settings.root.setAttribute('aria-busy', String(busy));
    this.settings.busy?.(busy, command);
  }
}
