// What one call of the generated client resolves to, and the referee's
// refusal of it: every call the page makes goes through `answer`.

/** A call's result (the client's `fields` response style). */
export type Answer<R, E> = ({ data: R; error: undefined } | { data: undefined; error: E }) & { response: Response };

/** What every problem body carries (RFC 9457 with the referee's `code`). */
export interface Refusal {
  detail: string;
  code: string;
  remaining_ms?: number; // `clock_running`: how long the seat to act has left
}

/** A refusal: the problem's `detail` sentence, `code` and HTTP status, its
 * `Retry-After` in seconds (a 503's; null when it has none), and a
 * `clock_running` refusal's `remaining_ms` (else null). */
export class Refused extends Error {
  constructor(readonly detail: string, readonly code: string, readonly status: number, readonly retryAfter: number | null = null,
    readonly remainingMs: number | null = null) {
    super(detail);
  }
}

/** The body of a successful answer; throws `Refused` for a problem. */
export async function answer<R, E extends Refusal>(pending: Promise<Answer<R, E>>): Promise<R> {
  const result = await pending;
  // No response: the request itself failed (the network, or its signal aborted it): the client's error as it is.
  if ((result.response as Response | undefined) === undefined) throw result.error;
  if (result.error !== undefined) {
    const retry = Number.parseInt(result.response.headers.get('Retry-After') ?? '', 10);
    throw new Refused(result.error.detail, result.error.code, result.response.status, Number.isNaN(retry) ? null : retry,
      result.error.remaining_ms ?? null);
  }
  if (result.data === undefined) throw new Error('The referee answered no body');
  return result.data;
}
