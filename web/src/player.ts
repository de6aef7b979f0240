// The lobby's player picker (docs/API.md, "Players"): choose or add a name, remembered in this
// browser, so that the server keeps that player's games; and the player's unfinished games, to
// resume. Shown only when the arcade keeps players (not under `serve --no-store`). A name is
// someone's: the browser that made it holds its player code, shown here to carry to another
// device, where choosing the name asks for it.
import { ApiError, addPlayer, choosePlayer, chosenPlayer, type GameInfo, listPlayers,
         playerSecret, resumeSession, type UnfinishedGame, unfinishedGames } from './api';
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
  const codeBox = h('div', { class: 'players-code' });
  const signInBox = h('div', { class: 'players-sign-in' });

  /** The chosen player's code, folded away: what carries the name to another device. */
  const showCode = (player: string | null): void => {
    const code = player === null ? null : playerSecret(player);
    if (player === null || code === null) {
      fill(codeBox);
      return;
    }
    fill(codeBox, h('details', {},
                    h('summary', {}, 'Your player code'),
                    h('p', {}, 'To play as ', h('strong', {}, player),
                      ' on another device, choose the name there and enter this code:'),
                    h('p', {}, h('code', { class: 'players-code-value' }, code))));
  };

  /** Asks for `name`'s player code; chooses the name once the server takes it. */
  const askCode = (name: string, onCancel: () => void): void => {
    const codeInput = h('input', { id: 'player-code', type: 'text', autocomplete: 'off',
                                   spellcheck: 'false', size: 34 });
    const cancel = h('button', { type: 'button' }, 'Cancel');
    const signIn = h('form', { class: 'row' },
                     h('label', { for: 'player-code' }, 'Player code', codeInput),
                     h('button', { type: 'submit', class: 'primary' }, 'Sign in'), cancel);
    cancel.addEventListener('click', () => {
      fill(signInBox);
      onCancel();
    });
    signIn.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          const added = await addPlayer(name, codeInput.value.trim());
          fill(signInBox);
          const { players } = await listPlayers();
          fillChoices(players, added.name);
          choose(added.name);
        } catch (error) {
          fill(problem, errorBox(error instanceof ApiError && error.code === 'wrong_secret'
                                     ? `That is not ${name}\u2019s player code.`
                                     : messageOf(error)));
          codeInput.focus();
        }
      })();
    });
    fill(signInBox, h('p', {}, h('strong', {}, name),
                      ' is someone\u2019s name here. If it is yours, enter the player code that ' +
                      'the device where you made it shows under \u201cYour player code\u201d.'),
         signIn);
    codeInput.focus();
  };

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
    showCode(player);
    void showResumes(player);
  };

  let currentPlayers: string[] = [];
  const fillChoices = (players: string[], chosen: string | null): void => {
    currentPlayers = players;
    fill(select, h('option', { value: ANONYMOUS }, 'Nobody (games not kept)'),
         players.map((name) => h('option', { value: name, selected: name === chosen }, name)));
    select.value = chosen ?? ANONYMOUS;
  };

  select.addEventListener('change', () => {
    fill(signInBox);
    const name = select.value === ANONYMOUS ? null : select.value;
    if (name !== null && playerSecret(name) === null) {
      // Another device's name, or someone else's: its code first.
      const previous = chosenPlayer();
      askCode(name, () => fillChoices(currentPlayers, previous));
      return;
    }
    choose(name);
  });

  const form = h('form', { class: 'row players-add' },
                 h('label', { for: 'player-new' }, 'New player', nameInput),
                 h('button', { type: 'submit' }, 'Add'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const name = nameInput.value;
      try {
        const added = await addPlayer(name);
        const { players } = await listPlayers();
        nameInput.value = '';
        fillChoices(players, added.name);
        choose(added.name);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'wrong_secret') {
          nameInput.value = '';
          askCode(name.trim(), () => nameInput.focus());
          return;
        }
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
      // Chosen on another server, or with names matched without regard to case: its spelling
      // here; a name this browser holds no code for is not this browser's to play.
      chosen = players.find((name) => name.toLowerCase() === chosen?.toLowerCase()) ?? null;
      if (chosen !== null && playerSecret(chosen) === null) chosen = null;
      choosePlayer(chosen);
      fillChoices(players, chosen);
      fill(section,
           h('h2', { id: 'players-heading' }, 'Who is playing?'),
           h('div', { class: 'row' }, h('label', { for: 'player-choice' }, 'Player', select),
             form),
           signInBox, problem, codeBox, resumeBox);
      section.hidden = false;
      showCode(chosen);
      void showResumes(chosen);
    } catch {
      // No picker: the games are played anonymously, as without a store.
    }
  })();
  return section;
}
