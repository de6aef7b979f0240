// Position Hangman's dictionary choice: the built-in word list, a text of one's own (typed,
// pasted or uploaded), or an Open Library work. The server makes the dictionary and judges it
// (POST /api/hangman/dictionaries and /open-library, the same code as the terminal's): this
// page never applies the rules itself, it shows the words' statistics and the rule broken.
import { type DictionaryDraft, type DictionaryStats, defaultDictionary, draftDictionary,
         openLibraryDictionary } from '../../api';
import { countOf, fill, h, say } from '../../dom';
import { errorText as messageOf, inputError } from '../common/errors';
import type { Options } from '../common/form';

export type DictionaryChoice = 'default' | 'text' | 'open-library';

/** What the player chose and what the server said of it; kept across the setup forms. */
export interface DictionaryState {
  choice: DictionaryChoice;
  text: string;
  /** The server's draft of `text` (stale when `draftOf` differs from the text). */
  draft: DictionaryDraft | null;
  draftOf: string;
  work: string;
  /** The fetched work's draft, for `fetchedWork`. */
  workDraft: DictionaryDraft | null;
  fetchedWork: string;
  /** The built-in dictionary's statistics, asked once. */
  builtIn: DictionaryDraft | null;
}

export function newDictionaryState(): DictionaryState {
  return { choice: 'default', text: '', draft: null, draftOf: '', work: '', workDraft: null,
           fetchedWork: '', builtIn: null };
}

function share(part: number, fraction: number): string {
  return `${part.toLocaleString('en')} (${(100 * fraction).toFixed(1)}%)`;
}

/** The statistics as a table (counts and shares as the server computed them). */
/** The words of the text the game cannot play (a letter outside A to Z): said, not hidden. */
function skippedNote(draft: DictionaryDraft): HTMLElement | null {
  const skipped = draft.skipped ?? [];
  if (skipped.length === 0) return null;
  const shown = skipped.slice(0, 8).join(', ');
  const more = skipped.length > 8 ? ` and ${skipped.length - 8} more` : '';
  return h('p', { class: 'hangman-skipped' },
           `${countOf(skipped.length, 'word')} left out: letters outside A to Z ` +
           `(${shown}${more}).`);
}

export function statsTable(stats: DictionaryStats, caption: string): HTMLElement {
  const rows: [string, string][] = [
    ['Words', stats.words.toLocaleString('en')], ['6 letters', share(stats.six, stats.share_six)],
    ['7 to 9 letters', share(stats.seven_to_nine, stats.share_seven_to_nine)],
    ['10 letters or more', share(stats.ten_plus, stats.share_ten_plus)],
    ['9 letters or more (at least 1 word in 5)',
     share(stats.nine_plus, stats.words ? stats.nine_plus / stats.words : 0)],
  ];
  return h('table', { class: 'hangman-dictionary-stats' }, h('caption', {}, caption),
           h('tbody', {}, rows.map(([name, value]) =>
               h('tr', {}, h('th', { scope: 'row' }, name), h('td', { class: 'number' }, value)))));
}

/** The dictionary in use, as the page describes it: a caption and its statistics, if known. */
export function dictionaryInUse(state: DictionaryState): { caption: string;
                                                           stats: DictionaryStats | null } {
  if (state.choice === 'text' && state.draft) {
    return { caption: 'Your dictionary', stats: state.draft.stats };
  }
  if (state.choice === 'open-library' && state.workDraft) {
    return { caption: `Open Library work ${state.fetchedWork}`, stats: state.workDraft.stats };
  }
  return { caption: 'The built-in word list (its words of 6 letters or more)',
           stats: state.builtIn?.stats ?? null };
}

/** Asks the server once for the built-in dictionary's statistics; calls `done` when known. */
export async function loadBuiltIn(state: DictionaryState, done: () => void): Promise<void> {
  if (state.builtIn) return;
  try {
    state.builtIn = await defaultDictionary();
    done();
  } catch {
    // The page says "the built-in word list" without figures; nothing is lost.
  }
}

/** How long typing pauses before the text is sent to be checked, in ms (not a rule's). */
const TYPING_PAUSE_MS = 300;

/**
 * The dictionary part of the setup form. `complete` fills config.words from what the server
 * made, or refuses (an input error naming the control) to start.
 */
export function dictionaryField(state: DictionaryState, changed: () => void): {
  element: HTMLElement;
  /** Throws an input error naming the control to focus when the dictionary is not ready. */
  complete(options: Options): void;
} {
  const radio = (value: DictionaryChoice, label: string) => {
    const id = `hangman-dictionary-${value}`;
    const input = h('input', { type: 'radio', name: 'hangman-dictionary', id, value,
                               checked: state.choice === value });
    input.addEventListener('change', () => {
      if (!input.checked) return;
      state.choice = value;
      show();
      changed();
    });
    return h('label', { class: 'check', for: id }, input, h('span', {}, label));
  };

  // A text of one's own.
  const text = h('textarea', { id: 'hangman-text', rows: 5, spellcheck: 'false',
                               'aria-describedby': 'hangman-text-help hangman-text-stats' });
  text.value = state.text;
  const file = h('input', { type: 'file', id: 'hangman-file',
                            accept: '.txt,.json,text/plain,application/json' });
  const textStatus = h('div', { id: 'hangman-text-stats', class: 'hangman-text-stats',
                                role: 'status' });
  let asked = 0;  // the latest check: older answers are dropped
  let timer: number | undefined;
  const showTextDraft = () => {
    const draft = state.draft;
    if (state.text.trim() === '') {
      fill(textStatus, h('p', {}, 'No text yet: type or paste one, or upload a text file.'));
    } else if (!draft || state.draftOf !== state.text) {
      fill(textStatus, h('p', { class: 'hangman-progress' }, 'Checking the text\u2026'));
    } else {
      fill(textStatus, draft.stats ? statsTable(draft.stats, 'Your dictionary') : null,
           skippedNote(draft),
           h('p', { class: draft.playable ? 'hangman-rule ok' : 'hangman-rule bad' },
             draft.playable ? 'Playable.' : `Not playable: ${draft.problem ?? ''}.`));
    }
  };
  const check = async (announce: boolean) => {
    const sent = state.text;
    const ticket = ++asked;
    showTextDraft();
    if (sent.trim() === '') return;
    try {
      const draft = await draftDictionary(sent);
      if (ticket !== asked) return;
      state.draft = draft;
      state.draftOf = sent;
      showTextDraft();
      changed();
      if (announce) {
        say(draft.playable ? `Your dictionary: ${draft.stats?.words ?? 0} words, playable.`
                           : `Your dictionary is not playable: ${draft.problem ?? ''}.`);
      }
    } catch (error) {
      if (ticket !== asked) return;
      state.draft = null;
      fill(textStatus, h('p', { class: 'hangman-rule bad' }, `Cannot use this text: ` +
                                                              `${messageOf(error)}`));
      if (announce) say(`Cannot use this text: ${messageOf(error)}`);
    }
  };
  text.addEventListener('input', () => {
    state.text = text.value;
    window.clearTimeout(timer);
    showTextDraft();
    timer = window.setTimeout(() => void check(false), TYPING_PAUSE_MS);
  });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    void chosen.text().then((content) => {
      text.value = content;
      state.text = content;
      say(`Read ${chosen.name}; checking its words.`);
      void check(true);
    }, (error: unknown) => {
      fill(textStatus, h('p', { class: 'hangman-rule bad' },
                         `Cannot read ${chosen.name}: ${messageOf(error)}`));
    });
  });
  const textPanel = h('div', { class: 'hangman-dictionary-panel', id: 'hangman-text-panel' },
                      h('p', { id: 'hangman-text-help' },
                        'Its words of 6 letters or more (A to Z) make the dictionary. The ' +
                        'server checks it as you type: at least 20 words, and at least 20% of ' +
                        'them with 9 letters or more.'),
                      h('label', { for: 'hangman-text' }, 'Text for the dictionary', text),
                      h('label', { for: 'hangman-file' }, 'Or upload a text file', file),
                      textStatus);

  // An Open Library work.
  const work = h('input', { type: 'text', id: 'hangman-work', value: state.work,
                            autocomplete: 'off', spellcheck: 'false', placeholder: 'OL45804W',
                            'aria-describedby': 'hangman-work-help hangman-work-status' });
  const workStatus = h('div', { id: 'hangman-work-status', class: 'hangman-text-stats',
                                role: 'status' });
  let fetching = false;
  const fetchButton = h('button', { type: 'button' }, 'Fetch the work');
  const showWorkDraft = () => {
    const draft = state.workDraft;
    if (!draft || state.fetchedWork !== state.work.trim()) {
      fill(workStatus);
      return;
    }
    fill(workStatus, draft.stats ? statsTable(draft.stats, `Open Library work ${draft.work}`)
                                 : null,
         h('p', { class: draft.playable ? 'hangman-rule ok' : 'hangman-rule bad' },
           draft.playable ? 'Playable.' : `Not playable: ${draft.problem ?? ''}.`));
  };
  const fetchWork = async () => {
    const id = work.value.trim();
    if (fetching) return;
    if (id === '') {
      fill(workStatus, h('p', { class: 'hangman-rule bad' }, 'Type a work ID such as OL45804W.'));
      say('Type a work ID such as OL45804W.');
      work.focus();
      return;
    }
    fetching = true;
    fetchButton.setAttribute('aria-disabled', 'true');
    fill(workStatus, h('p', { class: 'hangman-progress' },
                       `Fetching ${id} from Open Library\u2026`));
    say(`Fetching ${id} from Open Library.`);
    try {
      const draft = await openLibraryDictionary(id);
      state.workDraft = draft;
      state.fetchedWork = id;
      showWorkDraft();
      changed();
      say(draft.playable
          ? `Open Library work ${id}: ${draft.stats?.words ?? 0} words, playable.`
          : `Open Library work ${id} is not playable: ${draft.problem ?? ''}.`);
    } catch (error) {
      state.workDraft = null;
      fill(workStatus, h('p', { class: 'hangman-rule bad' }, messageOf(error)));
      say(messageOf(error));
    } finally {
      fetching = false;
      fetchButton.removeAttribute('aria-disabled');
    }
  };
  fetchButton.addEventListener('click', () => void fetchWork());
  work.addEventListener('input', () => {
    state.work = work.value;
    showWorkDraft();
  });
  work.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();  // Enter fetches here; it does not start the game
    void fetchWork();
  });
  const workPanel = h('div', { class: 'hangman-dictionary-panel', id: 'hangman-work-panel' },
                      h('p', { id: 'hangman-work-help' },
                        'A work\u2019s description on openlibrary.org makes the dictionary, ' +
                        'under the same rules. The ID ends the work\u2019s address: ' +
                        'openlibrary.org/works/OL45804W.'),
                      h('div', { class: 'row' },
                        h('label', { for: 'hangman-work' }, 'Open Library work ID', work),
                        fetchButton),
                      workStatus);

  const show = () => {
    textPanel.hidden = state.choice !== 'text';
    workPanel.hidden = state.choice !== 'open-library';
  };
  show();
  showTextDraft();
  showWorkDraft();
  if (state.text.trim() !== '' && state.draftOf !== state.text) void check(false);

  const element = h('fieldset', { class: 'hangman-dictionary' },
                    h('legend', {}, 'Dictionary'),
                    h('div', { class: 'hangman-dictionary-choices' },
                      radio('default', 'The built-in word list'),
                      radio('text', 'A text of your own'),
                      radio('open-library', 'An Open Library work')),
                    textPanel, workPanel);
  return {
    element,
    complete: (options) => {
      delete options.config.words;
      if (state.choice === 'text') {
        if (state.text.trim() === '') {
          throw inputError('Type, paste or upload a text for your dictionary, or choose the ' +
                           'built-in word list.', text.id);
        }
        const draft = state.draft;
        if (!draft || state.draftOf !== state.text) {
          throw inputError('Your text is still being checked: start again in a moment.', text.id);
        }
        if (!draft.playable) {
          throw inputError(`Your dictionary has ${draft.problem ?? ''}.`, text.id);
        }
        options.config.words = draft.words;
      } else if (state.choice === 'open-library') {
        const draft = state.workDraft;
        if (!draft || state.fetchedWork !== state.work.trim()) {
          throw inputError('Fetch the Open Library work first (Enter in its field).', work.id);
        }
        if (!draft.playable) {
          throw inputError(`Open Library work ${state.fetchedWork} has ${draft.problem ?? ''}.`,
                           work.id);
        }
        options.config.words = draft.words;
      }
    },
  };
}
