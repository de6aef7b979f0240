// A letter auction being played or watched: the controls (for the owner of a table of bots or a
// replay), the person's answers, the board, and the announcements. The table draws the
// snapshots it is given and sends its commands through the page, whose session controller
// (common/session.ts) talks to the server.
//
// A person's table is not stepped: it sends `run_to_end` whenever the game is ready, and the
// game (the session) plays on by itself to the person's next bid or word, and after each answer
// to the one after, so the person acts only when asked; what was played in between is told.
import type { Snapshot } from '../../api';
import { fill, h, say } from '../../dom';
import type { MessageLine } from '../common/message';
import { answerPanel } from './answer';
import * as board from './board';
import { controls } from './controls';
import { askKey, narrate } from './narrate';
import { asked, type AuctionView } from './types';

export interface TableOptions {
  /** A spectator's table: no controls, no answers, nothing sent. */
  watching: boolean;
  /**
   * Sends a command (the owner's): resolves to whether the server answered it. What went wrong
   * otherwise is the page's to show (in `message`).
   */
  send?(command: Record<string, unknown>): Promise<boolean>;
  /** The page's message line, shown in the table: its problems and notices. */
  message: MessageLine;
  /** The person's time per answer, in seconds. */
  answerSeconds: number;
  /**
   * "Play again": the next game of the session, or a new session when this one's seed, shown at
   * its end, would give the next game away (SessionController.playAgain); "Custom game" goes back
   * to the form.
   */
  playAgain?(): void;
  newSetup(): void;
  /** A replay of a saved log: its one game, so no "Play again". */
  replay?: boolean;
}

/** What the page keeps of the table: it hands it every snapshot, and tears it down. */
export interface Table {
  element: HTMLElement;
  /** Draws a snapshot (the first, a reply or a pushed update) and announces what changed. */
  apply(snapshot: Snapshot<AuctionView>): void;
  /** The live updates stopped: says so (for a spectator with none yet: no game to watch). */
  disconnected(): void;
  /** Puts the keyboard where the game continues (once the table is in the page). */
  focus(): void;
  /**
   * Says `text` and where the game is; on a person's table about to play on to the person's
   * next answer, says it before what that brings instead.
   */
  greet(text: string): void;
  close(): void;
}

export function table(options: TableOptions): Table {
  let view: AuctionView | null = null;
  let shownVersion = -1;
  let busy = false;
  let playTimer: number | undefined;
  let closed = false;
  let watchCode = '';
  const message = options.message;
  /** What greet() left to say before the next narration (a person's table playing on). */
  let greeting = '';
  /** The person's table sent `run_to_end` and it did not go through: the controls are shown. */
  let flowFailed = false;

  /** A table the game plays on by itself to its person's answers (not a replay, not watched). */
  const flows = (current: AuctionView) =>
    !options.watching && !options.replay && current.seat !== null;
  /** Whether the status line says what Step does: the owner steps a table of bots, a replay. */
  const steps = (current: AuctionView) => !options.watching && !flows(current);

  const status = h('p', { class: 'status-line auction-status' });
  const latest = h('div', { class: 'auction-latest-box' });
  const watchBox = h('div', { class: 'auction-watch' });
  const parts = {
    open: h('div', {}),
    players: h('div', {}),
    auctions: h('div', {}),
    words: h('div', {}),
    standings: h('div', {}),
  };
  const end = h('div', { class: 'auction-end row', hidden: true, 'data-game-end': true });

  // Commands go one at a time, in the order given (the controller takes one at a time): a
  // second click on Step while the first is on its way is a second step, not lost. Each
  // resolves to whether the server answered it; one that did not drops those after it.
  const queue: { command: Record<string, unknown>; done(answered: boolean): void }[] = [];
  const run = (command: Record<string, unknown>): Promise<boolean> => {
    if (!options.send || queue.length >= 8) return Promise.resolve(false);
    const sent = new Promise<boolean>((done) => queue.push({ command, done }));
    if (!busy) void drain();
    return sent;
  };
  const drain = async () => {
    busy = true;
    while (queue.length > 0 && !closed && options.send) {
      const next = queue.shift() as (typeof queue)[number];
      const answered = await options.send(next.command);
      next.done(answered);
      if (view && flows(view)) {
        // Not played on (the connection dropped): the controls go on by hand, until a command
        // goes through again.
        if (answered) flowFailed = false;
        else if (next.command.command === 'run_to_end') flowFailed = true;
        showControls(view);
        if (!answered && greeting !== '') {
          say(`${greeting} ${statusOf(view)}`);
          greeting = '';
        }
      }
      if (!answered) {
        for (const dropped of queue.splice(0)) dropped.done(false);
        controlBar?.pause();
      }
    }
    busy = false;
    // A person's table that became ready meanwhile (a new game) plays on.
    if (view && !closed) playOn(view);
    schedule();
  };

  /** The questions the person answered from this page (the others timed out on the server). */
  const answeredHere = new Set<string>();
  const answer = async (command: Record<string, unknown>): Promise<string | null> => {
    const key = view ? askKey(view) : '';
    answeredHere.add(key);  // before the reply: the pushed update may come first
    // Not answered: the page's message line says why.
    let problem = await run(command) ? null : '';
    // The auction's refusals are private events: an answer the game did not take leaves the
    // same question open.
    if (problem === null && view && key !== '' && askKey(view) === key) {
      problem = 'The game did not take that answer; try again.';
    }
    if (problem !== null) answeredHere.delete(key);
    return problem;
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
      if (controlBar?.playing()) void run({ command: 'step' });
    }, controlBar.delay());
  };

  const controlBar = options.watching ? null : controls({
    command: (command) => void run(command),
    play: (on) => {
      if (on) {
        say('Playing.');
        if (!busy) void run({ command: 'step' });
      } else {
        stopPlaying();
        say('Paused.');
      }
    },
  });

  const answers = options.watching ? null : answerPanel(options.answerSeconds, answer);

  /**
   * The controls are for stepping: a person's table shows them only when playing on failed (the
   * connection dropped), to go on by hand.
   */
  const showControls = (current: AuctionView) => {
    if (controlBar) controlBar.element.hidden = flows(current) && !flowFailed;
  };

  /** Whether the table is about to play on to its person's next answer. */
  const willPlayOn = (current: AuctionView) =>
    flows(current) && current.status === 'ready' && !flowFailed;
  /** A person's table that is ready plays on to the person's next answer (once at a time). */
  const playOn = (current: AuctionView) => {
    if (willPlayOn(current) && !busy) void run({ command: 'run_to_end' });
  };

  const againButton = h('button', { type: 'button', class: 'primary', id: 'auction-again',
                                    onclick: () => options.playAgain?.() },
                          'Play again');
  const setupButton = h('button', { type: 'button', onclick: () => options.newSetup() },
                        'Custom game');
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
      message.show(`Time ran out: ${what}.`, 'notice', false);
    }
    if (before !== null) {
      sentence = `${greeting} ${sentence}`.trim();
      greeting = '';
    }
    if (before === null && options.watching) {
      say(`Watching the game. ${board.statusText(next, false)}`);
    } else if (before !== null && willPlayOn(next)) {
      // Said with what playing on brings, in one announcement.
      greeting = sentence;
    } else if (sentence !== '' && before !== null) {
      say(sentence);
    }
    playOn(next);
  }

  /** What the status line says now. */
  const statusOf = (current: AuctionView) => board.statusText(current, steps(current));

  function render(current: AuctionView): void {
    status.textContent = statusOf(current);
    fill(latest, board.latest(current));
    fill(parts.open, asked(current) ? null : board.openAuction(current));
    fill(parts.players, board.players(current));
    fill(parts.auctions, board.auctions(current));
    fill(parts.words, board.lastRound(current));
    fill(parts.standings, board.standings(current));
    const over = current.status === 'finished';
    const question = asked(current);
    controlBar?.update(current.status === 'ready', over);
    showControls(current);
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
                    status, watchBox, message.element, end, answers?.element, parts.open,
                    controlBar?.element, latest, parts.standings, parts.players, parts.auctions,
                    parts.words);
  element.addEventListener('answered', () => {
    if (controlBar && view?.status === 'ready') controlBar.step.focus();
  });

  return {
    element,
    apply,
    disconnected() {
      if (closed) return;
      message.show(view === null
          ? 'There is no game to watch at this address: it ended, expired or never existed.'
          : 'The live connection to the game closed; reload the page to follow it again.');
    },
    greet(text) {
      if (!view) return;
      // Playing on says the rest.
      if (willPlayOn(view)) greeting = `${text} ${greeting}`.trim();
      else say(`${text} ${statusOf(view)}`);
    },
    focus() {
      const target = element.querySelector<HTMLElement>('#auction-bid, #auction-word') ??
                     (controlBar && !controlBar.step.disabled ? controlBar.step : null);
      target?.focus();
    },
    close() {
      closed = true;
      stopPlaying();
      answers?.stop();
      for (const dropped of queue.splice(0)) dropped.done(false);
    },
  };
}
