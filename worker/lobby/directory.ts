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
import type { LiveSummary, MatchList, MatchSummary } from '../../shared/protocol';
import { lobby } from './lobby';

/** How many of each kind the list shows. */
export const LIST_LIMIT = 50;
/** A tombstone outlives any late push of the entry it ends. */
export const GONE_TTL_MS = 10 * 60 * 1000;
/** forget()'s tombstone outranks every push. */
const FINAL = Number.MAX_SAFE_INTEGER;

export type Kind = 'waiting' | 'live' | 'gone';
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

export const shard = (env: Env, id: string) => env.DIRECTORY.getByName(`list-${shardOf(id, listShards(env))}`);

/** One shard of the list. */
export class Directory extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, kind TEXT NOT NULL, json TEXT NOT NULL,
      seq INTEGER NOT NULL, sort INTEGER NOT NULL, expires INTEGER NOT NULL)`);
  }

  /** The match's entry now, unless a newer one (or its tombstone) is there already. */
  put(e: Entry): void {
    const written = this.ctx.storage.sql.exec(`INSERT INTO entries (id, kind, json, seq, sort, expires) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, json = excluded.json, seq = excluded.seq, sort = excluded.sort,
      expires = excluded.expires WHERE excluded.seq > entries.seq`, e.id, e.kind, e.json, e.seq, e.sort, e.expires).rowsWritten;
    // Open landing pages hear the list again (feed.ts); not awaited: the match's push is done.
    if (written > 0) this.env.FEED.getByName('feed').changed().catch((err: unknown) => console.error('feed not told', err));
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

