// What the alarm does next: a bot's decision after botDelayMs, or a human
// seat's decision when its clock runs out. Only one alarm exists per object,
// so the job is stored beside it ('due') with the state version it is for.
import { view, type GameState, type Move, type Rng } from '../shared/engine';
import { BOTS } from '../shared/bots';
import type { BotLevel } from '../shared/protocol';
import type { Due, MatchConfig, SeatRow } from './storage';

/** The next job for this state, or null when nobody needs waking (a human without clock, or the end). */
export function nextDue(g: GameState, seats: SeatRow[], config: MatchConfig, now: number): Due | null {
  const p = g.pending;
  if (g.over || !p) return null;
  const seat = seats[p.seat];
  if (seat?.kind === 'bot') return { version: g.version, seat: p.seat, kind: 'bot', at: now + config.botDelayMs };
  if (config.clock !== null) return { version: g.version, seat: p.seat, kind: 'clock', at: now + config.clock * 1000 };
  return null;
}

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
