// Motion and feedback for the game pages (motion.css; docs/DESIGN.md, "Motion"): a shake for a
// refused word, pieces that pop or flip in, points that float up, a short celebration. Each
// animation is under 300 ms and none blocks input: classes come and go on their own, and the
// floating layer takes no clicks. Under prefers-reduced-motion nothing moves and nothing is
// drawn: every function here does nothing. None of it carries meaning a player needs: the page
// says the same in text (and to screen readers) whatever moves.
import { playSound, type SoundName } from './sound';

/** Whether the player asked for reduced motion. */
export function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' &&
         window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Restarts the CSS animation `name` on `element` (a class), removing it when it ends. */
function replay(element: Element, name: string): void {
  element.classList.remove(name);
  // Reading the layout restarts an animation the class had already run.
  void (element as HTMLElement).offsetWidth;
  element.classList.add(name);
  const done = () => element.classList.remove(name);
  element.addEventListener('animationend', done, { once: true });
  // Belt and braces: an element taken off the page never ends its animation.
  window.setTimeout(done, 600);
}

/** Shakes `element` side to side: a word refused. */
export function shake(element: Element | null | undefined, sound: SoundName | null = 'refused'):
    void {
  if (sound) playSound(sound);
  if (!element || reducedMotion()) return;
  replay(element, 'wg-shake');
}

/**
 * Pieces appearing: each of `elements` pops (or, with `flip`, turns) in, one after another
 * within 300 ms in all.
 */
export function popIn(elements: Iterable<Element>, flip = false): void {
  if (reducedMotion()) return;
  const list = [...elements];
  const step = list.length > 1 ? Math.min(40, 100 / (list.length - 1)) : 0;
  list.forEach((element, i) => {
    (element as HTMLElement).style.setProperty('--wg-delay', `${Math.round(i * step)}ms`);
    replay(element, flip ? 'wg-flip' : 'wg-pop');
  });
}

/** The page's layer for floating things, made once: over everything, taking no clicks. */
function layer(): HTMLElement {
  let found = document.getElementById('wg-fx');
  if (!found) {
    found = document.createElement('div');
    found.id = 'wg-fx';
    found.className = 'wg-fx';
    found.setAttribute('aria-hidden', 'true');
    document.body.append(found);
  }
  return found;
}

/** Puts `element` on the layer for `ms`, then takes it away. */
function show(element: HTMLElement, ms: number): void {
  layer().append(element);
  window.setTimeout(() => element.remove(), ms);
}

/** Points that float up from `anchor` ("+12"); `bad`, in the refusal colour. */
export function floatUp(anchor: Element | null | undefined, text: string, bad = false): void {
  if (!anchor || reducedMotion()) return;
  const box = anchor.getBoundingClientRect();
  const label = document.createElement('span');
  label.className = bad ? 'wg-float wg-float-bad' : 'wg-float';
  label.textContent = text;
  label.style.left = `${box.left + box.width / 2}px`;
  label.style.top = `${box.top - 8}px`;
  show(label, 400);
}

/**
 * A celebration: confetti bursts from `anchor` (or the middle of the screen), and a banner
 * says `title` for about a second. For a win, a perfect hand, a new best.
 */
export function celebrate(title: string, anchor?: Element | null): void {
  playSound('win');
  if (reducedMotion()) return;
  const box = anchor?.getBoundingClientRect();
  const x = box ? box.left + box.width / 2 : window.innerWidth / 2;
  const y = box ? box.top + box.height / 2 : window.innerHeight / 3;
  for (let i = 0; i < 28; ++i) {
    const piece = document.createElement('span');
    piece.className = `wg-confetti wg-c${(i % 4) + 1}`;
    const angle = (i / 28) * Math.PI * 2;
    const reach = 90 + ((i * 37) % 110);
    piece.style.left = `${x}px`;
    piece.style.top = `${y}px`;
    piece.style.setProperty('--dx', `${Math.round(Math.cos(angle) * reach)}px`);
    piece.style.setProperty('--dy', `${Math.round(Math.sin(angle) * reach)}px`);
    piece.style.setProperty('--turn', `${(i * 53) % 360}deg`);
    show(piece, 400);
  }
  const banner = document.createElement('span');
  banner.className = 'wg-banner';
  banner.textContent = title;
  banner.style.left = `${Math.min(Math.max(x, 120), window.innerWidth - 120)}px`;
  banner.style.top = `${Math.max(y - 60, 60)}px`;
  show(banner, 1400);
}
