// Fair play: no option lets a host rob a stranger of their seat, every setting that affects people
// is shown before anyone sits down, caps hold over time, and bots alone never fill the public list.
// Each door is tried the way it was found (docs/SECURITY.md, "Fair play").
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CREATE_DEFAULTS, PEOPLE_FLOORS, type MatchSummary, type View } from '../../../shared/protocol';
import { actionCount, call, connect, createMatch, dueJob, join, roomOf, type Sock, storedActions, stub } from '../helpers';

/** The robbing options of the report: a hand-over at once, a random stand-in, no pause. */
const ROB = { idleMs: 0, takeover: 'random', botDelayMs: 0 };

const summary = async (id: string): Promise<MatchSummary> => (await call('GET', `/api/matches/${id}`)).json;
const standIns = (v: View) => v.players.map((p) => p.standIn);

/** As if the pending decision began `ms` ago (a test cannot wait out the idle time). */
const decisionBegan = (id: string, ms: number) => runInDurableObject(stub(id), (instance, state) => {
  state.storage.sql.exec(`UPDATE meta SET value = json_set(value, '$.at', ?) WHERE key = 'since'`, Date.now() - ms);
  roomOf(instance).forget();
});

/** Ann (seat 0, first to decide) and Bo, connected, at a 2-seat match made with `body`. */
async function table(body: Record<string, unknown>) {
  const id = await createMatch({ players: 2, ...body });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bo');
  const ann = await connect(id, a.token);
  const bo = await connect(id, b.token);
  await bo.until((v) => v.players.every((p) => p.connected));
  return { id, ann, bo };
}

const error = async (s: Sock) => {
  const m = await s.take('error');
  return { code: m.code, message: m.message };
};

describe('a seat is its person\'s', () => {
  it('refuses a public match with the robbing options (400) and makes nothing', async () => {
    const before = (await call('GET', '/api/matches')).json.matches.length;
    for (const extra of [ROB, { idleMs: 0 }, { takeover: 'random' }, { botDelayMs: 0 }, { awayMs: 0 }]) {
      const r = await call('POST', '/api/matches', { players: 2, public: true, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.json.error).toEqual({ code: 'bad-request', message: expect.stringMatching(/^a public match plays by the defaults .*; leave out \w+/) });
    }
    expect((await call('GET', '/api/matches')).json.matches.length).toBe(before);
    // The defaults, sent as they are, are no change.
    expect((await call('POST', '/api/matches', { players: 2, ...CREATE_DEFAULTS, public: true })).status).toBe(201);
  });

  it('raises a private table\'s idle and away graces to the floors, and the others cannot hand a seat over sooner', async () => {
    const { id, ann, bo } = await table({ ...ROB, awayMs: 0 });
    expect((await summary(id)).rules).toEqual({ clock: null, idleMs: PEOPLE_FLOORS.idleMs, awayMs: PEOPLE_FLOORS.awayMs, takeover: 'random', botDelayMs: 0 });
    // The hand-over opens a minute into Ann's decision, not at once.
    const job = await dueJob(id);
    expect(job).toMatchObject({ kind: 'idle', seat: 0 });
    expect(job!.at - Date.now()).toBeGreaterThan(PEOPLE_FLOORS.idleMs - 5000);
    bo.send({ type: 'stand-in', seat: 0 });
    expect(await error(bo)).toEqual({ code: 'illegal', message: expect.stringMatching(/once their decision has waited 1 minute/) });
    // 59 s in: still hers.
    await decisionBegan(id, PEOPLE_FLOORS.idleMs - 1000);
    bo.send({ type: 'stand-in', seat: 0 });
    expect((await error(bo)).code).toBe('illegal');
    expect(await actionCount(id)).toBe(0);
    ann.close();
    bo.close();
  });

  it('lets no stand-in play for a person sooner than 15 s after their socket went', async () => {
    const { id, ann, bo } = await table({ ...ROB, awayMs: 0, clock: null });
    ann.close();
    await bo.until((v) => !v.players[0]!.connected);
    const job = await dueJob(id);
    expect(job).toMatchObject({ kind: 'away', seat: 0 });
    expect(job!.at - Date.now()).toBeGreaterThan(PEOPLE_FLOORS.awayMs - 2000);
    // An early alarm does nothing: no move was made for her.
    await runDurableObjectAlarm(stub(id));
    await runInDurableObject(stub(id), (m) => m.alarm());
    expect(await actionCount(id)).toBe(0);
    expect(standIns(bo.views.at(-1)!)).toEqual([null, null]);
    bo.close();
  });

  it('gives the seat back at once when its person moves while a stand-in plays', async () => {
    // A bot pace the test controls: the stand-in never moves on its own here.
    const { id, ann, bo } = await table({ botDelayMs: 5000, idleMs: PEOPLE_FLOORS.idleMs });
    await decisionBegan(id, PEOPLE_FLOORS.idleMs + 1000);
    bo.send({ type: 'stand-in', seat: 0 });
    const handed = await ann.until((v) => v.players[0]!.standIn !== null);
    // Ann's own move, made before the stand-in's: hers, and the seat is hers again.
    const option = handed.pending!.options![0]!;
    ann.send({ ...option, version: handed.version });
    const after = await ann.until((v) => v.version > handed.version);
    expect(standIns(after)).toEqual([null, null]);
    expect((await storedActions(id))[0]).toEqual(expect.objectContaining({ seat: 0 }));
    expect((await storedActions(id))[0]!.standIn).toBeUndefined();
    // The stand-in's job was for her old decision: it makes no move now.
    await runInDurableObject(stub(id), (m) => m.alarm());
    expect((await storedActions(id)).filter((a) => a.standIn)).toEqual([]);
    ann.close();
    bo.close();
  });

  it('shows every setting that affects people in the summary and the public list entry', async () => {
    const id = await createMatch({ players: 3, public: true, clock: 60 });
    const rules = { clock: 60, idleMs: null, awayMs: CREATE_DEFAULTS.awayMs, takeover: CREATE_DEFAULTS.takeover, botDelayMs: CREATE_DEFAULTS.botDelayMs };
    expect((await summary(id)).rules).toEqual(rules);
    const listed = (await call('GET', '/api/matches')).json.matches.find((m: MatchSummary) => m.id === id);
    expect(listed.rules).toEqual(rules);
  });
});

describe('caps hold over time', () => {
  it(`holds ${env.PRIVATE_WAITING_PER_ADDRESS} unstarted private matches per address, then 429; a start frees a place; bots alone do not count`, async () => {
    const cap = Number(env.PRIVATE_WAITING_PER_ADDRESS);
    expect(cap).toBe(20);
    const ip = '192.0.2.40';
    const ids: string[] = [];
    for (let i = 0; i < cap; i++) {
      const r = await call('POST', '/api/matches', { players: 2, bots: { 1: 'random' } }, ip);
      expect(r.status).toBe(201);
      ids.push(r.json.id);
    }
    const over = await call('POST', '/api/matches', { players: 2 }, ip);
    expect(over.status).toBe(429);
    expect(over.json.error).toEqual({ code: 'too-many-waiting', message: expect.stringMatching(/^This address has 20 private matches nobody has started yet/) });
    // Another address is not at its cap.
    expect((await call('POST', '/api/matches', { players: 2 }, '192.0.2.41')).status).toBe(201);
    // Bots alone start at once: nothing waits, nothing is counted.
    expect((await call('POST', '/api/matches', { players: 2, bots: { 0: 'random', 1: 'random' } }, ip)).status).toBe(201);
    // One of them starts: it no longer counts.
    await join(ids[0]!, 'Ann');
    expect((await summary(ids[0]!)).status).toBe('playing');
    expect((await call('POST', '/api/matches', { players: 2 }, ip)).status).toBe(201);
    expect((await call('POST', '/api/matches', { players: 2 }, ip)).status).toBe(429);
  });

  it('counts an IPv6 /64 as one address for unstarted private matches', async () => {
    const cap = Number(env.PRIVATE_WAITING_PER_ADDRESS);
    for (let i = 0; i < cap; i++) {
      expect((await call('POST', '/api/matches', { players: 2 }, `2001:db8:40:1::${(i + 1).toString(16)}`)).status).toBe(201);
    }
    expect((await call('POST', '/api/matches', { players: 2 }, '2001:db8:40:1:ffff::9')).status).toBe(429);
  });
});

describe('bots alone', () => {
  it('are never public', async () => {
    const r = await call('POST', '/api/matches', { players: 2, public: true, bots: { 0: 'greedy', 1: 'greedy' } });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(/bots only is never public/);
  });

  it('play only while someone watches, and stop when the last spectator goes', async () => {
    const id = await createMatch({ players: 2, bots: { 0: 'random', 1: 'random' }, botDelayMs: 0 });
    expect((await summary(id)).status).toBe('playing');
    // Nobody watches: no job armed, no move made.
    expect(await dueJob(id)).toBeNull();
    await runDurableObjectAlarm(stub(id));
    expect(await actionCount(id)).toBe(0);
    const watcher = await connect(id);
    await watcher.until((v) => v.version > 2);
    watcher.close();
    await expect.poll(() => dueJob(id)).toBeNull();
    const n = await actionCount(id);
    await runDurableObjectAlarm(stub(id));
    expect(await actionCount(id)).toBe(n);
  });
});
