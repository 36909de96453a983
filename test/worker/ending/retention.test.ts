// Retention (worker/match/retention.ts): a match that never started is deleted a day after its
// creation, a finished one 90 days after its last move; then every route and socket answers as
// for an unknown id, the public list forgets it, and nothing is stored for it any more. A match in
// play is never deleted; one stalled for days is finished by stand-ins. Time moves on by moving
// the stored times back (creation, the moves' times, the decision's start); the handler runs by
// alarmOnce, never by racing a real alarm.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../../worker/match/match';
import type { MatchConfig } from '../../../worker/shared/config';
import {
  actionCount, alarmOnce, BASE, call, connect, createMatch, driveToEnd, dueJob, join, makeDueNow, playOut, noSuchMatch, roomOf, storedState, stub, upgrade,
} from '../helpers';
import { SEAT_1_NEXT } from '../positions';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const UNSTARTED = Number(env.UNSTARTED_RETENTION_MS);
const FINISHED_DAYS = Number(env.FINISHED_RETENTION_DAYS);


/** The match was created `ms` earlier than it was. */
const ageCreated = (id: string, ms: number) => runInDurableObject(stub(id), (m: Match) => {
  const o = roomOf(m);
  const config = o.store.getMeta<MatchConfig>('config')!;
  o.store.setMeta('config', { ...config, createdAt: config.createdAt - ms });
  o.forget();
});

/** Every move was made `ms` earlier than it was (the last one is when the match ended). */
const ageMoves = (id: string, ms: number) => runInDurableObject(stub(id), (m, s) => {
  s.storage.sql.exec('UPDATE actions SET at = at - ?', ms);
  // The object keeps the last action's time in memory; this edit went around it.
  roomOf(m).forget();
});

/** What the object stores: its tables, its alarm, its database's size. */
const stored = (id: string) => runInDurableObject(stub(id), async (_m, s) => ({
  tables: s.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM sqlite_master`).one().n,
  alarm: await s.storage.getAlarm(),
  size: s.storage.sql.databaseSize,
}));

/** The same for an id nobody ever used. */
const untouched = () => runInDurableObject(env.MATCH.getByName(`never-used-${Math.random()}`), (_m, s) => s.storage.sql.databaseSize);

const lobbyHolds = (id: string) => runInDurableObject(env.LOBBY.getByName('lobby'), (_o, s) =>
  s.storage.sql.exec(`SELECT id FROM waiting WHERE id = ?`, id).toArray().length > 0);

const listed = async () => ((await call('GET', '/api/matches')).json.matches as { id: string }[]).map((m) => m.id);

/**
 * A replay is kept at the edge no longer than its match (worker/edge/replays.ts): its max-age ends at
 * the deletion by the clock. This file moves the stored times, not the clock, so once the match
 * is deleted the edge is made to forget it, as the clock would have by then. The replay answer
 * must have been cached first (it is put after the answer).
 */
async function edgeForgets(id: string): Promise<void> {
  const edge = (caches as unknown as { default: Cache }).default;
  const url = `${BASE}/api/matches/${id}/replay`;
  await expect.poll(async () => (await edge.match(url)) !== undefined).toBe(true);
  await edge.delete(url);
}

const maxAge = (r: { headers: Headers }) => Number(/max-age=(\d+)/.exec(r.headers.get('Cache-Control') ?? '')?.[1]);

/** Every route answers 404 not-found, as for an id that names no match (the lookup: found false), and a socket is closed with 4004. */
async function expectGone(id: string, token?: string): Promise<void> {
  const notFound = { error: { code: 'not-found', message: expect.any(String) } };
  for (const [method, path, body] of [
    ['GET', `/api/matches/${id}`], ['GET', `/api/matches/${id}/replay`],
    ['POST', `/api/matches/${id}/join`, { name: 'Late' }], ['POST', `/api/matches/${id}/rematch`, { token: token ?? 'x' }],
  ] as const) {
    const r = await call(method, path, body);
    expect([path, r.status, r.json]).toEqual([path, 404, notFound]);
  }
  for (const t of [undefined, token]) {
    const ws = await noSuchMatch(await upgrade(id, t));
    expect(ws).toMatchObject({ status: 101, messages: [{ type: 'error', code: 'not-found' }], close: { code: 4004 } });
  }
  expect((await call('GET', `/api/matches/${id}/lookup`)).json).toEqual({ found: false });
  // Asking stored nothing again: no tables, no alarm.
  expect(await stored(id)).toMatchObject({ tables: 0, alarm: null });
}

describe('a match that never started', () => {
  it('is kept for a day after its creation, then its storage, alarm and list entry go', async () => {
    expect(UNSTARTED).toBe(DAY);
    const id = await createMatch({ players: 3, public: true });
    const a = await join(id, 'Ann');
    expect(await listed()).toContain(id);
    const created = (await runInDurableObject(stub(id), (m: Match) => roomOf(m).store.getMeta<MatchConfig>('config')!)).createdAt;
    // The list's look comes first (a minute); once the list has had its say, the deletion is armed.
    await ageCreated(id, 2 * 60_000);
    await runInDurableObject(stub(id), (m: Match) => {
      const o = roomOf(m) as { env: Env } & ReturnType<typeof roomOf>;
      const p = o.store.getMeta<{ leftAt: Record<string, number> }>('presence')!;
      o.store.setMeta('presence', { ...p, leftAt: { 0: p.leftAt[0]! - 2 * 60_000 } });
    });
    await alarmOnce(id);
    expect(await listed()).not.toContain(id);
    expect((await stored(id)).alarm).toBe(created - 2 * 60_000 + DAY);
    // A minute short of a day: still there, and the alarm waits for its time.
    await ageCreated(id, DAY - 3 * 60_000);
    await alarmOnce(id);
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('waiting');
    expect((await stored(id)).alarm).toBeGreaterThan(Date.now());
    expect(await lobbyHolds(id)).toBe(true);
    // Past the day: gone everywhere.
    await ageCreated(id, 2 * 60_000);
    await alarmOnce(id);
    await expectGone(id, a.token);
    expect(await lobbyHolds(id)).toBe(false);
    expect(await listed()).not.toContain(id);
  });

  it('of a private match is armed at creation, and the armed alarm itself deletes it', async () => {
    const id = await createMatch({ players: 2 });
    expect((await stored(id)).alarm).toBeGreaterThan(Date.now() + DAY - 60_000);
    // A real delivery of the armed alarm (run now, with its time already past).
    await ageCreated(id, DAY + 1000);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expectGone(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(false);
  });

  it('closes sockets still open with 4004 and a not-found error', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const watcher = await connect(id);
    await ann.take('state');
    await watcher.take('state');
    await ageCreated(id, DAY + 1000);
    await alarmOnce(id);
    for (const s of [ann, watcher]) {
      expect(await s.take('error')).toMatchObject({ code: 'not-found' });
      await expect.poll(() => s.closed?.code).toBe(4004);
    }
    await expectGone(id, a.token);
  });

  it('after deletion, alarms delivered again do nothing and store nothing', async () => {
    const id = await createMatch({ players: 2, public: true });
    await ageCreated(id, DAY + 1000);
    await alarmOnce(id);
    await Promise.all([alarmOnce(id), alarmOnce(id)]);
    await alarmOnce(id);
    expect(await stored(id)).toEqual({ tables: 0, alarm: null, size: await untouched() });
    await expectGone(id);
  });
});

describe('a finished match', () => {
  it(`serves its replay for ${FINISHED_DAYS} days after its last move, then is deleted`, async () => {
    expect(FINISHED_DAYS).toBe(90);
    const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 0 });
    await driveToEnd(id);
    const ended = await runInDurableObject(stub(id), (m: Match) => roomOf(m).store.lastActionAt()!);
    await expect.poll(async () => (await stored(id)).alarm).toBe(ended + 90 * DAY);
    await ageMoves(id, 90 * DAY - HOUR);
    await alarmOnce(id);
    const replay = await call('GET', `/api/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.json.actions.length).toBe(await actionCount(id));
    // An hour left: no cache may keep it longer.
    expect(maxAge(replay)).toBeGreaterThan(HOUR / 1000 - 120);
    expect(maxAge(replay)).toBeLessThanOrEqual(HOUR / 1000);
    expect((await stored(id)).alarm).toBe(ended - (90 * DAY - HOUR) + 90 * DAY);
    await ageMoves(id, 2 * HOUR);
    await alarmOnce(id);
    await edgeForgets(id);
    await expectGone(id);
    await alarmOnce(id);
    expect(await stored(id)).toEqual({ tables: 0, alarm: null, size: await untouched() });
  });

  it('stored before retention (no alarm), gets its deletion armed when a socket arrives', async () => {
    const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 0 });
    await driveToEnd(id);
    const ended = await runInDurableObject(stub(id), (m: Match) => roomOf(m).store.lastActionAt()!);
    await expect.poll(async () => (await stored(id)).alarm).toBe(ended + 90 * DAY);
    await runInDurableObject(stub(id), (_m, s) => s.storage.deleteAlarm());
    const watcher = await connect(id);
    await watcher.take('state');
    expect((await stored(id)).alarm).toBe(ended + 90 * DAY);
    watcher.close();
  });

  it('is kept for FINISHED_RETENTION_DAYS as configured', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    // This object runs with FINISHED_RETENTION_DAYS = "2", as a deployment with that var would.
    await runInDurableObject(stub(id), (m: Match) => {
      const o = roomOf(m) as { env: Env } & ReturnType<typeof roomOf>;
      o.env = { ...o.env, FINISHED_RETENTION_DAYS: '2' };
    });
    const a = await join(id, 'Ann');
    await playOut(id, await connect(id, a.token));
    const ended = await runInDurableObject(stub(id), (m: Match) => roomOf(m).store.lastActionAt()!);
    await expect.poll(async () => (await stored(id)).alarm).toBe(ended + 2 * DAY);
    await ageMoves(id, 2 * DAY - HOUR);
    await alarmOnce(id);
    expect((await call('GET', `/api/matches/${id}/replay`)).status).toBe(200);
    await ageMoves(id, 2 * HOUR);
    await alarmOnce(id);
    await edgeForgets(id);
    await expectGone(id, a.token);
  });

  it('asked for a rematch again after its rematch was deleted unstarted, makes a new one', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    const a = await join(id, 'Ann');
    await playOut(id, await connect(id, a.token));
    const first = (await call('POST', `/api/matches/${id}/rematch`, { token: a.token })).json.id as string;
    await ageCreated(first, DAY + 1000);
    await alarmOnce(first);
    await expectGone(first);
    const again = await call('POST', `/api/matches/${id}/rematch`, { token: a.token });
    expect(again.status).toBe(200);
    expect(again.json.id).not.toBe(first);
    expect((await call('GET', `/api/matches/${again.json.id}`)).json.status).toBe('waiting');
    // Ann's seat is held for her there too.
    const claimed = await call('POST', `/api/matches/${again.json.id}/join`, { name: 'Ann', rematchToken: a.token });
    expect(claimed.json.seat).toBe(0);
  });
});

describe('a match in play', () => {
  it('is never deleted by retention, however old', async () => {
    // Seat 0 (Ann) decides first: no bot moves on a real alarm meanwhile.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0, seed: SEAT_1_NEXT });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    expect((await ann.viewAt(0)).pending!.seat).toBe(0);
    await ageCreated(id, 400 * DAY);
    await ageMoves(id, 400 * DAY);
    const before = await storedState(id);
    await alarmOnce(id);
    await alarmOnce(id);
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('playing');
    expect(await storedState(id)).toEqual(before);
    expect((await stored(id)).tables).toBeGreaterThan(0);
    ann.close();
  });

  it('stalled with nothing due, wakes after STALLED_MATCH_DAYS without a move, and stand-ins finish it', async () => {
    // Ann alone with a bot, connected, no clock: nothing else would ever wake this match.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0, takeover: 'random', seed: SEAT_1_NEXT });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = await ann.viewAt(0);
    expect(v0.pending!.seat).toBe(0);
    const due = (await dueJob(id))!;
    expect(due.kind).toBe('stalled');
    const since = await runInDurableObject(stub(id), (m: Match) => roomOf(m).store.getMeta<{ at: number }>('since')!.at);
    expect(due.at).toBe(since + Number(env.STALLED_MATCH_DAYS) * DAY);
    // Armed no later than the job: an alarm armed already for sooner (the wait's own) does for it.
    expect((await stored(id)).alarm).toBeLessThanOrEqual(due.at);
    // Delivered early: nothing moves, and the alarm is armed for the job's time.
    await alarmOnce(id);
    expect(await actionCount(id)).toBe(0);
    expect((await stored(id)).alarm).toBe(due.at);
    await makeDueNow(id);
    await alarmOnce(id);
    const v = await ann.until((x) => x.players[0]!.standIn !== null);
    expect(v.players[0]!.standIn).toBe('random');
    const end = await driveToEnd(id);
    expect(end.over).toBe(true);
    expect((await call('GET', `/api/matches/${id}/replay`)).status).toBe(200);
    // Now a finished match: kept for its days, then deleted.
    expect((await stored(id)).alarm).toBeGreaterThan(Date.now() + 89 * DAY);
    ann.close();
  });
});
