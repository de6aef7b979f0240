// What a word means, at the end of a game: the first senses WordNet gives it (GET
// /api/definitions/WORD), shown on demand so that a finished game asks the server nothing it did
// not want. definitionToggle() is the disclosure for a game's secret word ("What does CRANE
// mean?"); definitionPanel() is one panel that any number of words (a list of words played) open
// in turn. Both announce what they show through their own aria-live region.
import { ApiError, defineWord, type WordDefinition } from '../../api';
import { h, fill } from '../../dom';

/** The senses shown: the most frequent first; the rest are counted. */
const SHOWN_SENSES = 3;

let panels = 0;

/** The definition as elements: a heading naming the word (and its base forms), its senses. */
function definitionContent(word: string, definition: WordDefinition): HTMLElement[] {
  const upper = word.toUpperCase();
  if (!definition.found) {
    return [h('p', { class: 'definition-none' }, `WordNet has no entry for ${upper}.`)];
  }
  const base = definition.base_forms.length > 0
      ? ` (as ${definition.base_forms.join(', ')})` : '';
  const senses = definition.senses.slice(0, SHOWN_SENSES).map((sense) =>
      h('li', {},
        h('span', { class: 'definition-pos' }, sense.part_of_speech),
        ' ',
        definition.base_forms.length > 0 && sense.form !== definition.word
            ? `${sense.form}: ` : '',
        sense.gloss,
        sense.examples.length > 0 ? h('q', { class: 'definition-example' }, sense.examples[0])
                                  : null));
  const more = definition.senses.length - SHOWN_SENSES;
  const content: HTMLElement[] = [h('p', { class: 'definition-word' }, `${upper}${base}`),
                                  h('ol', { class: 'definition-senses' }, senses)];
  if (more > 0) {
    content.push(h('p', { class: 'definition-more' },
                   `…and ${more} more ${more === 1 ? 'sense' : 'senses'} in WordNet.`));
  }
  return content;
}

/** What to say when the definition cannot be had. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'not_installed') {
    return 'Definitions are not installed on this arcade.';
  }
  return error instanceof Error ? error.message : String(error);
}

export interface DefinitionPanel {
  /** The panel: empty and hidden until show(). */
  element: HTMLElement;
  /** Shows what `word` means (looked up once a visit), announcing it. */
  show(word: string): Promise<void>;
  hide(): void;
  /** The word shown, or null. */
  readonly word: string | null;
}

export function definitionPanel(): DefinitionPanel {
  const element = h('div', { class: 'definition', id: `definition-${++panels}`,
                             'aria-live': 'polite', hidden: true });
  let shown: string | null = null;
  const panel: DefinitionPanel = {
    element,
    get word() { return shown; },
    async show(word: string) {
      shown = word;
      element.hidden = false;
      element.setAttribute('aria-busy', 'true');
      fill(element, h('p', { class: 'definition-loading' }, `Looking up ${word.toUpperCase()}…`));
      let content: HTMLElement[];
      try {
        content = definitionContent(word, await defineWord(word));
      } catch (error) {
        content = [h('p', { class: 'definition-none' }, failureText(error))];
      }
      if (shown !== word) return;  // another word was asked meanwhile
      element.removeAttribute('aria-busy');
      fill(element, content);
    },
    hide() {
      shown = null;
      element.hidden = true;
      fill(element);
    },
  };
  return panel;
}

/**
 * A "What does WORD mean?" button that opens and closes the word's definition under it
 * (aria-expanded). The same element for the same word: a page that redraws its end summary
 * keeps it open.
 */
export interface DefinitionToggle {
  element: HTMLElement;
  /** The word the button asks about; a new word closes the definition. */
  setWord(word: string): void;
}

export function definitionToggle(): DefinitionToggle {
  const panel = definitionPanel();
  const button = h('button', { type: 'button', class: 'definition-toggle',
                               'aria-expanded': 'false', 'aria-controls': panel.element.id });
  let word = '';
  const close = () => {
    button.setAttribute('aria-expanded', 'false');
    panel.hide();
  };
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-expanded') === 'true') {
      close();
    } else {
      button.setAttribute('aria-expanded', 'true');
      void panel.show(word);
    }
  });
  return {
    element: h('div', { class: 'definition-box' }, button, panel.element),
    setWord(next: string) {
      if (next === word) return;
      word = next;
      button.textContent = `What does ${next.toUpperCase()} mean?`;
      close();
    },
  };
}
