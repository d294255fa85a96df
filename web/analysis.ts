// The analysis operations the page uses: `suggest` (a bot's move, and the
// hint) and `analyze` (the review of a finished hand). Every call to them is
// in this file, written against the contract's shapes ("Analysis and bots"):
//
//   POST /v1/games/{game}/suggest  {state | token, seed?, level?} -> {seat, move, level}
//   POST /v1/games/{game}/analyze  {state | token}                -> {plays: [{ply, move, value_before,
//                                                                     value_after, exact, before?, after?}]}
//
// In sealed mode `suggest` needs the credential of the seat to act, and
// `analyze` answers 403 `hidden_cards` until the hand is over. A referee
// without these operations answers 404 for them: `available` says so, and
// the page then plays its bots at random and shows no hint and no review.
// A refusal throws `Refused` (answers.ts) with the problem's `code`.

import { client } from '../clients/typescript/src/client.gen';
import { answer, Refused, type Refusal } from './answers';

/** A bot's level: `''` asks for the referee's default, its strongest. */
export const LEVELS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'searching (strongest)' },
  { value: 'rules', label: 'rules of thumb' },
  { value: 'random', label: 'random' },
];

/** A move as the referee writes it (Agency's carries `holder`). */
export interface Move {
  seat: number;
  card: string;
  holder?: number | null;
}

export interface Suggestion {
  seat: number;
  move: Move;
  level: string;
}

/** One play of the review: the most its seat could guarantee before it and
 * after it (`solve` values; Agency: for its team). Where `exact` is false the
 * values are null and `before`/`after` bound them. */
export interface Reviewed {
  ply: number;
  move: Move;
  value_before: number | null;
  value_after: number | null;
  exact: boolean;
  before?: [number, number];
  after?: [number, number];
}

/** A state as the page holds it: open (`state`) or sealed (`token`). */
export type Held = { state: object } | { token: string };

function post<R>(game: string, operation: 'suggest' | 'analyze', body: object, headers: Record<string, string>,
  signal?: AbortSignal): Promise<R> {
  return answer(client.post<{ 200: R }, { [status: number]: Refusal }, false>({
    url: `/v1/games/${game}/${operation}`, body, headers: { 'Content-Type': 'application/json', ...headers },
    ...(signal === undefined ? {} : { signal }),
  }));
}

const probes = new Map<string, Promise<boolean>>();

/** Whether the referee has `suggest` and `analyze` for `game`: asked with
 * `OPTIONS`, which every route answers with its methods (`Allow`) and a
 * referee without the operation answers 404. (A `POST` of an empty body, the
 * page's probe before, was refused with 422, an error in the console of every
 * page load.) */
export function available(game: string): Promise<boolean> {
  let probe = probes.get(game);
  if (probe === undefined) {
    probe = fetch(new URL(`/v1/games/${game}/suggest`, client.getConfig().baseUrl), { method: 'OPTIONS' })
      .then((response) => response.ok && (response.headers.get('Allow') ?? '').split(',').some((method) => method.trim() === 'POST'),
        () => false);
    probes.set(game, probe);
  }
  return probe;
}

/** A move for the seat to act at `level` (`''`: the default level); `headers`
 * carry that seat's credential in sealed mode. */
export function suggest(game: string, held: Held, headers: Record<string, string>, level = '',
  signal?: AbortSignal): Promise<Suggestion> {
  return post<Suggestion>(game, 'suggest', { ...held, ...(level === '' ? {} : { level }) }, headers, signal);
}

/** How long a bot waits in all, in ms, for a busy referee's `suggest` (503
 * with `Retry-After`: its analysis processes all at work) before it plays at
 * random instead. */
export const PATIENCE_MS = 8000;

/** The most a hint takes, in ms, from the click to its answer on the page:
 * the referee's own deadline for a request (`REFEREE_DEADLINE_SECONDS`, 10 s
 * by default: docs/configuration.md), by which a `suggest` answers with the
 * best move its budget found so far (docs/analysis.md "Bounded cost"). The
 * page asks for `HINT_MS - HINT_DRAWING_MS` at most (a busy referee's 503s
 * asked again included) and then says the referee is busy. */
export const HINT_MS = 10_000;

/** What the page keeps of `HINT_MS` to draw the hint once it has it. */
export const HINT_DRAWING_MS = 500;

/** `suggest`, asked again as each 503's `Retry-After` says while that fits in
 * `patience` ms, every request given up once `patience` ms have passed; null
 * when the referee stayed busy that long. */
export async function patientSuggest(game: string, held: Held, headers: Record<string, string>, level = '',
  patience = PATIENCE_MS): Promise<Suggestion | null> {
  const until = Date.now() + patience;
  for (;;) {
    try {
      return await suggest(game, held, headers, level, AbortSignal.timeout(Math.max(1, until - Date.now())));
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return null;
      if (!(error instanceof Refused) || error.status !== 503) throw error;
      const wait = Math.max(1, error.retryAfter ?? 1) * 1000;
      if (Date.now() + wait > until) return null;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The review of a finished hand: one entry per play, in the order played. */
export async function analyze(game: string, held: Held, headers: Record<string, string>): Promise<Reviewed[]> {
  const review = await post<{ plays: Reviewed[] }>(game, 'analyze', held, headers);
  return [...review.plays].sort((a, b) => a.ply - b.ply);
}

/** How much a play lost for its seat, when it provably lost something:
 * `value_before - value_after` when exact, else the gap between the bounds
 * (the most after it below the least before it); null otherwise. */
export function lost(entry: Reviewed): number | null {
  if (entry.exact) {
    if (entry.value_before === null || entry.value_after === null) return null;
    return entry.value_after < entry.value_before ? entry.value_before - entry.value_after : null;
  }
  if (entry.before === undefined || entry.after === undefined) return null;
  return entry.after[1] < entry.before[0] ? entry.before[0] - entry.after[1] : null;
}

/** A review entry's values as text: "1 → -1", or bounds "[0, 1] → [-1, 0]". */
export function values(entry: Reviewed): string {
  if (entry.exact) return `${entry.value_before ?? '?'} → ${entry.value_after ?? '?'}`;
  const bounds = (pair: [number, number] | undefined): string => (pair === undefined ? '?' : `[${pair[0]}, ${pair[1]}]`);
  return `${bounds(entry.before)} → ${bounds(entry.after)}`;
}

/** Whether a play gave the hand away: before it, its seat (Agency: its team)
 * could make sure of winning the hand (a value above 0); after it, it no
 * longer can (0 or below): the win passed to the other seats. Proved by the
 * exact values, or by bounds (the least before above 0, the most after at
 * most 0). */
export function gaveAway(entry: Reviewed): boolean {
  if (entry.exact) return (entry.value_before ?? 0) > 0 && (entry.value_after ?? 1) <= 0;
  if (entry.before === undefined || entry.after === undefined) return false;
  return entry.before[0] > 0 && entry.after[1] <= 0;
}

const WON_OR_NOT = '1: the seat can make sure of winning the hand (the last trick, F2), whatever the others play; 0: it cannot.';

/** What a value means, per game: the contract's value table ("Analysis and bots"). */
const VALUE_MEANINGS: Readonly<Record<string, (players: number) => string>> = {
  agency: () => '1: its team can make sure of winning the hand, whatever the others play; 0: at best the hand ends void '
    + '(no trick completed, A13); −1: the other team can make sure of winning it.',
  agram: () => WON_OR_NOT,
  'sink-sink': () => WON_OR_NOT,
  'agram-mali': () => WON_OR_NOT,
  spar: () => '3, 2 or 1: the seat can make sure of winning the hand, and of at least that many points (the last trick '
    + 'won with a 6 scores 3, with a 7 2, with any other card 1, F2); 0: it cannot make sure of winning.',
  fapfap: (players) => `the payout the seat can make sure of, with the hand's stake s: a win pays ${players - 1}s, twice that `
    + 'when the last trick is won with a 3 and four times when tricks 4 and 5 both are (F2, F6); a loss costs s, 2s or 4s '
    + '(a negative value).',
};

/** The key under a review, one sentence an item: what the values mean in
 * `game` with `players` seats, what a bracket and the arrow mean, and the marks. */
export function reviewKey(game: string, players: number): string[] {
  const meaning = VALUE_MEANINGS[game]?.(players) ?? 'the value of the hand to the seat, as the referee counts it.';
  return [
    `Values: ${meaning}`,
    '“a → b”: the value before the play, then after it. Each is the most the seat can make sure of with every card known '
      + 'and best play from then on.',
    '“[lo, hi]”: the referee ran out of its search budget before it proved the value: it is at least lo and at most hi.',
    '“lost”: the play gave some of the value up (after it is below before). “gave the hand away”: before the play the '
      + 'seat could make sure of winning, after it no longer could.',
  ];
}
