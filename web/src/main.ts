// The arcade's entry: the lobby and the router. Each game lives in games/<id>.ts; the list of
// games comes from the server (the app layer's registry), and the table of their pages is
// generated from the one list of games (game_pages.ts, from WG_GAMES): this file names none.
import { ApiError, type GameInfo, listGames, openChallenge, PLAYER_CHOSEN } from './api';
import { dailySection } from './daily';
import { errorBox, fill, h } from './dom';
import { playerPicker } from './player';
import { gamePages as pages } from './game_pages';
import { gamePicture } from './games/pictures';
import { firstVisit, mountSettings } from './settings';
import { page as statistics } from './stats';

let games: GameInfo[] = [];
let unmount: () => void = () => {};
let refreshSettings: () => void = () => {};

/** A game's title as an address: "Word Search" is #/word-search. */
function titleAddress(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The game an address names: by its name (#/boggle), its id, or its title (#/word-search). */
function gameOf(part: string | undefined): GameInfo | undefined {
  if (part === undefined) return undefined;
  const wanted = part.toLowerCase();
  return games.find((entry) => entry.name === wanted || entry.id === wanted ||
                               titleAddress(entry.title) === wanted);
}

/** The lobby; `missing`, an address that names no page, is said above it. */
function lobby(main: HTMLElement, missing?: string): void {
  document.title = 'wordgames';
  fill(main,
       h('div', { class: 'lobby-hero' },
         h('h1', {}, 'wordgames'),
         h('p', { class: 'lead' }, 'Word games, with an honest AI and a few dishonest ones.')),
       missing ? errorBox(`There is no page at #/${missing}: here are the games.`) : null,
       // A card per game: its picture, name and line, the whole card one link that plays a game
       // at once; under it, a small link to the game's options (its Custom game panel).
       h('ul', { class: 'lobby' },
         games.map((game) =>
           h('li', {},
             h('a', { class: 'lobby-card', href: `#/${game.name}` },
               gamePicture(game.id),
               h('h2', {}, game.title),
               h('p', {}, game.summary)),
             h('a', { class: 'lobby-custom', href: `#/${game.name}/custom`,
                      'aria-label': `Custom game of ${game.title}` }, 'Custom game')))),
       // Each game's puzzle of the day, one click each (daily.ts).
       dailySection(),
       playerPicker({ games, canResume: (game) => pages[game.id]?.resumes === true }),
       h('p', { class: 'lobby-more' },
         h('a', { href: '#/stats' }, 'Statistics and leaderboards')));
}

/** #/challenge/CODE: the server opens the code's game, then its page plays it. */
function challenge(main: HTMLElement, code: string): void {
  document.title = 'Challenge · wordgames';
  fill(main, h('h1', {}, 'Challenge'), h('p', {}, 'Opening the game of this challenge\u2026'));
  openChallenge(code).then(
      (snapshot) => {
        location.hash = `#/${snapshot.game}/${snapshot.id ?? ''}`;
      },
      (error: unknown) => {
        fill(main, h('h1', {}, 'Challenge'),
             errorBox(error instanceof ApiError || error instanceof Error ? error.message
                                                                           : String(error)),
             h('p', {}, h('a', { href: '#/' }, 'The games')));
      });
}

function route(): void {
  const main = document.getElementById('main');
  if (!main) return;
  unmount();
  unmount = () => {};
  refreshSettings();
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter((part) => part !== '');
  const game = gameOf(parts[0]);
  if (game && parts[0] !== game.name) {
    // Another name of the game (its title, its id): the page's own address, without a new page.
    parts[0] = game.name;
    history.replaceState(history.state, '', `#/${parts.join('/')}`);
  }
  if (parts[0] === 'challenge') {
    challenge(main, parts[1] ?? '');
  } else if (parts[0] === 'stats') {
    document.title = 'Statistics · wordgames';
    fill(main, h('h1', {}, 'Statistics'));
    const content = h('div', { class: 'stats' });
    main.append(content);
    unmount = statistics.mount(content, parts.slice(1), '#/stats');
  } else if (!game) {
    lobby(main, parts.length > 0 ? parts.join('/') : undefined);
  } else {
    document.title = `${game.title} · wordgames`;
    fill(main, h('h1', {}, game.title));
    const content = h('div', { class: `game game-${game.id}` });
    main.append(content);
    unmount = pages[game.id]?.mount(content, parts.slice(1), `#/${game.name}`) ?? (() => {});
    // How to play is open on the player's first visit to the game, folded after.
    const howToPlay = content.querySelector<HTMLDetailsElement>('details.rules');
    // The game's picture from the lobby illustrates its rules.
    howToPlay?.querySelector('summary')?.after(gamePicture(game.id));
    if (howToPlay && firstVisit(game.id)) howToPlay.open = true;
  }
  for (const link of document.querySelectorAll('#game-nav a')) {
    const current = link.getAttribute('href') === `#/${parts[0] ?? ''}`;
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    // On a phone the games' line scrolls sideways: the current one is brought to its middle,
    // its neighbours cut at both edges, which says that the line scrolls.
    const line = link.closest('ul');
    if (current && line) {
      const item = link as HTMLElement;
      line.scrollLeft =
          item.offsetLeft - line.offsetLeft - (line.clientWidth - item.offsetWidth) / 2;
    }
  }
  main.focus({ preventScroll: true });
}

async function start(): Promise<void> {
  const main = document.getElementById('main');
  if (!main) return;
  // The player's colours apply before anything is drawn.
  const settings = document.getElementById('site-settings');
  if (settings) refreshSettings = mountSettings(settings);
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
  // Each player has their own settings: another player chosen, theirs apply.
  window.addEventListener(PLAYER_CHOSEN, () => refreshSettings());
  window.addEventListener('hashchange', route);
  route();
}

void start();
