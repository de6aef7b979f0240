// The lobby's player picker (docs/API.md, "Players"): choose or add a name, remembered in this
// browser, so that the server keeps that player's games; and the player's unfinished games, to
// resume. Shown only when the arcade keeps players (not under `serve --no-store`).
import { ApiError, addPlayer, choosePlayer, chosenPlayer, type GameInfo, listPlayers,
         resumeSession, type UnfinishedGame, unfinishedGames } from './api';
import { countOf, errorBox, fill, h, say } from './dom';

/** What the picker needs of the lobby: the games, and which of their pages can resume one. */
export interface PlayerPickerSettings {
  games: GameInfo[];
  canResume(game: GameInfo): boolean;
}

const ANONYMOUS = '';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** "saved 24 Nov, 18:40" in the reader's own locale and time zone. */
function savedWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short',
                                                  hour: '2-digit', minute: '2-digit' });
}

/** The picker, filled in when the server answers (empty and hidden if nothing is kept). */
export function playerPicker(settings: PlayerPickerSettings): HTMLElement {
  const section = h('section', { class: 'players', 'aria-labelledby': 'players-heading',
                                 hidden: true });
  const select = h('select', { id: 'player-choice' });
  const nameInput = h('input', { id: 'player-new', type: 'text', maxlength: 40,
                                 autocomplete: 'off', spellcheck: 'false' });
  const problem = h('div', { class: 'players-problem' });
  const resumeBox = h('div', { class: 'players-resume' });

  const showResumes = async (player: string | null): Promise<void> => {
    fill(resumeBox);
    if (player === null) return;
    let unfinished: UnfinishedGame[];
    try {
      unfinished = await unfinishedGames(player);
    } catch (error) {
      // A player forgotten by the server (another data file): anonymous again.
      if (error instanceof ApiError && error.code === 'unknown_player') return;
      fill(resumeBox, errorBox(messageOf(error)));
      return;
    }
    const entries = unfinished.flatMap((saved) => {
      const game = settings.games.find((g) => g.name === saved.game || g.id === saved.game);
      if (!game || !settings.canResume(game)) return [];
      return [h('li', {},
                h('button', {
                  type: 'button', class: 'players-resume-button',
                  onclick: () => void resume(saved, game, player),
                }, `Resume ${game.title}`),
                ` ${countOf(saved.moves, 'move')}, saved ${savedWhen(saved.saved_ms)}`)];
    });
    if (entries.length === 0) return;
    fill(resumeBox, h('h3', { id: 'players-resume-heading' }, `${player}\u2019s unfinished games`),
         h('ul', { 'aria-labelledby': 'players-resume-heading' }, entries));
  };

  const resume = async (saved: UnfinishedGame, game: GameInfo, player: string):
      Promise<void> => {
    try {
      const snapshot = await resumeSession(saved.id, player);
      location.hash = `#/${game.name}/${snapshot.id ?? ''}`;
    } catch (error) {
      fill(problem, errorBox(messageOf(error)));
      void showResumes(player);
    }
  };

  const choose = (player: string | null): void => {
    choosePlayer(player);
    fill(problem);
    say(player === null ? 'Playing anonymously: games are not kept.'
                        : `Playing as ${player}: games are kept.`);
    void showResumes(player);
  };

  const fillChoices = (players: string[], chosen: string | null): void => {
    fill(select, h('option', { value: ANONYMOUS }, 'Nobody (games not kept)'),
         players.map((name) => h('option', { value: name, selected: name === chosen }, name)));
    select.value = chosen ?? ANONYMOUS;
  };

  select.addEventListener('change', () => choose(select.value === ANONYMOUS ? null
                                                                             : select.value));

  const form = h('form', { class: 'row players-add' },
                 h('label', { for: 'player-new' }, 'New player', nameInput),
                 h('button', { type: 'submit' }, 'Add'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const added = await addPlayer(nameInput.value);
        const { players } = await listPlayers();
        nameInput.value = '';
        fillChoices(players, added.name);
        choose(added.name);
      } catch (error) {
        fill(problem, errorBox(messageOf(error)));
        nameInput.focus();
      }
    })();
  });

  void (async () => {
    try {
      const { store, players } = await listPlayers();
      if (!store) return;
      let chosen = chosenPlayer();
      // Chosen on another server, or with names matched without regard to case: its spelling here.
      chosen = players.find((name) => name.toLowerCase() === chosen?.toLowerCase()) ?? null;
      choosePlayer(chosen);
      fillChoices(players, chosen);
      fill(section,
           h('h2', { id: 'players-heading' }, 'Who is playing?'),
           h('div', { class: 'row' }, h('label', { for: 'player-choice' }, 'Player', select),
             form),
           problem, resumeBox);
      section.hidden = false;
      void showResumes(chosen);
    } catch {
      // No picker: the games are played anonymously, as without a store.
    }
  })();
  return section;
}
