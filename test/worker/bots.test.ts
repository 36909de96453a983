// Bots and the clock on the alarm; replay and rematch once a match is over.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apply, createGame, type GameState } from '../../shared/engine';
import type { Match } from '../../worker/match';
import { actionCount, call, connect, createMatch, join, makeDueNow, storedState, stub } from './helpers';

/** Run alarms until the match is over (real alarms may fire too: both are fine). */
async function driveToEnd(id: string, limit = 400): Promise<GameState> {
  for (let i = 0; i < limit; i++) {
    const g = await storedState(id);
    if (g?.over) return g;
    if (!(await runDurableObjectAlarm(stub(id)))) await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the match did not end');
}

const alarmOnce = (id: string) => runInDurableObject(stub(id), (m: Match) => m.alarm());

describe('bots', () => {
  it('play a whole 4-player match on the alarm; the replay reproduces the final state', async () => {
    const id = await createMatch({ players: 4, bots: { 0: 'random', 1: 'greedy', 2: 'search', 3: 'random' }, botDelayMs: 0 });
    const spec = await connect(id);
    const final = await driveToEnd(id);
    expect(final.over).toBe(true);
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('over');
    const last = await spec.viewAt(final.version);
    expect(last.over).toBe(true);
    expect(last.result).toEqual(final.result);
    // From the moment it came, the spectator saw every version, in order (the bots may start before it connects).
    const versions = [...new Set(spec.views.map((v) => v.version))];
    const first = versions[0]!;
    expect(versions).toEqual(Array.from({ length: final.version + 1 - first }, (_, i) => first + i));

    const r = await call('GET', `/api/matches/${id}/replay`);
    expect(r.status).toBe(200);
    expect(r.json.actions).toHaveLength(final.version);
    let g = createGame(r.json.setup);
    for (const a of r.json.actions) {
      const next = apply(g, a);
      if (!next.ok) throw new Error(next.error.message);
      g = next.state;
    }
    expect(g).toEqual(final);
    // Positions to step through, as a spectator saw them: one per action, plus the start.
    expect(r.json.views).toHaveLength(final.version + 1);
    expect(r.json.views.map((v: { version: number }) => v.version)).toEqual(Array.from({ length: final.version + 1 }, (_, i) => i));
    expect(r.json.views.at(-1)).toMatchObject({ over: true, result: final.result, you: null, pending: null });
    expect(r.json.views.some((v: { hand?: unknown }) => 'hand' in v)).toBe(false);
    spec.close();
  });

  it('acts once per due job: a repeated alarm changes nothing', async () => {
    // Seat 1 is a bot, so after Ann's first play the bot's job is due (in 5 s, made due now).
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    await alarmOnce(id); // nothing due yet: a human decides
    expect(await actionCount(id)).toBe(0);
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    if (v1.pending!.seat === 0) return; // a Familiar's extra play: not the case this test is about
    await alarmOnce(id); // early: the bot waits for its delay
    expect(await actionCount(id)).toBe(1);
    await makeDueNow(id);
    await alarmOnce(id);
    const after = await storedState(id);
    expect(after!.version).toBe(2);
    // The same delivery again: its job (version 1) is done; a new one (if the bot decides again) is not due yet.
    await alarmOnce(id);
    await alarmOnce(id);
    expect(await storedState(id)).toEqual(after);
    expect(await actionCount(id)).toBe(2);
    ann.close();
  });

  it('decides the same way from the same seed (the bot rng comes from seed and version)', async () => {
    const play = async () => {
      const id = await createMatch({ players: 3, bots: { 0: 'random', 1: 'random', 2: 'random' }, botDelayMs: 0, seed: 1234 });
      return driveToEnd(id);
    };
    const [x, y] = await Promise.all([play(), play()]);
    expect(x).toEqual(y);
  });
});

describe('the clock', () => {
  it('shows the deadline and has a bot decide for a seat that runs out of time', async () => {
    const id = await createMatch({ players: 2, clock: 10 });
    const a = await join(id, 'Ann');
    await join(id, 'Bo');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    expect(v0.clock).toEqual({ seat: 0, deadline: expect.any(String) });
    const left = Date.parse(v0.clock!.deadline) - Date.now();
    expect(left).toBeGreaterThan(5000); // about the 10 s clock, with slack for a loaded machine
    expect(left).toBeLessThanOrEqual(10_500);
    await alarmOnce(id); // not yet
    expect(await actionCount(id)).toBe(0);
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    const v1 = await ann.viewAt(1);
    expect(v1.version).toBe(1);
    // Ann's stand-in now plays her seat (a follow-up decision of hers, say) without a clock; Bo's decision has one.
    const stoodIn = v1.players[v1.pending!.seat]!.standIn !== null;
    expect(v1.players[0]!.standIn).toBe('greedy');
    expect(v1.clock?.seat ?? null).toBe(stoodIn ? null : v1.pending!.seat);
    const replayed = await runInDurableObject(stub(id), (_m, s) =>
      s.storage.sql.exec<{ seat: number }>('SELECT seat FROM actions').toArray());
    expect(replayed).toEqual([{ seat: 0 }]);
    ann.close();
  });

  it('lets a bot move right after a human with a clock (the bot waits its delay, not the clock)', async () => {
    const id = await createMatch({ players: 2, clock: 600, bots: { 1: 'random' }, botDelayMs: 0 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    expect(v0.clock?.seat).toBe(0);
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    if (v1.pending!.seat !== 1) return; // a Familiar's extra play keeps Ann deciding
    const due = await runInDurableObject(stub(id), (_m, s) => s.storage.getAlarm());
    expect(due! - Date.now()).toBeLessThan(1000);
    ann.close();
  });

  it('has no clock without one', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    await join(id, 'Bo');
    const ann = await connect(id, a.token);
    expect((await ann.take('state')).view.clock).toBeNull();
    expect(await runDurableObjectAlarm(stub(id))).toBe(false);
    ann.close();
  });
});

describe('rematch', () => {
  it('makes one new match with the same seats, bots and options, and a new seed', async () => {
    const id = await createMatch({ players: 3, bots: { 1: 'random', 2: 'random' }, botDelayMs: 0, clock: 30, public: false });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    // Ann plays her first option whenever she decides; the bots play on the alarm.
    let answered = -1;
    for (;;) {
      // Idle for a moment: the manual alarm run may have raced the real one, so run it again.
      const m = await ann.take('state', 300).catch(() => null);
      if (!m) {
        await runDurableObjectAlarm(stub(id));
        continue;
      }
      const v = m.view;
      if (v.over) break;
      if (v.pending?.seat === 0 && v.pending.options && v.version !== answered) {
        answered = v.version;
        ann.send({ ...v.pending.options[0], version: v.version });
      } else {
        await runDurableObjectAlarm(stub(id));
      }
    }
    const r1 = await call('POST', `/api/matches/${id}/rematch`, { token: a.token });
    const r2 = await call('POST', `/api/matches/${id}/rematch`, { token: a.token });
    expect(r1.status).toBe(200);
    expect(r1.json).toEqual({ id: expect.any(String), url: `/m/${r1.json.id}` });
    expect(r2.json.id).toBe(r1.json.id);
    expect(r1.json.id).not.toBe(id);
    // Everyone at the finished table is told there is a rematch to join; the replay is not.
    expect((await ann.until((v) => v.rematch !== undefined)).rematch).toBe(r1.json.id);
    expect((await call('GET', `/api/matches/${id}/replay`)).json.views.every((v: { rematch?: string }) => v.rematch === undefined)).toBe(true);
    const next = (await call('GET', `/api/matches/${r1.json.id}`)).json;
    expect(next.status).toBe('waiting');
    expect(next.seats.map((s: { kind: string }) => s.kind)).toEqual(['open', 'bot', 'bot']);
    const cfg = (mid: string) => runInDurableObject(stub(mid), (_m, s) =>
      JSON.parse(s.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'config'`).one().value));
    const [c1, c2] = [await cfg(id), await cfg(r1.json.id)];
    expect({ ...c2, id: 0, seed: 0, createdAt: 0 }).toEqual({ ...c1, id: 0, seed: 0, createdAt: 0 });
    expect(c2.seed).not.toBe(c1.seed);
    // The old token holds no seat there: players join again.
    const forged = await connect(r1.json.id, a.token);
    expect(await forged.take('error')).toMatchObject({ code: 'bad-token' });
    expect((await join(r1.json.id, 'Ann')).seat).toBe(0);
    ann.close();
  });
});
