// The public match list, kept from summaries the matches push when they change; a list
// request reads these shards only and never wakes a match.
//
// N shards (`list-0..list-{N-1}`, N = LIST_SHARDS), a match's by a hash of its id, so one hot
// object does not cap the writes of every match. Each row holds one match's whole entry: a
// lost push is healed by the next one, a row carries a TTL so a match that stopped pushing
// (an end whose push failed every retry) expires, and a sequence number so a late push never
// undoes a newer one. An entry that left (started players-only, unlisted, ended) is a
// tombstone until its TTL, for the same reason.
import { DurableObject } from 'cloudflare:workers';
import type { LiveSummary, MatchList, MatchSummary, View } from '../shared/protocol';
import { lobby } from './lobby';
import type { MatchConfig, SeatRow } from './storage';

/** How many of each kind the list shows. */
export const LIST_LIMIT = 50;
/** A waiting entry lives as long as the Lobby keeps a waiting match; a live one until it has been quiet this long. */
const WAITING_TTL_MS = 24 * 60 * 60 * 1000;
const LIVE_TTL_MS = 30 * 60 * 1000;
const GONE_TTL_MS = 10 * 60 * 1000;
/** Live-only changes (a move, scores, spectators) push at most this often per match. */
export const PUSH_EVERY_MS = 2000;
/** A push that failed is tried again after these waits. */
const RETRY_MS = [500, 2000, 8000];
/** forget()'s tombstone outranks every push. */
const FINAL = Number.MAX_SAFE_INTEGER;

type Kind = 'waiting' | 'live' | 'gone';
export interface Entry { id: string; kind: Kind; json: string; seq: number; sort: number; expires: number }

const num = (text: string | undefined, fallback: number): number => {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
};
export const listShards = (env: Env): number => num(env.LIST_SHARDS, 4);
/** Seconds a list answer is kept in the edge cache (0: not cached). */
export const listCacheS = (env: Env): number => (env.LIST_CACHE_S === '0' ? 0 : num(env.LIST_CACHE_S, 3));

/** FNV-1a of the id: spreads random ids evenly, same answer in every isolate. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}

const shard = (env: Env, id: string) => env.DIRECTORY.getByName(`list-${shardOf(id, listShards(env))}`);

/** One shard of the list. */
export class Directory extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, kind TEXT NOT NULL, json TEXT NOT NULL,
      seq INTEGER NOT NULL, sort INTEGER NOT NULL, expires INTEGER NOT NULL)`);
  }

  /** The match's entry now, unless a newer one (or its tombstone) is there already. */
  put(e: Entry): void {
    this.ctx.storage.sql.exec(`INSERT INTO entries (id, kind, json, seq, sort, expires) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, json = excluded.json, seq = excluded.seq, sort = excluded.sort,
      expires = excluded.expires WHERE excluded.seq > entries.seq`, e.id, e.kind, e.json, e.seq, e.sort, e.expires);
  }

  /** One read: the newest of each kind, as their JSON text. */
  read(limit: number): { waiting: { json: string; sort: number }[]; live: { json: string; sort: number }[] } {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM entries WHERE expires < ?', Date.now());
    const of = (kind: Kind) => sql.exec<{ json: string; sort: number }>(
      'SELECT json, sort FROM entries WHERE kind = ? ORDER BY sort DESC LIMIT ?', kind, limit).toArray();
    return { waiting: of('waiting'), live: of('live') };
  }
}

/** Every shard read once, in parallel: the list's answer. */
export async function readList(env: Env): Promise<MatchList> {
  const n = listShards(env);
  const parts = await Promise.all(Array.from({ length: n }, (_, i) => env.DIRECTORY.getByName(`list-${i}`).read(LIST_LIMIT)));
  const merge = (rows: { json: string; sort: number }[]) =>
    rows.sort((a, b) => b.sort - a.sort).slice(0, LIST_LIMIT).map((r) => JSON.parse(r.json));
  return {
    matches: merge(parts.flatMap((p) => p.waiting)) as MatchSummary[],
    live: merge(parts.flatMap((p) => p.live)) as LiveSummary[],
  };
}

/** Off the list for good (ended, or deleted by retention): a tombstone no late push outlives, and out of the Lobby. */
export async function forget(env: Env, id: string): Promise<void> {
  await Promise.all([
    shard(env, id).put({ id, kind: 'gone', json: '{}', seq: FINAL, sort: 0, expires: Date.now() + GONE_TTL_MS }),
    lobby(env).remove(id),
  ]);
}

/** What the match is now, for its entry (match.ts builds it; nothing here reads match state). */
export interface Listed {
  config: MatchConfig;
  status: 'waiting' | 'playing' | 'over';
  /** Waiting and unlisted: its people are gone (listing.ts). */
  unlisted: boolean;
  summary: () => MatchSummary;
  /** The spectators' view: the scores everyone sees. */
  watched: () => View;
  seats: SeatRow[];
  /** Distinct addresses watching (admission.ts watchingAddresses). */
  spectators: number;
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
    spectators: l.spectators,
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
