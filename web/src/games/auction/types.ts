// Letter Auction's JSON as the server sends it (src/app/auction_codec.h is the contract).

/** The rules as a view and a log's header carry them. */
export interface Rules {
  players: number;
  rounds: number;
  hidden_letters: number;
  starting_points: number;
  rack_size: number;
  bonus_length: number;
  bonus: number;
  /** Only when set (0: no limit). */
  letters_per_round?: number;
}

export type Answer = 'bid' | 'word';

export interface SeatView {
  name: string;
  kind: 'bot' | 'person' | 'external';
  points: number;
  /** Letters held this round, hidden ones included. */
  held: number;
  /** Letters won at auction this round, in order. */
  won: string;
  /** The viewer's own seat only. */
  hidden?: string;
  awaited?: Answer;
  answered?: boolean;
}

/** One auction held this round: an "auction" line of the log. */
export interface AuctionLine {
  event: 'auction';
  round: number;
  number: number;
  letter: string;
  /** One per seat; null: a full rack, not asked. */
  bids: (number | null)[];
  /** Only when some bid had one ("" for the others). */
  faults?: string[];
  winner: number;
  price: number;
  /** How many equal top bids the draw was among (1: no draw). */
  tied: number;
  pool_left: number;
}

export interface WordPlayed {
  word: string;
  score: number;
  fault?: string;
}

/** A "round_ended" line. */
export interface RoundLine {
  event: 'round_ended';
  round: number;
  letters: string[];
  words: WordPlayed[];
  points: number[];
}

export interface OpenAuction {
  number: number;
  letter: string;
  pool_left: number;
  bidders: number[];
}

export type Next = 'game_start' | 'round_start' | 'auction' | 'round_end' | 'game_end' | 'none';

export interface AuctionView {
  seat: number | null;
  status: 'ready' | 'awaiting' | 'finished';
  game: number;
  rules: Rules;
  round: number;
  next: Next;
  seats: SeatView[];
  auction?: OpenAuction;
  auctions: AuctionLine[];
  last_round: RoundLine | null;
  winners: number[];
  /** The viewer's own sealed bid on the open auction. */
  bid?: number;
  /** The viewer's own sealed word. */
  word?: string;
}

/** Scrabble's letter values, as the game scores them. */
const VALUES: Record<string, number> = {
  A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1, M: 3,
  N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8, Y: 4, Z: 10,
};

export function letterValue(letter: string): number {
  return VALUES[letter.toUpperCase()] ?? 0;
}

/** The seat the viewer plays and is asked for an answer now, if any. */
export function asked(view: AuctionView): { seat: number; what: Answer } | null {
  if (view.seat === null || view.status !== 'awaiting') return null;
  const seat = view.seats[view.seat];
  if (!seat?.awaited || seat.answered) return null;
  return { seat: view.seat, what: seat.awaited };
}

/** Whether `word` can be made from `letters` (each letter used at most as often as held). */
export function canMake(word: string, letters: string): boolean {
  const left = [...letters.toUpperCase()];
  for (const letter of word.toUpperCase()) {
    const at = left.indexOf(letter);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** The viewer's rack: hidden letters first, then the ones won. */
export function rackOf(view: AuctionView): string {
  if (view.seat === null) return '';
  const seat = view.seats[view.seat];
  return `${seat?.hidden ?? ''}${seat?.won ?? ''}`;
}

/** The name of a person seat whose player gave none and chose no player in the lobby. */
export const DEFAULT_PERSON = 'You';

/** Whether a seat's name already says "you" (the default name), so that it is not said twice. */
export function saysYou(name: string): boolean {
  return name.trim().toLowerCase() === DEFAULT_PERSON.toLowerCase();
}

/**
 * How a seat is called: its name, "you (name)" for the viewer's own ("you" when its name is the
 * default), and the seat's number when another seat has the same name ("value (seat 3)").
 */
export function seatName(view: AuctionView, seat: number): string {
  const name = view.seats[seat]?.name ?? `seat ${seat + 1}`;
  if (seat === view.seat) return saysYou(name) ? 'you' : `you (${name})`;
  const shared = view.seats.some((other, index) => index !== seat && other.name === name);
  return shared ? `${name} (seat ${seat + 1})` : name;
}
