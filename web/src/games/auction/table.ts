// A letter auction being played or watched: the controls (for the owner), the person's answers,
// the board, and the announcements, all following the session's live updates.
import { ApiError, follow, type LiveFeed, sendCommand, type Snapshot } from '../../api';
import { errorBox, fill, h, say } from '../../dom';
import { answerPanel } from './answer';
import * as board from './board';
import { controls } from './controls';
import { askKey, narrate } from './narrate';
import { asked, type AuctionView } from './types';

export interface TableOptions {
  /** The first snapshot (the create reply), or null for a spectator who has only the code. */
  snapshot: Snapshot<AuctionView> | null;
  /** The session's id (the owner), or its watch code (a spectator). */
  key: string;
  watching: boolean;
  /** The person's time per answer, in seconds. */
  answerSeconds: number;
  /** "Play again" is the next game of the session; "New setup" goes back to the form. */
  newSetup(): void;
  /** A replay of a saved log: its one game, so no "Play again". */
  replay?: boolean;
}

/** What the page keeps to tear the table down. */
export interface Table {
  element: HTMLElement;
  /** Puts the keyboard where the game continues (once the table is in the page). */
  focus(): void;
  close(): void;
}

function message(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

export function table(options: TableOptions): Table {
  let view: AuctionView | null = null;
  let shownVersion = -1;
  let busy = false;
  let playTimer: number | undefined;
  let closed = false;
  let watchCode = options.snapshot?.watch ?? (options.watching ? options.key : '');

  const status = h('p', { class: 'status-line auction-status' });
  const latest = h('div', { class: 'auction-latest-box' });
  const problems = h('div', { class: 'auction-message' });
  const watchBox = h('div', { class: 'auction-watch' });
  const parts = {
    open: h('div', {}),
    players: h('div', {}),
    auctions: h('div', {}),
    words: h('div', {}),
    standings: h('div', {}),
  };
  const end = h('div', { class: 'auction-end row', hidden: true });

  const showProblem = (text: string) => {
    fill(problems, errorBox(text));
    say(text);
  };

  const send = async (command: Record<string, unknown>): Promise<string | null> => {
    if (options.watching) return 'Spectators only watch.';
    try {
      apply(await sendCommand<AuctionView>(options.key, command));
      fill(problems);
      return null;
    } catch (error) {
      return message(error);
    }
  };

  /** The questions the person answered from this page (the others timed out on the server). */
  const answeredHere = new Set<string>();
  const answer = async (command: Record<string, unknown>): Promise<string | null> => {
    const key = view ? askKey(view) : '';
    answeredHere.add(key);  // before the reply: the pushed update may come first
    let problem = await send(command);
    // The auction's refusals are private events: an answer the game did not take leaves the
    // same question open.
    if (problem === null && view && key !== '' && askKey(view) === key) {
      problem = 'The game did not take that answer; try again.';
    }
    if (problem !== null) answeredHere.delete(key);
    return problem;
  };

  // Commands go one at a time, in the order given: a second click on Step while the first is
  // on its way is a second step, not lost.
  const queue: Record<string, unknown>[] = [];
  const run = (command: Record<string, unknown>) => {
    if (queue.length >= 8) return;
    queue.push(command);
    if (!busy) void drain();
  };
  const drain = async () => {
    busy = true;
    while (queue.length > 0 && !closed) {
      const problem = await send(queue.shift() as Record<string, unknown>);
      if (problem) {
        queue.length = 0;
        controlBar?.pause();
        showProblem(problem);
      }
    }
    busy = false;
    schedule();
  };

  const stopPlaying = () => {
    if (playTimer !== undefined) window.clearTimeout(playTimer);
    playTimer = undefined;
  };

  /** While playing, the next step after the delay (unless the game waits or ended). */
  const schedule = () => {
    stopPlaying();
    if (closed || !controlBar?.playing() || !view) return;
    if (view.status !== 'ready') {
      controlBar.pause();
      return;
    }
    playTimer = window.setTimeout(() => {
      playTimer = undefined;
      if (controlBar?.playing()) run({ command: 'step' });
    }, controlBar.delay());
  };

  const controlBar = options.watching ? null : controls({
    command: (command) => run(command),
    play: (on) => {
      if (on) {
        say('Playing.');
        if (!busy) run({ command: 'step' });
      } else {
        stopPlaying();
        say('Paused.');
      }
    },
  });

  const answers = options.watching ? null : answerPanel(options.answerSeconds, answer);

  const againButton = h('button', { type: 'button', class: 'primary', id: 'auction-again',
                                    onclick: () => run({ command: 'new_game' }) }, 'Play again');
  const setupButton = h('button', { type: 'button', onclick: () => options.newSetup() },
                        'New setup');
  const again = options.watching || options.replay ? null : againButton;
  fill(end, again, setupButton);

  const showWatch = () => {
    if (!watchCode || options.watching) {
      fill(watchBox);
      return;
    }
    const url = `${location.origin}${location.pathname}#/auction/watch/${watchCode}`;
    fill(watchBox, h('p', {}, 'Others can watch this game at ',
                     h('a', { href: url, class: 'auction-watch-link', target: '_blank',
                              rel: 'noopener' }, url), '.'));
  };

  function apply(snapshot: Snapshot<AuctionView>): void {
    if (closed) return;
    const next = snapshot.view;
    // A reply and a pushed update can cross: the higher version is the newer.
    if (view && snapshot.version < shownVersion) return;
    if (snapshot.watch) watchCode = snapshot.watch;
    const before = view;
    view = next;
    shownVersion = snapshot.version;
    render(next);
    let sentence = narrate(before, next);
    const missed = before ? askKey(before) : '';
    if (missed !== '' && missed !== askKey(next) && !answeredHere.has(missed) &&
        !options.watching) {
      const what = asked(before as AuctionView)?.what === 'bid' ? 'your bid counts as 0'
                                                                : 'you name no word';
      sentence = `Time is up: ${what}. ${sentence}`;
      fill(problems, h('p', { class: 'notice' }, `Time ran out: ${what}.`));
    }
    if (sentence !== '' && before !== null) say(sentence.trim());
  }

  function render(current: AuctionView): void {
    status.textContent = board.statusText(current);
    fill(latest, board.latest(current));
    fill(parts.open, asked(current) ? null : board.openAuction(current));
    fill(parts.players, board.players(current));
    fill(parts.auctions, board.auctions(current));
    fill(parts.words, board.lastRound(current));
    fill(parts.standings, board.standings(current));
    const over = current.status === 'finished';
    const question = asked(current);
    controlBar?.update(current.status === 'ready', over);
    answers?.update(current);
    end.hidden = !over;
    showWatch();
    // The keyboard never lands on a control that just went away.
    const focused = document.activeElement;
    if (!over && !options.watching && focused && end.contains(focused) && current.status === 'ready') {
      controlBar?.step.focus();
    } else if (!focused || focused === document.body ||
        (focused instanceof HTMLButtonElement && focused.disabled)) {
      if (over && !options.watching) (again ?? setupButton).focus();
      else if (!question && controlBar && current.status === 'ready') controlBar.step.focus();
    }
  }

  const element = h('div', { class: 'auction-table' },
                    status, watchBox, problems, end, answers?.element, parts.open,
                    controlBar?.element, latest, parts.standings, parts.players, parts.auctions,
                    parts.words);
  element.addEventListener('answered', () => {
    if (controlBar && view?.status === 'ready') controlBar.step.focus();
  });

  if (options.snapshot) {
    apply(options.snapshot);
    const current = options.snapshot.view;
    say(current.seat !== null
        ? `The game is set: you play seat ${current.seat + 1}. ${board.statusText(current)}`
        : `The game is set. ${board.statusText(current)}`);
  }

  let feed: LiveFeed | null = null;
  const connect = () => {
    feed = follow<AuctionView>(options.key, options.watching, (update) => {
      const first = view === null;
      apply(update);
      if (first) say(`Watching the game. ${board.statusText(update.view)}`);
    }, () => {
      if (closed) return;
      showProblem(view === null
          ? 'There is no game to watch at this address: it ended, expired or never existed.'
          : 'The live connection to the game closed; reload the page to follow it again.');
    });
  };
  connect();

  return {
    element,
    focus() {
      const target = element.querySelector<HTMLElement>('#auction-bid, #auction-word') ??
                     (controlBar && !controlBar.step.disabled ? controlBar.step : null);
      target?.focus();
    },
    close() {
      closed = true;
      stopPlaying();
      answers?.stop();
      feed?.close();
    },
  };
}
