// A token bucket per socket, in memory: losing it on eviction only forgives a
// little. It keeps one client from flooding the match with messages.
import { Bucket } from './bucket';

const CAPACITY = 40;
const PER_SECOND = 20;

const buckets = new WeakMap<WebSocket, Bucket>();

/** False when this socket has sent too much too fast. */
export function allow(ws: WebSocket, now = Date.now()): boolean {
  let b = buckets.get(ws);
  if (!b) buckets.set(ws, (b = new Bucket(CAPACITY, PER_SECOND, now)));
  return b.take(now);
}
