// The arcade's HTTP and WebSocket API (docs/API.md), typed. Every request goes through here.

/** A game of the lobby (GET /api/games). */
export interface GameInfo {
  id: string;
  name: string;
  title: string;
  summary: string;
  config_schema: unknown;
}

/** Any event a game sends: {"event": NAME, ...}. */
export interface GameEvent {
  event: string;
  [field: string]: unknown;
}

/** A session as the server shows it: the reply to every call, and every pushed update. */
/** A finished game told for sharing (docs/API.md, "Sessions": share). */
export interface Share {
  /** The share text, its grid in emoji. */
  text: string;
  /** The same, its grid in text marks with their legend. */
  text_plain: string;
  result: string;
  /** The challenge code of a session's first game. */
  code?: string;
  /** The challenge this game answered: the challenger and their result. */
  challenge?: { name: string; result: string };
}

export interface Snapshot<View> {
  id?: string;
  game: string;
  /** Commands applied so far: of two snapshots, the higher version is the newer. */
  version: number;
  watch: string;
  seat: number | null;
  finished: boolean;
  view: View;
  /** What the last command caused (absent for games whose events are private, and on reads). */
  events?: GameEvent[];
  /** True while a long command runs (the view is then the one before it). */
  busy?: boolean;
  /** Why the server's store did not keep this game (its disk is full...): told every time. */
  not_kept?: string;
  /**
   * The session's seed, when it may be shown: never while a game whose seed hides something is
   * in play, unless the player chose it (docs/API.md, "Sessions").
   */
  seed?: number;
  /** The session's seed hides something (a word, letters, hands or boards to come). */
  hidden_information?: boolean;
  /** The game in play (or the last one ended) is practice: its seed was known before it began. */
  practice?: boolean;
  /** The session's config, complete: in the answers that hand it over (opened, resumed, read). */
  config?: Record<string, unknown>;
  /** The game in play is among its player's unfinished games: leaving the page loses nothing. */
  resumable?: boolean;
  /** In a pushed update: the seat's own command, sent by another page of the session. */
  command?: Record<string, unknown>;
  /** The owner's last finished game told for sharing. */
  share?: Share;
  /** The challenge the game in play answers: the challenger and their result. */
  challenge?: { name: string; result: string };
  /** The owner's last finished game may be reviewed (GET /api/sessions/ID/review). */
  review?: boolean;
}

/** A refusal from the server: {"error", "code", "field"?}. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Every request carries the chosen player's secret (docs/API.md, "Players"), which proves to the
 * server that a request naming that player comes from them; `secret` overrides it (signing in
 * with a code typed on this device).
 */
async function call<T>(method: string, path: string, body?: unknown,
                       secret: string | null = chosenSecret()): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (secret !== null) headers['X-Player-Secret'] = secret;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('The arcade server cannot be reached. Is it still running?', 0, 'offline');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(`The server sent something that is not JSON (${response.status}).`,
                       response.status, 'bad_reply');
  }
  if (!response.ok) {
    const error = (data ?? {}) as { error?: string; code?: string; field?: string };
    throw new ApiError(error.error ?? `HTTP ${response.status}`, response.status,
                       error.code ?? 'http', error.field);
  }
  return data as T;
}

/** The word list the server plays on: its size and the lengths that have words. */
export interface LexiconInfo {
  words: number;
  lengths: { length: number; words: number }[];
}

let arcade: Promise<{ games: GameInfo[]; lexicon: LexiconInfo }> | null = null;

/** GET /api/games, asked once a visit (again after a failure). */
function arcadeInfo(): Promise<{ games: GameInfo[]; lexicon: LexiconInfo }> {
  arcade ??= call<{ games: GameInfo[]; lexicon: LexiconInfo }>('GET', '/api/games');
  arcade.catch(() => { arcade = null; });
  return arcade;
}

export async function listGames(): Promise<GameInfo[]> {
  return (await arcadeInfo()).games;
}

export async function lexiconInfo(): Promise<LexiconInfo> {
  return (await arcadeInfo()).lexicon;
}

/** One meaning of a word (GET /api/definitions/WORD; src/app/definitions.h). */
export interface Sense {
  form: string;
  part_of_speech: string;
  gloss: string;
  examples: string[];
  synonyms: string[];
}

/** What a word means: found false (and no senses) when WordNet has no entry for it. */
export interface WordDefinition {
  word: string;
  found: boolean;
  base_forms: string[];
  senses: Sense[];
}

const definitions = new Map<string, Promise<WordDefinition>>();

/**
 * GET /api/definitions/WORD, asked once a visit per word (again after a failure). A server
 * without WordNet refuses with code "not_installed".
 */
export function defineWord(word: string): Promise<WordDefinition> {
  const key = word.toLowerCase();
  let answer = definitions.get(key);
  if (!answer) {
    answer = call<WordDefinition>('GET', `/api/definitions/${encodeURIComponent(key)}`, undefined,
                                  null);
    answer.catch(() => definitions.delete(key));
    definitions.set(key, answer);
  }
  return answer;
}

/** A record board (GET /api/boggle/best-boards; src/app/boggle_codec.h), scored here. */
export interface BestBoard {
  title: string;
  board: { spec: string; rows: number; cols: number; cells: (string | null)[] };
  dice: string;
  min_length: number;
  scoring: string;
  score: number;
  words: number;
  enable_score: number;
  note: string;
}

export async function bestBoards(): Promise<BestBoard[]> {
  return (await call<{ boards: BestBoard[] }>('GET', '/api/boggle/best-boards')).boards;
}

// --- Players (docs/API.md, "Players"): the name chosen in the lobby is remembered in this
// browser, and every new session or room carries it, so that the server keeps its games; the
// secret the server gave this browser for that name (its "player code") goes with every request.

const PLAYER_KEY = 'wordgames.player';
const SECRETS_KEY = 'wordgames.secrets';

/** The player codes this browser holds, by lower-case name (names match without case). */
function heldSecrets(): Record<string, string> {
  try {
    const held: unknown = JSON.parse(localStorage.getItem(SECRETS_KEY) ?? '{}');
    return held !== null && typeof held === 'object' ? held as Record<string, string> : {};
  } catch {
    return {};
  }
}

/** The player code this browser holds for `name`, or null. */
export function playerSecret(name: string): string | null {
  const secret = heldSecrets()[name.toLowerCase()];
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

/** Keeps `name`'s player code in this browser. */
export function rememberSecret(name: string, secret: string): void {
  try {
    localStorage.setItem(SECRETS_KEY,
                         JSON.stringify({ ...heldSecrets(), [name.toLowerCase()]: secret }));
  } catch {
    // Not kept past this page (storage refused): the player signs in again next time.
  }
}

function chosenSecret(): string | null {
  const player = chosenPlayer();
  return player === null ? null : playerSecret(player);
}

/** The player chosen in this browser, or null (anonymous: nothing is kept). */
export function chosenPlayer(): string | null {
  try {
    return localStorage.getItem(PLAYER_KEY) || null;
  } catch {
    return null;  // storage refused (private mode): anonymous
  }
}

/** The event `choosePlayer` sends on window, for what follows the player (their settings). */
export const PLAYER_CHOSEN = 'wordgames:player';

/** Remembers (or, with null, forgets) the chosen player. */
export function choosePlayer(name: string | null): void {
  try {
    if (name === null) localStorage.removeItem(PLAYER_KEY);
    else localStorage.setItem(PLAYER_KEY, name);
  } catch {
    // Not remembered past this page: the choice still holds until it is reloaded.
  }
  window.dispatchEvent(new Event(PLAYER_CHOSEN));
}

/** `request` with the chosen player, when there is one. */
function withPlayer<T extends object>(request: T): T & { player?: string } {
  const player = chosenPlayer();
  return player === null ? request : { ...request, player };
}

/** GET /api/players: whether this arcade keeps anything, and its players' names. */
export function listPlayers(): Promise<{ store: boolean; players: string[] }> {
  return call('GET', '/api/players');
}

/**
 * POST /api/players: the player of that name as the server spells it, created if new. The first
 * browser to ask for a name gets its secret (kept here); another proves it holds the name with
 * `code` (refused: ApiError "wrong_secret").
 */
export async function addPlayer(name: string, code?: string): Promise<{ name: string }> {
  const reply = await call<{ name: string; secret?: string }>(
      'POST', '/api/players', { name }, code ?? playerSecret(name));
  const secret = reply.secret ?? code;
  if (secret !== undefined) rememberSecret(reply.name, secret);
  return { name: reply.name };
}

/** A game of a player's that was saved unfinished. */
export interface UnfinishedGame {
  id: number;
  game: string;
  config: Record<string, unknown>;
  moves: number;
  started_ms: number;
  saved_ms: number;
}

export async function unfinishedGames(player: string): Promise<UnfinishedGame[]> {
  const reply = await call<{ unfinished: UnfinishedGame[] }>(
      'GET', `/api/players/${encodeURIComponent(player)}/unfinished`, undefined,
      playerSecret(player));
  return reply.unfinished;
}

/** POST /api/sessions/resume: a session going on from the unfinished game. */
export function resumeSession<View>(unfinished: number, player: string):
    Promise<Snapshot<View>> {
  return call('POST', '/api/sessions/resume', { unfinished, player }, playerSecret(player));
}

export interface NewSession {
  game: string;
  config?: Record<string, unknown>;
  seed?: number;
  /** The auction: seconds a person seat has to bid or name a word (the server's default: 30). */
  answer_seconds?: number;
  /** The puzzle of this day ("YYYY-MM-DD"): its config and seed are the day's (no config). */
  daily?: string;
}

/** A game's puzzle of a day (GET /api/daily): "seed" only where it hides nothing. */
export interface DailyPuzzle {
  game: string;
  title: string;
  description: string;
  /** What makes the day's game fair, when the game chooses it (a board's band of points). */
  fairness?: string;
  date: string;
  config: Record<string, unknown>;
  seed?: number;
  /** What POST /api/sessions takes to open it. */
  open: { game: string; daily: string };
  /** The day's records, best first (an arcade that keeps games). */
  leaderboard?: { player: string; score: number; won: boolean }[];
  /** The player's days in a row (when a player is named). */
  streak?: { current: number; best: number; last: string };
}

/** GET /api/daily: each game's puzzle of `date` (default: today, UTC); `player`'s streaks. */
export function dailyPuzzles(date?: string, player?: string | null):
    Promise<{ date: string; today: string; puzzles: DailyPuzzle[] }> {
  const query = new URLSearchParams();
  if (date !== undefined) query.set('date', date);
  if (player) query.set('player', player);
  const text = query.toString();
  return call('GET', text ? `/api/daily?${text}` : '/api/daily');
}

/** POST /api/sessions {"challenge"}: the game a challenge code carries, opened by the server. */
export function openChallenge<View>(code: string): Promise<Snapshot<View>> {
  return call('POST', '/api/sessions', withPlayer({ challenge: code }));
}

/** POST /api/sessions, for the chosen player (if any). */
export function createSession<View>(request: NewSession): Promise<Snapshot<View>> {
  return call('POST', '/api/sessions', withPlayer(request));
}


/**
 * This page's name for itself (docs/API.md, "Live updates"): its commands' answers carry their
 * updates, so the server does not send them again over this page's own sockets.
 */
const PAGE_CLIENT = Array.from(crypto.getRandomValues(new Uint8Array(12)),
                              (byte) => byte.toString(16).padStart(2, '0')).join('');

export function sendCommand<View>(id: string, command: Record<string, unknown>):
    Promise<Snapshot<View>> {
  return call('POST', `/api/sessions/${id}/commands?client=${PAGE_CLIENT}`, command);
}

export function readSession<View>(id: string): Promise<Snapshot<View>> {
  return call('GET', `/api/sessions/${id}`);
}

/** The events the owner was sent for each command of a session from `from` on (GET .../events). */
export interface SessionEvents {
  /** The index of the first command given (a negative `from` counts from the end). */
  from: number;
  /** The session's commands so far. */
  count: number;
  commands: Record<string, unknown>[];
  /** The events of each command, as its answer gave them. */
  events: GameEvent[][];
}

export function readEvents(id: string, from: number): Promise<SessionEvents> {
  return call('GET', `/api/sessions/${id}/events?from=${from}`);
}

export function deleteSession(id: string): Promise<unknown> {
  return call('DELETE', `/api/sessions/${id}`);
}

/** A live connection: every update of a session, pushed by the server. */
export interface LiveFeed {
  close(): void;
}

/**
 * Opens the WebSocket at `path` (on this server) and hands each message, parsed, to `onMessage`
 * by its `type`: the one place the pages' live feeds are made.
 */
function openFeed(path: string, onMessage: (data: { type: string }) => void,
                  onClosed?: () => void): LiveFeed {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}${path}`);
  socket.addEventListener('message', (message) => {
    onMessage(JSON.parse(String(message.data)) as { type: string });
  });
  if (onClosed) socket.addEventListener('close', onClosed);
  return { close: () => socket.close() };
}

/**
 * Follows a session over WebSocket: `onUpdate` gets the snapshot at once and after every
 * change. `watch`: follow by watch code, as a spectator. `onProgress` gets the share done
 * (0 to 1, rising) of a long command while it runs.
 */
export function follow<View>(key: string, watch: boolean,
                             onUpdate: (update: Snapshot<View>) => void,
                             onClosed?: () => void,
                             onProgress?: (fraction: number) => void): LiveFeed {
  return openFeed(`/api/${watch ? 'watch' : 'sessions'}/${key}/live?client=${PAGE_CLIENT}`, (data) => {
    if (data.type === 'update') onUpdate(data as Snapshot<View> & { type: string });
    const progress = data as { type: string; fraction?: unknown };
    if (progress.type === 'progress' && typeof progress.fraction === 'number') {
      onProgress?.(progress.fraction);
    }
  }, onClosed);
}

// Rooms: Word Search for several players (docs/API.md, "Rooms"). A room is a session of its
// own, several seats in it: each player sees it through their seat (their key).

/** A player of a room; `in_round`: plays the current (or last) round. */
export interface RoomPlayer {
  name: string;
  host: boolean;
  done: boolean;
  in_round: boolean;
  /** The host removed them: their seat stays, empty. */
  removed: boolean;
}

/** A word of a room's results: `shared` (found by another player too) scores nothing. */
export interface RoomWord {
  word: string;
  points: number;
  shared: boolean;
}

/** A round's results (games/boggle/room.h). */
export interface RoomResults {
  players: { name: string; words: RoomWord[]; score: number }[];
  shared: string[];
  winners: number[];
}

/**
 * A room as one seat sees it (src/app/boggle_room_codec.h): `round` 0-based; `your_round` the
 * player's own round (its answers once the round is over for everyone); `results` once it is.
 */
export interface RoomView<Round> {
  status: 'waiting' | 'playing' | 'finished';
  round: number;
  config: Record<string, unknown>;
  players: RoomPlayer[];
  you: number | null;
  max_players: number;
  name_limit: number;
  your_round?: Round;
  results?: RoomResults;
}

/** A room's session as the server shows it, its code, and `player` (the key) once joined. */
export interface RoomState<Round> extends Snapshot<RoomView<Round>> {
  room?: string;
  player?: string;
}

export function createRoom<Round>(request: { name: string; config?: Record<string, unknown>;
                                             seed?: number }): Promise<RoomState<Round>> {
  return call('POST', '/api/rooms', withPlayer(request));
}

export function joinRoom<Round>(code: string, name: string): Promise<RoomState<Round>> {
  return call('POST', `/api/rooms/${encodeURIComponent(code)}/players`, withPlayer({ name }));
}

export function readRoom<Round>(code: string, player: string): Promise<RoomState<Round>> {
  return call('GET', `/api/rooms/${encodeURIComponent(code)}?player=${
                         encodeURIComponent(player)}`);
}

export function startRoom<Round>(code: string, player: string): Promise<RoomState<Round>> {
  return call('POST', `/api/rooms/${encodeURIComponent(code)}/start?client=${PAGE_CLIENT}`,
              { player });
}

/** A command of the player's round (submit, close), played at the seat of their key. */
export function sendRoomCommand<Round>(code: string, player: string,
                                       command: Record<string, unknown>): Promise<RoomState<Round>> {
  return call('POST', `/api/rooms/${encodeURIComponent(code)}/commands?player=${
                          encodeURIComponent(player)}&client=${PAGE_CLIENT}`, command);
}

/** Follows a room over WebSocket: `onUpdate` gets the player's view at once and on every change. */
export function followRoom<Round>(code: string, player: string,
                                  onUpdate: (state: RoomState<Round>) => void,
                                  onClosed?: () => void): LiveFeed {
  return openFeed(`/api/rooms/${encodeURIComponent(code)}/live?player=${
                      encodeURIComponent(player)}&client=${PAGE_CLIENT}`, (data) => {
    if (data.type === 'update') onUpdate(data as RoomState<Round> & { type: string });
  }, onClosed);
}

/** Letter Auction: a session replaying a saved log (its text, and its file name for errors). */
export function replayAuctionLog<View>(log: string, name: string): Promise<Snapshot<View>> {
  return call('POST', '/api/auction/replays', { log, name });
}

/** One bot's results in a tournament's table (as `wordgames auction tournament --json`). */
export interface TournamentBot {
  name: string;
  seats: number;
  player_games: number;
  mean_score: number;
  score_std_error: number;
  win_rate: number;
  letters_per_game: number;
  mean_price: number;
  invalid_words: number;
  faulty_bids: number;
}

/** A Letter Auction tournament as the server shows it, and pushes it. */
export interface TournamentState {
  id: string;
  status: 'running' | 'finished' | 'stopped' | 'failed';
  done: number;
  games: number;
  seed: number;
  lineup: string[];
  rules: Record<string, number>;
  table?: TournamentBot[];
  error?: string;
  /** False for one played by workers (`serve --on-workers`): it runs to its end. */
  stoppable?: boolean;
}

/** What a tournament may have here: the external bots allowed, the most games. */
export interface TournamentRules {
  allowed_bots: string[];
  max_games: number;
  /** Games × rounds. */
  max_game_rounds: number;
  max_running: number;
}

export function tournamentRules(): Promise<TournamentRules> {
  return call('GET', '/api/auction/tournaments');
}

export function startTournament(request: { config: Record<string, unknown>; games: number;
                                           seed?: number }): Promise<TournamentState> {
  return call('POST', '/api/auction/tournaments', request);
}

export function stopTournament(id: string): Promise<TournamentState> {
  return call('DELETE', `/api/auction/tournaments/${id}`);
}

/** Follows a tournament: `onUpdate` gets its state at once and after each game. */
export function followTournament(id: string, onUpdate: (state: TournamentState) => void,
                                 onClosed?: () => void): LiveFeed {
  return openFeed(`/api/auction/tournaments/${id}/live`, (data) => {
    if (data.type === 'tournament') onUpdate(data as TournamentState & { type: string });
  }, onClosed);
}

// --- Position hangman's dictionaries (docs/API.md, "Hangman dictionaries"): the server decides
// the words, the statistics and the rules; a page only shows them.

/** DictionaryStats as the server counts them (app::stats_json). */
export interface DictionaryStats {
  words: number;
  six: number;
  seven_to_nine: number;
  ten_plus: number;
  nine_plus: number;
  share_six: number;
  share_seven_to_nine: number;
  share_ten_plus: number;
  shortest: number;
  longest: number;
}

/** What the game would make of a text or a work: its words, statistics and broken rule. */
export interface DictionaryDraft {
  source: string;
  words?: string[];
  /** Words left out whole for a letter outside A to Z ("café"), as written. */
  skipped?: string[];
  stats: DictionaryStats | null;
  playable: boolean;
  rule: string | null;
  problem: string | null;
  work?: string;
}

export function draftDictionary(text: string): Promise<DictionaryDraft> {
  return call('POST', '/api/hangman/dictionaries', { text });
}

/** Fetched by the server from Open Library (or its stand-in): may take a few seconds. */
export function openLibraryDictionary(work: string): Promise<DictionaryDraft> {
  return call('POST', '/api/hangman/dictionaries/open-library', { work });
}

export function defaultDictionary(): Promise<DictionaryDraft> {
  return call('GET', '/api/hangman/dictionaries/default');
}

// --- Statistics (docs/API.md, "Statistics"): what the server's store kept, read only. A server
// started without a store answers 503 "not_kept".

/** One player's statistics in one game (app::statistics_json). */
export interface GameStatistics {
  game: string;
  /** What a score of the game is, in a player's words; "" when it is the game's points. */
  score_meaning: string;
  games: number;
  wins: number;
  win_rate: number;
  current_streak: number;
  best_streak: number;
  best_score: number;
  mean_score: number;
  /** The game's own figures; their shape is the game's (docs/API.md). */
  details: Record<string, unknown>;
  /** What every front end prints of them, as the game says it. */
  lines: StatisticsLine[];
}

/** One figure of a game's own statistics (app::StatisticsFigure). */
export interface StatisticsFigure {
  label: string;
  /** A number, or null when it cannot be computed. */
  value: number | null;
  /** After the value ("misses"); "%" for a share from 0 to 1. */
  unit: string;
  note: string;
}

/** A titled line of figures (app::StatisticsLine). */
export interface StatisticsLine {
  title: string;
  figures: StatisticsFigure[];
}

export interface PlayerStatistics {
  player: string;
  games: GameStatistics[];
}

/** A line of a leaderboard (app::leaderboard_json). */
export interface LeaderboardLine {
  rank: number;
  player: string;
  games: number;
  wins: number;
  win_rate: number;
  best_score: number;
  mean_score: number;
}

/** A line of a game's bots' board: one bot, whatever seats it held (its `games` count each). */
export interface BotLine extends Omit<LeaderboardLine, 'player'> {
  bot: string;
}

/** A game's boards (app::leaderboards_json): its players by best score, its bots by mean
 *  score (bots are not players). */
export interface Leaderboard {
  game: string;
  /** As GameStatistics.score_meaning. */
  score_meaning: string;
  players: LeaderboardLine[];
  bots: BotLine[];
}

/** A player's finished game (GET /api/players/NAME/history): `result` is its Finished event. */
export interface FinishedGame {
  id: number;
  game: string;
  started_ms: number;
  ended_ms: number;
  score: number;
  won: boolean;
  /** `bot`: the bot that played the seat, for a bot's seat only. */
  players: { name: string; score: number; won: boolean; bot?: string }[];
  config: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** A player's last finished games (of one game, when named), newest first. */
export function playerHistory(player: string, game: string | null, limit: number, offset = 0):
    Promise<{ player: string; games: FinishedGame[]; next_offset: number | null }> {
  const query = `limit=${limit}&offset=${offset}` +
                `${game === null ? '' : `&game=${encodeURIComponent(game)}`}`;
  return call('GET', `/api/players/${encodeURIComponent(player)}/history?${query}`);
}

/** One of the player's moves against the best there (docs/API.md, "Reviews"). */
export interface ReviewedMove {
  label: string;
  played: string;
  best: string;
  /** What the move cost, in the review's unit; 0 for a best move. */
  loss: number;
  /** False: the best move and the loss come from a bounded search (the note says which). */
  exact: boolean;
  note?: string;
}

/** A finished game reviewed: each move against the best, a summary, the game's own lists. */
export interface Review {
  id: number;
  game: string;
  seat: number;
  player: string | null;
  unit: string;
  moves: ReviewedMove[];
  summary: string;
  /** The share of the best possible result reached, 0 to 1; null where it means nothing. */
  share: number | null;
  /** The index of the move that cost most; null when none cost anything. */
  costliest: number | null;
  /** How exact the figures are, and where they come from. */
  method: string;
  sections: { title: string; lines: string[]; data?: unknown }[];
}

/** The review of the owner's last finished game of session `id`. */
export function reviewSession(id: string): Promise<Review> {
  return call('GET', `/api/sessions/${encodeURIComponent(id)}/review`);
}

/** The review of kept game `id`, as `player` played it. */
export function reviewGame(id: number, player: string): Promise<Review> {
  return call('GET', `/api/games/${id}/review?player=${encodeURIComponent(player)}`);
}

export function readStatistics(player: string): Promise<PlayerStatistics> {
  return call('GET', `/api/stats?player=${encodeURIComponent(player)}`);
}

/** Every game's leaderboard (or one game's), each at most `limit` players. */
export async function readLeaderboards(limit = 10): Promise<Leaderboard[]> {
  return (await call<{ leaderboards: Leaderboard[] }>('GET', `/api/leaderboard?limit=${limit}`))
      .leaderboards;
}

