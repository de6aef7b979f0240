// The player's display settings in the header: the colour-blind-safe piece colours and the
// optional sound effects, each a toggle button remembered per player on this browser (the
// player chosen in the lobby, or nobody). The palette is <html data-palette="safe"> (app.css).
// Also remembered per player: the games whose page they have opened (How to play is open on
// the first visit).
import { chosenPlayer } from './api';
import { h } from './dom';
import { setSound, soundOn } from './games/common/sound';

function paletteKey(): string {
  return `wg.palette:${chosenPlayer() ?? ''}`;
}

function safePalette(): boolean {
  try {
    return localStorage.getItem(paletteKey()) === 'safe';
  } catch {
    return false;
  }
}

function setSafePalette(on: boolean): void {
  try {
    if (on) localStorage.setItem(paletteKey(), 'safe');
    else localStorage.removeItem(paletteKey());
  } catch {
    // Kept for this visit only.
  }
  applyPalette(on);
}

/** Dispatched on `window` when the palette changes, for what draws with its colours (charts). */
export const PALETTE_CHANGED = 'wg-palette-changed';

function applyPalette(on: boolean): void {
  const root = document.documentElement;
  if (on === (root.dataset.palette === 'safe')) return;
  if (on) root.dataset.palette = 'safe';
  else delete root.dataset.palette;
  window.dispatchEvent(new Event(PALETTE_CHANGED));
}

/**
 * Whether this is the chosen player's (or nobody's) first visit to `game`'s page on this
 * browser; the visit is remembered. False when the browser keeps nothing.
 */
export function firstVisit(game: string): boolean {
  const key = `wg.visited:${chosenPlayer() ?? ''}:${game}`;
  try {
    if (localStorage.getItem(key) !== null) return false;
    localStorage.setItem(key, '1');
    return true;
  } catch {
    return false;
  }
}

function toggle(label: (string | Node)[], read: () => boolean, write: (on: boolean) => void):
    HTMLButtonElement {
  const button = h('button', { type: 'button', 'aria-pressed': String(read()) }, label);
  button.addEventListener('click', () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    write(on);
    button.setAttribute('aria-pressed', String(on));
  });
  return button;
}

/**
 * Fills `container` with the toggles and applies the chosen player's settings; returns what
 * applies them again (after another player is chosen, on every page change).
 */
export function mountSettings(container: HTMLElement): () => void {
  // On a phone the label is "Colour-blind" alone (app.css hides the rest).
  const colours = toggle(['Colour-blind', h('span', { class: 'wide-only' }, ' colours')],
                         safePalette, setSafePalette);
  const sound = toggle(['Sound'], soundOn, setSound);
  container.replaceChildren(colours, sound);
  const refresh = () => {
    const safe = safePalette();
    applyPalette(safe);
    colours.setAttribute('aria-pressed', String(safe));
    sound.setAttribute('aria-pressed', String(soundOn()));
  };
  refresh();
  return refresh;
}
