// Small DOM helpers: every component builds its elements with h() and announces through say().

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * Creates an element: h('button', {class: 'tile', onclick: play}, 'A'). Attributes named on*
 * become listeners; true sets an attribute with no value, false/null/undefined leave it out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
    tag: K, attributes: Attributes = {}, ...children: (Child | Child[])[]):
    HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Sentences said and not yet written to the live region, in order. */
const unsaid: string[] = [];

/** Writes the next sentence waiting, then the one after in the following frame, and so on. */
function writeNext(region: HTMLElement): void {
  requestAnimationFrame(() => {
    region.textContent = unsaid.shift() ?? '';
    if (unsaid.length > 0) writeNext(region);
  });
}

/**
 * Announces a sentence to screen readers through the page's one aria-live region, and keeps the
 * latest on the element for anyone (and any test) to read. Each sentence is written in a frame
 * of its own, in order: two said at once (a reply and an update that arrive together) are both
 * announced, the second never written over the first in the same frame.
 */
export function say(text: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  unsaid.push(text);
  if (unsaid.length > 1) return;  // written after those before it
  region.textContent = '';
  // A new text node in a later frame is announced even when the sentence repeats.
  writeNext(region);
}

/** "1 word", "2 words", "28,420 words": the number grouped by thousands, as the terminal says it. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}

/** A <details> with the game's rules, one click away on every game page. */
export function rules(title: string, ...paragraphs: (string | Node)[]): HTMLElement {
  return h('details', { class: 'rules' }, h('summary', {}, title),
           ...paragraphs.map((p) => (typeof p === 'string' ? h('p', {}, p) : p)));
}

/** A message box for errors and refusals, role=alert. */
export function errorBox(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, message);
}
