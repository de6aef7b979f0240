// The page of one game (a placeholder until its page lands).
import { h } from '../dom';
import type { GamePage } from '../page';

export const page: GamePage = {
  mount(root) {
    root.append(h('p', {}, 'This game is not yet playable in the browser; run it in the terminal.'));
    return () => {};
  },
};
