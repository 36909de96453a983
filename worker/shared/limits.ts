// The server's limits, read from wrangler.toml [vars] (test and benchmark
// servers raise them). A missing or bad value falls back to the default.
import { PEOPLE_FLOORS } from '../../shared/protocol';

const num = (text: string | undefined, fallback: number): number => {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** Spectator sockets one match accepts; the next is refused (`full`, close code 4009). */
export const spectatorCap = (env: Env): number => num(env.SPECTATORS_PER_MATCH, 500);

/**
 * Spectator sockets one client address may hold open on one match; the next is refused
 * (`full`, close code 4009). Seats' sockets are not counted (worker/match/sockets/admission.ts says why).
 */
export const socketsPerAddress = (env: Env): number => num(env.SOCKETS_PER_ADDRESS, 8);

/**
 * New connections that hold no seat, per client address per match per minute (a bucket of as
 * many, refilled as fast); past it, HTTP 429 `rate-limited` with Retry-After, before the upgrade.
 */
export const connectsPerMinute = (env: Env): number => num(env.CONNECTS_PER_MINUTE, 30);

/** Matches one client address may create per minute; past it, HTTP 429 `rate-limited`. */
export const matchesPerMinute = (env: Env): number => num(env.MATCHES_PER_MINUTE, 30);

/** New players one client address may make per minute (a bucket of as many); past it, 429 `rate-limited` (worker/edge/players.ts). */
export const playersPerMinute = (env: Env): number => num(env.PLAYERS_PER_MINUTE, 5);

/** Replays one client address may ask for per minute (a bucket of as many); past it, HTTP 429 `rate-limited` (worker/edge/replays.ts). */
export const replaysPerMinute = (env: Env): number => num(env.REPLAYS_PER_MINUTE, 30);

/** Public matches one client address may have waiting in the list at once; past it, HTTP 429 `too-many-waiting`. */
export const publicWaitingPerAddress = (env: Env): number => num(env.PUBLIC_WAITING_PER_ADDRESS, 3);

/** Private matches one client address may have unstarted at once (worker/lobby/quota.ts); past it, HTTP 429 `too-many-waiting`. */
export const privateWaitingPerAddress = (env: Env): number => num(env.PRIVATE_WAITING_PER_ADDRESS, 20);

/**
 * The floors of a table with two or more people (PEOPLE_FLOORS): what the least idle time and
 * away grace are raised to. Vars only so that test servers can play a hand-over in seconds; a
 * deployment keeps wrangler.toml's, which are the documented ones.
 */
export const minIdleMs = (env: Env): number => num(env.MIN_IDLE_MS, PEOPLE_FLOORS.idleMs);
export const minAwayMs = (env: Env): number => num(env.MIN_AWAY_MS, PEOPLE_FLOORS.awayMs);

/**
 * The bots' pace a match asked for, at most BOT_DELAY_MAX_MS where a server sets it: only test
 * servers do, so a browser test plays a bot's move in a blink instead of the 0.8 s a person sees.
 */
export const botDelayMs = (env: Env, asked: number): number => Math.min(asked, num(env.BOT_DELAY_MAX_MS, asked));

/** How long a public waiting match stays listed with nobody seated in it connected (worker/match/listing.ts). */
export const waitingGoneMs = (env: Env): number => num(env.WAITING_GONE_MS, 60_000);

/** How long a rematch keeps each person's seat for the person who had it (worker/match/table/holds.ts). */
export const rematchHoldMs = (env: Env): number => num(env.REMATCH_HOLD_MS, 120_000);

/** How long a match that never started is kept after its creation, then deleted (worker/match/retention.ts). */
export const unstartedRetentionMs = (env: Env): number => num(env.UNSTARTED_RETENTION_MS, 24 * 60 * 60 * 1000);

/** Days a finished match (its replay) is kept after its last move, then deleted (worker/match/retention.ts). */
export const finishedRetentionDays = (env: Env): number => num(env.FINISHED_RETENTION_DAYS, 90);

/** Days a match in play may go without a move before stand-ins play every person's seat to the end (worker/match/retention.ts). */
export const stalledMatchDays = (env: Env): number => num(env.STALLED_MATCH_DAYS, 7);

/**
 * Sockets one seat may hold at once (tabs, devices). Several are normal; thousands
 * from one token would only load the match. The next is refused like a spectator
 * past the cap.
 */
export const SEAT_SOCKETS = 16;

/** Close code for a socket refused because the match's spectators, the address's or the seat's sockets are as many as it takes. */
export const CLOSE_SPECTATORS_FULL = 4009;

/** How long a request body may take to arrive in full, from when its route starts reading it (at most 10 s). */
export const bodyDeadlineMs = (env: Env): number => Math.min(num(env.BODY_DEADLINE_MS, 10_000), 10_000);

/** Quick match: how long a round waits for more people after its first arrival before bots fill it (at most 10 s). */
export const quickWindowMs = (env: Env): number => Math.min(num(env.QUICK_WINDOW_MS, 10_000), 10_000);

/** Quick match: arrivals one queue shard takes per window before the next come to the next shard (worker/queue/queue.ts). */
export const quickShardCap = (env: Env): number => Math.max(1, num(env.QUICK_SHARD_CAP, 200));
