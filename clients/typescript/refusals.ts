// The referee's problems told apart by class (written by hand; src/ is
// generated). Every problem the referee answers has a `code`, and each code
// belongs to one class of src/problems.gen.ts, written by `make clients` from
// the referee's own table of refusal classes. Each class has a type guard that
// narrows a call's `error` to the problem with the members that class carries:
//
//   const played = await agramPlay({ body: { state, move } });
//   if (played.error && isIllegalMove(played.error)) console.log(played.error.legal_moves);

import { problemClasses } from './src/problems.gen';

/** The name of a class of problems: `IllegalMove`, `StateSpent`, `ValidationFailed`... */
export type ProblemClass = keyof typeof problemClasses;

type Classes = typeof problemClasses;

/** The classes that refine `C` (`SealRefused`: `CredentialRefused` and `TokenInvalid`). */
type Refining<C extends ProblemClass> = { [K in ProblemClass]: Classes[K]['parent'] extends C ? K : never }[ProblemClass];

/** Every code of class `C`, its own and those of the classes that refine it. */
export type CodeOf<C extends ProblemClass> = Classes[C | Refining<C>]['codes'][number];

/** What every problem body carries (RFC 9457, with the referee's `code`). */
export interface ProblemBody {
  code: string;
  detail: string;
  status: number;
  title: string;
  type: string;
}

/** `P` narrowed to class `C`: its `code` one of the class's, and each of
 * `Members` present (a type of `P` that has no such member is left out). */
export type ProblemOf<P, C extends ProblemClass, Members extends string = never> = P extends ProblemBody
  ? [Exclude<Members, keyof P>] extends [never]
    ? P & { code: CodeOf<C> } & { [K in Members & keyof P]-?: NonNullable<P[K]> }
    : never
  : never;

const classOfCode = new Map<string, ProblemClass>(
  (Object.keys(problemClasses) as ProblemClass[]).flatMap((name) => problemClasses[name].codes.map((code): [string, ProblemClass] => [code, name])),
);

/** The class of a problem's `code`; null for a code this version of the client does not know. */
export function problemClass(problem: { code: string }): ProblemClass | null {
  return classOfCode.get(problem.code) ?? null;
}

/** Whether a problem is of class `name` or a class that refines it. */
export function isProblemOf(problem: { code: string }, name: ProblemClass): boolean {
  for (let found: ProblemClass | null = problemClass(problem); found !== null; found = problemClasses[found].parent) {
    if (found === name) return true;
  }
  return false;
}

/** The type guard of class `name`: a problem of it, or of a class that refines
 * it, that carries `member` (when given), narrowed to what it carries. */
function guard<C extends ProblemClass, M extends string = never>(name: C, member?: M) {
  return <P extends ProblemBody>(problem: P): problem is ProblemOf<P, C, M> =>
    isProblemOf(problem, name) && (member === undefined || member in problem);
}

/** 409: a move the rules do not allow now; `legal_moves` lists the mover's own legal moves. */
export const isIllegalMove = guard('IllegalMove', 'legal_moves');

/** 409 `invalid_state`: a state the rules could not have produced; `problems` lists every invariant it breaks. */
export const isInvalidState = guard('InvalidState', 'problems');

/** 422 `validation_failed`: the body does not match the schema; `errors` lists every fault, `detail` names the first. */
export const isValidationFailed = guard('ValidationFailed', 'errors');

/** 409 `state_spent`: another request already played or dealt from this state; go on from the newest. */
export const isStateSpent = guard('StateSpent');

/** 403 `state_expired`: the state was issued too long ago to be played or dealt from. */
export const isStateExpired = guard('StateExpired');

/** 403 `seat_credential_invalid`: no seat credential, another seat's, or one of another match. */
export const isCredentialRefused = guard('CredentialRefused');

/** 403 `state_token_invalid`: a token the referee did not seal or that was changed; a state where it takes tokens. */
export const isTokenInvalid = guard('TokenInvalid');

/** 403: sealed mode refuses the request (`chosen_deal_refused`, `hidden_cards`, and the credential and token refusals). */
export const isSealRefused = guard('SealRefused');

/** 403 `state_signature_invalid`: a signed referee's state, missing its signature or changed. */
export const isSignatureInvalid = guard('SignatureInvalid');

/** 409: a well-formed request the rules refuse for another reason (`hand_not_over`, `match_over`, the clock's refusals...). */
export const isRulesRefusal = guard('RulesRefusal');

/** 409: a `timeout` the clock does not allow; `clock_running` carries `remaining_ms`. */
export const isClockRefusal = guard('ClockRefusal');

/** 409 `unsupported_version`: a state of a version this referee does not read; `supported` names those it does. */
export const isUnsupportedVersion = guard('UnsupportedVersion', 'supported');

/** 422 `record_invalid`: a record line that cannot be read; `position` is where it is at fault. */
export const isRecordInvalid = guard('RecordInvalid', 'position');

/** 503 `deadline_exceeded`: the work passed its deadline; send it again after `Retry-After` seconds. */
export const isDeadlineExceeded = guard('DeadlineExceeded');

/** 503 `token_store_unavailable`: nothing was applied; send the same request again after `Retry-After` seconds. */
export const isStoreUnavailable = guard('StoreUnavailable');

/** A plain HTTP error (400, 404, 413, 503...), `validation_failed` among them. */
export const isHttpError = guard('HttpError');

/** The guard of every class, by its name: a class `make clients` adds and this
 * file does not guard fails to type-check here. */
export const problemGuards: { readonly [C in ProblemClass]: (problem: ProblemBody) => boolean } = {
  HttpError: isHttpError,
  ValidationFailed: isValidationFailed,
  IllegalMove: isIllegalMove,
  InvalidState: isInvalidState,
  RulesRefusal: isRulesRefusal,
  ClockRefusal: isClockRefusal,
  SignatureInvalid: isSignatureInvalid,
  UnsupportedVersion: isUnsupportedVersion,
  SealRefused: isSealRefused,
  CredentialRefused: isCredentialRefused,
  TokenInvalid: isTokenInvalid,
  DeadlineExceeded: isDeadlineExceeded,
  StateSpent: isStateSpent,
  StateExpired: isStateExpired,
  StoreUnavailable: isStoreUnavailable,
  RecordInvalid: isRecordInvalid,
};
