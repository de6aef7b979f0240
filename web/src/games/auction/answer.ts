// A person seat's answers: the sealed bid on the letter up (a number, Enter sends it) and the
// word at the round's end, each with a countdown of the time the server allows (display only:
// the server counts a missing answer as a bid of 0 or no word).
import { countOf, errorBox, fill, h, say } from '../../dom';
import { tile } from './board';
import { askKey } from './narrate';
import { asked, type AuctionView, canMake, letterValue, rackOf } from './types';

/** "45 s", "9:59". */
function clock(seconds: number): string {
  return seconds < 60 ? `${seconds} s`
                      : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface AnswerPanel {
  element: HTMLElement;
  /** Shows what the view asks (rebuilt only when the question changes). */
  update(view: AuctionView): void;
  /** Stops the countdown. */
  stop(): void;
}

/**
 * The panel; `send` posts the command and resolves to an error message, or null once the
 * server took it.
 */
export function answerPanel(seconds: number,
                            send: (command: Record<string, unknown>) => Promise<string | null>):
    AnswerPanel {
  const element = h('section', { class: 'auction-answer', 'aria-labelledby': 'auction-answer-title',
                                 hidden: true });
  let key = '';
  let timer: number | undefined;

  const stop = () => {
    if (timer !== undefined) window.clearInterval(timer);
    timer = undefined;
  };

  const countdown = () => {
    const left = h('span', { class: 'auction-seconds' }, clock(seconds));
    const bar = h('div', { class: 'bar auction-bar' });
    const wrap = h('div', { class: 'auction-clock' },
                   h('p', {}, 'Time left: ', left, ' ',
                     h('span', { class: 'auction-help' }, '(then the game counts no answer)')),
                   h('div', { class: 'auction-track', 'aria-hidden': 'true' }, bar));
    const started = Date.now();
    const tick = () => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      left.textContent = clock(remaining);
      bar.style.width = `${(100 * remaining) / seconds}%`;
      wrap.classList.toggle('auction-low', remaining <= 5);
      if (remaining === 10 && seconds > 10) say('10 seconds left to answer.');
      if (remaining === 0) stop();
    };
    tick();
    timer = window.setInterval(tick, 1000);
    return wrap;
  };

  const bidForm = (view: AuctionView) => {
    const seat = view.seats[view.seat ?? 0];
    const points = seat?.points ?? 0;
    const letter = view.auction?.letter ?? '?';
    // The letter up and what the person holds describe the field: heard with it.
    const amount = h('input', { id: 'auction-bid', type: 'number', inputmode: 'numeric', min: 0,
                                max: points, value: '', required: true,
                                'aria-describedby': 'auction-bid-up auction-bid-help' });
    const message = h('div', { class: 'auction-message' });
    const form = h('form', { class: 'auction-answer-form', novalidate: true },
      h('div', { class: 'auction-up' }, tile(letter, 'auction-big'),
        h('p', { id: 'auction-bid-up' },
          `${letter} is up, worth ${countOf(letterValue(letter), 'point')}. `,
          `You have ${countOf(points, 'point')}; your letters: ${rackOf(view) || 'none yet'}.`)),
      h('div', { class: 'row' },
        h('label', { for: 'auction-bid' }, `Your sealed bid for ${letter}`, amount),
        h('button', { type: 'submit', class: 'primary' }, 'Bid')),
      h('p', { id: 'auction-bid-help', class: 'auction-help' },
        `0 to ${points}. The highest bid wins and pays the second-highest.`),
      message);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = amount.value.trim();
      const value = Number(text);
      if (text === '' || !Number.isInteger(value) || value < 0 || value > points) {
        const problem = `Bid a whole number from 0 to ${points}: you have ` +
                        `${countOf(points, 'point')}.`;
        fill(message, errorBox(problem));
        say(problem);
        amount.focus();
        return;
      }
      void send({ command: 'bid', amount: value }).then((problem) => {
        if (problem) {
          fill(message, errorBox(problem));
          say(problem);
        }
      });
    });
    return { form, focus: amount };
  };

  const wordForm = (view: AuctionView) => {
    const rack = rackOf(view);
    const word = h('input', { id: 'auction-word', type: 'text', autocomplete: 'off',
                              autocapitalize: 'characters', spellcheck: 'false', maxlength: 40,
                              'aria-describedby': 'auction-word-help' });
    const message = h('div', { class: 'auction-message' });
    const form = h('form', { class: 'auction-answer-form', novalidate: true },
      h('div', { class: 'auction-up' },
        h('span', { class: 'auction-tiles', role: 'img',
                    'aria-label': `your letters: ${rack.split('').join(' ') || 'none'}` },
          [...rack].map((letter) => tile(letter))),
        h('p', {}, 'The round is over: make one word from your letters.')),
      h('div', { class: 'row' },
        h('label', { for: 'auction-word' }, 'Your word', word),
        h('button', { type: 'submit', class: 'primary' }, 'Play the word')),
      h('p', { id: 'auction-word-help', class: 'auction-help' },
        `From ${rack || 'no letters'}; leave it empty for no word. A word of ` +
        `${view.rules.bonus_length} letters or more earns ${view.rules.bonus} more.`),
      message);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = word.value.trim().toUpperCase();
      if (!/^[A-Z]*$/.test(text) || !canMake(text, rack)) {
        const problem = /^[A-Z]*$/.test(text)
            ? `Your letters ${rack || '(none)'} cannot make ${text}.`
            : 'A word is letters A to Z only.';
        fill(message, errorBox(problem));
        say(problem);
        word.focus();
        return;
      }
      void send({ command: 'word', word: text }).then((problem) => {
        if (problem) {
          fill(message, errorBox(problem));
          say(problem);
        }
      });
    });
    return { form, focus: word };
  };

  const update = (view: AuctionView) => {
    const next = askKey(view);
    if (next === key) return;
    key = next;
    stop();
    const question = asked(view);
    const hadFocus = element.contains(document.activeElement);
    if (!question) {
      fill(element);
      element.hidden = true;
      if (hadFocus) element.dispatchEvent(new CustomEvent('answered', { bubbles: true }));
      return;
    }
    const built = question.what === 'bid' ? bidForm(view) : wordForm(view);
    fill(element,
         h('h2', { id: 'auction-answer-title' },
           question.what === 'bid' ? 'Your bid' : 'Your word'),
         built.form, countdown());
    element.hidden = false;
    built.focus.focus();
  };

  return { element, update, stop };
}
