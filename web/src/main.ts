// The arcade's entry: the lobby and the router. Each game lives in games/<id>.ts; the list of
// games comes from the server (the app layer's registry), so this file names none of them but
// in the table of pages.
import { ApiError, type GameInfo, listGames } from './api';
import { errorBox, fill, h } from './dom';
import type { GamePage } from './page';
import { playerPicker } from './player';
import { page as auction } from './games/auction';
import { page as boggle } from './games/boggle';
import { page as evilHangman } from './games/evil_hangman';
import { page as hand } from './games/hand';
import { page as hangman } from './games/hangman';
import { page as wordle } from './games/wordle';
import { page as statistics } from './stats';

/** The page of each game, by its registry id. */
const pages: Record<string, GamePage> = {
  hand,
  evil_hangman: evilHangman,
  boggle,
  auction,
  hangman,
  wordle,
};

let games: GameInfo[] = [];
let unmount: () => void = () => {};

function lobby(main: HTMLElement): void {
  document.title = 'wordgames';
  fill(main,
       h('h1', {}, 'wordgames'),
       h('p', { class: 'lead' }, 'Word games, with an honest AI and a few dishonest ones.'),
       playerPicker({ games, canResume: (game) => pages[game.id]?.resumes === true }),
       h('ul', { class: 'lobby' },
         games.map((game) =>
           h('li', {},
             h('a', { class: 'lobby-card', href: `#/${game.name}` },
               h('h2', {}, game.title),
               h('p', {}, game.summary))))),
       h('p', { class: 'lobby-more' },
         h('a', { href: '#/stats' }, 'Statistics and leaderboards')));
}

function route(): void {
  const main = document.getElementById('main');
  if (!main) return;
  unmount();
  unmount = () => {};
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter((part) => part !== '');
  const game = games.find((entry) => entry.name === parts[0] || entry.id === parts[0]);
  if (parts[0] === 'stats') {
    document.title = 'Statistics · wordgames';
    fill(main, h('h1', {}, 'Statistics'));
    const content = h('div', { class: 'stats' });
    main.append(content);
    unmount = statistics.mount(content, parts.slice(1));
  } else if (!game) {
    lobby(main);
  } else {
    document.title = `${game.title} · wordgames`;
    fill(main, h('h1', {}, game.title));
    const content = h('div', { class: `game game-${game.id}` });
    main.append(content);
    unmount = pages[game.id]?.mount(content, parts.slice(1)) ?? (() => {});
  }
  for (const link of document.querySelectorAll('#game-nav a')) {
    const current = link.getAttribute('href') === `#/${parts[0] ?? ''}`;
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  main.focus({ preventScroll: true });
}

async function start(): Promise<void> {
  const main = document.getElementById('main');
  if (!main) return;
  try {
    games = await listGames();
  } catch (error) {
    fill(main, errorBox(error instanceof ApiError ? error.message : String(error)));
    return;
  }
  const nav = document.getElementById('game-nav');
  if (nav) {
    fill(nav, h('ul', {}, games.map((game) => h('li', {}, h('a', { href: `#/${game.name}` },
                                                                  game.title)))));
  }
  window.addEventListener('hashchange', route);
  route();
}

void start();
