// The simulator's controls: Step (one event), Play and Pause (a step every `delay` ms), the
// delay slider, and runs to the end of the round or of the game.
import { h } from '../../dom';

export interface Controls {
  element: HTMLElement;
  /** The Step button, where the keyboard goes back to after an answer. */
  step: HTMLButtonElement;
  /** Enables what can be done now: `ready` (a step may be sent), `over` (the game ended). */
  update(ready: boolean, over: boolean): void;
  playing(): boolean;
  /** Stops playing (the button reads Play again). */
  pause(): void;
  delay(): number;
}

export interface ControlActions {
  command(command: Record<string, unknown>): void;
  /** Play was pressed (true) or Pause (false). */
  play(on: boolean): void;
}

export function controls(actions: ControlActions, initialDelay = 500): Controls {
  const step = h('button', { type: 'button', class: 'primary', id: 'auction-step',
                             onclick: () => actions.command({ command: 'step' }) }, 'Step');
  const play = h('button', { type: 'button', id: 'auction-play', 'aria-pressed': 'false' }, 'Play');
  const round = h('button', { type: 'button', id: 'auction-round',
                              onclick: () => actions.command({ command: 'run_to_round_end' }) },
                  'To end of round');
  const end = h('button', { type: 'button', id: 'auction-end',
                            onclick: () => actions.command({ command: 'run_to_end' }) },
                'To the end');
  const slider = h('input', { type: 'range', id: 'auction-delay', min: 50, max: 3000, step: 50,
                              value: initialDelay, 'aria-describedby': 'auction-delay-value' });
  const shown = h('output', { id: 'auction-delay-value', for: 'auction-delay' },
                  `${initialDelay} ms`);
  let on = false;
  const setPlaying = (value: boolean) => {
    on = value;
    play.textContent = on ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(on));
  };
  play.addEventListener('click', () => {
    setPlaying(!on);
    actions.play(on);
  });
  slider.addEventListener('input', () => {
    shown.textContent = `${slider.value} ms`;
    slider.setAttribute('aria-valuetext', `${slider.value} milliseconds`);
  });
  const element = h('div', { class: 'auction-controls', role: 'group',
                             'aria-label': 'Play the game' },
                    h('div', { class: 'row' }, step, play, round, end),
                    h('div', { class: 'row auction-delay' },
                      h('label', { for: 'auction-delay' }, 'Delay between steps when playing'),
                      slider, shown));
  return {
    element,
    step,
    update(ready, over) {
      for (const button of [step, play, round, end]) button.disabled = !ready || over;
      if (over || !ready) setPlaying(false);
    },
    playing: () => on,
    pause: () => setPlaying(false),
    delay: () => Number(slider.value),
  };
}
