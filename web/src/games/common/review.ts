// A finished game's review (docs/API.md, "Reviews"): each of the player's moves against the best
// there and what it cost, the summary, the game's own lists, and how exact the figures are.
// reviewToggle() is the Review button with the panel it opens, loading the review on its first
// press (a review solves every position the player met, so it is asked for only when wanted).
import { ApiError, type Review } from '../../api';
import { fill, h, say } from '../../dom';

let toggles = 0;

/** A loss as people read it: a whole number without decimals, else one decimal. */
function lossText(loss: number, unit: string): string {
  const text = Number.isInteger(loss) ? String(loss) : loss.toFixed(1);
  return `${text} ${unit}`;
}

/** The review as elements: summary, moves, sections, method. */
export function reviewContent(review: Review): HTMLElement[] {
  const content: HTMLElement[] = [h('p', { class: 'review-summary' }, review.summary)];
  if (review.share !== null) {
    const percent = Math.round(review.share * 100);
    content.push(h('p', { class: 'review-share' },
                   h('meter', { min: '0', max: '100', value: String(percent),
                                'aria-hidden': 'true' }),
                   ` ${percent} % of the best possible`));
  }
  if (review.moves.length > 0) {
    const rows = review.moves.map((move, i) => {
      const costliest = i === review.costliest;
      const lost = move.loss > 0 ? lossText(move.loss, review.unit) : 'best';
      return h('tr', { class: costliest ? 'review-costliest' : move.loss > 0 ? 'review-lost' : null },
               h('th', { scope: 'row' }, move.label,
                 costliest ? h('span', { class: 'review-tag' }, 'costliest') : null),
               h('td', { 'data-label': 'You played' }, move.played,
                 move.note ? h('span', { class: 'review-note' }, move.note) : null),
               h('td', { 'data-label': 'Best there' }, move.loss > 0 ? move.best : '\u2014'),
               h('td', { class: 'number', 'data-label': 'Lost' },
                 move.loss > 0 ? lost : h('span', { class: 'review-best' }, '\u2713 best'),
                 move.exact ? null : h('span', { class: 'review-bounded' }, 'bounded search')));
    });
    content.push(h('div', { class: 'review-scroll', role: 'region', tabindex: 0,
                            'aria-label': 'Moves reviewed' },
                   h('table', { class: 'review-moves' },
                     h('caption', {}, 'Each move against the best there'),
                     h('thead', {}, h('tr', {},
                       h('th', { scope: 'col' }, 'Move'),
                       h('th', { scope: 'col' }, 'You played'),
                       h('th', { scope: 'col' }, 'Best there'),
                       h('th', { scope: 'col', class: 'number' }, 'Lost'))),
                     h('tbody', {}, rows))));
  }
  for (const section of review.sections) {
    content.push(h('section', { class: 'review-section' },
                   h('h4', {}, section.title),
                   h('ul', {}, section.lines.map((line) => h('li', {}, line)))));
  }
  if (review.method) content.push(h('p', { class: 'review-method' }, review.method));
  return content;
}

/** What to say when the review cannot be had. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The Review button and its panel. The first press loads the review (`load`) and shows it;
 * later presses fold and unfold it. What it shows is announced (aria-live).
 */
export function reviewToggle(load: () => Promise<Review>, label = 'Review'): HTMLElement {
  const id = `review-${++toggles}`;
  const panel = h('div', { class: 'review-panel', id, hidden: true, tabindex: -1,
                           'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'review-button', 'aria-expanded': 'false',
                               'aria-controls': id }, label);
  let loaded = false;
  let loading = false;
  button.addEventListener('click', () => {
    if (loading) return;
    if (loaded) {
      panel.hidden = !panel.hidden;
      button.setAttribute('aria-expanded', String(!panel.hidden));
      return;
    }
    loading = true;
    button.setAttribute('aria-busy', 'true');
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    fill(panel, h('p', { class: 'review-loading' }, 'Reviewing every move…'));
    load().then((review) => {
      loaded = true;
      fill(panel, h('h3', { class: 'review-heading' }, 'Review'), reviewContent(review));
      say(`Review: ${review.summary}`);
    }, (error: unknown) => {
      fill(panel, h('p', { class: 'review-failed', role: 'alert' },
                    `The review failed: ${failureText(error)}`));
    }).finally(() => {
      loading = false;
      button.removeAttribute('aria-busy');
    });
  });
  return h('div', { class: 'review' }, button, panel);
}
