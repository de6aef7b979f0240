// The one "working…" indicator: a page's element shown while a command may take long, but only
// once the answer is late, so that a quick answer shows nothing (no flicker); it may also be said
// once, later still, for those who cannot see it.
import { say } from '../../dom';

export class WorkingIndicator {
  private timers: number[] = [];

  constructor(private readonly element: HTMLElement) {}

  /**
   * A command is sent: the element is shown after `showAfterMs` (0: at once), and `spoken` is
   * said after its own delay when given. Whatever an earlier start had planned is dropped.
   */
  start(showAfterMs: number, spoken?: { text: string; afterMs: number }): void {
    this.cancel();
    if (showAfterMs <= 0) this.element.hidden = false;
    else this.later(showAfterMs, () => { this.element.hidden = false; });
    if (spoken) this.later(spoken.afterMs, () => say(spoken.text));
  }

  /** The answer came (or the page goes away): hidden, and nothing more to come. */
  stop(): void {
    this.cancel();
    this.element.hidden = true;
  }

  private later(ms: number, run: () => void): void {
    this.timers.push(window.setTimeout(run, ms));
  }

  private cancel(): void {
    for (const timer of this.timers) window.clearTimeout(timer);
    this.timers = [];
  }
}
