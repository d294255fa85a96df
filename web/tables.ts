// The table page's link to the referee: one typed table per game, built on
// the generated TypeScript client. The page (play.ts) sees only `Table`,
// `Display` and `Line`; the game's own types stay in here.
//
// One person plays one seat; every other seat is a bot that plays a random
// legal move. Open mode: the page holds the hand's state. Sealed mode (the
// deal answered a token): the page holds the token and every seat's
// credential; each seat acts with its own credential and the person's view
// comes from `view` with theirs, so nothing hidden from the person's seat
// reaches the screen.

import {
  agencyDeal, agencyLegalMoves, agencyPlay, agencyView,
  agramDeal, agramLegalMoves, agramMaliDeal, agramMaliLegalMoves, agramMaliPlay, agramMaliView,
  agramPlay, agramView, fapfapDeal, fapfapLegalMoves, fapfapPlay, fapfapView,
  sinkSinkDeal, sinkSinkLegalMoves, sinkSinkPlay, sinkSinkView,
  sparDeal, sparLegalMoves, sparPlay, sparView,
  type AgencyCard, type AgencyPlayResponse, type AgencyProblem, type AgencyPublicState, type AgencyState,
  type AgramCard, type AgramMaliCard, type AgramMaliPlayResponse, type AgramMaliProblem, type AgramMaliPublicState,
  type AgramMaliState, type AgramPlayResponse, type AgramProblem, type AgramPublicState, type AgramState,
  type FapfapCard, type FapfapPlayResponse, type FapfapProblem, type FapfapPublicState, type FapfapState,
  type Problem, type SeatCredential, type SinkSinkCard, type SinkSinkPlayResponse, type SinkSinkProblem,
  type SinkSinkPublicState, type SinkSinkState, type SparCard, type SparPlayResponse, type SparProblem,
  type SparPublicState, type SparState,
} from '../clients/typescript/src';

/** What one call of the client resolves to (its `fields` response style). */
type Answer<R, E> = ({ data: R; error: undefined } | { data: undefined; error: E }) & { response: Response };
type Call<B, R, E> = (options: { body: B; headers?: Record<string, string> }) => Promise<Answer<R, E>>;

/** A refusal: the problem's `detail` sentence and `code`. */
export class Refused extends Error {
  constructor(readonly detail: string, readonly code: string, readonly status: number) {
    super(detail);
  }
}

async function answer<R, E extends { detail: string; code: string }>(pending: Promise<Answer<R, E>>): Promise<R> {
  const result = await pending;
  if (result.error !== undefined) {
    throw new Refused(result.error.detail, result.error.code, result.response.status);
  }
  if (result.data === undefined) throw new Error('The referee answered no body');
  return result.data;
}

// -- what the page shows ----------------------------------------------------

/** One event, as a sentence, with its type (`card_played`, `trick_won`...). */
export interface Line {
  type: string;
  text: string;
}

/** A card of the person's, and the move it makes when clicked. */
export interface CardButton {
  code: string;
  reachable: boolean; // Agency: within reach now (A6); always true in the Agram family
  legal: boolean; // among the person's legal moves now
  play(): Promise<Line[]>; // throws Refused with the referee's detail when illegal
}

export interface CardGroup {
  title: string;
  cards: CardButton[];
}

export interface Display {
  seat: number;
  toAct: number | null;
  handOver: boolean;
  groups: CardGroup[]; // the person's cards (Agency: the two holders beside the seat)
  others: string[]; // what the person may know of the rest: counts
  trick: { seat: number; card: string }[]; // the trick in progress
  lastTrick: { seat: number; card: string }[]; // the last completed trick
  score: string[]; // points and the match so far
  matchOver: boolean;
  nextLeaders: number[] | null; // Agency: the seats the person may name to lead the next hand; null if not theirs to name
}

export interface Table {
  readonly game: string;
  readonly players: number;
  readonly seat: number;
  readonly sealed: boolean;
  /** The person's view of the hand now. */
  display(): Promise<Display>;
  /** The seat to act (a bot) plays a random legal move; what happened. */
  botTurn(): Promise<Line[]>;
  /** Deal the next hand of the match; Agency: `leader` leads it (else a bot of the team that names it chooses). */
  nextHand(leader?: number): Promise<void>;
}

// -- holding a hand -----------------------------------------------------------

type Held<S> = { state: S } | { token: string };

interface Dealt<S, P> {
  state: S | P;
  token?: string;
  seats?: Array<SeatCredential>;
}

/** What the page reads of any state: whose turn it is. */
interface Turn {
  to_act?: number | null;
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

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('Nothing to choose from');
  return item;
}

// -- events ---------------------------------------------------------------------

interface AnyEvent {
  type: string;
  seat?: number;
  card?: string;
  holder?: number;
  winner?: number | null;
  points?: number | null;
  team_points?: Array<number>;
  payouts?: Array<number>;
  multiplier?: number | null;
  tally?: Array<number>;
  trick?: number;
}

function sentence(event: AnyEvent, teams: boolean): string {
  const side = (winner: number | null | undefined): string =>
    winner === null || winner === undefined ? 'nobody (a void hand)' : teams ? `team ${winner}` : `seat ${winner}`;
  switch (event.type) {
    case 'card_played':
      return `Seat ${event.seat} plays ${event.card}${event.holder === undefined ? '' : ` from holder ${event.holder}`}.`;
    case 'trick_won':
      return `Seat ${event.winner} wins trick ${event.trick ?? ''} with ${event.card}${typeof event.points === 'number' ? ` (${event.points} points)` : ''}.`;
    case 'trick_discarded':
      return 'Nobody can play: the trick is discarded and the hand ends.';
    case 'hand_over': {
      const parts = [`The hand is over: ${side(event.winner)} wins it.`];
      if (event.team_points) parts.push(`Points ${event.team_points.join(' to ')}.`);
      if (typeof event.points === 'number') parts.push(`It scores ${event.points}.`);
      if (event.multiplier !== undefined && event.multiplier !== null) parts.push(`Multiplier ×${event.multiplier}.`);
      if (event.payouts) parts.push(`Payouts ${event.payouts.join(', ')}.`);
      return parts.join(' ');
    }
    case 'match_over':
      return `The match is over: ${side(event.winner)} wins it (${(event.tally ?? []).join(' to ')}).`;
    default:
      return event.type;
  }
}

function lines(events: readonly AnyEvent[], teams: boolean): Line[] {
  return events.map((event) => ({ type: event.type, text: sentence(event, teams) }));
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

function matchLines(match: MatchView, teams: boolean): string[] {
  const tally = match.tally ?? match.previous;
  const who = teams ? 'Team' : 'Seat';
  const unit = match.unit === 'balance' ? 'stakes' : match.unit === 'game_points' ? 'game points' : match.unit ?? 'hands';
  return [
    `Hand ${match.hand} of the match; ${match.target === null || match.target === undefined ? 'no target' : `first to ${match.target} ${unit}`}.`,
    `Tally (${unit}): ${tally.map((value, index) => `${who} ${index}: ${value}`).join(', ')}.`,
  ];
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
  tricks: Array<{ plays: Array<FamilyMove<C>> }>;
  match: MatchView;
  dealer: number;
}

interface FamilyApi<S, P, C extends string, E extends AnyEvent, G extends { detail: string; code: string }> extends Keeper<S, P> {
  deal: Call<{ players: number; seed?: number } | { previous: S | string; seed?: number }, Dealt<S, P>, G>;
  legalMoves: Call<{ state: S } | { token: string }, { to_act: number | null; moves: Array<FamilyMove<C>> }, G>;
  play: Call<{ state: S; move: FamilyMove<C> } | { token: string; move: FamilyMove<C> }, { state: S | P; token?: string; events: Array<E> }, G>;
  view: Call<{ state: S; seat: number } | { token: string }, FamilyView<C>, G>;
}

async function familyTable<S extends Turn, P extends Turn, C extends string, E extends AnyEvent, G extends { detail: string; code: string }>(
  game: string, api: FamilyApi<S, P, C, E, G>, players: number, seat: number,
): Promise<Table> {
  const deal = (body: { players: number; seed?: number } | { previous: S | string; seed?: number }): Promise<Dealt<S, P>> => answer(api.deal({ body }));
  const hand = new Hold<S, P>(api, await deal({ players }));
  const body = (): { state: S } | { token: string } => hand.held;
  const play = async (move: FamilyMove<C>): Promise<Line[]> => {
    const played = await answer(api.play({ body: { ...body(), move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, false);
  };
  return {
    game, players, seat,
    get sealed() { return hand.sealed; },
    async display(): Promise<Display> {
      const held = hand.held;
      const request = 'token' in held ? { token: held.token } : { state: held.state, seat };
      const view = await answer(api.view({ body: request, headers: hand.as(seat) }));
      const legal = new Set(view.legal_moves.map((move) => move.card));
      return {
        seat, toAct: view.to_act, handOver: view.hand_over,
        groups: [{
          title: `Your hand (seat ${seat})`,
          cards: view.hand.map((card) => ({ code: card, reachable: true, legal: legal.has(card), play: () => play({ seat, card }) })),
        }],
        others: view.hand_sizes.flatMap((size, other) => (other === seat ? [] : [`Seat ${other}${other === view.dealer ? ' (dealer)' : ''}: ${size} cards`])),
        trick: (view.trick?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        lastTrick: (view.tricks.at(-1)?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        score: matchLines(view.match, false),
        matchOver: view.match.over === true,
        nextLeaders: null,
      };
    },
    async botTurn(): Promise<Line[]> {
      const toAct = hand.shown.to_act;
      if (toAct === null || toAct === undefined) return [];
      const legal = await answer(api.legalMoves({ body: body(), headers: hand.as(toAct) }));
      return play(pick(legal.moves));
    },
    async nextHand(): Promise<void> {
      hand.update(await deal({ previous: hand.previous() }));
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
  holders: Array<{ holder: number; count: number; cards: Array<C> | null }>;
  reach: Array<{ holder: number; cards: Array<C> }>;
  legal_moves: Array<AgencyMoveOf<C>>;
  trick: { plays: Array<AgencyMoveOf<C>> };
  tricks: Array<{ plays: Array<AgencyMoveOf<C>> }>;
  team_points: Array<number>;
  match: MatchView & { chooser?: number | null };
}

interface AgencyApi<S, P, C extends string, E extends AnyEvent, G extends { detail: string; code: string }> extends Keeper<S, P> {
  deal: Call<{ first_leader?: number; seed?: number } | { previous: S | string; first_leader?: number; seed?: number }, Dealt<S, P>, G>;
  legalMoves: Call<{ state: S } | { token: string }, { to_act: number | null; moves: Array<AgencyMoveOf<C>> }, G>;
  play: Call<{ state: S; move: AgencyMoveOf<C> } | { token: string; move: AgencyMoveOf<C> }, { state: S | P; token?: string; events: Array<E> }, G>;
  view: Call<{ state: S; seat: number } | { token: string }, AgencyViewOf<C>, G>;
}

const SEATS = 4;

/** The team that names the next hand's leader (A14): the team that lost this
 * hand; after a void hand, the team that named this one's. */
function namingTeam(view: { winner: number | null; match: { chooser?: number | null } }): number | null {
  return view.winner === null ? view.match.chooser ?? null : 1 - view.winner;
}

async function agencyTable<S extends Turn, P extends Turn, C extends string, E extends AnyEvent, G extends { detail: string; code: string }>(
  api: AgencyApi<S, P, C, E, G>, seat: number,
): Promise<Table> {
  type Body = { first_leader?: number; seed?: number } | { previous: S | string; first_leader?: number; seed?: number };
  const deal = (body: Body): Promise<Dealt<S, P>> => answer(api.deal({ body }));
  const hand = new Hold<S, P>(api, await deal({}));
  const body = (): { state: S } | { token: string } => hand.held;
  let last: AgencyViewOf<C> | null = null;
  const play = async (move: AgencyMoveOf<C>): Promise<Line[]> => {
    const played = await answer(api.play({ body: { ...body(), move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, true);
  };
  return {
    game: 'agency', players: SEATS, seat,
    get sealed() { return hand.sealed; },
    async display(): Promise<Display> {
      const held = hand.held;
      const request = 'token' in held ? { token: held.token } : { state: held.state, seat };
      const view = await answer(api.view({ body: request, headers: hand.as(seat) }));
      last = view;
      const isLegal = (card: C, holder: number): boolean =>
        view.legal_moves.some((move) => move.card === card && move.holder === holder);
      // Holder `seat` is reached from its start, holder `seat - 1` from its end (A6).
      const own = (seat + SEATS - 1) % SEATS;
      const groups = [seat, own].map((holder) => {
        const cards = view.holders[holder]?.cards ?? [];
        const reached = view.reach.find((entry) => entry.holder === holder)?.cards.length ?? 0;
        const fromStart = holder === seat;
        return {
          title: fromStart
            ? `Holder ${holder} (shared with seat ${(holder + 1) % SEATS}): you play from the left`
            : `Holder ${holder} (shared with seat ${holder}): you play from the right`,
          cards: cards.map((card, index) => ({
            code: card,
            reachable: fromStart ? index < reached : index >= cards.length - reached,
            legal: isLegal(card, holder),
            play: () => play({ seat, card, holder }),
          })),
        };
      });
      const team = view.team;
      const naming = view.hand_over ? namingTeam(view) : null;
      return {
        seat, toAct: view.to_act, handOver: view.hand_over, groups,
        others: view.holders
          .filter((entry) => entry.holder !== seat && entry.holder !== own)
          .map((entry) => `Holder ${entry.holder}: ${entry.count} cards`),
        trick: view.trick.plays.map((entry) => ({ seat: entry.seat, card: entry.card })),
        lastTrick: (view.tricks.at(-1)?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        score: [`Card points: team 0 (seats 0, 2) ${view.team_points[0]}, team 1 (seats 1, 3) ${view.team_points[1]}; you are team ${team}.`,
          ...matchLines(view.match, true)],
        matchOver: view.match.over === true,
        nextLeaders: naming === team ? [team, team + 2] : naming === null && view.hand_over ? [0, 1, 2, 3] : null,
      };
    },
    async botTurn(): Promise<Line[]> {
      const toAct = hand.shown.to_act;
      if (toAct === null || toAct === undefined) return [];
      const legal = await answer(api.legalMoves({ body: body(), headers: hand.as(toAct) }));
      return play(pick(legal.moves));
    },
    async nextHand(leader?: number): Promise<void> {
      let first = leader;
      const naming = last === null ? null : namingTeam(last);
      if (first === undefined && naming !== null) first = naming + 2 * Math.floor(Math.random() * 2);
      hand.update(await deal({ previous: hand.previous(), ...(first === undefined ? {} : { first_leader: first }) }));
    },
  };
}

// -- the registry -------------------------------------------------------------------

const open = <S extends object, P extends { match_id: string }>(state: S | P): state is S => !('match_id' in state);

/** A new table: deals the first hand of `game` with `players` seats, the person at `seat`. */
export function newTable(game: string, players: number, seat: number): Promise<Table> {
  switch (game) {
    case 'agency':
      return agencyTable<AgencyState, AgencyPublicState, AgencyCard, AgencyPlayResponse['events'][number], AgencyProblem | Problem>({ deal: agencyDeal, legalMoves: agencyLegalMoves, play: agencyPlay, view: agencyView,
        isOpen: (state: AgencyState | AgencyPublicState): state is AgencyState => open(state) }, seat);
    case 'agram':
      return familyTable<AgramState, AgramPublicState, AgramCard, AgramPlayResponse['events'][number], AgramProblem | Problem>(game, { deal: agramDeal, legalMoves: agramLegalMoves, play: agramPlay, view: agramView,
        isOpen: (state: AgramState | AgramPublicState): state is AgramState => open(state) }, players, seat);
    case 'sink-sink':
      return familyTable<SinkSinkState, SinkSinkPublicState, SinkSinkCard, SinkSinkPlayResponse['events'][number], SinkSinkProblem | Problem>(game, { deal: sinkSinkDeal, legalMoves: sinkSinkLegalMoves, play: sinkSinkPlay, view: sinkSinkView,
        isOpen: (state: SinkSinkState | SinkSinkPublicState): state is SinkSinkState => open(state) }, players, seat);
    case 'fapfap':
      return familyTable<FapfapState, FapfapPublicState, FapfapCard, FapfapPlayResponse['events'][number], FapfapProblem | Problem>(game, { deal: fapfapDeal, legalMoves: fapfapLegalMoves, play: fapfapPlay, view: fapfapView,
        isOpen: (state: FapfapState | FapfapPublicState): state is FapfapState => open(state) }, players, seat);
    case 'agram-mali':
      return familyTable<AgramMaliState, AgramMaliPublicState, AgramMaliCard, AgramMaliPlayResponse['events'][number], AgramMaliProblem | Problem>(game, { deal: agramMaliDeal, legalMoves: agramMaliLegalMoves, play: agramMaliPlay, view: agramMaliView,
        isOpen: (state: AgramMaliState | AgramMaliPublicState): state is AgramMaliState => open(state) }, players, seat);
    case 'spar':
      return familyTable<SparState, SparPublicState, SparCard, SparPlayResponse['events'][number], SparProblem | Problem>(game, { deal: sparDeal, legalMoves: sparLegalMoves, play: sparPlay, view: sparView,
        isOpen: (state: SparState | SparPublicState): state is SparState => open(state) }, players, seat);
    default:
      return Promise.reject(new Error(`Unknown game ${game}`));
  }
}

