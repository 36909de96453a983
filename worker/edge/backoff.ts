// The worker's memory of a match's "429, retry after N s" per client address, so a client that
// ignores Retry-After is answered by the worker itself until then, without waking the match
// again: a hostile reconnect loop then costs the match one refusal per window, not one per try.
// Per isolate and best effort (another isolate learns on its own first refusal); the match's
// own bucket (admission.ts) stays the rule. Only seatless connections are ever refused for
// churn, so a connection with a token always reaches the match.

/** Windows remembered at most; past it, ended ones go first, then the oldest. */
const MAX_ENTRIES = 10_000;

const until = new Map<string, number>();

const keyOf = (match: string, address: string): string => `${match}|${address}`;

/** Seconds the address must still wait before trying this match again, or 0. */
export function waitLeft(match: string, address: string, now = Date.now()): number {
  const key = keyOf(match, address);
  const end = until.get(key);
  if (end === undefined) return 0;
  if (end <= now) {
    until.delete(key);
    return 0;
  }
  return Math.ceil((end - now) / 1000);
}

/** Remember the match's refusal: `retryAfterS` from its Retry-After header. */
export function remember(match: string, address: string, retryAfterS: number, now = Date.now()): void {
  if (!(retryAfterS > 0)) return;
  if (until.size >= MAX_ENTRIES) {
    for (const [k, end] of until) if (end <= now) until.delete(k);
    for (const k of until.keys()) {
      if (until.size < MAX_ENTRIES) break;
      until.delete(k);
    }
  }
  until.set(keyOf(match, address), now + retryAfterS * 1000);
}
