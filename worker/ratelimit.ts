// A token bucket per socket, in memory: losing it on eviction only forgives a
// little. It keeps one client from flooding the match with messages.
const CAPACITY = 40;
const PER_SECOND = 20;

const buckets = new WeakMap<WebSocket, { tokens: number; at: number }>();

/** False when this socket has sent too much too fast. */
export function allow(ws: WebSocket, now = Date.now()): boolean {
  const b = buckets.get(ws) ?? { tokens: CAPACITY, at: now };
  b.tokens = Math.min(CAPACITY, b.tokens + ((now - b.at) / 1000) * PER_SECOND);
  b.at = now;
  buckets.set(ws, b);
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}
