// The table page (GET /play): a person plays one seat against bots.
// Bundled with the TypeScript client into service/static/play/play.js (make page).
//
// `?delay=ms` sets how long each bot waits before it plays (default 600).
// `?game=id&watch=token` opens a sealed table as a spectator sees it (`view`
// with the token and no credential): the link the table offers its players.

import { client } from '../clients/typescript/src/client.gen';
import { listGames, type Game } from '../clients/typescript/src';
import * as analysis from './analysis';
import { cardBacks, cardImage, cardName, deckOf, drawCard, mark, suitName, type Deck, type Family } from './cards';
import { Refused } from './answers';
import {
  newTable, watch, type Board, type Display, type DoneTrick, type HolderShown, type Line, type Move, type PlayableCard, type SeatShown,
  type Table, type Watched,
} from './tables';

function element<T extends HTMLElement>(id: string, kind: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no #${id}`);
  return found;
}

const ui = {
  form: element('setup', HTMLFormElement),
  game: element('game', HTMLSelectElement),
  players: element('players', HTMLSelectElement),
  seat: element('seat', HTMLSelectElement),
  length: element('length', HTMLSelectElement),
  level: element('level', HTMLSelectElement),
  levelField: element('level-field', HTMLLabelElement),
  clock: element('clock', HTMLInputElement),
  countdown: element('countdown', HTMLParagraphElement),
  error: element('error', HTMLParagraphElement),
  table: element('table', HTMLElement),
  status: element('status', HTMLParagraphElement),
  spectateBox: element('spectate-box', HTMLParagraphElement),
  spectate: element('spectate', HTMLAnchorElement),
  refusal: element('refusal', HTMLParagraphElement),
  banner: element('banner', HTMLElement),
  felt: element('felt', HTMLDivElement),
  trickTitle: element('trick-title', HTMLHeadingElement),
  trick: element('trick', HTMLOListElement),
  lastTrick: element('last-trick', HTMLDivElement),
  me: element('me', HTMLElement),
  meTitle: element('me-title', HTMLHeadingElement),
  hand: element('hand', HTMLDivElement),
  points: element('points', HTMLParagraphElement),
  hintBox: element('hint-box', HTMLParagraphElement),
  hint: element('hint', HTMLButtonElement),
  hintText: element('hint-text', HTMLSpanElement),
  review: element('review', HTMLElement),
  reviewNote: element('review-note', HTMLParagraphElement),
  reviewKey: element('review-key', HTMLUListElement),
  tricks: element('tricks', HTMLOListElement),
  board: element('board', HTMLTableElement),
  history: element('history', HTMLOListElement),
  legend: element('legend-body', HTMLDivElement),
  events: element('events', HTMLOListElement),
};

const corners = ['corner-bl', 'corner-tl', 'corner-tr', 'corner-br'].map((id) => element(id, HTMLDivElement));
const sides = { left: element('side-left', HTMLDivElement), top: element('side-top', HTMLDivElement), right: element('side-right', HTMLDivElement) };

const delay = Number(new URLSearchParams(window.location.search).get('delay') ?? '600');
let games: Game[] = [];
let table: Table | null = null;
let match = false;
let canAnalyse = false;
let hinted: Move | null = null;
let reviewed: { table: Table; hand: number; plays: analysis.Reviewed[] | null } | null = null;
let recorded = new Set<number>(); // hands of this match already in the history

function make<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

function options(select: HTMLSelectElement, entries: ReadonlyArray<{ value: string; label: string }>): void {
  select.replaceChildren(...entries.map((entry) => {
    const option = make('option', entry.label);
    option.value = entry.value;
    return option;
  }));
}

function range(from: number, to: number): Array<{ value: string; label: string }> {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ value: String(from + index), label: String(from + index) }));
}

function fillSeats(): void {
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game === undefined) return;
  const chosen = Number(ui.players.value) || game.players.min;
  options(ui.players, range(game.players.min, game.players.max));
  ui.players.value = String(Math.min(Math.max(chosen, game.players.min), game.players.max));
  options(ui.seat, range(0, Number(ui.players.value) - 1).map((entry) => ({ value: entry.value, label: `seat ${entry.value}` })));
}

function showError(error: unknown): void {
  ui.error.textContent = error instanceof Error ? error.message : String(error);
  ui.error.hidden = false;
}

function log(lines: Line[]): void {
  for (const line of lines) {
    const item = make('li', line.text);
    item.dataset['type'] = line.type;
    ui.events.append(item);
  }
  ui.events.scrollTop = ui.events.scrollHeight;
}

// -- the table ------------------------------------------------------------------

/** Where each other seat sits, seen from `seat` at the bottom: in play order
 * round the table, up the left, along the top, down the right. With four
 * seats, the partner (Agency, A4) sits opposite. */
function placement(players: number, seat: number): Array<{ seat: number; side: keyof typeof sides }> {
  const others = players - 1;
  const flank = others >= 2 ? Math.max(1, Math.floor(others / 3)) : 0;
  return Array.from({ length: others }, (_, index) => ({
    seat: (seat + 1 + index) % players,
    side: index < flank ? 'left' : index >= others - flank ? 'right' : 'top',
  }));
}

function seatPanel(entry: SeatShown, toAct: number | null): HTMLElement {
  const panel = make('section', '', 'seat');
  panel.setAttribute('aria-label', entry.name);
  panel.classList.toggle('to-act', toAct === entry.seat);
  panel.classList.toggle('team-0', entry.team === 0);
  panel.classList.toggle('team-1', entry.team === 1);
  const title = make('h3', entry.name);
  if (entry.team !== null) title.append(make('span', ` · team ${entry.team}`, 'tag'));
  if (entry.dealer) title.append(make('span', ' · dealer', 'tag'));
  panel.append(title);
  if (toAct === entry.seat) panel.append(make('p', 'to play', 'turn'));
  if (entry.cards !== null) panel.append(cardBacks(entry.cards));
  if (entry.team !== null) {
    panel.append(make('p', `plays from holders ${(entry.seat + 3) % 4} and ${entry.seat}`, 'small'));
  }
  return panel;
}

/** A card of the person's: a button, raised when legal, with its reach. */
function cardButton(card: PlayableCard, view: Display, live: Table): HTMLButtonElement {
  const yours = view.toAct === view.seat && !view.handOver;
  const button = drawCard(make('button'), live.deck, card.code, card.holder);
  button.type = 'button';
  button.classList.add('mine');
  button.dataset['card'] = card.code;
  if (card.holder !== null) button.dataset['holder'] = String(card.holder);
  const legal = yours && card.legal;
  button.classList.toggle('legal', legal);
  button.classList.toggle('illegal', yours && !card.legal);
  button.tabIndex = legal ? 0 : -1;
  if (!legal) button.setAttribute('aria-disabled', 'true');
  const notes: string[] = [];
  if (live.teams) {
    const mine = card.reachedBy.includes(view.seat);
    const others = card.reachedBy.filter((seat) => seat !== view.seat);
    button.classList.toggle('reach-you', mine);
    button.classList.toggle('reach-other', others.length > 0);
    button.classList.toggle('blocked', card.reachedBy.length === 0 && !view.handOver);
    notes.push(mine ? 'in your reach' : 'out of your reach');
    for (const other of others) notes.push(`seat ${other} reaches it`);
  }
  if (yours) notes.push(card.legal ? 'legal now' : 'not legal now');
  if (hinted !== null && legal && hinted.card === card.code && (hinted.holder ?? null) === card.holder) {  // the one in reach: a holder has two Walls
    button.classList.add('hinted');
    notes.push('the hint');
  }
  button.title = notes.join('; ');
  button.disabled = !yours;
  button.addEventListener('click', () => act(() => choose(card.play)));
  return button;
}

function holderBox(shown: HolderShown, view: Display, live: Table): HTMLElement {
  // Holder h: seat h reads it from the start of its list, seat h+1 from the end (A5).
  const first = shown.holder;
  const second = (shown.holder + 1) % 4;
  const name = (seat: number): string => (seat === view.seat ? 'you' : `seat ${seat}`);
  const end = (seat: number): string => (seat === view.seat ? 'your end' : `seat ${seat}'s end`);
  const box = make('section', '', 'holder');
  box.setAttribute('aria-label', `Holder ${shown.holder}, between ${name(first)} and ${name(second)}`);
  box.append(make('h3', `Holder ${shown.holder}`));
  // The two holders beside the person lie at the bottom with the person's
  // end in the middle; the far two run from the left seat's end over the top.
  const beside = first === view.seat || second === view.seat;
  const labels = make('p', '', 'ends');
  labels.append(make('span', `◂ ${end(beside ? second : first)}`), make('span', `${end(beside ? first : second)} ▸`));
  box.append(labels);
  if (shown.cards === null) {
    box.append(cardBacks(shown.count));
    return box;
  }
  const row = make('div', '', 'cards');
  for (const card of beside ? [...shown.cards].reverse() : shown.cards) {
    row.append(beside ? cardButton(card, view, live) : cardImage(live.deck, card.code, card.holder));
  }
  box.append(row);
  return box;
}

function playedCard(play: Move, deck: Deck, viewer: number, caption = ''): HTMLLIElement {
  const item = make('li');
  item.append(cardImage(deck, play.card, play.holder ?? null));
  item.append(make('span', caption || (play.seat === viewer ? 'you' : `seat ${play.seat}`), 'who'));
  item.dataset['seat'] = String(play.seat);
  return item;
}

/** What the trick's part of the table shows: the person's view, or a spectator's (`seat` -1: nobody's). */
type TrickView = Pick<Display, 'seat' | 'toAct' | 'handOver' | 'trick' | 'tricks'>;

function renderTrick(view: TrickView, live: { deck: Deck }): void {
  ui.trickTitle.textContent = view.handOver ? (view.trick.length > 0 ? 'The discarded trick' : 'The table') : `Trick ${view.tricks.length + 1}`;
  ui.trick.replaceChildren(...view.trick.map((play, index) => playedCard(play, live.deck, view.seat,
    `${play.seat === view.seat ? 'you' : `seat ${play.seat}`}${index === 0 ? ' (led)' : ''}`)));
  if (view.trick.length === 0 && !view.handOver && view.toAct !== null) {
    ui.trick.append(make('li', `${view.toAct === view.seat ? 'You lead' : `Seat ${view.toAct} leads`}.`, 'small'));
  }
  const last = view.tricks.at(-1);
  ui.lastTrick.replaceChildren();
  if (last === undefined) {
    ui.lastTrick.append(make('p', 'Last trick: none yet.', 'small'));
    return;
  }
  ui.lastTrick.append(make('p', `Last trick: ${trickText(last, live.deck, view.seat)}`, 'small'));
  const row = make('ol', '', 'plays small-cards');
  row.setAttribute('aria-label', `Trick ${last.number}`);
  row.append(...last.plays.map((play) => {
    const item = playedCard(play, live.deck, view.seat);
    item.classList.toggle('winner', play.seat === last.winner);
    return item;
  }));
  ui.lastTrick.append(row);
}

/** "trick 3, won by seat 1 with the 9 of Vans, 4 points." */
function trickText(trick: DoneTrick, deck: Deck, viewer: number): string {
  const who = trick.winner === viewer ? 'you' : `seat ${trick.winner}`;
  return `trick ${trick.number}, won by ${who} with the ${cardName(deck, trick.card)}${trick.points === null ? '' : `, ${trick.points} points`}.`;
}

/** The other seats round the table, seen from `viewer` at the bottom. */
function renderSeats(seats: readonly SeatShown[], players: number, viewer: number, toAct: number | null): void {
  for (const side of Object.values(sides)) side.replaceChildren();
  for (const { seat, side } of placement(players, viewer)) {
    const entry = seats[seat];
    if (entry !== undefined) sides[side].append(seatPanel(entry, toAct));
  }
  // Left seats are listed from the top down, so the one after the viewer is lowest.
  sides.left.replaceChildren(...[...sides.left.children].reverse());
}

function renderCards(view: Display, live: Table): void {
  const yours = view.toAct === view.seat && !view.handOver;
  ui.me.classList.toggle('to-act', yours);
  ui.meTitle.textContent = live.teams ? `You: seat ${view.seat}, team ${view.seat % 2}` : `Your hand: seat ${view.seat}`;
  for (const corner of corners) corner.replaceChildren();
  ui.hand.replaceChildren();
  if (view.holders !== null) {
    // Holder h stands between seat h and seat h+1 (A5): the person's own
    // holder at the bottom left, between them and the seat on their left,
    // then round the table to the holder shared with the seat on their right.
    const at = [view.seat, (view.seat + 1) % 4, (view.seat + 2) % 4, (view.seat + 3) % 4];
    at.forEach((holder, index) => {
      const shown = view.holders?.[holder];
      if (shown !== undefined) corners[index]?.append(holderBox(shown, view, live));
    });
  } else if (view.hand !== null) {
    const row = make('div', '', 'cards');
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', 'Your cards');
    row.append(...view.hand.map((card) => cardButton(card, view, live)));
    if (view.hand.length === 0) row.append(make('span', 'No cards left.', 'small'));
    ui.hand.append(row);
  }
  ui.points.textContent = view.points ?? '';
  ui.points.hidden = view.points === null;
  ui.hintBox.hidden = !canAnalyse || view.handOver;
  ui.hint.disabled = !yours;
}

function renderBanner(view: Display, live: Table): void {
  ui.banner.replaceChildren();
  ui.banner.hidden = view.result === null;
  if (view.result === null) return;
  ui.banner.dataset['outcome'] = view.result.outcome;
  ui.banner.append(make('h2', view.result.headline));
  const details = make('ul');
  details.append(...view.result.details.map((text) => make('li', text)));
  ui.banner.append(details);
  if (view.matchOver) ui.banner.append(make('p', view.matchWinner ?? 'The match is over.', 'match-over'));
  if (match && !view.matchOver) {
    const next = make('div', '', 'next');
    const leaders = view.nextLeaders;
    if (!live.teams || leaders === null) {
      next.append(button('Deal the next hand', () => nextHand()));
    } else {
      next.append(make('span', 'Your team names the next leader: '));
      for (const leader of leaders) next.append(button(leader === view.seat ? 'I lead' : `Seat ${leader} leads`, () => nextHand(leader)));
    }
    ui.banner.append(next);
  }
}

function renderBoard(view: Display): void {
  showBoard(view.board);
  const hand = handNumber(view);
  if (view.result !== null && !recorded.has(hand)) {
    recorded.add(hand);
    ui.history.append(make('li', `Hand ${hand}: ${view.result.headline.toLowerCase()}.`));
  }
}

function showBoard(board: Board): void {
  const caption = make('caption', board.caption);
  const head = make('tr');
  head.append(make('th', 'Who'), make('th', 'Tally'));
  head.querySelectorAll('th').forEach((cell) => cell.setAttribute('scope', 'col'));
  const rows = board.rows.map((row) => {
    const line = make('tr', '', row.yours ? 'yours' : '');
    const name = make('th', row.name);
    name.setAttribute('scope', 'row');
    line.append(name, make('td', String(row.value)));
    return line;
  });
  ui.board.replaceChildren(caption, make('thead'), make('tbody'));
  ui.board.tHead?.append(head);
  ui.board.tBodies[0]?.append(...rows);
}

function handNumber(view: Display): number {
  return Number(/Hand (\d+)/.exec(view.board.caption)?.[1] ?? '0');
}

/** Every trick of the finished hand, each play with its review where the referee gives one. */
function renderReview(view: Display, live: Table): void {
  ui.review.hidden = !view.handOver;
  if (!view.handOver) return;
  const plays = reviewed !== null && reviewed.table === live && reviewed.hand === handNumber(view) ? reviewed.plays : null;
  let ply = 0;
  const entry = (play: Move): HTMLLIElement => {
    const item = playedCard(play, live.deck, view.seat);
    const found = plays?.[ply];
    ply += 1;
    if (found !== undefined && found.move.card === play.card && found.move.seat === play.seat) {
      const lost = analysis.lost(found);
      const gaveAway = analysis.gaveAway(found);
      item.classList.toggle('lost', lost !== null);
      item.classList.toggle('gave-away', gaveAway);
      item.append(make('span', analysis.values(found), 'value'));
      if (lost !== null) item.append(make('span', `lost ${lost}`, 'lost-by'));
      if (gaveAway) item.append(make('span', 'gave the hand away', 'gave-away-by'));
      item.dataset['ply'] = String(found.ply);
    }
    return item;
  };
  const rows: HTMLLIElement[] = view.tricks.map((trick) => {
    const row = make('li');
    const text = trickText(trick, live.deck, view.seat);
    row.append(make('p', text.charAt(0).toUpperCase() + text.slice(1), 'small'));
    const cards = make('ol', '', 'plays small-cards');
    cards.append(...trick.plays.map(entry));
    row.append(cards);
    return row;
  });
  if (view.trick.length > 0) {
    const row = make('li');
    row.append(make('p', 'Discarded: nobody could go on, so this trick scores for nobody (A12a).', 'small'));
    const cards = make('ol', '', 'plays small-cards');
    cards.append(...view.trick.map(entry));
    row.append(cards);
    rows.push(row);
  }
  ui.tricks.replaceChildren(...rows);
  ui.reviewNote.hidden = plays === null;
  ui.reviewKey.hidden = plays === null;
  ui.reviewKey.replaceChildren(...analysis.reviewKey(live.game, live.players).map((line) => make('li', line)));
  ui.review.dataset['reviewed'] = plays === null ? 'false' : 'true';
}

function render(view: Display, live: Table): void {
  const yours = view.toAct === view.seat && !view.handOver;
  const mode = live.sealed ? 'sealed mode: you see only the public state and your own view' : 'open mode';
  ui.status.dataset['state'] = view.handOver ? (view.matchOver ? 'match-over' : 'hand-over') : yours ? 'your-turn' : 'waiting';
  ui.status.textContent = view.handOver
    ? (view.matchOver ? view.matchWinner ?? 'The match is over.' : 'The hand is over.')
    : yours ? 'Your turn: play a raised card (Tab or the arrow keys, then Enter).' : `Seat ${view.toAct} is thinking…`;
  ui.status.append(make('span', ` ${live.game}, ${live.players} players, ${mode}.`, 'small'));
  ui.felt.classList.toggle('agency', live.teams);
  renderSeats(view.seats, live.players, view.seat, view.toAct);
  renderTrick(view, live);
  renderCards(view, live);
  renderBanner(view, live);
  renderBoard(view);
  renderReview(view, live);
  renderClock(view, live);
  const token = live.token();
  ui.spectateBox.hidden = token === null;
  ui.spectate.href = token === null ? '/play' : spectatorLink(live.game, token);
  if (yours && !ui.felt.contains(document.activeElement)) {
    ui.felt.querySelector<HTMLButtonElement>('button.card.legal')?.focus();
  }
}

/** The page watching `game` from `token`, as anyone may (docs/holding.md "Spectators"). */
function spectatorLink(game: string, token: string): string {
  const query = new URLSearchParams({ game, watch: token });
  return `${window.location.origin}/play?${query.toString()}`;
}

/** The table as a spectator sees it: every seat, with card backs for the
 * cards it holds, the trick, the last trick, the match; never a card that a
 * seat holds, and no move to make (a spectator holds no credential). */
function renderWatched(watched: Watched): void {
  ui.status.dataset['state'] = watched.handOver ? 'hand-over' : 'watching';
  ui.status.textContent = watched.handOver ? `The hand is over. ${watched.outcome ?? ''}` : `Seat ${watched.toAct} to play.`;
  ui.status.append(make('span', ` Watching ${watched.game}, ${watched.players} players, as this link's token left the table: `
    + 'no seat\'s cards are shown, and a later link from a player shows later moves.', 'small'));
  ui.felt.classList.toggle('agency', watched.teams);
  renderSeats(watched.seats, watched.players, 0, watched.toAct);
  renderTrick({ ...watched, seat: -1 }, watched);
  // Seat 0 sits at the bottom, where a player's own cards would be.
  ui.meTitle.textContent = watched.teams ? 'Seat 0, team 0' : 'Seat 0';
  ui.me.classList.toggle('to-act', watched.toAct === 0 && !watched.handOver);
  ui.hand.replaceChildren();
  const bottom = watched.seats[0];
  if (bottom !== undefined && bottom.cards !== null) ui.hand.append(cardBacks(bottom.cards));
  for (const corner of corners) corner.replaceChildren();
  watched.holders?.forEach((shown, index) => {
    const box = make('section', '', 'holder');
    box.setAttribute('aria-label', `Holder ${shown.holder}, between seat ${shown.holder} and seat ${(shown.holder + 1) % 4}`);
    box.append(make('h3', `Holder ${shown.holder}`), cardBacks(shown.count));
    corners[index]?.append(box);
  });
  ui.points.textContent = watched.points ?? '';
  ui.points.hidden = watched.points === null;
  ui.hintBox.hidden = true;
  showBoard(watched.board);
}

/** Open the page as a spectator of the sealed table `token` holds. */
async function spectate(game: string, token: string): Promise<void> {
  ui.form.hidden = true;
  const known = games.find((entry) => entry.id === game);
  if (known !== undefined) legend(known);
  renderWatched(await watch(game, token));
  ui.table.hidden = false;
  document.body.dataset['watching'] = 'true';
}

interface Legend {
  notes: Record<string, string>; // said after a suit's name, by its letter
  marks: Record<string, string>; // cards that are no suit's, by their codes, with what they are
  texts: (game: Game) => string[];
}

/** What each family's legend says beside its suits. */
const LEGENDS: Record<Family, Legend> = {
  agency: {
    notes: { V: ': trump, always, and may be led at any time (A2); the highest Van wins the trick (A11)' },
    marks: { W: 'Wall: a seat reaches the cards of a holder from its own end up to and including the first Wall (A6). '
      + 'A Wall is worth 2 points and never wins; it may be played when no Wall is in the trick yet, and led only when you reach nothing else (A8–A10).' },
    texts: () => ['Holder h stands between seat h and seat h+1: you play from the two holders beside you, your partner sits opposite (A4, A5).',
      'Card points: the 3 and 7 of Hats, Moustaches and Briefcases 2 each, their 5 4, each Wall 2, Vans 0 (A3); 22 points end the hand (A12c).',
      'Follow the led suit, or play a Van or a Wall (A9). A blue bar marks the cards you reach, a grey bar those your neighbour reaches.'],
  },
  'last-trick': {
    notes: {},
    marks: {},
    texts: (game) => [`Ranks, high to low: ${game.rank_order.join(' ')}. No trumps: the highest card of the led suit wins the trick (F1).`,
      `Only the last trick counts: whoever wins trick ${game.hand_size} wins the hand (F2). Follow the led suit if you can (F5).`,
      ...(SCORING_NOTES[game.id] === undefined ? [] : [SCORING_NOTES[game.id] as string])],
  },
};

/** The games of the Agram family that score the last trick in their own way (F2, F6). */
const SCORING_NOTES: Record<string, string> = {
  fapfap: 'Fapfap: a last trick won with a 3 pays double, tricks 4 and 5 both won with 3s pay four times (F2, F6).',
  spar: 'Spar: a last trick won with a 6 scores 3, with a 7 scores 2, otherwise 1 (F2).',
};

function legend(game: Game): void {
  const deck = deckOf(game.family);
  const { notes, marks, texts } = LEGENDS[game.family];
  const list = make('ul', '', 'legend');
  const suits = [...new Set(game.deck.filter((code) => code !== 'W').map((code) => code.slice(-1)))];
  for (const letter of suits) {
    const item = make('li');
    item.append(mark(deck, `1${letter}`), make('span', `${letter}: ${suitName(deck, letter)}${notes[letter] ?? ''}`));
    list.append(item);
  }
  for (const [code, text] of Object.entries(marks)) {
    const item = make('li');
    item.append(mark(deck, code), make('span', text));
    list.append(item);
  }
  list.append(...[...texts(game), 'Raised cards with a green edge are legal now; the others are refused with the rule they break.']
    .map((text) => make('li', text)));
  ui.legend.replaceChildren(list);
}

// -- acting ---------------------------------------------------------------------

function button(text: string, action: () => Promise<void>): HTMLButtonElement {
  const node = make('button', text);
  node.type = 'button';
  node.addEventListener('click', () => act(action));
  return node;
}

let working: Promise<void> = Promise.resolve();
let pending = 0;

/** Run what a click (or the clock) asks for, after whatever the page is
 * still doing, one at a time: a card clicked while a timeout is on its way
 * is played on the hand as the timeout left it. `body[data-busy]` says
 * whether the page is still working. */
function act(action: () => Promise<void>): void {
  pending += 1;
  document.body.dataset['busy'] = 'true';
  working = working.then(action).catch(showError).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset['busy'] = 'false';
  });
}

/** Run `action` now, beside whatever the page is doing (the clock's
 * `timeout`, which must not wait for a bot), and count it in `body[data-busy]`. */
function alongside(action: () => Promise<void>): void {
  pending += 1;
  document.body.dataset['busy'] = 'true';
  action().catch(showError).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset['busy'] = 'false';
  });
}

async function choose(play: () => Promise<Line[]>): Promise<void> {
  try {
    log(await play());
    ui.refusal.hidden = true;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    ui.refusal.textContent = error.detail;
    ui.refusal.hidden = false;
    await advance(); // the table again, the focus on a legal card
    return;
  }
  hinted = null;
  ui.hintText.textContent = '';
  await advance();
}

// -- the clock ------------------------------------------------------------------

let ticking: number | undefined;

/** The seat to act's countdown, from the state's `clock.deadline` (the
 * referee's time; docs/holding.md "Clocks"), shown while the hand runs. When
 * it reaches 0 the page asks the referee to play for that seat (`timeout`)
 * at once, whatever else the page is doing: a bot still thinking is timed
 * out like a person, and its move, once made, is refused (`botMove`). */
function renderClock(view: Display, live: Table): void {
  window.clearInterval(ticking);
  ticking = undefined;
  const clock = live.clock();
  ui.countdown.hidden = clock === null || clock.seat === null || view.handOver;
  if (clock === null || clock.seat === null || view.handOver) return;
  const seat = clock.seat;
  const deadline = Date.parse(clock.deadline);
  ui.countdown.dataset['seat'] = String(seat);
  const tick = (): boolean => {
    const left = Math.max(0, deadline - Date.now());
    const who = seat === view.seat ? 'Your time' : `Seat ${seat}'s time`;
    ui.countdown.textContent = left > 0 ? `${who}: ${Math.ceil(left / 1000)} s left (${clock.move_seconds} s a move).`
      : `${who} is up: the referee plays for ${seat === view.seat ? 'you' : 'it'}.`;
    ui.countdown.dataset['low'] = String(left <= 5000);
    if (left > 0) return true;
    window.clearInterval(ticking);
    ticking = undefined;
    alongside(() => timeOut(live, clock.deadline));
    return false;
  };
  if (tick()) ticking = window.setInterval(tick, 250);
}

/** `timeout` for the seat to act whose `deadline` passed, unless the hand
 * moved on meanwhile (a move was played: its clock is another). Before the
 * referee's deadline (the browser's clock ahead of it) it answers 409
 * `clock_running` with the time left: the page asks again then. A move made
 * on the same state just before it wins (the referee spends a state once):
 * then `timeout` answers 409 `state_spent`, and the move's answer moves the
 * table on. After the referee's move the table is shown at once, and the
 * bots go on once the page is done with what it was doing. */
async function timeOut(live: Table, deadline: string): Promise<void> {
  if (table !== live || live.clock()?.deadline !== deadline) return;
  try {
    log(await live.timeout());
  } catch (error) {
    if (error instanceof Refused && error.code === 'state_spent') return;
    if (!(error instanceof Refused) || error.code !== 'clock_running') throw error;
    await pause(Math.max(50, error.remainingMs ?? 250));
    await timeOut(live, deadline);
    return;
  }
  hinted = null;
  ui.hintText.textContent = '';
  if (table !== live) return;
  render(await live.display(), live);
  act(advance);
}

/** The bot's move for `seat`, the seat to act. A bot slower than its clock
 * has been timed out meanwhile (`timeOut`): the referee refuses its move on
 * the spent state (409 `state_spent`), nothing is applied, and the log says so. */
async function botMove(live: Table, seat: number): Promise<Line[]> {
  try {
    return await live.botTurn(ui.level.value, seat);
  } catch (error) {
    if (!(error instanceof Refused) || error.code !== 'state_spent') throw error;
    return [{ type: 'late', text: `Seat ${seat}'s move came too late: its time had run out and the referee had played for it.` }];
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Show the table, and let the bots play until it is the person's turn or the hand is over. */
async function advance(): Promise<void> {
  const live = table;
  if (live === null) return;
  for (;;) {
    const view = await live.display();
    if (live !== table) return; // a new deal replaced this table
    if (view.handOver && canAnalyse && (reviewed === null || reviewed.table !== live || reviewed.hand !== handNumber(view))) {
      reviewed = { table: live, hand: handNumber(view), plays: await live.review().catch(() => null) };
    }
    render(view, live);
    if (view.handOver || view.toAct === null || view.toAct === view.seat) return;
    await pause(delay);
    log(await botMove(live, view.toAct));
  }
}

/** The hint asked for at `clicked` (`performance.now()`); `#hint-text[data-ms]`
 * says how long its answer took to show (within `analysis.HINT_MS`). */
async function hint(clicked: number): Promise<void> {
  const live = table;
  if (live === null) return;
  const suggestion = await live.hint();
  if (suggestion === null) {
    ui.hintText.textContent = `No hint: the referee's analysis stayed busy for ${analysis.HINT_MS / 1000} s. Try again, or play on.`;
    ui.hintText.dataset['ms'] = String(Math.round(performance.now() - clicked));
    return;
  }
  hinted = suggestion.move;
  const from = suggestion.move.holder === undefined || suggestion.move.holder === null || suggestion.move.card === 'W'
    ? '' : ` from holder ${suggestion.move.holder}`;
  ui.hintText.textContent = `Hint (${suggestion.level}): play the ${cardName(live.deck, suggestion.move.card, suggestion.move.holder ?? null)}${from}.`;
  ui.hintText.dataset['ms'] = String(Math.round(performance.now() - clicked));
  render(await live.display(), live); // the hinted card marked
}

async function nextHand(leader?: number): Promise<void> {
  if (table === null) return;
  await table.nextHand(leader);
  log([{ type: 'deal', text: 'A new hand is dealt.' }]);
  await advance();
}

/** Arrow keys move among the legal cards, in the order they lie; Enter or Space plays one. */
function keys(event: KeyboardEvent): void {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  const step = steps[event.key];
  if (step === undefined || !(event.target instanceof HTMLButtonElement)) return;
  const legal = [...ui.felt.querySelectorAll<HTMLButtonElement>('button.card.legal')];
  const at = legal.indexOf(event.target);
  if (at === -1) return;
  event.preventDefault();
  legal[(at + step + legal.length) % legal.length]?.focus();
}

async function start(): Promise<void> {
  ui.error.hidden = true;
  ui.refusal.hidden = true;
  ui.events.replaceChildren();
  ui.history.replaceChildren();
  ui.hintText.textContent = '';
  recorded = new Set();
  hinted = null;
  match = ui.length.value === 'match';
  table = null;
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game !== undefined) legend(game);
  const seconds = ui.clock.value.trim() === '' ? null : Number(ui.clock.value);
  const fresh = await newTable(ui.game.value, Number(ui.players.value), Number(ui.seat.value), seconds);
  table = fresh;
  ui.table.hidden = false;
  const timed = fresh.clock();
  log([{ type: 'deal', text: `A hand of ${game?.name ?? fresh.game} is dealt; you sit at seat ${fresh.seat}`
    + `${timed === null ? '' : `; each move has ${timed.move_seconds} s`}.` }]);
  await advance();
}

async function load(): Promise<void> {
  client.setConfig({ baseUrl: window.location.origin });
  const answer = await listGames();
  if (answer.data === undefined) throw new Error('The referee did not list its games');
  games = answer.data.games;
  options(ui.game, games.map((game) => ({ value: game.id, label: game.name })));
  options(ui.level, analysis.LEVELS);
  canAnalyse = games[0] !== undefined && await analysis.available(games[0].id);
  ui.levelField.hidden = !canAnalyse;
  document.body.dataset['analysis'] = String(canAnalyse);
  const asked = new URLSearchParams(window.location.search);
  const watching = asked.get('watch');
  if (watching !== null) {
    await spectate(asked.get('game') ?? '', watching);
    document.body.dataset['ready'] = 'true';
    document.body.dataset['busy'] = 'false';
    return;
  }
  fillSeats();
  ui.game.addEventListener('change', fillSeats);
  ui.players.addEventListener('change', fillSeats);
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    act(start);
  });
  ui.hint.addEventListener('click', () => {
    const clicked = performance.now();
    act(() => hint(clicked));
  });
  ui.felt.addEventListener('keydown', keys);
  document.body.dataset['ready'] = 'true';
  document.body.dataset['busy'] = 'false';
}

load().catch(showError);
