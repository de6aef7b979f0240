// The end of a game: its share text and challenge link, copied by one button, and for a game
// that answers a challenge, both results side by side (docs/API.md, "Sessions": share).
import type { Share, Snapshot } from '../../api';
import { h, say } from '../../dom';

/** The address that opens the game of challenge `code` (main.ts's #/challenge/ route). */
export function challengeLink(code: string): string {
  return `${location.origin}${location.pathname}#/challenge/${code}`;
}

/** What the Share button copies: the share text, then the challenge link when there is one. */
export function sharedText(share: Share): string {
  return share.code ? `${share.text}\n${challengeLink(share.code)}` : share.text;
}

/**
 * What `snapshot` gives to share: while a challenge is played, whose result it is against; once
 * the game ended, both results (a challenge answered) and the Share button, and for a challenge
 * answered a Rematch button (`rematch`: a new game of the same options, whose end gives a code
 * that challenges them back). Null for a snapshot with neither.
 */
export function sharePanel(snapshot: Snapshot<unknown>,
                           rematch: (() => void) | null = null): HTMLElement | null {
  const share = snapshot.share;
  const challenge = snapshot.challenge;
  if (!share && !challenge) return null;
  const panel = h('section', { class: 'share-panel', 'aria-label': 'Share' });
  if (!share && challenge) {
    panel.append(h('p', { class: 'share-challenge' },
                   `${challenge.name} challenges you to this game; their result: `,
                   h('strong', {}, challenge.result), '.'));
    return panel;
  }
  if (!share) return null;
  if (share.challenge) {
    panel.append(h('p', { class: 'share-results' },
                   'You: ', h('strong', {}, share.result), ' \u00b7 ',
                   `${share.challenge.name}: `, h('strong', {}, share.challenge.result)));
  }
  const copy = h('textarea', { class: 'share-text', readonly: '', rows: '4',
                               'aria-label': 'Share text' });
  copy.value = sharedText(share);
  copy.hidden = true;
  const button = h('button', { type: 'button', class: 'share-button' }, 'Share');
  button.addEventListener('click', () => {
    const text = sharedText(share);
    const manual = (): void => {
      copy.hidden = false;
      copy.focus();
      copy.select();
      say('The clipboard is not available here: the share text is shown to copy.');
    };
    if (!navigator.clipboard?.writeText) {
      manual();
      return;
    }
    navigator.clipboard.writeText(text).then(
        () => say(share.code ? 'Copied the share text and the challenge link.'
                             : 'Copied the share text.'),
        manual);
  });
  panel.append(button);
  if (share.challenge && rematch) {
    panel.append(h('button', { type: 'button', class: 'rematch-button', onclick: rematch },
                   `Rematch: a new game to challenge ${share.challenge.name} back`));
  }
  panel.append(copy);
  return panel;
}
