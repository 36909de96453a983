// What the alarm does next: a bot's decision after botDelayMs, or a human
// seat's decision when its clock runs out. Only one alarm exists per object,
// so the job is stored beside it ('due') with the state version it is for.
import { view, type GameState, type Move, type Rng } from '../shared/engine';
import { BOTS } from '../shared/bots';
import type { BotLevel } from '../shared/protocol';
import type { Due, MatchConfig, Presence, SeatRow } from './storage';

export const TAKEOVER_DEFAULT: BotLevel = 'greedy';
export const AWAY_MS_DEFAULT = 30_000;

/**
 * The next job for this state, or null when nobody needs waking (a person
 * here without a clock, or the end): a bot's move (its own seat, or standing
 * in), a person's clock running out, or a gone person's grace period ending.
 */
export function nextDue(g: GameState, seats: SeatRow[], config: MatchConfig, presence: Presence, now: number): Due | null {
  const p = g.pending;
  if (g.over || !p) return null;
  const seat = p.seat;
  const job = (kind: Due['kind'], at: number): Due => ({ version: g.version, seat, kind, at });
  if (seats[seat]?.kind === 'bot' || presence.standIn.includes(seat)) return job('bot', now + config.botDelayMs);
  const clock = config.clock !== null ? now + config.clock * 1000 : Infinity;
  const leftAt = presence.leftAt[seat];
  const away = leftAt === undefined ? Infinity : Math.max(now, leftAt + (config.awayMs ?? AWAY_MS_DEFAULT));
  if (clock === Infinity && away === Infinity) return null;
  return away < clock ? job('away', away) : job('clock', clock);
}

/** The level that plays a seat now: a bot seat's own, or the match's stand-in for a person. */
export const levelFor = (row: SeatRow, config: MatchConfig): BotLevel =>
  row.kind === 'bot' && row.level ? row.level : config.takeover ?? TAKEOVER_DEFAULT;

/**
 * A deterministic rng per decision: the same match seed and state version
 * always give the same bot move (a murmur3-style mix of the two).
 */
export function botRng(seed: number, version: number): Rng {
  let h = (seed ^ Math.imul(version + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return { s: (h ^ (h >>> 16)) >>> 0 };
}

/** The level's bot, or random while that level is not in BOTS yet. */
export function botMove(g: GameState, seat: number, level: BotLevel | null, rng: Rng): Move {
  const bots = BOTS as Partial<Record<string, (typeof BOTS)['random']>>;
  const bot = (level && bots[level]) || BOTS.random;
  return bot(view(g, seat), rng);
}
