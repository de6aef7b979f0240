// The one way a page shows a problem or a notice: a visible line that also announces it (through
// the page's one aria-live region).
import { h, say } from '../../dom';

export interface MessageLine {
  element: HTMLElement;
  /** Shows and announces `text`; kind "error" for a refusal. */
  show(text: string, kind?: 'error' | 'notice', announce?: boolean): void;
  clear(): void;
}

/** `base`: the line's class (a form's line is another than its page's). */
export function messageLine(base = 'message'): MessageLine {
  const element = h('p', { class: base, hidden: true });
  return {
    element,
    show(text, kind = 'error', announce = true) {
      element.className = `${base} ${kind}`;
      element.textContent = text;
      element.hidden = false;
      if (announce) say(text);
    },
    clear() {
      // No "error" class left behind: a cleared line shows no problem.
      element.className = base;
      element.hidden = true;
      element.textContent = '';
    },
  };
}
