// The table page (GET /play): a person plays one seat against bots.
// Bundled with the TypeScript client into service/static/play/play.js (make page).
//
// `?delay=ms` sets how long each bot waits before it plays (default 600).

import { client } from '../clients/typescript/src/client.gen';
import { listGames, type Game } from '../clients/typescript/src';
import { newTable, Refused, type Display, type Line, type Table } from './tables';

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
  error: element('error', HTMLParagraphElement),
  table: element('table', HTMLElement),
  status: element('status', HTMLElement),
  refusal: element('refusal', HTMLParagraphElement),
  trick: element('trick', HTMLOListElement),
  lastTrick: element('last-trick', HTMLSpanElement),
  hand: element('hand', HTMLDivElement),
  others: element('others', HTMLUListElement),
  score: element('score', HTMLUListElement),
  next: element('next', HTMLDivElement),
  events: element('events', HTMLOListElement),
};

const delay = Number(new URLSearchParams(window.location.search).get('delay') ?? '600');
let games: Game[] = [];
let table: Table | null = null;
let match = false;

function make<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

function options(select: HTMLSelectElement, values: number[], label: (value: number) => string): void {
  select.replaceChildren(...values.map((value) => {
    const option = make('option', label(value));
    option.value = String(value);
    return option;
  }));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function fillSeats(): void {
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game === undefined) return;
  const chosen = Number(ui.players.value) || game.players.min;
  options(ui.players, range(game.players.min, game.players.max), (value) => String(value));
  ui.players.value = String(Math.min(Math.max(chosen, game.players.min), game.players.max));
  options(ui.seat, range(0, Number(ui.players.value) - 1), (value) => `seat ${value}`);
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

function cardFace(code: string): HTMLLIElement {
  const item = make('li');
  item.append(make('span', code, 'card'));
  return item;
}

function render(view: Display, live: Table): void {
  const yours = view.toAct === view.seat && !view.handOver;
  const mode = live.sealed ? 'sealed mode: you see only the public state and your own view' : 'open mode';
  ui.status.dataset['state'] = view.handOver ? (view.matchOver ? 'match-over' : 'hand-over') : yours ? 'your-turn' : 'waiting';
  ui.status.textContent = view.handOver
    ? (view.matchOver ? 'The match is over.' : 'The hand is over.')
    : yours ? `Your turn (seat ${view.seat}): click a card.` : `Seat ${view.toAct} is thinking…`;
  ui.status.append(make('span', ` ${live.game}, ${live.players} players, ${mode}.`, 'small'));
  ui.trick.replaceChildren(...view.trick.map((play) => {
    const item = cardFace(play.card);
    item.append(`seat ${play.seat}`);
    return item;
  }));
  ui.lastTrick.textContent = view.lastTrick.map((play) => `seat ${play.seat}: ${play.card}`).join(', ') || 'none yet';
  ui.hand.replaceChildren(...view.groups.map((group) => {
    const box = make('div', '', 'group');
    box.append(make('h3', group.title));
    const row = make('div', '', 'cards');
    for (const card of group.cards) {
      const button = make('button', card.code, 'card');
      button.type = 'button';
      button.dataset['card'] = card.code;
      button.classList.toggle('legal', yours && card.legal);
      button.classList.toggle('unreachable', !card.reachable);
      button.classList.toggle('wall', card.code === 'W');
      button.title = !card.reachable ? 'out of reach now' : card.legal && yours ? 'a legal move' : '';
      button.disabled = !yours;
      button.addEventListener('click', () => act(() => choose(card.play)));
      row.append(button);
    }
    box.append(row);
    return box;
  }));
  ui.others.replaceChildren(...view.others.map((text) => make('li', text)));
  ui.score.replaceChildren(...view.score.map((text) => make('li', text)));
  ui.next.replaceChildren();
  ui.next.hidden = true;
  if (view.handOver && match && !view.matchOver) {
    ui.next.hidden = false;
    const leaders = view.nextLeaders;
    if (leaders === null) {
      ui.next.append(button('Deal the next hand', () => nextHand()));
    } else {
      ui.next.append(make('span', 'Your team names the next leader: '));
      for (const leader of leaders) ui.next.append(button(leader === view.seat ? 'I lead' : `Seat ${leader} leads`, () => nextHand(leader)));
    }
  }
}

function button(text: string, action: () => Promise<void>): HTMLButtonElement {
  const node = make('button', text);
  node.type = 'button';
  node.addEventListener('click', () => act(action));
  return node;
}

/** Run what a click asks for; `body[data-busy]` says whether the page is still working on it. */
function act(action: () => Promise<void>): void {
  document.body.dataset['busy'] = 'true';
  action().catch(showError).finally(() => {
    document.body.dataset['busy'] = 'false';
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
    return;
  }
  await advance();
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
    render(view, live);
    if (view.handOver || view.toAct === view.seat) return;
    await pause(delay);
    log(await live.botTurn());
  }
}

async function nextHand(leader?: number): Promise<void> {
  if (table === null) return;
  await table.nextHand(leader);
  log([{ type: 'deal', text: 'A new hand is dealt.' }]);
  await advance();
}

async function start(): Promise<void> {
  ui.error.hidden = true;
  ui.refusal.hidden = true;
  ui.events.replaceChildren();
  match = ui.length.value === 'match';
  table = null;
  const fresh = await newTable(ui.game.value, Number(ui.players.value), Number(ui.seat.value));
  table = fresh;
  ui.table.hidden = false;
  log([{ type: 'deal', text: `A hand of ${fresh.game} is dealt; you sit at seat ${fresh.seat}.` }]);
  await advance();
}

async function load(): Promise<void> {
  client.setConfig({ baseUrl: window.location.origin });
  const answer = await listGames();
  if (answer.data === undefined) throw new Error('The referee did not list its games');
  games = answer.data.games;
  ui.game.replaceChildren(...games.map((game) => {
    const option = make('option', game.name);
    option.value = game.id;
    return option;
  }));
  fillSeats();
  ui.game.addEventListener('change', fillSeats);
  ui.players.addEventListener('change', fillSeats);
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    act(start);
  });
  document.body.dataset['ready'] = 'true';
  document.body.dataset['busy'] = 'false';
}

load().catch(showError);
