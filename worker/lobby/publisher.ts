// A public match's entry in the list (directory.ts), pushed by the match when it changes: at once
// when its kind or seats change, live-only changes at most every PUSH_EVERY_MS.
import type { LiveSummary, MatchSummary, View } from '../../shared/protocol';
import type { MatchConfig, SeatRow } from '../shared/config';
import { forget, GONE_TTL_MS, shard, type Entry, type Kind } from './directory';

/** A waiting entry lives as long as the Lobby keeps a waiting match; a live one until it has been quiet this long. */
const WAITING_TTL_MS = 24 * 60 * 60 * 1000;
const LIVE_TTL_MS = 30 * 60 * 1000;
/** Live-only changes (a move, scores, spectators) push at most this often per match. */
export const PUSH_EVERY_MS = 2000;
/** A push that failed is tried again after these waits. */
const RETRY_MS = [500, 2000, 8000];

/** What the match is now, for its entry (match/room.ts builds it; nothing here reads match state). */
export interface Listed {
  config: MatchConfig;
  status: 'waiting' | 'playing' | 'over';
  /** Waiting and unlisted: its people are gone (listing.ts). */
  unlisted: boolean;
  summary: () => MatchSummary;
  /** The spectators' view: the scores everyone sees. */
  watched: () => View;
  seats: SeatRow[];
  /** Distinct addresses watching (admission.ts watchingAddresses): asked only for a push, it reads every spectator's tags. */
  spectators: () => number;
}

/** The spectator's view, cut down to the list's line: nothing a spectator does not see. */
export function liveSummary(l: Listed, changed: number): LiveSummary {
  const v = l.watched();
  return {
    id: l.config.id,
    players: v.players.map((p) => {
      const s = l.seats[p.seat];
      return { seat: p.seat, name: p.name, bot: s?.kind === 'bot', level: s?.kind === 'bot' ? s.level : null, vp: p.vp };
    }),
    turn: v.turn,
    spectators: l.spectators(),
    changed: new Date(changed).toISOString(),
  };
}

/**
 * One match's pushes. `changed()` after every change anyone can see, once it is delivered: a
 * change of kind (listed, started, unlisted, ended) or of seats pushes at once; live-only
 * changes at most every PUSH_EVERY_MS, the last one always going out. Private matches push nothing.
 */
export class Publisher {
  private seq = 0;
  private lastAt = 0;
  /** What was last pushed: its kind and seats (at once when they change), and its whole text (nothing new: no push). */
  private lastKey = '';
  private lastJson = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> = Promise.resolve();

  constructor(private env: Env, private source: () => Listed | null) {}

  /** Something changed; the push runs after the caller's sends (never before a move's delivery). */
  changed(): void {
    const l = this.source();
    if (!l?.config.public) return;
    // Bots alone are never public (the create body refuses it); one stored before that is not shown either.
    const kind: Kind = l.status === 'over' ? 'gone' : l.status === 'waiting' ? (l.unlisted ? 'gone' : 'waiting')
      : l.config.watch === false || l.seats.every((s) => s.kind === 'bot') ? 'gone' : 'live';
    // What goes out at once when it changes: the kind, who sits where (and, waiting, who is there).
    const summary = kind === 'waiting' ? l.summary() : null;
    const key = `${kind}:${JSON.stringify(summary?.seats ?? l.seats.map((s) => [s.kind, s.name]))}`;
    const now = Date.now();
    if (key === this.lastKey && kind !== 'gone' && now - this.lastAt < PUSH_EVERY_MS) {
      // Throttled: the latest state goes out when the wait is over.
      this.timer ??= setTimeout(() => { this.timer = null; this.changed(); }, PUSH_EVERY_MS - (now - this.lastAt));
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const entry = this.entry(l, kind, now);
    // The same entry again (a refresh well inside its TTL aside): nothing to push.
    if (entry.json === this.lastJson && key === this.lastKey && kind !== 'live') return;
    this.lastKey = key;
    this.lastJson = entry.json;
    this.lastAt = now;
    const push = kind === 'gone' && l.status === 'over' ? () => forget(this.env, l.config.id) : () => shard(this.env, l.config.id).put(entry);
    this.inflight = this.inflight.then(() => retry(push));
  }

  /** Resolves once the pushes made so far are done (create and join answer after theirs). */
  settled(): Promise<void> {
    return this.inflight;
  }

  private entry(l: Listed, kind: Kind, now: number): Entry {
    // Monotonic across this object's life; a new life starts later by the clock.
    this.seq = Math.max(this.seq + 1, now * 1000);
    const id = l.config.id;
    if (kind === 'waiting') {
      return { id, kind, json: JSON.stringify(l.summary()), seq: this.seq, sort: l.config.createdAt, expires: l.config.createdAt + WAITING_TTL_MS };
    }
    if (kind === 'live') return { id, kind, json: JSON.stringify(liveSummary(l, now)), seq: this.seq, sort: now, expires: now + LIVE_TTL_MS };
    return { id, kind, json: '{}', seq: this.seq, sort: 0, expires: now + GONE_TTL_MS };
  }
}

/** A push tried again a few times; one that still fails is healed by the next push or the entry's TTL. */
async function retry(push: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await push();
    } catch (e) {
      if (i >= RETRY_MS.length) return console.error('directory push failed', e);
      await new Promise((r) => setTimeout(r, RETRY_MS[i]));
    }
  }
}
