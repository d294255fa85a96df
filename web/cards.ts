// Cards drawn as cards: the rank and a suit mark, each suit in its own colour
// and its own shape (so a card reads without colour too), with the names a
// screen reader says ("10 of spades", "5 of Hats", "Wall from holder 2"),
// which the TypeScript client writes (clients/typescript/events.ts).
// Every mark is an SVG path of this file, in a 24 by 24 box; the colours are
// in play.css (`.suit-*`).

import { cardName, suitName, type Deck } from '../clients/typescript/events';

export { cardName, suitName, type Deck };

const SVG = 'http://www.w3.org/2000/svg';

/** A family of games (`GET /v1/games`' `family`): Agency, or the Agram family. */
export type Family = 'agency' | 'last-trick';

interface Suit {
  className: string; // the colour, in play.css
  paths: string[]; // the mark, filled in the suit's colour
  circles?: Array<[number, number, number]>; // filled circles (cx, cy, r)
  wheels?: Array<[number, number, number]>; // circles with a white fill (a Van's wheels)
}

const FRENCH: Record<string, Suit> = {
  S: { className: 'suit-spades',
    paths: ['M12 2C9 6 3 9.5 3 14a4.5 4.5 0 0 0 7.6 3.2L9.5 22h5l-1.1-4.8A4.5 4.5 0 0 0 21 14c0-4.5-6-8-9-12z'] },
  H: { className: 'suit-hearts',
    paths: ['M12 21.5C7 17 2.5 13.4 2.5 8.6A4.9 4.9 0 0 1 12 6.3a4.9 4.9 0 0 1 9.5 2.3c0 4.8-4.5 8.4-9.5 12.9z'] },
  D: { className: 'suit-diamonds', paths: ['M12 1.5 20 12l-8 10.5L4 12z'] },
  C: { className: 'suit-clubs', paths: ['M10.8 12h2.4l1.8 10H9z'],
    circles: [[12, 6.8, 4.3], [6.8, 13.6, 4.3], [17.2, 13.6, 4.3]] },
};

const AGENCY: Record<string, Suit> = {
  H: { className: 'suit-hats', // a top hat: crown, band, brim
    paths: ['M7 3h10v8.5H7zM7 13h10v1.5H7zM2.5 14.5h19V18h-19z'] },
  M: { className: 'suit-moustaches',
    paths: ['M12 9.5c-1.6-2-4.5-2.6-6.6-1C3.6 9.8 3.2 12 1.5 12c.3 2.6 3 4.5 6 3.6 2-.6 3.4-2 4.5-3.3 1.1 1.3 2.5 2.7 4.5 3.3 3 .9 5.7-1 6-3.6-1.7 0-2.1-2.2-3.9-3.5-2.1-1.6-5-1-6.6 1z'] },
  B: { className: 'suit-briefcases', // a case with a seam and a handle
    paths: ['M2.5 8h19v4.6h-19zM2.5 13.8h19V20h-19zM8.5 8V5.2C8.5 4.5 9 4 9.7 4h4.6c.7 0 1.2.5 1.2 1.2V8h-1.8V5.8h-3.4V8z'] },
  V: { className: 'suit-vans', // a box van: body, cab and two wheels
    paths: ['M1.5 5.5h13v11.5h-13zM15.3 9h3.6l3.6 4.2V17h-7.2z'], wheels: [[6, 17.8, 2.4], [17.8, 17.8, 2.4]] },
};

/** A Wall (A1, A6): two courses of bricks and a third, offset. */
const WALL: Suit = {
  className: 'wall',
  paths: ['M1 3h10.5v5H1zM12.5 3H23v5H12.5zM1 9.5h4.7v5H1zM6.7 9.5h10.6v5H6.7zM18.3 9.5H23v5h-4.7zM1 16h10.5v5H1zM12.5 16H23v5H12.5z'],
};

/** Each family's deck. */
const DECKS: Record<Family, Deck> = { agency: 'agency', 'last-trick': 'french' };

/** The deck of a family of games. */
export function deckOf(family: Family): Deck {
  return DECKS[family];
}

/** Each deck's suits, by their letters. */
const SUITS: Record<Deck, Record<string, Suit>> = { agency: AGENCY, french: FRENCH };

function split(code: string): { rank: string; suit: string } {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function suitOf(deck: Deck, code: string): Suit {
  if (code === 'W') return WALL;
  const suit = SUITS[deck][split(code).suit];
  if (suit === undefined) throw new Error(`Not a card of this deck: ${code}`);
  return suit;
}

/** The mark of `code`'s suit (a Wall's bricks), as an SVG the reader skips. */
export function mark(deck: Deck, code: string): SVGSVGElement {
  const suit = suitOf(deck, code);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('mark');
  for (const d of suit.paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  const circle = ([cx, cy, r]: [number, number, number], className = ''): void => {
    const node = document.createElementNS(SVG, 'circle');
    node.setAttribute('cx', String(cx));
    node.setAttribute('cy', String(cy));
    node.setAttribute('r', String(r));
    if (className) node.classList.add(className);
    svg.append(node);
  };
  for (const spot of suit.circles ?? []) circle(spot);
  for (const wheel of suit.wheels ?? []) circle(wheel, 'wheel');
  return svg;
}

/** A card's face inside `node`: its rank (or "Wall") over its mark, in its
 * suit's colour; the accessible name goes on `node` (aria-label). */
export function drawCard<T extends HTMLElement>(node: T, deck: Deck, code: string, holder: number | null = null): T {
  const suit = suitOf(deck, code);
  node.classList.add('card', suit.className);
  node.setAttribute('aria-label', cardName(deck, code, holder));
  const rank = document.createElement('span');
  rank.className = 'rank';
  rank.setAttribute('aria-hidden', 'true');
  rank.textContent = code === 'W' ? 'Wall' : split(code).rank;
  node.replaceChildren(rank, mark(deck, code));
  return node;
}

/** A card shown, not played: a picture with the card's name. */
export function cardImage(deck: Deck, code: string, holder: number | null = null): HTMLSpanElement {
  const node = document.createElement('span');
  node.setAttribute('role', 'img');
  return drawCard(node, deck, code, holder);
}

/** `count` card backs in a row, with the count as text ("3 cards"). */
export function cardBacks(count: number): HTMLSpanElement {
  const row = document.createElement('span');
  row.className = 'backs';
  for (let index = 0; index < count; index += 1) {
    const back = document.createElement('span');
    back.className = 'back';
    back.setAttribute('aria-hidden', 'true');
    row.append(back);
  }
  const text = document.createElement('span');
  text.className = 'count';
  text.textContent = `${count} card${count === 1 ? '' : 's'}`;
  row.append(text);
  return row;
}
