// The public list (worker/lobby/directory.ts): kept from what the matches push, read from the
// directory shards only (never from a match), cached at the edge; waiting public matches
// under `matches`, public watchable ones in play under `live`, private ones never.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SLOW } from '../../slow';
import type { LiveSummary, MatchList, MatchSummary, View } from '../../../shared/protocol';
import { forget, listShards, shardOf } from '../../../worker/lobby/directory';
import worker from '../../../worker/index';
import { call, connect, createMatch, hurryBots, join, playOut } from '../helpers';

const list = async (): Promise<MatchList> => (await call('GET', '/api/matches')).json;
const live = async (id: string): Promise<LiveSummary | undefined> => (await list()).live.find((m) => m.id === id);
const waiting = async (id: string): Promise<MatchSummary | undefined> => (await list()).matches.find((m) => m.id === id);

/** The match's row in its directory shard, as stored (null: none). */
const row = (id: string) => runInDurableObject(env.DIRECTORY.getByName(`list-${shardOf(id, listShards(env))}`), (_o, s) =>
  s.storage.sql.exec<{ kind: string; json: string }>('SELECT kind, json FROM entries WHERE id = ?', id).toArray()[0] ?? null);

/** GET /api/matches through the worker with other bindings (an unreachable MATCH, a cache TTL). */
async function listWith(bindings: Partial<Env>, url = 'http://darkmoor.test/api/matches'): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url), { ...env, ...bindings } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('GET /api/matches: live', () => {
  it('lists a started public match under live with what a spectator sees, its spectators, and drops it when it ends', SLOW, async () => {
    const id = await createMatch({ players: 2, public: true, bots: { 1: 'greedy' } });
    expect(await waiting(id)).toBeDefined();
    const a = await join(id, 'Ann');
    expect(await waiting(id)).toBeUndefined();
    const entry = await live(id);
    expect(entry).toEqual({
      id, turn: expect.any(Number), spectators: 0, changed: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      players: [
        { seat: 0, name: 'Ann', bot: false, level: null, vp: 0 },
        { seat: 1, name: expect.stringContaining('bot'), bot: true, level: 'greedy', vp: 0 },
      ],
    });
    const watcher = await connect(id);
    const seen = (await watcher.take('state')).view;
    expect(entry!.turn).toBe(seen.turn);
    await expect.poll(async () => (await live(id))?.spectators, { timeout: 5000 }).toBe(1);
    const ann = await connect(id, a.token);
    const end = await playOut(id, ann);
    expect(end.over).toBe(true);
    await expect.poll(() => live(id), { timeout: 5000 }).toBeUndefined();
    expect((await row(id))?.kind).toBe('gone');
    watcher.close();
    ann.close();
  });

  it('follows the match as it is played: turn and scores as the spectators see them, throttled but never left behind', SLOW, async () => {
    const id = await createMatch({ players: 2, public: true, bots: { 1: 'greedy' } });
    const a = await join(id, 'Ann');
    const first = (await live(id))!;
    const ann = await connect(id, a.token);
    const watcher = await connect(id);
    // Ann answers her first few decisions, then stops: the match then waits on her, and the list must catch up.
    let answered = 0;
    const answer = (v: View) => {
      const opts = v.pending?.seat === v.you ? v.pending.options : undefined;
      if (!v.over && opts?.length && answered < 6) {
        answered++;
        ann.send({ ...opts[0]!, version: v.version });
      }
    };
    ann.onView = answer;
    if (ann.view) answer(ann.view);
    const stop = hurryBots(id);
    await expect.poll(() => answered, { timeout: 10_000 }).toBe(6);
    stop();
    await expect.poll(async () => {
      const e = await live(id);
      const now = watcher.view!;
      return e !== undefined && e.turn === now.turn && e.players.map((p) => p.vp).join() === now.players.map((p) => p.vp).join()
        && e.spectators === 1;
    }, { timeout: 6000, interval: 100 }).toBe(true);
    expect(watcher.view!.version).toBeGreaterThan(6);
    expect(Date.parse((await live(id))!.changed)).toBeGreaterThan(Date.parse(first.changed));
    watcher.close();
    ann.close();
  });

  it('counts spectators by address: one address\'s many sockets cannot put a match on /tv', SLOW, async () => {
    const id = await createMatch({ players: 2, public: true, bots: { 1: 'random' } });
    await join(id, 'Ann');
    const one = await Promise.all([0, 1, 2].map(() => connect(id, undefined, { ip: '192.0.2.90' })));
    await expect.poll(async () => (await live(id))?.spectators, { timeout: 5000 }).toBe(1);
    const two = await connect(id, undefined, { ip: '192.0.2.91' });
    await expect.poll(async () => (await live(id))?.spectators, { timeout: 5000 }).toBe(2);
    for (const s of [...one, two]) s.close();
  });

  it('never lists a private match: waiting, in play, or watched', async () => {
    const id = await createMatch({ players: 3, bots: { 2: 'random' }, botDelayMs: 5000 });
    const watcher = await connect(id);
    await watcher.take('state');
    await join(id, 'Ann');
    await join(id, 'Bo');
    const again = await connect(id);
    await again.take('state');
    const l = await list();
    expect([...l.matches, ...l.live].map((m) => m.id)).not.toContain(id);
    // Nothing of it was ever pushed: no row in its shard.
    expect(await row(id)).toBeNull();
    watcher.close();
    again.close();
  });

  it('lists a players-only public match while it waits, and never under live', async () => {
    const id = await createMatch({ players: 2, public: true, watch: false, bots: { 1: 'random' } });
    expect(await waiting(id)).toBeDefined();
    await join(id, 'Ann');
    const watcher = await connect(id);
    await watcher.take('state');
    const l = await list();
    expect([...l.matches, ...l.live].map((m) => m.id)).not.toContain(id);
    expect((await row(id))?.kind).toBe('gone');
    watcher.close();
  });

  it('refuses a watch that is no boolean', async () => {
    const r = await call('POST', '/api/matches', { players: 2, public: true, watch: 'yes' });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad-request');
  });
});

describe('GET /api/matches: read from the directory only', () => {
  it('answers with every match unreachable: no list request asks a match object', async () => {
    const w = await createMatch({ players: 2, public: true });
    const p = await createMatch({ players: 2, public: true, bots: { 1: 'random' } });
    await join(p, 'Ann');
    const asked: string[] = [];
    const unreachable = new Proxy({}, { get: (_t, k) => { asked.push(String(k)); throw new Error('a match was asked'); } });
    const res = await listWith({ MATCH: unreachable as Env['MATCH'] });
    expect(res.status).toBe(200);
    const body = await res.json() as MatchList;
    expect(body.matches.map((m) => m.id)).toContain(w);
    expect(body.live.map((m) => m.id)).toContain(p);
    expect(asked).toEqual([]);
    // The same request through the real bindings agrees.
    expect((await list()).matches.find((m) => m.id === w)).toEqual(body.matches.find((m) => m.id === w));
  });

  it('answers from the edge cache within its TTL: a second request reads no shard', async () => {
    const host = `http://cache-${crypto.randomUUID()}.test`;
    const first = await listWith({ LIST_CACHE_S: '30' }, `${host}/api/matches`);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=30');
    const before = await first.json() as MatchList;
    // A new entry in every shard after the first answer: the cached answer does not have it.
    const id = await createMatch({ players: 2, public: true });
    expect(await waiting(id)).toBeDefined(); // uncached (LIST_CACHE_S 0 in the tests): there
    const cached = await listWith({ LIST_CACHE_S: '30' }, `${host}/api/matches?bust=${Math.random()}`);
    const body = await cached.json() as MatchList;
    expect(body).toEqual(before);
    expect(body.matches.map((m) => m.id)).not.toContain(id);
    // Even shards that are not there answer nothing: the hit never reached them.
    const gone = await listWith({ LIST_CACHE_S: '30', DIRECTORY: undefined as unknown as Env['DIRECTORY'] }, `${host}/api/matches`);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual(before);
  });
});

describe('forget', () => {
  it('takes a match off the list for good, later pushes or not', async () => {
    const id = await createMatch({ players: 3, public: true });
    expect(await waiting(id)).toBeDefined();
    await forget(env, id);
    expect(await waiting(id)).toBeUndefined();
    await join(id, 'Ann'); // pushes again: the tombstone outranks it
    expect(await waiting(id)).toBeUndefined();
    expect((await row(id))?.kind).toBe('gone');
  });
});
