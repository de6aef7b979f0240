// What a player may do with their last finished game, shown beside the page's end-of-game
// buttons: share it (or, while a challenge is played, whose result it is against) and review it.
import { reviewSession, type Snapshot } from '../../api';
import { h } from '../../dom';
import { reviewToggle } from './review';
import { sharePanel } from './share';

/**
 * Shows in `root`, after the element marked `data-game-end` (else at its end), the share panel
 * and the Review button that `snapshot` of session `id` offers; `rematch` opens a new game of
 * the same options (offered after a challenge answered). Built again only when what it shows
 * changes, so that a review loaded stays open while the page draws its end again.
 */
export function showAfterGame(root: HTMLElement, snapshot: Snapshot<unknown>, id: string | null,
                              rematch: (() => void) | null = null): void {
  const reviewable = snapshot.review === true && snapshot.finished && id !== null;
  const key = JSON.stringify([id, snapshot.share ?? null, snapshot.challenge ?? null, reviewable]);
  const shown = root.querySelector<HTMLElement>('.after-game');
  const anchor = root.querySelector('[data-game-end]');
  if (shown && shown.dataset['key'] === key) {
    if (anchor && shown.previousElementSibling !== anchor) anchor.after(shown);
    return;
  }
  shown?.remove();
  const share = sharePanel(snapshot, rematch);
  const review = reviewable && id !== null ? reviewToggle(() => reviewSession(id)) : null;
  if (!share && !review) return;
  const panel = h('div', { class: 'after-game', 'data-key': key }, share, review);
  if (anchor) anchor.after(panel);
  else root.append(panel);
}
