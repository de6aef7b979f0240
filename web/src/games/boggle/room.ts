// Word Search with friends: a room (docs/API.md, "Rooms"). Create one (your name, the board, the
// minutes) and share its code or link (#/boggle/room/CODE), or join with a code and a name; the
// list of players updates live; the host starts each round, which everyone plays on the Boggle
// page's own board (its RoundPlayer: the same typing, tracing and clock), each command sent to
// the room as the player's seat; at the end a table of everyone's words, where a word found by
// more than one player is marked shared and scores nothing. The room is a session of the
// server's: its view is what this page shows (src/app/boggle_room_codec.h). The page keeps the
// player's key for the tab (sessionStorage), so a reload rejoins.
import { ApiError, chosenPlayer, createRoom, followRoom, joinRoom, type LiveFeed, readRoom,
         type RoomResults, type RoomState as RoomSnapshot, type RoomView, sendRoomCommand,
         type Snapshot, startRoom } from '../../api';
import { countOf, errorBox, fill, h, say } from '../../dom';
import { type RoomListener, type RoundPlayer, SIZES, type View } from '../boggle';
import { messageOf } from '../common/errors';
import { labelled, numberInput, readWhole, selectOf } from '../common/form';
import { configSchema } from '../common/schema';
import { practiceText, readSeed, seedInput } from '../common/seed';

/** A room's code: eight letters (the server's are consonants). */
const CODE = /^[A-Z]{8}$/;
/** The longest name, until the room's view says it (`name_limit`). */
const NAME_MAX = 24;
/** A round's seconds, as a round alone asks them (the schema's range is the server's). */
const SECONDS_DEFAULT = 180;

type RoomState = RoomSnapshot<View>;

/** Rounds started: 0 while waiting, else the 1-based number of the current (or last) round. */
function roundOf(view: RoomView<View>): number {
  return view.status === 'waiting' ? 0 : view.round + 1;
}

function storageKey(code: string): string {
  return `wordgames-room-${code}`;
}

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (a secure origin),
 * else the older copy command (a classroom's arcade is often plain http on the LAN).
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): the older way below.
  }
  const area = h('textarea', { class: 'visually-hidden', readonly: true }, text);
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  return copied;
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
function namesOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export class RoomPanel implements RoomListener {
  readonly element = h('section', { class: 'bg-room', 'aria-labelledby': 'bg-room-title' });
  private readonly messages = h('div', { class: 'bg-messages' });
  private readonly title = h('h2', { id: 'bg-room-title', tabindex: -1 }, 'Play with friends');
  private readonly share = h('p', { class: 'bg-room-share' });
  private readonly statusLine = h('p', { class: 'status-line bg-room-status' });
  /** The room's rounds are practice (its host chose the seed). */
  private practice = false;
  private readonly practiceLine = h('p', { class: 'bg-room-practice', hidden: true });
  private readonly playersBox = h('div', { class: 'bg-room-players' });
  private readonly resultsBox = h('section', { class: 'bg-room-results',
                                               'aria-labelledby': 'bg-results-title',
                                               hidden: true });
  private readonly startButton = h('button', { type: 'button', class: 'primary bg-room-start' },
                                   'Start the round');
  private readonly waitNote = h('p', { class: 'hint' });
  private state: RoomView<View> | null = null;
  private version = -1;
  private code = '';
  private key = '';
  private feed: LiveFeed | null = null;
  private busy = false;
  private closed = false;
  /** The room round whose session is on the board, whose results were shown, and told. */
  private playedRound = -1;
  private shownResults = -1;
  private toldResults = -1;

  constructor(private readonly board: RoundPlayer, private readonly linked?: string) {}

  mount(): void {
    this.startButton.addEventListener('click', () => void this.start());
    const code = (this.linked ?? '').toUpperCase();
    const key = code !== '' ? sessionStorage.getItem(storageKey(code)) : null;
    if (key) {
      void this.resume(code, key);
      return;
    }
    this.showForms(code);
  }

  close(): void {
    this.closed = true;
    this.feed?.close();
    this.feed = null;
  }

  // --- Creating and joining.

  private showForms(code: string): void {
    // The lobby's player, when one is chosen, is who plays here too.
    const lobbyName = chosenPlayer() ?? '';
    const createName = h('input', { name: 'name', type: 'text', autocomplete: 'nickname',
                                    maxlength: NAME_MAX, spellcheck: 'false', value: lobbyName });
    const size = selectOf('size', Object.entries(SIZES), '4');
    const seconds = numberInput('seconds', SECONDS_DEFAULT, 1, 86400);
    const seed = seedInput();
    const create = h('form', { class: 'bg-room-create', 'aria-labelledby': 'bg-create-title' },
                     h('h3', { id: 'bg-create-title' }, 'Create a room'),
                     h('div', { class: 'row' },
                       labelled('Your name', createName),
                       labelled('Board', size),
                       labelled('Seconds', seconds, 'Each round’s time')),
                     h('div', { class: 'row' },
                       labelled('Seed (optional)', seed,
                                'Blank: new boards. A number: the same boards again.'),
                       h('button', { type: 'submit', class: 'primary' }, 'Create the room')));
    void configSchema('boggle').then((schema) => {
      // The schema's range for a round's seconds (0, no limit, has no place in a room).
      const highest = schema.seconds?.maximum;
      if (typeof highest === 'number') seconds.max = String(highest);
    });
    const codeInput = h('input', { name: 'code', type: 'text', autocomplete: 'off',
                                   autocapitalize: 'characters', spellcheck: 'false',
                                   maxlength: 8, size: 10, value: code });
    const joinName = h('input', { name: 'name', type: 'text', autocomplete: 'nickname',
                                  maxlength: NAME_MAX, spellcheck: 'false', value: lobbyName });
    const join = h('form', { class: 'bg-room-join', 'aria-labelledby': 'bg-join-title' },
                   h('h3', { id: 'bg-join-title' }, 'Join a room'),
                   h('div', { class: 'row' },
                     labelled('Room code', codeInput, 'Eight letters, from whoever made the room.'),
                     labelled('Your name', joinName),
                     h('button', { type: 'submit', class: 'primary' }, 'Join')));
    create.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = this.readName(createName);
      if (name === null) return;
      let config: Record<string, unknown>;
      let chosenSeed: number | undefined;  // none: the server draws one the room never shows
      try {
        config = { size: Number(size.value),
                   seconds: readWhole(seconds, 'Seconds', 1, Number(seconds.max) || 86400) };
        chosenSeed = readSeed(seed);
      } catch (error) {
        this.showError(messageOf(error));
        return;
      }
      void this.enter(() => createRoom<View>({ name, config, seed: chosenSeed }));
    });
    join.addEventListener('submit', (event) => {
      event.preventDefault();
      const wanted = codeInput.value.trim().toUpperCase();
      if (!CODE.test(wanted)) {
        this.showError('A room code is eight letters, like BCDFGHJK.');
        codeInput.focus();
        return;
      }
      const name = this.readName(joinName);
      if (name === null) return;
      void this.enter(() => joinRoom<View>(wanted, name));
    });
    // A room's link opens with its join form first, ready for a name.
    const forms = code !== '' ? [join, create] : [create, join];
    fill(this.element, this.title,
         h('p', {}, 'Everyone plays the same board on the same clock. A word found by more ' +
                    'than one player scores for nobody.'),
         this.messages, h('div', { class: 'bg-room-forms' }, forms));
    // After the router, which focuses the page's <main> once the page is built.
    if (code !== '') window.setTimeout(() => joinName.focus(), 0);
  }

  private readName(input: HTMLInputElement): string | null {
    const name = input.value.trim();
    const limit = this.state?.name_limit ?? NAME_MAX;
    if (name === '' || name.length > limit) {
      this.showError(`Your name has 1 to ${limit} characters.`);
      input.focus();
      return null;
    }
    return name;
  }

  private async enter(request: () => Promise<RoomState>): Promise<void> {
    if (this.busy) return;
    this.setBusy(true);
    try {
      const state = await request();
      this.setBusy(false);
      if (this.closed || !state.player || !state.room) return;
      this.joined(state.room, state, state.player);
    } catch (error) {
      this.setBusy(false);
      this.showError(messageOf(error));
    }
  }

  /** A reload: the key kept for this tab, if the room still knows it. */
  private async resume(code: string, key: string): Promise<void> {
    try {
      const state = await readRoom<View>(code, key);
      if (!this.closed) this.joined(code, state, key);
    } catch {
      sessionStorage.removeItem(storageKey(code));
      if (this.closed) return;
      this.showForms(code);
      this.showError(`Room ${code} is no longer open to you here (it may have expired). Join ` +
                     'it again or make a new one.');
    }
  }

  private joined(code: string, state: RoomState, key: string): void {
    this.code = code;
    this.key = key;
    sessionStorage.setItem(storageKey(code), key);
    // The room's address, to share; replaceState fires no hashchange, so the page stays.
    history.replaceState(null, '', `#/boggle/room/${code}`);
    fill(this.element, this.title, this.share, this.statusLine, this.practiceLine, this.messages,
         this.resultsBox, this.playersBox, h('div', { class: 'row' }, this.startButton),
         this.waitNote);
    this.feed?.close();
    this.feed = followRoom<View>(code, key, (update) => this.update(update), () => this.lost());
    this.update(state, true);
    this.title.focus();
  }

  private lost(): void {
    if (this.closed) return;
    this.showError('The connection to the room was lost (the server may have restarted). ' +
                   'Reload the page to rejoin.');
  }

  private async start(): Promise<void> {
    const state = this.state;
    if (this.busy || !state) return;
    this.setBusy(true);
    try {
      const next = await startRoom<View>(this.code, this.key);
      this.setBusy(false);
      this.update(next);
    } catch (error) {
      this.setBusy(false);
      this.showError(messageOf(error));
    }
  }

  /** The host removes the player at `seat` (one who holds up a round, or who should not be here). */
  private async remove(seat: number, name: string): Promise<void> {
    if (this.busy) return;
    this.setBusy(true);
    try {
      const next = await sendRoomCommand<View>(this.code, this.key,
                                               { command: 'remove', player: seat });
      this.setBusy(false);
      this.update(next);
    } catch (error) {
      this.setBusy(false);
      this.showError(`${name} could not be removed: ${messageOf(error)}`);
    }
  }

  // --- The player's round, played as their seat (the board's commands).

  async command(command: Record<string, unknown>): Promise<Snapshot<View>> {
    const reply = await sendRoomCommand<View>(this.code, this.key, command);
    // The room as the reply leaves it (the results, when this ended the round), told by the
    // board with the end of the player's round.
    this.update(reply, false, true);
    if (!reply.view.your_round) throw new ApiError('You are not in this round.', 409, 'not_in_round');
    return { ...reply, view: reply.view.your_round };
  }

  refresh(): void {
    if (this.key === '') return;
    readRoom<View>(this.code, this.key).then((state) => this.update(state), () => this.lost());
  }

  // --- The room as it changes.

  /** `quiet`: the reply to the board's own command, which the board tells. */
  private update(snapshot: RoomState, first = false, quiet = false): void {
    // Each change has a higher version: keep the newer state.
    if (snapshot.version < this.version) return;
    this.version = snapshot.version;
    this.practice = snapshot.practice ?? false;
    const before = this.state;
    const next = snapshot.view;
    this.state = next;
    if (quiet) {
      this.render(next);
      return;
    }
    this.clearError();
    const host = next.players[0]?.name ?? '';
    const round = roundOf(next);
    const sentences: string[] = [];
    if (first) {
      const others = next.players.filter((p, i) => i !== next.you && !p.removed)
          .map((p) => p.name);
      sentences.push(`You are in room ${this.code}` +
                     (others.length > 0 ? ` with ${namesOf(others)}.` : '.') +
                     (next.you === 0 ? ' Share the code; start the round when everyone is in.'
                                     : ` ${host} starts the round.`));
      if (next.status === 'playing' && !next.your_round) {
        sentences.push('A round is on: you will play in the next one.');
      }
    } else if (before) {
      const known = new Set(before.players.map((p) => p.name));
      next.players.forEach((player, i) => {
        if (!known.has(player.name) && !player.removed) {
          sentences.push(`${player.name} joined the room.`);
        } else if (player.removed && before.players[i] && !before.players[i].removed) {
          sentences.push(i === before.you ? 'The host removed you from this room.'
                                           : `${player.name} was removed from the room.`);
        }
      });
    }
    this.render(next);
    if (next.status === 'playing' && next.your_round && this.playedRound !== round) {
      this.playedRound = round;
      const who = next.you === 0 ? 'You' : host;
      sentences.push(`${who} started round ${round}.`);
      this.board.playRound(round, next.your_round, sentences.join(' '));
      return;
    }
    // The player's round as the room now shows it: its end (the clock ran out), or its answers
    // (the round is over for everyone). The board tells its end, and the results with it.
    if (next.your_round && this.playedRound === round) this.board.roundChanged(next.your_round);
    if (next.status === 'finished' && next.results && this.toldResults !== round) {
      this.toldResults = round;
      sentences.push(this.resultsSentence(next, next.results));
      this.focusResults();
    }
    if (sentences.length > 0) say(sentences.join(' '));
  }

  /** The player's own round ended on the board: what to add to its announcement. */
  roundEnded(): string {
    const state = this.state;
    if (!state) return '';
    if (state.status === 'finished' && state.results && roundOf(state) === this.playedRound) {
      this.toldResults = roundOf(state);
      this.focusResults();
      return this.resultsSentence(state, state.results);
    }
    const waiting = state.players.some((player, i) => i !== state.you &&
                                                     player.in_round !== false && !player.done);
    // The last player's results are on their way: they will be told as they come.
    return waiting ? 'Waiting for the others to finish.' : '';
  }

  private render(state: RoomView<View>): void {
    const code = this.code;
    fill(this.title, `Room ${code}`);
    const link = `${location.origin}${location.pathname}#/boggle/room/${code}`;
    fill(this.share, 'Share the code ', h('strong', { class: 'mono bg-room-code' }, code),
         ' or this link: ', h('a', { href: link }, link), ' ',
         h('button', { type: 'button', class: 'bg-room-copy',
                       onclick: () => void copyText(link).then(
                           (copied) => say(copied ? 'The link is copied.'
                                                  : 'The link could not be copied: select it.')) },
           'Copy link'));
    // During a round, the board comes first (a phone has no room for more above it).
    this.share.hidden = state.status === 'playing';
    const size = Number(state.config.size ?? 4);
    const seconds = Number(state.config.seconds ?? 180);
    const clock = seconds % 60 === 0 ? countOf(seconds / 60, 'minute')
                                     : countOf(seconds, 'second');
    const host = state.players[0]?.name ?? '';
    const round = roundOf(state);
    const what = state.status === 'waiting' ? 'Waiting for players.'
        : state.status === 'playing' ? `Round ${round} is on.`
        : `Round ${round} is over.`;
    fill(this.statusLine, `${what} A ${size} × ${size} board, ${clock} on the clock.`);
    // A room on a seed its host typed: its boards were known before it began.
    fill(this.practiceLine, practiceText(this.practice));
    this.practiceLine.hidden = !this.practice;
    const isHost = state.you === 0;
    const present = state.players.filter((player) => !player.removed).length;
    fill(this.playersBox,
         h('h3', {}, `Players (${present})`),
         h('ul', { class: 'bg-room-list' },
           state.players.map((player, i) => {
             if (player.removed) return null;
             const notes: string[] = [];
             if (player.host) notes.push('host');
             if (i === state.you) notes.push('you');
             let doing = '';
             if (state.status === 'playing') {
               doing = player.in_round === false ? 'plays the next round'
                   : player.done ? 'done ✓' : 'playing…';
             }
             // The host may remove anyone else: someone who holds up a round, or a stranger.
             const remove = isHost && i !== 0
                 ? h('button', { type: 'button', class: 'bg-room-remove',
                                 'aria-label': `Remove ${player.name}`,
                                 onclick: () => void this.remove(i, player.name) }, 'Remove')
                 : null;
             return h('li', { class: player.done && state.status === 'playing' ? 'bg-done' : null },
                      h('span', { class: 'bg-room-name' }, player.name),
                      notes.length > 0 ? ` (${notes.join(', ')})` : '',
                      doing !== '' ? h('span', { class: 'bg-room-doing' }, ` — ${doing}`) : null,
                      remove === null ? null : ' ', remove);
           })));
    this.startButton.hidden = !isHost || state.status === 'playing';
    // After a round, the next one on a new board is the room's rematch.
    fill(this.startButton, state.status === 'waiting' ? 'Start the round' : 'Rematch: start the next round');
    this.waitNote.hidden = isHost || state.status === 'playing';
    fill(this.waitNote, state.status === 'waiting' ? `Waiting for ${host} (the host) to start.`
                                                   : `${host} (the host) starts the rematch.`);
    if (state.status === 'finished' && state.results) {
      if (this.shownResults !== round) {
        this.shownResults = round;
        this.renderResults(state, state.results);
      }
    } else {
      this.resultsBox.hidden = true;
    }
  }

  private resultsSentence(state: RoomView<View>, results: RoomResults): string {
    const you = state.you === null ? undefined : state.players[state.you]?.name;
    const named = (i: number) => {
      const name = results.players[i]?.name ?? '';
      return name === you ? `${name} (you)` : name;
    };
    const top = results.winners.length > 0 ? results.players[results.winners[0]].score : 0;
    const winners = results.winners.length === 0 ? 'Nobody played.'
        : results.winners.length === 1
        ? `${named(results.winners[0])} wins with ${countOf(top, 'point')}.`
        : `A tie: ${namesOf(results.winners.map(named))} with ${countOf(top, 'point')} each.`;
    const shared = results.shared.length === 0 ? 'No word was found twice.'
        : `${countOf(results.shared.length, 'word')} found by more than one player scored ` +
          `nothing: ${results.shared.map((w) => w.toUpperCase()).join(', ')}.`;
    return `Round ${roundOf(state)} results: ${winners} ${shared}`;
  }

  private renderResults(state: RoomView<View>, results: RoomResults): void {
    const you = state.you === null ? undefined : state.players[state.you]?.name;
    fill(this.resultsBox,
         h('h3', { id: 'bg-results-title', tabindex: -1 }, `Results of round ${roundOf(state)}`),
         h('p', { class: 'status-line bg-room-winner' },
           this.resultsSentence(state, results).replace(/^Round [0-9]+ results: /, '')),
         h('table', { class: 'bg-results' },
           h('caption', { class: 'visually-hidden' }, 'Each player’s words and score'),
           h('thead', {},
             h('tr', {},
               h('th', { scope: 'col' }, 'Player'),
               h('th', { scope: 'col' }, 'Words (shared words score 0)'),
               h('th', { scope: 'col', class: 'number' }, 'Score'))),
           h('tbody', {},
             results.players.map((player, i) => {
               const won = results.winners.includes(i);
               return h('tr', { class: won ? 'bg-winner' : null },
                        h('th', { scope: 'row' }, player.name, player.name === you ? ' (you)' : '',
                          won ? h('span', { class: 'bg-winner-mark' }, ' ★ winner') : null),
                        h('td', {},
                          player.words.length === 0 ? 'No words'
                              : h('ul', { class: 'bg-words' },
                                  player.words.map((word) => h('li', {},
                                    h('span', { class: word.shared ? 'bg-word bg-shared'
                                                                   : 'bg-word' },
                                      h('span', { class: 'bg-result-word' },
                                        word.word.toUpperCase()),
                                      h('span', { class: 'bg-points' },
                                        word.shared ? ' shared, 0' : ` ${word.points}`)))))),
                        h('td', { class: 'number' }, String(player.score)));
             }))),
         results.shared.length > 0
             ? h('p', {}, 'Found by more than one player, so scoring nothing: ',
                 h('span', { class: 'mono' },
                   results.shared.map((w) => w.toUpperCase()).join(', ')), '.')
             : null);
    this.resultsBox.hidden = false;
  }

  private focusResults(): void {
    this.resultsBox.querySelector<HTMLElement>('#bg-results-title')?.focus();
  }

  // --- Busy state and messages.

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.element.setAttribute('aria-busy', String(busy));
    this.startButton.disabled = busy;
  }

  private showError(message: string): void {
    fill(this.messages, errorBox(message));
    say(message);
  }

  private clearError(): void {
    fill(this.messages);
  }
}
