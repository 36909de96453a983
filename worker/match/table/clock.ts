// What the alarm does next: a bot's decision after botDelayMs, a human
// seat's decision when its clock runs out, a gone person's grace period
// ending, or (no clock) the moment the others may hand an idle seat to a
// stand-in (idle.ts); when none of these is due in play, retention.ts's `stalled` bound, and
// after the end, the match's deletion. Only one alarm exists per object,
// so the job is stored beside it ('due') with the state version it is for.
import { botNonce, Keystream, seedOfInteger, view, type GameState, type Move, type Rng } from '../../../shared/engine';
import { BOTS } from '../../../shared/bots';
import type { BotLevel } from '../../../shared/protocol';
import { idleWakeAt, type Since } from './idle';
import { awayEndsAt } from './presence';
import { spectatorCount } from '../../shared/sockets';
import { ALARM_SLACK_MS, type Due, type MatchConfig, type Presence, type SeatRow } from '../../shared/config';

/** Whether the stored job is the pending decision's (its version and seat): else the state moved on. */
export const isCurrent = (due: Due | null, g: GameState): due is Due =>
  due !== null && due.version === g.version && due.seat === g.pending?.seat;

/**
 * The next job for this state, or null when nobody needs waking (a person
 * here without a clock and nobody else to tell, or the end): a bot's move
 * (its own seat, or standing in), a person's clock running out, a gone
 * person's grace period ending, or the hand-over of an idle seat opening
 * (`since`: when the pending decision began).
 *
 * A person's clock runs from when the decision became theirs: `prev`, the job
 * stored for this same decision (version and seat), keeps its deadline, so
 * sockets coming and going never restart it. The deadline travels with the
 * job whatever its kind, for the view's clock.
 */
export function nextDue(
  g: GameState, seats: SeatRow[], config: MatchConfig, presence: Presence, now: number, prev: Due | null = null, since: Since | null = null,
): Due | null {
  const p = g.pending;
  if (g.over || !p) return null;
  const seat = p.seat;
  const job = (kind: Due['kind'], at: number, deadline?: number): Due =>
    deadline === undefined ? { version: g.version, seat, kind, at } : { version: g.version, seat, kind, at, deadline };
  if (seats[seat]?.kind === 'bot' || presence.standIn.includes(seat)) return job('bot', now + config.botDelayMs);
  const same = isCurrent(prev, g);
  const deadline = config.clock === null ? undefined
    : same && prev.deadline !== undefined ? prev.deadline : now + config.clock * 1000;
  const clock = deadline ?? Infinity;
  const away = awayEndsAt(presence, seat, config, now);
  const idle = idleWakeAt(g, seats, config, presence, since, now);
  if (clock === Infinity && away === Infinity && idle === Infinity) return null;
  // Idle jobs exist only without a clock, so `idle` competes with `away` alone.
  if (idle < away) return job('idle', idle);
  return away < clock ? job('away', away, deadline) : job('clock', clock, deadline);
}


/**
 * The job to store and arm, given the one stored `before`. The clock is frozen during an event,
 * so "now" inside the alarm can equal the running alarm's own time; re-arming at that very time
 * is taken for the alarm that is finishing, and dropped. So a job is strictly later than a job
 * already due, with the slack the alarm allows (it may start a few ms before its time by this clock),
 * and strictly later than now: an alarm armed inside the alarm for the frozen "now" is sometimes
 * dropped when the running one finishes (about 1 in 300 in workerd; the match then waits for
 * nobody), one armed a millisecond on never was.
 */
export function toArm(due: Due | null, before: Due | null, now: number): Due | null {
  if (!due) return null;
  const floor = before && before.at <= now + ALARM_SLACK_MS ? Math.max(before.at, now) : now;
  return due.at <= floor ? { ...due, at: floor + 1 } : due;
}

/** A watched-only match with nobody watching: its bots' jobs are not armed (the match arms none). */
export const paused = (config: MatchConfig, ctx: DurableObjectState): boolean =>
  config.watched === true && spectatorCount(ctx) === 0;

/**
 * A deterministic rng per decision: the same match seed, state version and seat
 * always give the same bot move. A ChaCha20 stream keyed by the match's seed
 * (an old match's integer seed is made into a key) under a nonce of its own, so
 * what bots draw tells nothing of the deal's stream, nor the deal of theirs.
 */
export function botRng(seed: number | string, version: number, seat: number): Rng {
  return new Keystream(typeof seed === 'number' ? seedOfInteger(seed) : seed, botNonce(version, seat));
}

/** The level's bot decides from the seat's own view. */
export const botMove = (g: GameState, seat: number, level: BotLevel, rng: Rng): Move => BOTS[level](view(g, seat), rng);
