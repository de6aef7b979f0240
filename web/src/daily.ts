// The lobby's Daily section (docs/API.md, "The daily puzzle"): each game's puzzle of the day, the
// same for everyone, one button each. A click opens the day's session on the server (its seed
// stays there until the game ends) and goes to the game's page at that session's address. A
// date field lists an earlier day's puzzles (the archive, played as practice).
import { ApiError, chosenPlayer, createSession, dailyPuzzles, type DailyPuzzle } from './api';
import { countOf, fill, h } from './dom';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** "Today's Word Search", or "Word Search of 2026-11-20" for an earlier day. */
export function dailyTitle(puzzle: DailyPuzzle, today: string): string {
  return puzzle.date === today ? `Today’s ${puzzle.title}` : `${puzzle.title} of ${puzzle.date}`;
}

/** What the player and the others did: "Your streak: 3 days · Best today: Bob, 20". */
function standing(puzzle: DailyPuzzle): string {
  const parts: string[] = [];
  if (puzzle.streak && puzzle.streak.current > 0) {
    parts.push(`Your streak: ${countOf(puzzle.streak.current, 'day')}`);
  }
  const best = puzzle.leaderboard?.[0];
  if (best) parts.push(`Best: ${best.player}, ${best.score}`);
  return parts.join(' · ');
}

/** The section, filled in when the server answers (hidden if it cannot). */
export function dailySection(): HTMLElement {
  const list = h('ul', { class: 'daily-list' });
  const status = h('p', { class: 'daily-status', role: 'status', 'aria-live': 'polite' });
  const section = h('section', { class: 'daily', 'aria-labelledby': 'daily-heading', hidden: true },
                    h('h2', { id: 'daily-heading' }, 'Daily'),
                    h('p', { class: 'daily-lead' },
                      'The puzzle of the day: the same game for everyone today (UTC).'),
                    list, status);

  const play = async (puzzle: DailyPuzzle, button: HTMLButtonElement): Promise<void> => {
    button.disabled = true;
    status.textContent = `Opening ${puzzle.title}…`;
    try {
      const snapshot = await createSession(puzzle.open);
      location.hash = `#/${puzzle.game}/${snapshot.id ?? ''}`;
    } catch (error) {
      button.disabled = false;
      status.textContent = messageOf(error);
    }
  };

  // The day's leaderboards: each game's best records of the day, folded.
  const boards = h('div', { class: 'daily-boards-list' });
  const boardsPanel = h('details', { class: 'daily-boards' },
                        h('summary', {}, 'The day\u2019s leaderboards'), boards);

  // The archive: an earlier day's puzzles, played as practice.
  const day = h('input', { id: 'daily-date', type: 'date' });
  const archive = h('p', { class: 'daily-archive' },
                    h('label', { for: 'daily-date' }, 'Another day (practice): '), day);

  const show = async (date?: string): Promise<void> => {
    const { today, puzzles } = await dailyPuzzles(date, chosenPlayer());
    day.max = today;
    if (!day.value) day.value = today;
    fill(list, puzzles.map((puzzle) => {
      const said = standing(puzzle);
      const button = h('button', { type: 'button', class: 'daily-play', 'data-game': puzzle.game },
                       h('span', { class: 'daily-title' }, dailyTitle(puzzle, today)),
                       h('span', { class: 'daily-description' }, puzzle.description,
                         puzzle.fairness ? ` (${puzzle.fairness})` : ''),
                       said ? h('span', { class: 'daily-standing' }, said) : null);
      button.addEventListener('click', () => void play(puzzle, button));
      return h('li', {}, button);
    }));
    const played = puzzles.filter((puzzle) => (puzzle.leaderboard ?? []).length > 0);
    fill(boards, played.length === 0
        ? h('p', {}, 'Nobody has played this day\u2019s puzzles for the record yet.')
        : played.map((puzzle) =>
            h('table', { class: 'daily-board' },
              h('caption', {}, dailyTitle(puzzle, today)),
              h('thead', {}, h('tr', {},
                h('th', { scope: 'col', class: 'number' }, 'Rank'),
                h('th', { scope: 'col' }, 'Player'),
                h('th', { scope: 'col', class: 'number' }, 'Score'))),
              h('tbody', {}, (puzzle.leaderboard ?? []).map((line, i) =>
                h('tr', {},
                  h('td', { class: 'number' }, String(i + 1)),
                  h('th', { scope: 'row' }, line.player, line.won ? ' (won)' : ''),
                  h('td', { class: 'number' }, String(line.score))))))));
    status.textContent = '';
  };
  day.addEventListener('change', () => {
    if (day.value) show(day.value).catch((error: unknown) => {
      status.textContent = messageOf(error);
    });
  });

  section.append(boardsPanel, archive);
  show().then(() => { section.hidden = false; }).catch(() => {
    // An arcade without the daily puzzles: the lobby goes on without the section.
  });
  return section;
}
