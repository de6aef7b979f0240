// The session-page controller every game page uses: it opens a session (or resumes one by its
// address), sends commands one at a time, follows the live socket when asked, keeps the busy
// state and the page's address (#/<game>/<SESSION_ID>), and says when the session is gone. It
// also follows another's session by its watch code, as a spectator who sends nothing. The page
// keeps only its rendering: `show` gets every snapshot to draw.
import { createSession, deleteSession, follow, type GameEvent, type LiveFeed, readSaved,
         readSession, restoreSession, sendCommand, type Snapshot } from '../../api';
import { messageOf, SESSION_GONE, sessionGone } from './errors';
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

/** What the snapshot answers: a session opened, resumed, a command's reply, a pushed update. */
export type Arrival = 'opened' | 'resumed' | 'reply' | 'pushed';

/** A saved game (GET /api/sessions/ID/saved): the session's game, replayable. */
export interface SavedGame {
  game: string;
  config: Record<string, unknown>;
  seed: number;
  commands: Record<string, unknown>[];
}

/**
 * The events of a saved game's last commands (from index `from` on), which no view holds: the
 * server replays the game up to `from` in a scratch session of no player (nothing is kept), the
 * rest is sent to it command by command, and it is deleted. One list of events per command.
 */
export async function replayEvents(saved: SavedGame, from: number): Promise<GameEvent[][]> {
  const scratch = await restoreSession<unknown>({ ...saved,
                                                  commands: saved.commands.slice(0, from) });
  const id = scratch.id ?? '';
  try {
    const replies: GameEvent[][] = [];
    for (const command of saved.commands.slice(from)) {
      replies.push((await sendCommand<unknown>(id, command)).events ?? []);
    }
    return replies;
  } finally {
    void deleteSession(id).catch(() => undefined);
  }
}

export interface SessionPageSettings<View> {
  /** The game's registry id. */
  game: string;
  /** The page's address (`#/hand`); a session's is `<address>/<id>`. */
  address: string;
  /** The page's root: marked aria-busy while a command runs, and with the session's id. */
  root: HTMLElement;
  /** Draws a snapshot; `command` is the one it answers (a reply). */
  show(snapshot: Snapshot<View>, arrival: Arrival, command?: Record<string, unknown>): void;
  /** The session cannot be played here any more (gone, or never opened): back to the form. */
  lost(problem: string): void;
  /** A command that did not reach the game (the server unreachable, busy...). */
  problem(problem: string): void;
  /** The busy state changed; `command` is the one sent. */
  busy?(busy: boolean, command?: Record<string, unknown>): void;
  /** A long command's share done (0 to 1, rising), pushed over the live socket. */
  progress?(fraction: number): void;
  /** Whether to follow the session's live socket, for the session's config. */
  live?(config: Record<string, unknown>): boolean;
  /**
   * The live socket closed while followed (the server went away, or a watch code that names
   * no session): no more updates come. Not called when the page leaves or closes.
   */
  disconnected?(): void;
}

export class SessionController<View> {
  /** The session in play, or null. */
  id: string | null = null;
  config: Record<string, unknown> = {};
  seed = 0;
  view: View | null = null;
  /** The saved game read when the session was resumed (its commands so far). */
  saved: SavedGame | null = null;
  busy = false;
  private version = -1;
  private feed: LiveFeed | null = null;
  private closed = false;

  constructor(private readonly settings: SessionPageSettings<View>) {}

  /** Opens a new session with the options; throws the server's refusal (the form shows it). */
  async open(options: Options): Promise<Snapshot<View>> {
    return this.openWith(async () => {
      const snapshot = await createSession<View>({ ...options.session, game: this.settings.game,
                                                   config: options.config, seed: options.seed });
      return { snapshot, config: options.config, seed: options.seed };
    });
  }

  /**
   * Plays a session that another request opens (`opening`: its snapshot, with its id), as
   * `open` does: e.g. the auction's replay of a log. Its config and seed are its saved game's.
   * Throws the server's refusal.
   */
  async adopt(opening: () => Promise<Snapshot<View>>): Promise<Snapshot<View>> {
    return this.openWith(async () => {
      const snapshot = await opening();
      // The session is open whatever this says: without its saved game, only its config and
      // seed are unknown here.
      const saved = await readSaved(snapshot.id ?? '').catch(() => null) as SavedGame | null;
      return { snapshot, config: saved?.config ?? {}, seed: saved?.seed ?? 0 };
    });
  }

  /** Opens a session by `open` (its snapshot, config and seed), shown as opened. */
  private async openWith(open: () => Promise<{ snapshot: Snapshot<View>;
                                                config: Record<string, unknown>;
                                                seed: number; }>): Promise<Snapshot<View>> {
    if (this.busy) throw new Error('A command is still running.');
    this.setBusy(true);
    try {
      const { snapshot, config, seed } = await open();
      this.take(snapshot.id ?? '', config, seed, snapshot);
      this.saved = null;
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
    this.feed?.close();
    this.feed = null;
    this.id = null;
    this.view = null;
    this.saved = null;
    this.version = -1;
    this.listen(code, true);
  }

  /** Goes on with the session `id` (its address, after a reload or from the lobby). */
  async resume(id: string): Promise<boolean> {
    this.setBusy(true);
    try {
      const saved = await readSaved(id) as SavedGame;
      const snapshot = await readSession<View>(id);
      this.saved = saved;
      this.take(id, saved.config ?? {}, saved.seed ?? 0, snapshot);
      this.setBusy(false);
      this.settings.show({ ...snapshot, id }, 'resumed');
      this.tellNotKept(snapshot);
      return true;
    } catch (error) {
      this.setBusy(false);
      this.leave();
      this.settings.lost(sessionGone(error) ? SESSION_GONE : messageOf(error));
      return false;
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
      const snapshot = await sendCommand<View>(id, command);
      this.setBusy(false);
      if (this.closed || this.id !== id) return null;
      this.version = Math.max(this.version, snapshot.version);
      this.view = snapshot.view;
      this.settings.show(snapshot, 'reply', command);
      this.tellNotKept(snapshot);
      return snapshot;
    } catch (error) {
      this.setBusy(false);
      if (this.closed || this.id !== id) return null;
      if (sessionGone(error)) {
        this.leave();
        this.settings.lost(SESSION_GONE);
      } else {
        this.settings.problem(messageOf(error));
      }
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
      this.settings.show({ ...snapshot, id }, 'pushed');
    } catch (error) {
      if (this.closed || this.id !== id) return;
      if (sessionGone(error)) {
        this.leave();
        this.settings.lost(SESSION_GONE);
      } else {
        this.settings.problem(messageOf(error));
      }
    }
  }

  /** Leaves the session (it stays on the server): the page's address is its own again. */
  leave(): void {
    this.feed?.close();
    this.feed = null;
    this.id = null;
    this.view = null;
    this.version = -1;
    delete this.settings.root.dataset.session;
    this.address(this.settings.address);
  }

  /** The page goes away: the socket closes. */
  close(): void {
    this.closed = true;
    this.feed?.close();
    this.feed = null;
  }

  private take(id: string, config: Record<string, unknown>, seed: number,
               snapshot: Snapshot<View>): void {
    this.feed?.close();
    this.feed = null;
    this.id = id;
    this.config = config;
    this.seed = seed;
    this.view = snapshot.view;
    this.version = snapshot.version;
    this.settings.root.dataset.session = id;
    this.address(`${this.settings.address}/${id}`);
    if (this.settings.live?.(config)) this.listen(id, false);
  }

  /** Follows the live socket of `key` (a session's id, or its watch code: `watch`). */
  private listen(key: string, watch: boolean): void {
    // Only the feed in use speaks: one closed by leave(), take() or watch() is no longer it.
    const feed: LiveFeed = follow<View>(key, watch, (update) => {
      if (this.closed || this.feed !== feed || update.version <= this.version) return;
      this.version = update.version;
      this.view = update.view;
      this.settings.show(update, 'pushed');
      this.tellNotKept(update);
    }, () => {
      if (!this.closed && this.feed === feed) this.settings.disconnected?.();
    }, (fraction) => this.settings.progress?.(fraction));
    this.feed = feed;
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
