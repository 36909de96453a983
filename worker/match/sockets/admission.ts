// Who may open a socket on a match, decided before the upgrade and before any view is built:
// new connections that hold no seat (spectators, and tokens that prove none) are a token bucket
// per client address per match, so connect-and-close churn cannot make the match build a whole
// view per connection; and one address holds at most so many spectator sockets open at once.
// Seats are not counted: a token is the proof of a seat, and spectators behind the same address
// (a household, a campus NAT) must never lock a player out of their own seat. Seats have their
// own cap (SEAT_SOCKETS).
import { Bucket } from './bucket';
import { connectsPerMinute, SEAT_SOCKETS, socketsPerAddress, spectatorCap } from '../../shared/limits';
import { isOpen, seatTag, SPECTATOR, spectatorCount } from '../../shared/sockets';

/** The tag of an address's spectator sockets (hibernation-safe, like the seat tags). */
const ADDRESS_TAG = 'addr:';
export const addressTag = (address: string): string => `${ADDRESS_TAG}${address}`;

/** Addresses remembered at most; past it, those whose bucket refilled are forgotten first. */
const MAX_ADDRESSES = 2000;

export class Admission {
  private buckets = new Map<string, Bucket>();

  /**
   * Takes one new connection from the address's bucket: 0 when it may connect, otherwise
   * the seconds to wait. The bucket holds CONNECTS_PER_MINUTE, or a whole allowance of
   * sockets if that is more (one may open all of them at once), and refills CONNECTS_PER_MINUTE a minute.
   */
  connect(env: Env, address: string, now = Date.now()): number {
    let b = this.buckets.get(address);
    if (!b) {
      if (this.buckets.size >= MAX_ADDRESSES) this.forget(now);
      const perMinute = connectsPerMinute(env);
      b = new Bucket(Math.max(perMinute, socketsPerAddress(env)), perMinute / 60, now);
      this.buckets.set(address, b);
    }
    return b.take(now) ? 0 : b.retryAfterS(now);
  }

  /** Forget full buckets (nothing lost), and if that is not enough the oldest (a little forgiven). */
  private forget(now: number): void {
    for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
    for (const k of this.buckets.keys()) {
      if (this.buckets.size < MAX_ADDRESSES) break;
      this.buckets.delete(k);
    }
  }
}

/** True when the address already holds as many spectator sockets on this match as it may. */
export const addressFull = (ctx: DurableObjectState, env: Env, address: string): boolean =>
  ctx.getWebSockets(addressTag(address)).filter(isOpen).length >= socketsPerAddress(env);

/**
 * Why one more socket of `seat` (null: a spectator) from `address` is refused, or null when it
 * may open: the match's spectators, the address's spectator sockets, or the seat's own sockets
 * are as many as they may be.
 */
export function crowded(ctx: DurableObjectState, env: Env, seat: number | null, address: string): string | null {
  if (seat !== null) {
    return ctx.getWebSockets(seatTag(seat)).filter(isOpen).length >= SEAT_SOCKETS
      ? `This seat has ${SEAT_SOCKETS} connections open already; close a tab or two.` : null;
  }
  if (spectatorCount(ctx) >= spectatorCap(env)) return `This match has as many spectators as it takes (${spectatorCap(env)}).`;
  if (addressFull(ctx, env, address)) {
    return `Your address has ${socketsPerAddress(env)} connections watching this match already; close a tab or two.`;
  }
  return null;
}

/** Distinct addresses with a spectator socket open: what the public list counts as watching, so
 * one address's many tabs cannot put a match on /tv. */
export function watchingAddresses(ctx: DurableObjectState): number {
  const seen = new Set<string>();
  for (const ws of ctx.getWebSockets(SPECTATOR)) {
    if (!isOpen(ws)) continue;
    const tag = ctx.getTags(ws).find((t) => t.startsWith(ADDRESS_TAG));
    if (tag) seen.add(tag);
  }
  return seen.size;
}
