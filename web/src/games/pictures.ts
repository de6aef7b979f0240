// The lobby's pictures: one small drawing per game, by the game's registry id, made in code as
// inline SVG and coloured by the design tokens (lobby.css), so that both schemes and the
// colour-blind set apply. They live among the games' files (a host names no game: the lobby
// asks gamePicture for an id); a game with no picture of its own gets a row of tiles. The
// pictures are decorative: the card says the game's name and line in text.

const NS = 'http://www.w3.org/2000/svg';

type Node = SVGElement | string;

/** Creates an SVG element: s('rect', {x: 1, class: 'pic-tile'}). */
function s(tag: string, attributes: Record<string, string | number> = {},
           ...children: Node[]): SVGElement {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/** A letter tile at (x, y), `size` wide; `kind` a piece class (pic-tile, pic-correct, ...). */
function tile(x: number, y: number, size: number, letter: string, kind = 'pic-tile',
              value?: number): SVGElement {
  return s('g', { class: kind },
           s('rect', { class: 'pic-edge', x, y: y + 3, width: size, height: size, rx: size / 7 }),
           s('rect', { class: 'pic-face', x, y, width: size, height: size, rx: size / 7 }),
           s('text', { class: 'pic-letter', x: x + size / 2, y: y + size * 0.68,
                       'font-size': size * 0.55, 'text-anchor': 'middle' }, letter),
           value === undefined ? ''
                               : s('text', { class: 'pic-value', x: x + size * 0.84,
                                             y: y + size * 0.9, 'font-size': size * 0.22,
                                             'text-anchor': 'middle' }, String(value)),
           // The shape that says what the colour says: a tick in place, an arrow elsewhere.
           mark(kind) === '' ? ''
                             : s('text', { class: 'pic-corner', x: x + size * 0.84,
                                           y: y + size * 0.3, 'font-size': size * 0.26,
                                           'text-anchor': 'middle' }, mark(kind)));
}

function mark(kind: string): string {
  if (kind.includes('pic-path')) return '';  // a traced path: the line says it
  if (kind.includes('pic-correct')) return '✓';
  if (kind.includes('pic-present')) return '↔';
  return '';
}

/** A gallows with `parts` of the figure drawn (0 to 6), its foot at (x, y). */
function gallows(x: number, y: number, parts: number): SVGElement {
  const frame = [[x, y, x + 56, y], [x + 14, y, x + 14, y - 92], [x + 14, y - 92, x + 56, y - 92],
                 [x + 56, y - 92, x + 56, y - 80]];
  const figure: SVGElement[] = [
    s('circle', { cx: x + 56, cy: y - 70, r: 10 }),
    s('line', { x1: x + 56, y1: y - 60, x2: x + 56, y2: y - 32 }),
    s('line', { x1: x + 56, y1: y - 54, x2: x + 44, y2: y - 42 }),
    s('line', { x1: x + 56, y1: y - 54, x2: x + 68, y2: y - 42 }),
    s('line', { x1: x + 56, y1: y - 32, x2: x + 46, y2: y - 16 }),
    s('line', { x1: x + 56, y1: y - 32, x2: x + 66, y2: y - 16 }),
  ];
  return s('g', {},
           s('g', { class: 'pic-frame' },
             ...frame.map(([x1, y1, x2, y2]) => s('line', { x1, y1, x2, y2 }))),
           s('g', { class: 'pic-figure' }, ...figure.slice(0, parts)));
}

/** Blanks and letters of a word being guessed: "_a__e". */
function slots(x: number, y: number, pattern: string, numbered = false): SVGElement {
  return s('g', {}, ...[...pattern].flatMap((letter, i) => {
    const left = x + i * 20;
    return [
      s('line', { class: 'pic-slot', x1: left, y1: y, x2: left + 15, y2: y }),
      letter === '_' ? '' : s('text', { class: 'pic-ink', x: left + 7.5, y: y - 5, 'font-size': 18,
                                        'text-anchor': 'middle' }, letter),
      numbered ? s('text', { class: 'pic-number', x: left + 7.5, y: y + 13, 'font-size': 9,
                             'text-anchor': 'middle' }, String(i + 1))
               : '',
    ];
  }));
}

const pictures: Record<string, () => SVGElement[]> = {
  // The word game: a hand of tiles with their values, two lifted into a word.
  hand: () => [
    ...['W', 'O', 'R', 'D'].map((letter, i) =>
      tile(22 + i * 40, 22, 34, letter, 'pic-tile pic-lifted', [4, 1, 1, 2][i])),
    ...['S', 'E', 'A'].map((letter, i) => tile(42 + i * 40, 72, 34, letter, 'pic-tile', 1)),
  ],
  // Word Search: a 4×4 board with a word traced across it.
  boggle: () => {
    const letters = 'TRAPSEONLIWDMUCH';
    const path = [0, 1, 2, 6, 10];
    const cells = [...letters].map((letter, i) =>
      tile(48 + (i % 4) * 27, 6 + Math.floor(i / 4) * 27, 24, letter,
           path.includes(i) ? 'pic-tile pic-correct pic-path' : 'pic-tile'));
    const centre = (i: number) => `${60 + (i % 4) * 27},${18 + Math.floor(i / 4) * 27}`;
    return [...cells, s('polyline', { class: 'pic-trace', points: path.map(centre).join(' ') })];
  },
  // Evil Hangman: the gallows and a word that keeps changing its mind.
  evil_hangman: () => [gallows(30, 108, 4), slots(98, 76, '_A__E'),
                       s('text', { class: 'pic-mark', x: 140, y: 44, 'font-size': 26,
                                   'text-anchor': 'middle' }, '?!')],
  // Position Hangman: the gallows and numbered slots, a position found.
  hangman: () => [gallows(30, 108, 2), slots(98, 76, '__T__', true)],
  // Letter Auction: a bidder's paddle and the letter up for sale.
  auction: () => [
    s('g', { class: 'pic-paddle' },
      s('rect', { class: 'pic-handle', x: 62, y: 64, width: 10, height: 48, rx: 4 }),
      s('circle', { cx: 67, cy: 44, r: 30 }),
      s('text', { class: 'pic-paddle-text', x: 67, y: 53, 'font-size': 26,
                  'text-anchor': 'middle' }, '12')),
    tile(116, 30, 50, 'Q', 'pic-tile pic-lifted', 10),
  ],
  // Wordle: a row of guessed letters, each marked by colour and by shape.
  wordle: () => {
    const kinds = ['pic-correct', 'pic-absent', 'pic-present', 'pic-absent', 'pic-correct'];
    return [
      ...[...'CRANE'].map((letter, i) => tile(14 + i * 36, 18, 32, letter, `pic-tile ${kinds[i]}`)),
      ...[...'CHIME'].map((letter, i) =>
        tile(14 + i * 36, 62, 32, letter, `pic-tile ${i === 0 || i === 4 ? 'pic-correct' : ''}`)),
    ];
  },
};

/** The picture of the game `id`: its own, or a row of blank tiles for a game without one. */
export function gamePicture(id: string): SVGElement {
  const draw = pictures[id] ??
      (() => [...'???'].map((letter, i) => tile(44 + i * 40, 40, 34, letter)));
  return s('svg', { class: 'lobby-picture', viewBox: '0 0 200 120', 'aria-hidden': 'true',
                    focusable: 'false' }, ...draw());
}
