// The best boards (#/boggle/best; docs/games/boggle.md, "The best board"): the records of the
// board search (`wordgames boggle best`), each drawn small with its score on this arcade's word
// list, and a button that plays it alone on the Boggle page.
import { type BestBoard, bestBoards } from '../../api';
import { countOf, errorBox, fill, h } from '../../dom';
import { messageOf } from '../common/errors';

/** A board drawn small; read out as its rows ("The board, row 1: P E R S; row 2: ..."). */
function miniBoard(board: BestBoard['board']): HTMLElement {
  const rows: string[] = [];
  const grid = h('div', { class: 'bg-mini', role: 'img' });
  grid.style.setProperty('--cols', String(board.cols));
  for (let r = 0; r < board.rows; ++r) {
    const cells = board.cells.slice(r * board.cols, (r + 1) * board.cols)
        .map((cell) => cell === null ? 'blank' : cell.charAt(0) + cell.slice(1).toLowerCase());
    rows.push(`row ${r + 1}: ${cells.join(' ')}`);
    for (const cell of cells) grid.append(h('span', {}, cell === 'blank' ? '' : cell));
  }
  grid.setAttribute('aria-label', `The board, ${rows.join('; ')}`);
  return grid;
}

export class BestBoards {
  readonly element = h('section', { class: 'bg-best', 'aria-labelledby': 'bg-best-title' });
  private readonly title = h('h2', { id: 'bg-best-title', tabindex: -1 }, 'The best boards');

  constructor(private readonly play: (board: BestBoard) => void) {}

  async mount(): Promise<void> {
    fill(this.element, this.title, h('p', {}, 'Loading the boards…'));
    try {
      this.render(await bestBoards());
    } catch (error) {
      fill(this.element, this.title, errorBox(messageOf(error)));
    }
  }

  /** Shows the list again (after a round on one of its boards). */
  show(): void {
    this.element.hidden = false;
    this.title.focus();
  }

  private render(boards: BestBoard[]): void {
    fill(this.element, this.title,
         h('p', {}, 'The highest-scoring boards found by the board search, with Boggle ' +
                    'scoring (1 point for 3–4 letters, 2 for 5, 3 for 6, 5 for 7, 11 for 8 or ' +
                    'more). How many of their words can you find?'),
         h('ul', { class: 'bg-best-list' }, boards.map((best) =>
           h('li', { class: 'bg-best-card' },
             h('h3', {}, `${best.title}: ${countOf(best.score, 'point')}`),
             miniBoard(best.board),
             h('p', {}, `${countOf(best.words, 'word')} of ${best.min_length} letters or more` +
                        (best.score === best.enable_score
                          ? '.'
                          : ` on this word list (${countOf(best.enable_score, 'point')} on ` +
                            'ENABLE).')),
             h('p', { class: 'hint' }, best.note),
             h('button', { type: 'button', class: 'primary', onclick: () => this.play(best) },
               `Play the ${best.title} board`)))));
  }
}
