// The table page's link to the referee: one typed table per game, built on
// the generated TypeScript client. The page (play.ts) sees only `Table`,
// `Display` and `Line`; the game's own types stay in here.
//
// One person plays one seat; every other seat is a bot. A bot plays the
// referee's `suggest` for its seat at the level chosen (analysis.ts), or a
// random legal move where the referee has no `suggest`. Open mode: the page
// holds the hand's state. Sealed mode (the deal answered a token): the page
// holds the token and every seat's credential; each seat acts with its own
// credential and the person's view comes from `view` with theirs, so nothing
// hidden from the person's seat reaches the screen while the hand runs.
// Once it is over, the rest is shown: Agency's two far holders from the
// partner's view (each seat sees the two holders beside it, A5), and in the
// Agram family every card has been played by then.

import {
  agencyDeal, agencyLegalMoves, agencyPlay, agencyScore, agencyTimeout, agencyView,
  agramDeal, agramLegalMoves, agramMaliDeal, agramMaliLegalMoves, agramMaliPlay, agramMaliScore, agramMaliTimeout, agramMaliView,
  agramPlay, agramScore, agramTimeout, agramView, fapfapDeal, fapfapLegalMoves, fapfapPlay, fapfapScore, fapfapTimeout, fapfapView,
  sinkSinkDeal, sinkSinkLegalMoves, sinkSinkPlay, sinkSinkScore, sinkSinkTimeout, sinkSinkView,
  sparDeal, sparLegalMoves, sparPlay, sparScore, sparTimeout, sparView,
  type AgencyCard, type AgencyPlayResponse, type AgencyProblem, type AgencyPublicState, type AgencyState,
  type AgramCard, type AgramMaliCard, type AgramMaliPlayResponse, type AgramMaliProblem, type AgramMaliPublicState,
  type AgramMaliState, type AgramPlayResponse, type AgramProblem, type AgramPublicState, type AgramState,
  type FapfapCard, type FapfapPlayResponse, type FapfapProblem, type FapfapPublicState, type FapfapState,
  type Problem, type SeatCredential, type SinkSinkCard, type SinkSinkPlayResponse, type SinkSinkProblem,
  type SinkSinkPublicState, type SinkSinkState, type SparCard, type SparPlayResponse, type SparProblem,
  type SparPublicState, type SparState,
} from '../clients/typescript/src';
import * as analysis from './analysis';
import { answer, type Answer, type Refusal } from './answers';
import { eventSentence, type GameEvent } from '../clients/typescript/events';
import { cardName, deckOf, type Deck, type Family } from './cards';

type Call<B, R, E> = (options: { body: B; headers?: Record<string, string> }) => Promise<Answer<R, E>>;

/** The spectator's view (sealed mode, `view` without a credential): no seat's own. */
interface Spectator {
  seat: null;
}

/** A seat's view: the page always asks as a seat (with its credential in
 * sealed mode), so a spectator's view here is a fault. */
async function seatView<V extends { seat: number }, E extends Refusal>(pending: Promise<Answer<V | Spectator, E>>): Promise<V> {
  const view = await answer(pending);
  if (!isSeatView(view)) throw new Error("The referee answered a spectator's view to a seat's request");
  return view;
}

function isSeatView<V extends { seat: number }>(view: V | Spectator): view is V {
  return view.seat !== null;
}

// -- what the page shows ----------------------------------------------------

export type Move = analysis.Move;

/** One event, as a sentence, with its type (`card_played`, `trick_won`...). */
export interface Line {
  type: string;
  text: string;
}

/** A card the person may see, and the move it makes when clicked. */
export interface PlayableCard {
  code: string;
  holder: number | null; // Agency: the holder it stands in
  legal: boolean; // among the person's legal moves now
  reachedBy: number[]; // Agency: the seats that reach it now (A6); the Agram family: its owner
  play(): Promise<Line[]>; // throws Refused with the referee's detail when illegal
}

/** One of Agency's holders: holder h stands between seat h, which reads it
 * from the start, and seat h+1, which reads it from the end (A5). */
export interface HolderShown {
  holder: number;
  count: number; // cards in it, Walls included
  cards: PlayableCard[] | null; // listed from seat h's end; null while hidden from the person
}

export interface SeatShown {
  seat: number;
  name: string; // "You", "Seat 2, your partner", "Seat 3"
  team: number | null; // Agency (A4)
  dealer: boolean; // the Agram family (F3)
  cards: number | null; // the Agram family: cards in hand
}

export interface DoneTrick {
  number: number; // from 1
  plays: Move[];
  winner: number;
  card: string; // the winning card
  points: number | null; // Agency (A3)
}

/** The end of a hand, from the person's side. */
export interface Result {
  outcome: 'won' | 'lost' | 'void';
  headline: string;
  details: string[]; // why the hand ended, a tie broken, the payout or points
}

/** The match so far: the tally by team or seat. */
export interface Board {
  caption: string;
  rows: Array<{ name: string; value: number; yours: boolean }>;
}

export interface Display {
  seat: number;
  toAct: number | null;
  handOver: boolean;
  seats: SeatShown[]; // every seat, in seat order
  hand: PlayableCard[] | null; // the Agram family: the person's cards
  holders: HolderShown[] | null; // Agency: the four holders, in holder order
  trick: Move[]; // the trick in progress (Agency, once over: the discarded trick, A12a)
  tricks: DoneTrick[]; // completed tricks
  points: string | null; // Agency: card points so far (A3)
  result: Result | null; // once the hand is over
  board: Board;
  matchOver: boolean;
  matchWinner: string | null; // once the match is over: who won it, from the person's side (A14, F7)
  nextLeaders: number[] | null; // Agency: the seats the person may name to lead the next hand; null if not theirs to name
}

export interface Table {
  readonly game: string;
  readonly deck: Deck;
  readonly players: number;
  readonly seat: number;
  readonly teams: boolean;
  readonly sealed: boolean;
  /** The person's view of the hand now. */
  display(): Promise<Display>;
  /** `seat` (a bot, to act) plays `suggest` at `level`, or a random legal move
   * where the referee has no `suggest`, on the state held when its turn began;
   * what happened (nothing when `seat` is no longer to act). Throws `Refused`
   * 409 `state_spent` when that state was spent meanwhile (its time ran out:
   * `timeout` played for it first). */
  botTurn(level: string, seat: number): Promise<Line[]>;
  /** The referee's suggestion for the person's seat (default level). */
  hint(): Promise<analysis.Suggestion | null>;
  /** The review of the finished hand (`analyze`). */
  review(): Promise<analysis.Reviewed[]>;
  /** Deal the next hand of the match; Agency: `leader` leads it (else a bot of the team that names it chooses). */
  nextHand(leader?: number): Promise<void>;
  /** The hand's clock as the referee issued it with the state held now: the
   * seat to act and its deadline (the referee's time); null without a clock. */
  clock(): Clock | null;
  /** `timeout`: the referee plays for the seat to act, whose time ran out
   * (its `card_played` event has `"timeout": true`); what happened. */
  timeout(): Promise<Line[]>;
  /** Sealed mode: the newest token, which a spectator's link carries; null in open mode. */
  token(): string | null;
}

/** A match's clock on a state (signed and sealed modes, docs/holding.md "Clocks"). */
export interface Clock {
  seat: number | null; // the seat to act; null once the hand is over
  deadline: string; // RFC 3339, UTC: the referee's time when its time runs out
  move_seconds: number;
}

// -- holding a hand -----------------------------------------------------------

type Held<S> = { state: S } | { token: string };

interface Dealt<S, P> {
  state: S | P;
  token?: string;
  seats?: Array<SeatCredential>;
}

/** What the page reads of any state: whose turn it is, and the clock. */
interface Turn {
  to_act?: number | null;
  clock?: Clock;
}

interface Keeper<S, P> {
  isOpen(state: S | P): state is S;
}

class Hold<S extends Turn, P extends Turn> {
  held: Held<S>;
  shown: S | P;
  credentials = new Map<number, string>();

  constructor(private readonly keeper: Keeper<S, P>, dealt: Dealt<S, P>) {
    this.shown = dealt.state;
    this.held = this.hold(dealt);
    for (const entry of dealt.seats ?? []) this.credentials.set(entry.seat, entry.credential);
  }

  get sealed(): boolean {
    return 'token' in this.held;
  }

  update(next: { state: S | P; token?: string }): void {
    this.shown = next.state;
    this.held = this.hold(next);
  }

  /** Headers for a request made by `seat`: its credential, in sealed mode. */
  as(seat: number): Record<string, string> {
    const credential = this.credentials.get(seat);
    return credential === undefined ? {} : { Authorization: `Bearer ${credential}` };
  }

  /** The body of a `view` for `seat`: the token (the credential says the seat) or the state and the seat. */
  viewBody(seat: number): { token: string } | { state: S; seat: number } {
    return 'token' in this.held ? { token: this.held.token } : { state: this.held.state, seat };
  }

  /** The newest token (sealed mode), or null. */
  get token(): string | null {
    return 'token' in this.held ? this.held.token : null;
  }

  /** The finished hand, as `previous` of the next deal. */
  previous(): S | string {
    return 'token' in this.held ? this.held.token : this.held.state;
  }

  private hold(next: { state: S | P; token?: string }): Held<S> {
    if (next.token !== undefined) return { token: next.token };
    if (this.keeper.isOpen(next.state)) return { state: next.state };
    throw new Error('The referee answered a public state without a token');
  }
}

/** A first deal's `clock` member: `move_seconds` for each move, or none. */
function moveClock(seconds: number | null): { clock?: { move_seconds: number } } {
  return seconds === null ? {} : { clock: { move_seconds: seconds } };
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('Nothing to choose from');
  return item;
}

/** A bot's turn for `seat`, if it is still to act: the referee's suggestion
 * at `level` played, or a random legal move where the referee has no
 * `suggest`, or where its analysis stayed busy (503) past
 * `analysis.PATIENCE_MS`: then the lines say so first. The move is played on
 * the state held when the turn began, however long the bot took: if the
 * seat's time ran out meanwhile and `timeout` spent that state, the referee
 * refuses it (409 `state_spent`) and nothing is applied. */
async function botTurn<S extends Turn, P extends Turn, M>(game: string, hand: Hold<S, P>, level: string, seat: number,
  legal: (held: Held<S>, headers: Record<string, string>) => Promise<{ moves: M[] }>,
  play: (move: M, held: Held<S>) => Promise<Line[]>): Promise<Line[]> {
  if (hand.shown.to_act !== seat) return [];
  const held = hand.held;
  const headers = hand.as(seat);
  if (!(await analysis.available(game))) return play(pick((await legal(held, headers)).moves), held);
  const suggestion = await analysis.patientSuggest(game, held, headers, level);
  if (suggestion !== null) return play(suggestion.move as M, held);
  const said = { type: 'busy', text: `The referee's analysis stayed busy, so seat ${seat} played a random legal move (the random level).` };
  return [said, ...(await play(pick((await legal(held, headers)).moves), held))];
}

// -- words ------------------------------------------------------------------------

function seatName(seat: number, viewer: number, teams: boolean): string {
  if (seat === viewer) return 'You';
  return teams && seat % 2 === viewer % 2 ? `Seat ${seat}, your partner` : `Seat ${seat}`;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function lines(events: readonly GameEvent[], game: string): Line[] {
  return events.map((event) => ({ type: event.type, text: eventSentence(event, game) }));
}

interface MatchView {
  hand: number;
  tally?: Array<number>;
  previous: Array<number>;
  target?: number | null;
  unit?: string;
  over?: boolean;
  winner?: number | null;
}

const UNITS: Record<string, string> = { hands: 'hands won', points: 'points', balance: 'balance in stakes', game_points: 'game points' };

function board(match: MatchView, viewer: number, teams: boolean): Board {
  const tally = match.tally ?? match.previous;
  const unit = UNITS[match.unit ?? 'hands'] ?? match.unit ?? 'hands';
  const goal = match.target === null || match.target === undefined ? 'no target' : `first to ${match.target} ${unit}`;
  return {
    caption: `Hand ${match.hand} of the match (${unit}; ${goal})`,
    rows: tally.map((value, index) => teams
      ? { name: `Team ${index} (seats ${index} and ${index + 2})${viewer % 2 === index ? ': yours' : ''}`, value, yours: viewer % 2 === index }
      : { name: index === viewer ? `Seat ${index} (you)` : `Seat ${index}`, value, yours: index === viewer }),
  };
}

/** Who won the match, from `viewer`'s side, once it is over (Agency's
 * teams A14, the Agram family's seats F7); null while it runs. */
function matchWinner(match: MatchView, viewer: number, teams: boolean): string | null {
  if (match.over !== true) return null;
  const winner = match.winner;
  const tally = match.tally ?? match.previous;
  if (winner === null || winner === undefined) return 'The match is over.';
  const unit = UNITS[match.unit ?? 'hands'] ?? match.unit ?? 'hands';
  const target = match.target === null || match.target === undefined ? '' : `, first to ${match.target}`;
  if (teams) {
    const who = winner === viewer % 2 ? 'Your team' : 'The other team';
    return `The match is over: ${who} (team ${winner}, seats ${winner} and ${winner + 2}) wins it, `
      + `${tally[winner] ?? '?'} ${unit} to ${tally[1 - winner] ?? '?'}${target} (A14).`;
  }
  const who = winner === viewer ? 'You win it' : `Seat ${winner} wins it`;
  const others = tally.map((value, index) => `${index === viewer ? 'you' : `seat ${index}`} ${value}`).join(', ');
  return `The match is over: ${who} with ${tally[winner] ?? '?'} ${unit}${target} (F7). Tally: ${others}.`;
}

interface CompletedTrick<M> {
  plays: Array<M>;
  winner?: number;
  card?: string;
  points?: number;
}

function done<M extends Move>(tricks: ReadonlyArray<CompletedTrick<M>>): DoneTrick[] {
  return tricks.map((trick, index) => ({
    number: index + 1, plays: trick.plays, winner: trick.winner ?? trick.plays[0]?.seat ?? 0,
    card: trick.card ?? '', points: trick.points ?? null,
  }));
}

// -- the Agram family ---------------------------------------------------------

interface FamilyMove<C> {
  seat: number;
  card: C;
}

interface FamilyView<C> {
  seat: number;
  to_act: number | null;
  hand_over: boolean;
  hand: Array<C>;
  hand_sizes: Array<number>;
  legal_moves: Array<FamilyMove<C>>;
  trick: { plays: Array<FamilyMove<C>> } | null;
  tricks: Array<CompletedTrick<FamilyMove<C>>>;
  match: MatchView;
  dealer: number;
}

interface FamilyScore {
  hand_over: boolean;
  winner: number | null;
  multiplier?: number | null; // Fapfap (F2)
  payouts?: Array<number>; // Fapfap (F6)
  points?: number | null; // Spar (F2)
}

interface FamilyApi<S, P, C extends string, E extends GameEvent, G extends Refusal> extends Keeper<S, P> {
  deal: Call<{ players: number; seed?: number; clock?: { move_seconds: number } } | { previous: S | string; seed?: number }, Dealt<S, P>, G>;
  legalMoves: Call<{ state: S } | { token: string }, { to_act: number | null; moves: Array<FamilyMove<C>> }, G>;
  play: Call<{ state: S; move: FamilyMove<C> } | { token: string; move: FamilyMove<C> }, { state: S | P; token?: string; events: Array<E> }, G>;
  view: Call<{ state: S; seat: number } | { token: string }, FamilyView<C> | Spectator, G>;
  timeout: Call<{ state: S } | { token: string }, { state: S | P; token?: string; events: Array<E> }, G>;
  score: Call<{ state: S } | { token: string }, FamilyScore, G>;
}

/** Why the hand's multiplier is what it is (Fapfap, F2). */
function multiplierSentence(multiplier: number): string {
  if (multiplier === 4) return 'Tricks 4 and 5 were both won with a 3: the stake is paid four times (F2).';
  if (multiplier === 2) return 'The last trick was won with a 3: the stake is paid twice (F2).';
  return 'The last trick was not won with a 3: the stake is paid once (F2).';
}

/** The end of an Agram-family hand for `viewer`: who took the last trick with
 * what (it alone decides, F2), and Fapfap's payouts (F6) or Spar's points. */
function familyResult(deck: Deck, viewer: number, tricks: DoneTrick[], score: FamilyScore): Result {
  const winner = score.winner ?? 0;
  const last = tricks.at(-1);
  const who = winner === viewer ? 'You' : `Seat ${winner}`;
  const details = last === undefined ? [] : [
    `${who} took the last trick (trick ${last.number}) with the ${cardName(deck, last.card)}; the winner of the last trick wins the hand, and no other trick counts (F2).`,
  ];
  if (score.multiplier !== undefined && score.multiplier !== null) details.push(multiplierSentence(score.multiplier));
  if (score.payouts !== undefined) {
    const mine = score.payouts[viewer] ?? 0;
    details.push(mine > 0
      ? `You collect ${mine}: each other seat pays you ${mine / (score.payouts.length - 1)} (F6).`
      : `You pay ${-mine} to seat ${winner} (F6).`);
    details.push(`Payouts: ${score.payouts.map((value, seat) => `${seat === viewer ? 'you' : `seat ${seat}`} ${signed(value)}`).join(', ')}.`);
  }
  if (typeof score.points === 'number') {
    details.push(`${who} score${winner === viewer ? '' : 's'} ${score.points} point${score.points === 1 ? '' : 's'}: 3 for a last trick won with a 6, 2 with a 7, else 1 (F2).`);
  }
  return { outcome: winner === viewer ? 'won' : 'lost', headline: winner === viewer ? 'You win the hand' : `Seat ${winner} wins the hand`, details };
}

async function familyTable<S extends Turn, P extends Turn, C extends string, E extends GameEvent, G extends Refusal>(
  game: string, api: FamilyApi<S, P, C, E, G>, players: number, seat: number, clock: number | null,
): Promise<Table> {
  const deck = deckOf('last-trick');
  type Body = { players: number; seed?: number; clock?: { move_seconds: number } } | { previous: S | string; seed?: number };
  const deal = (body: Body): Promise<Dealt<S, P>> => answer(api.deal({ body }));
  const hand = new Hold<S, P>(api, await deal({ players, ...moveClock(clock) }));
  const play = async (move: FamilyMove<C>, held: Held<S> = hand.held): Promise<Line[]> => {
    const played = await answer(api.play({ body: { ...held, move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, game);
  };
  return {
    game, deck, players, seat, teams: false,
    get sealed() { return hand.sealed; },
    async display(): Promise<Display> {
      const view = await seatView(api.view({ body: hand.viewBody(seat), headers: hand.as(seat) }));
      const legal = new Set(view.legal_moves.map((move) => move.card));
      const tricks = done(view.tricks);
      return {
        seat, toAct: view.to_act, handOver: view.hand_over,
        seats: view.hand_sizes.map((size, other) => ({
          seat: other, name: seatName(other, seat, false), team: null, dealer: other === view.dealer, cards: size,
        })),
        hand: view.hand.map((card) => ({
          code: card, holder: null, legal: legal.has(card), reachedBy: [seat], play: () => play({ seat, card }),
        })),
        holders: null,
        trick: view.trick?.plays ?? [],
        tricks,
        points: null,
        result: view.hand_over ? familyResult(deck, seat, tricks, await answer(api.score({ body: hand.held }))) : null,
        board: board(view.match, seat, false),
        matchOver: view.match.over === true,
        matchWinner: matchWinner(view.match, seat, false),
        nextLeaders: null,
      };
    },
    botTurn: (level: string, toAct: number): Promise<Line[]> =>
      botTurn(game, hand, level, toAct, (held, headers) => answer(api.legalMoves({ body: held, headers })), play),
    hint: () => analysis.patientSuggest(game, hand.held, hand.as(seat), '', analysis.HINT_MS - analysis.HINT_DRAWING_MS),
    review: () => analysis.analyze(game, hand.held, hand.as(seat)),
    async nextHand(): Promise<void> {
      hand.update(await deal({ previous: hand.previous() }));
    },
    clock: () => hand.shown.clock ?? null,
    token: () => hand.token,
    async timeout(): Promise<Line[]> {
      const played = await answer(api.timeout({ body: hand.held, headers: hand.as(seat) }));
      hand.update(played);
      return lines(played.events, game);
    },
  };
}

// -- Agency ---------------------------------------------------------------------

interface AgencyMoveOf<C> {
  seat: number;
  card: C;
  holder?: number | null;
}

interface AgencyViewOf<C> {
  seat: number;
  team: number;
  to_act: number | null;
  hand_over: boolean;
  winner: number | null;
  end?: 'no_legal_play' | 'out_of_cards' | 'points_reached' | null;
  holders: Array<{ holder: number; count: number; cards: Array<C> | null }>;
  reach: Array<{ holder: number; cards: Array<C> }>;
  legal_moves: Array<AgencyMoveOf<C>>;
  trick: { leader?: number | null; plays: Array<AgencyMoveOf<C>> };
  tricks: Array<CompletedTrick<AgencyMoveOf<C>>>;
  team_points: Array<number>;
  options: { early_end_points?: number };
  match: MatchView & { chooser?: number | null };
}

interface AgencyApi<S, P, C extends string, E extends GameEvent, G extends Refusal> extends Keeper<S, P> {
  deal: Call<{ first_leader?: number; seed?: number; clock?: { move_seconds: number } } | { previous: S | string; first_leader?: number; seed?: number }, Dealt<S, P>, G>;
  legalMoves: Call<{ state: S } | { token: string }, { to_act: number | null; moves: Array<AgencyMoveOf<C>> }, G>;
  play: Call<{ state: S; move: AgencyMoveOf<C> } | { token: string; move: AgencyMoveOf<C> }, { state: S | P; token?: string; events: Array<E> }, G>;
  view: Call<{ state: S; seat: number } | { token: string }, AgencyViewOf<C> | Spectator, G>;
  timeout: Call<{ state: S } | { token: string }, { state: S | P; token?: string; events: Array<E> }, G>;
}

const SEATS = 4;
const EARLY_END_POINTS = 22; // A12c's default, when the options do not say

/** The team that names the next hand's leader (A14): the team that lost this
 * hand; after a void hand, the team that named this one's. */
function namingTeam(view: { winner: number | null; match: { chooser?: number | null } }): number | null {
  return view.winner === null ? view.match.chooser ?? null : 1 - view.winner;
}

/** The positions of `cards` (a holder, listed from seat h's end) that a seat
 * reaches from the start or from the end: every card up to and including the
 * first Wall, or the whole holder with no Wall in it (A6). */
function reachFrom(cards: readonly string[], fromStart: boolean): Set<number> {
  const order = cards.map((_, index) => (fromStart ? index : cards.length - 1 - index));
  const wall = order.findIndex((index) => cards[index] === 'W');
  return new Set(wall === -1 ? order : order.slice(0, wall + 1));
}

function positions(from: number, to: number): Set<number> {
  return new Set(Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index));
}

/** Why an Agency hand ended and who won it, from `viewer`'s side (A12, A13). */
function agencyResult(view: AgencyViewOf<string>, viewer: number): Result {
  const ours = viewer % 2;
  const points = view.team_points;
  const details: string[] = [];
  const toAct = (view.trick.leader ?? 0) + view.trick.plays.length;
  const emptied = [0, 1, 2, 3].find((seat) =>
    view.holders[seat]?.count === 0 && view.holders[(seat + SEATS - 1) % SEATS]?.count === 0);
  const limit = view.options.early_end_points ?? EARLY_END_POINTS;
  if (view.end === 'no_legal_play') {
    const stuck = toAct % SEATS;
    details.push(`${stuck === viewer ? 'You' : `Seat ${stuck}`} had no legal play, so the hand ended${view.trick.plays.length > 0 ? ' and the unfinished trick was discarded, scoring for nobody' : ''} (A12a).`);
  } else if (view.end === 'out_of_cards') {
    details.push(`${emptied === viewer ? 'You have' : `Seat ${emptied ?? '?'} has`} no cards left in either holder, so the hand ended (A12b).`);
  } else if (view.end === 'points_reached') {
    const team = (points[0] ?? 0) >= limit ? 0 : 1;
    details.push(`${team === ours ? 'Your team' : 'The other team'} reached ${limit} points, so the hand ended (A12c).`);
  }
  details.push(`Card points: your team ${points[ours]}, the other team ${points[1 - ours]} (A3).`);
  const last = view.tricks.at(-1);
  if (view.winner === null) {
    details.push('No trick was completed, so the hand is void: nobody wins it (A13).');
  } else if (points[0] === points[1] && last?.winner !== undefined) {
    details.push(`The points are equal, so the team that won the last trick takes the hand: ${last.winner === viewer ? 'you' : `seat ${last.winner}`} won trick ${view.tricks.length} for ${view.winner === ours ? 'your team' : 'the other team'} (A13).`);
  }
  details.push(view.winner === null ? 'Nobody gains a game point (A14).' : `${view.winner === ours ? 'Your team gains' : 'The other team gains'} 1 game point (A14).`);
  const outcome = view.winner === null ? 'void' : view.winner === ours ? 'won' : 'lost';
  const headline = outcome === 'void' ? 'A void hand' : outcome === 'won' ? 'Your team wins the hand' : 'The other team wins the hand';
  return { outcome, headline, details };
}

async function agencyTable<S extends Turn, P extends Turn, C extends string, E extends GameEvent, G extends Refusal>(
  api: AgencyApi<S, P, C, E, G>, seat: number, clock: number | null,
): Promise<Table> {
  const game = 'agency';
  const deck = deckOf('agency');
  type Body = { first_leader?: number; seed?: number; clock?: { move_seconds: number } } | { previous: S | string; first_leader?: number; seed?: number };
  const deal = (body: Body, headers: Record<string, string> = {}): Promise<Dealt<S, P>> => answer(api.deal({ body, headers }));
  const hand = new Hold<S, P>(api, await deal(moveClock(clock)));
  let last: AgencyViewOf<C> | null = null;
  const play = async (move: AgencyMoveOf<C>, held: Held<S> = hand.held): Promise<Line[]> => {
    const played = await answer(api.play({ body: { ...held, move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, 'agency');
  };
  const viewOf = (viewer: number): Promise<AgencyViewOf<C>> => seatView(api.view({ body: hand.viewBody(viewer), headers: hand.as(viewer) }));
  return {
    game, deck, players: SEATS, seat, teams: true,
    get sealed() { return hand.sealed; },
    async display(): Promise<Display> {
      const view = await viewOf(seat);
      last = view;
      // Once the hand is over the partner's view shows the two far holders.
      const partner = view.hand_over ? await viewOf((seat + 2) % SEATS) : null;
      const isLegal = (card: C, holder: number): boolean =>
        view.legal_moves.some((move) => move.card === card && move.holder === holder);
      const holders = view.holders.map((entry): HolderShown => {
        const cards = entry.cards ?? partner?.holders[entry.holder]?.cards ?? null;
        if (cards === null) return { holder: entry.holder, count: entry.count, cards: null };
        // Seat h reads holder h from the start, seat h+1 from the end (A5).
        const starts = entry.holder;
        const ends = (entry.holder + 1) % SEATS;
        const mine = view.reach.find((reach) => reach.holder === entry.holder)?.cards.length ?? 0;
        const byStart = starts === seat ? positions(0, mine) : reachFrom(cards, true);
        const byEnd = ends === seat ? positions(cards.length - mine, cards.length) : reachFrom(cards, false);
        return {
          holder: entry.holder, count: entry.count,
          cards: cards.map((card, index) => ({
            code: card, holder: entry.holder,
            // A holder's two Walls share a code: the legal one is the one in reach (A6).
            legal: isLegal(card, entry.holder) && (starts === seat ? byStart : byEnd).has(index),
            reachedBy: view.hand_over ? [] : [...(byStart.has(index) ? [starts] : []), ...(byEnd.has(index) ? [ends] : [])],
            play: () => play({ seat, card, holder: entry.holder }),
          })),
        };
      });
      const naming = view.hand_over ? namingTeam(view) : null;
      const ours = view.team;
      return {
        seat, toAct: view.to_act, handOver: view.hand_over,
        seats: [0, 1, 2, 3].map((other) => ({ seat: other, name: seatName(other, seat, true), team: other % 2, dealer: false, cards: null })),
        hand: null,
        holders,
        trick: view.trick.plays,
        tricks: done(view.tricks),
        points: `Card points: your team ${view.team_points[ours]}, the other team ${view.team_points[1 - ours]}.`,
        result: view.hand_over ? agencyResult(view, seat) : null,
        board: board(view.match, seat, true),
        matchOver: view.match.over === true,
        matchWinner: matchWinner(view.match, seat, true),
        nextLeaders: naming === ours ? [ours, ours + 2] : naming === null && view.hand_over ? [0, 1, 2, 3] : null,
      };
    },
    botTurn: (level: string, toAct: number): Promise<Line[]> =>
      botTurn(game, hand, level, toAct, (held, headers) => answer(api.legalMoves({ body: held, headers })), play),
    hint: () => analysis.patientSuggest(game, hand.held, hand.as(seat), '', analysis.HINT_MS - analysis.HINT_DRAWING_MS),
    review: () => analysis.analyze(game, hand.held, hand.as(seat)),
    async nextHand(leader?: number): Promise<void> {
      let first = leader;
      const naming = last === null ? null : namingTeam(last);
      if (first === undefined && naming !== null) first = naming + 2 * Math.floor(Math.random() * 2);
      // The team that lost names the leader, and in sealed mode asks for the hand with its credential (A14).
      const asked = first === undefined ? {} : hand.as(first);
      hand.update(await deal({ previous: hand.previous(), ...(first === undefined ? {} : { first_leader: first }) }, asked));
    },
    clock: () => hand.shown.clock ?? null,
    token: () => hand.token,
    async timeout(): Promise<Line[]> {
      const played = await answer(api.timeout({ body: hand.held, headers: hand.as(seat) }));
      hand.update(played);
      return lines(played.events, game);
    },
  };
}

// -- watching ---------------------------------------------------------------------

/** What a spectator sees of a sealed table: `view` with a token and no
 * credential (docs/holding.md "Spectators"): the public state, and no card
 * that a seat holds. */
export interface Watched {
  game: string;
  deck: Deck;
  players: number;
  teams: boolean;
  toAct: number | null;
  handOver: boolean;
  seats: SeatShown[]; // every seat, in seat order; the Agram family: how many cards it holds
  holders: Array<{ holder: number; count: number }> | null; // Agency: how many cards each holder has
  trick: Move[];
  tricks: DoneTrick[];
  points: string | null; // Agency: card points so far (A3)
  outcome: string | null; // once the hand is over: who won it
  board: Board;
}

/** The spectator's view, as the page reads it, in any game. */
interface SpectatorView {
  seat: number | null;
  to_act: number | null;
  hand_over: boolean;
  winner: number | null; // the Agram family: a seat; Agency: a team
  hand_sizes?: number[];
  dealer?: number;
  holders?: Array<{ holder: number; count: number }>;
  team_points?: number[];
  trick: { plays: Move[] } | null;
  tricks: Array<CompletedTrick<Move>>;
  match: MatchView;
}

type SpectatorCall = (options: { body: { token: string } }) => Promise<Answer<SpectatorView, Refusal>>;

/** Each game's family and `view`, as a spectator calls it (the token alone, no credential). */
const SPECTATOR_VIEWS = {
  agency: { family: 'agency', view: agencyView },
  agram: { family: 'last-trick', view: agramView },
  'sink-sink': { family: 'last-trick', view: sinkSinkView },
  fapfap: { family: 'last-trick', view: fapfapView },
  'agram-mali': { family: 'last-trick', view: agramMaliView },
  spar: { family: 'last-trick', view: sparView },
} as Record<string, unknown> as Record<string, { family: Family; view: SpectatorCall } | undefined>;

/** The table a sealed `token` of `game` holds, as a spectator sees it. */
export async function watch(game: string, token: string): Promise<Watched> {
  const spectated = SPECTATOR_VIEWS[game];
  if (spectated === undefined) throw new Error(`Unknown game ${game}`);
  const view = await answer(spectated.view({ body: { token } }));
  if (view.seat !== null) throw new Error("The referee answered a seat's view to a spectator");
  const holders = view.holders?.map(({ holder, count }) => ({ holder, count })) ?? null;
  const teams = holders !== null;
  const players = teams ? SEATS : view.hand_sizes?.length ?? 0;
  const winner = view.winner;
  let outcome: string | null = null;
  if (view.hand_over) {
    outcome = winner === null ? 'A void hand: nobody wins it (A13).'
      : teams ? `Team ${winner} (seats ${winner} and ${winner + 2}) wins the hand.` : `Seat ${winner} wins the hand.`;
  }
  const points = view.team_points;
  return {
    game, deck: deckOf(spectated.family), players, teams, toAct: view.to_act, handOver: view.hand_over,
    seats: Array.from({ length: players }, (_, seat) => ({
      seat, name: `Seat ${seat}`, team: teams ? seat % 2 : null, dealer: !teams && seat === view.dealer,
      cards: teams ? null : view.hand_sizes?.[seat] ?? 0,
    })),
    holders, trick: view.trick?.plays ?? [], tricks: done(view.tricks),
    points: points === undefined ? null : `Card points: team 0 ${points[0]}, team 1 ${points[1]}.`,
    outcome, board: board(view.match, -1, teams),
  };
}

// -- the registry -------------------------------------------------------------------

const open = <S extends object, P extends { match_id: string }>(state: S | P): state is S => !('match_id' in state);

/** A new table: deals the first hand of `game` with `players` seats, the
 * person at `seat`, and a match clock of `clock` seconds a move (null: none;
 * signed and sealed modes only, an open referee refuses it with 422). */
export function newTable(game: string, players: number, seat: number, clock: number | null = null): Promise<Table> {
  switch (game) {
    case 'agency':
      return agencyTable<AgencyState, AgencyPublicState, AgencyCard, AgencyPlayResponse['events'][number], AgencyProblem | Problem>({
        deal: agencyDeal, legalMoves: agencyLegalMoves, play: agencyPlay, view: agencyView, timeout: agencyTimeout,
        isOpen: (state: AgencyState | AgencyPublicState): state is AgencyState => open(state) }, seat, clock);
    case 'agram':
      return familyTable<AgramState, AgramPublicState, AgramCard, AgramPlayResponse['events'][number], AgramProblem | Problem>(game, {
        deal: agramDeal, legalMoves: agramLegalMoves, play: agramPlay, view: agramView, timeout: agramTimeout, score: agramScore,
        isOpen: (state: AgramState | AgramPublicState): state is AgramState => open(state) }, players, seat, clock);
    case 'sink-sink':
      return familyTable<SinkSinkState, SinkSinkPublicState, SinkSinkCard, SinkSinkPlayResponse['events'][number], SinkSinkProblem | Problem>(game, {
        deal: sinkSinkDeal, legalMoves: sinkSinkLegalMoves, play: sinkSinkPlay, view: sinkSinkView, timeout: sinkSinkTimeout, score: sinkSinkScore,
        isOpen: (state: SinkSinkState | SinkSinkPublicState): state is SinkSinkState => open(state) }, players, seat, clock);
    case 'fapfap':
      return familyTable<FapfapState, FapfapPublicState, FapfapCard, FapfapPlayResponse['events'][number], FapfapProblem | Problem>(game, {
        deal: fapfapDeal, legalMoves: fapfapLegalMoves, play: fapfapPlay, view: fapfapView, timeout: fapfapTimeout, score: fapfapScore,
        isOpen: (state: FapfapState | FapfapPublicState): state is FapfapState => open(state) }, players, seat, clock);
    case 'agram-mali':
      return familyTable<AgramMaliState, AgramMaliPublicState, AgramMaliCard, AgramMaliPlayResponse['events'][number], AgramMaliProblem | Problem>(game, {
        deal: agramMaliDeal, legalMoves: agramMaliLegalMoves, play: agramMaliPlay, view: agramMaliView, timeout: agramMaliTimeout, score: agramMaliScore,
        isOpen: (state: AgramMaliState | AgramMaliPublicState): state is AgramMaliState => open(state) }, players, seat, clock);
    case 'spar':
      return familyTable<SparState, SparPublicState, SparCard, SparPlayResponse['events'][number], SparProblem | Problem>(game, {
        deal: sparDeal, legalMoves: sparLegalMoves, play: sparPlay, view: sparView, timeout: sparTimeout, score: sparScore,
        isOpen: (state: SparState | SparPublicState): state is SparState => open(state) }, players, seat, clock);
    default:
      return Promise.reject(new Error(`Unknown game ${game}`));
  }
}
