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
import { answer, type Refusal } from './answers';

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

function post<R>(game: string, operation: 'suggest' | 'analyze', body: object, headers: Record<string, string>): Promise<R> {
  return answer(client.post<{ 200: R }, { [status: number]: Refusal }, false>({
    url: `/v1/games/${game}/${operation}`, body, headers: { 'Content-Type': 'application/json', ...headers },
  }));
}

const probes = new Map<string, Promise<boolean>>();

/** Whether the referee has `suggest` and `analyze` for `game`: an empty body
 * is refused (422) where the operation exists, and 404 where it does not. */
export function available(game: string): Promise<boolean> {
  let probe = probes.get(game);
  if (probe === undefined) {
    probe = client.post<{ 200: unknown }, { [status: number]: Refusal }, false>({
      url: `/v1/games/${game}/suggest`, body: {}, headers: { 'Content-Type': 'application/json' },
    }).then((result) => result.response.status !== 404 && result.response.status !== 405, () => false);
    probes.set(game, probe);
  }
  return probe;
}

/** A move for the seat to act at `level` (`''`: the default level); `headers`
 * carry that seat's credential in sealed mode. */
export function suggest(game: string, held: Held, headers: Record<string, string>, level = ''): Promise<Suggestion> {
  return post<Suggestion>(game, 'suggest', { ...held, ...(level === '' ? {} : { level }) }, headers);
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
