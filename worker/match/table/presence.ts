// Who is at the table: since when a person has had no socket, which seats a stand-in bot plays,
// how many moves it made for them, and when the pending decision began. Plain functions over the
// stored data and `now`; each returns the new data (or null: nothing to write) and says what
// else must happen. The Match stores what they return (meta 'presence' and 'since') and
// re-plans the alarm (clock.ts) after each change.
//
// A stand-in plays a person's seat when they have been away past the grace period (`awayMs`),
// or when the others handed it over after the decision sat idle (idle.ts); its seat is handed
// back when the person connects again or acts. A clock that runs out is the alarm's business
// (clock.ts): its stand-in makes one move and takes no seat.
import type { GameState } from '../../../shared/engine';
import { CREATE_DEFAULTS, type BotLevel, type Refusal } from '../../../shared/protocol';
import { handOverRefusal, standInOffers, type Since } from './idle';
import type { MatchConfig, Presence, SeatRow } from '../../shared/config';

/** Before anyone joined, and in a match stored before presence existed. */
export const nobodyAway = (): Presence => ({ leftAt: {}, standIn: [] });

const without = (leftAt: Record<string, number>, seat: number): Record<string, number> => {
  const { [seat]: _gone, ...rest } = leftAt;
  return rest;
};

/** A person took a seat: away until their first socket arrives, so a seat taken and never used gets a stand-in, not a stall. */
export function joined(p: Presence, seat: number, connected: boolean, now: number): Presence {
  return connected ? p : gone(p, seat, now);
}

/** A person's last socket went: their grace period starts now. */
export function gone(p: Presence, seat: number, now: number): Presence {
  return { ...p, leftAt: { ...p.leftAt, [seat]: now } };
}

/** The seat's person is here (connected, or acting): no grace period, no stand-in. */
export interface Back {
  /** The new presence, or null when nothing changed (they were neither away nor stood in for). */
  presence: Presence | null;
  /** A stand-in left the seat (the table sees it). */
  handedBack: boolean;
  /** A seat taken back mid-decision gets a fresh idle time, so the others cannot hand it straight
   * over again: the new meta 'since', or null to leave it. */
  since: Since | null;
}

export function back(p: Presence, seat: number, g: GameState | null, now: number): Back {
  const handedBack = p.standIn.includes(seat);
  if (!handedBack && p.leftAt[seat] === undefined) return { presence: null, handedBack: false, since: null };
  const presence = { ...p, leftAt: without(p.leftAt, seat), standIn: p.standIn.filter((s) => s !== seat) };
  const since = handedBack && g?.pending?.seat === seat ? { version: g.version, at: now } : null;
  return { presence, handedBack, since };
}

/** A stand-in takes the seat (away past the grace period, or handed over): until its person is back. */
export function standIn(p: Presence, seat: number): Presence {
  return p.standIn.includes(seat) ? p : { ...p, standIn: [...p.standIn, seat] };
}

/**
 * Seat `by` hands `seat` to a stand-in: the new presence, or why not (idle.ts says when it may).
 * `since`: when the pending decision began.
 */
export function handOver(
  p: Presence, g: GameState | null, seats: SeatRow[], config: MatchConfig, since: Since | null,
  by: number | null, seat: number, now: number,
): { presence: Presence } | { refusal: Refusal } {
  const refusal = handOverRefusal(g, seats, config, p, since, by, seat, now);
  return refusal ? { refusal } : { presence: standIn(p, seat) };
}

/**
 * A move was made for `seat` by its person or a stand-in: a stand-in's adds one to the seat's
 * count, the person's own clears it. Null when nothing changes (a person with no count), so an
 * ordinary move writes no presence.
 */
export function moved(p: Presence, seat: number, by: 'person' | 'stand-in'): Presence | null {
  const n = p.botMoves?.[seat] ?? 0;
  if (by === 'person' && !n) return null;
  return { ...p, botMoves: { ...p.botMoves, [seat]: by === 'stand-in' ? n + 1 : 0 } };
}

/** When the decision of state `version` began: `since` if it is that decision's, else a new record from now. */
export const decisionSince = (since: Since | null, version: number, now: number): Since =>
  since?.version === version ? since : { version, at: now };

/** When a gone person's grace period ends (Infinity: they are here). Never in the past. */
export function awayEndsAt(p: Presence, seat: number, config: MatchConfig, now: number): number {
  const leftAt = p.leftAt[seat];
  return leftAt === undefined ? Infinity : Math.max(now, leftAt + (config.awayMs ?? CREATE_DEFAULTS.awayMs));
}

/** The level that plays a seat now: a bot seat's own, or the match's stand-in for a person. */
export const levelFor = (row: SeatRow, config: MatchConfig): BotLevel =>
  row.kind === 'bot' && row.level ? row.level : config.takeover ?? CREATE_DEFAULTS.takeover;

/** What the views show of presence, per seat (views.ts Scene). */
export interface Shown { standIn: (BotLevel | null)[]; botMoves: number[]; canStandIn: boolean[] }

export function shown(p: Presence, g: GameState | null, seats: SeatRow[], config: MatchConfig, since: Since | null, now: number): Shown {
  return {
    standIn: seats.map((s) => (p.standIn.includes(s.seat) ? levelFor(s, config) : null)),
    botMoves: seats.map((s) => p.botMoves?.[s.seat] ?? 0),
    canStandIn: standInOffers(g, seats, config, p, since, now),
  };
}
