// Handing an idle seat to a stand-in (worker/match/table/idle.ts): in a match without a clock, once a
// decision has waited the match's idle time, another seated player may let a bot play for its
// person; refused before, from a spectator, from the idle seat itself and in a clock match. The
// person takes the seat back by acting or by connecting again ("Take my seat back").
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionCount, connect, createMatch, dueJob, join, makeDueNow, roomOf, type Sock, storedActions, stub } from '../helpers';

const standIns = (v: { players: { standIn: string | null }[] }) => v.players.map((p) => p.standIn);
const offers = (v: { players: { canStandIn: boolean }[] }) => v.players.map((p) => p.canStandIn);

/** As if the pending decision began long ago (tests cannot wait out the idle time). */
// An hour back: past any idle time, well short of the days after which a stalled match gets stand-ins (retention.ts).
const makeIdleNow = (id: string) => runInDurableObject(stub(id), (instance, state) => {
  state.storage.sql.exec(`UPDATE meta SET value = json_set(value, '$.at', ?) WHERE key = 'since'`, Date.now() - 3_600_000);
  roomOf(instance).forget();
});

/** The next error message on a socket. */
const refusal = async (s: Sock) => {
  const m = await s.take('error');
  return { code: m.code, message: m.message };
};

/** Ann (seat 0, first to decide) and Bo connected to a 2-seat match without a clock; the stand-in waits 5 s (only the test runs the alarm). */
async function table(extra: Record<string, unknown> = {}) {
  const id = await createMatch({ players: 2, idleMs: 60_000, botDelayMs: 5000, ...extra });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bo');
  const ann = await connect(id, a.token);
  const bo = await connect(id, b.token);
  const v0 = await bo.until((v) => v.players.every((p) => p.connected));
  expect(v0.pending!.seat).toBe(0);
  return { id, a, b, ann, bo, v0 };
}

afterEach(() => { vi.restoreAllMocks(); });

describe('handing an idle seat to a stand-in', () => {
  it('opens only after the idle time, only to another seated player; the bot then plays until the owner takes the seat back', async () => {
    const log = vi.spyOn(console, 'log');
    const { id, a, ann, bo, v0 } = await table();
    const spy = await connect(id);
    await spy.take('state');
    expect(offers(v0)).toEqual([false, false]);
    // The alarm is set for the moment the hand-over opens: the idle time after the decision began.
    const job = await dueJob(id);
    expect(job).toMatchObject({ kind: 'idle', seat: 0, version: 0 });
    expect(job!.at - Date.now()).toBeGreaterThan(50_000);
    expect(job!.at - Date.now()).toBeLessThanOrEqual(60_000);

    // Too early.
    bo.send({ type: 'stand-in', seat: 0 });
    expect(await refusal(bo)).toEqual({ code: 'illegal', message: expect.stringMatching(/^A bot may play for Ann once their decision has waited 1 minute \(in \d+ s\)\.$/) });
    await makeIdleNow(id);
    // From a spectator, from the idle seat itself, for a seat that is not deciding, for no person's seat.
    spy.send({ type: 'stand-in', seat: 0 });
    expect((await refusal(spy)).code).toBe('spectator');
    ann.send({ type: 'stand-in', seat: 0 });
    expect(await refusal(ann)).toEqual({ code: 'bad-request', message: expect.stringMatching(/your own seat/) });
    ann.send({ type: 'stand-in', seat: 1 });
    expect(await refusal(ann)).toEqual({ code: 'illegal', message: 'Bo is not deciding now.' });
    bo.send({ type: 'stand-in', seat: 3 });
    expect((await refusal(bo)).code).toBe('bad-request');
    // Each refusal changed nothing, and each of a seat's wrote one structured line (a spectator's
    // takes the spectators' path, inbound.ts, whose lines are paced so a flood is no log flood).
    await bo.expectQuiet();
    expect(await actionCount(id)).toBe(0);
    expect(standIns(bo.views.at(-1)!)).toEqual([null, null]);
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"event":"refused"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.match === id)).toEqual([
      { event: 'refused', at: expect.any(Number), match: id, code: 'illegal', where: 'socket', type: 'stand-in' },
      { event: 'refused', at: expect.any(Number), match: id, code: 'bad-request', where: 'socket', type: 'stand-in' },
      { event: 'refused', at: expect.any(Number), match: id, code: 'illegal', where: 'socket', type: 'stand-in' },
      { event: 'refused', at: expect.any(Number), match: id, code: 'bad-request', where: 'socket', type: 'stand-in' },
    ]);

    // The idle alarm tells the table the hand-over is open.
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    expect(offers(await bo.until((v) => v.players[0]!.canStandIn))).toEqual([true, false]);
    expect(offers(await spy.until((v) => v.players[0]!.canStandIn))).toEqual([true, false]);
    expect(await actionCount(id)).toBe(0);

    bo.send({ type: 'stand-in', seat: 0 });
    const handed = await ann.until((v) => v.players[0]!.standIn !== null);
    expect(standIns(handed)).toEqual(['greedy', null]);
    expect(offers(handed)).toEqual([false, false]);
    bo.send({ type: 'stand-in', seat: 0 });
    expect(await refusal(bo)).toEqual({ code: 'illegal', message: 'A bot already plays for Ann.' });

    // The bot moves for Ann, marked in the log and in the stored action.
    expect((await dueJob(id))!.kind).toBe('bot');
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    const v1 = await bo.viewAt(1);
    expect(v1.log.filter((e) => e.text.includes('(bot for Ann)')).length).toBeGreaterThan(0);
    expect(v1.players[0]!.standInMoves).toBe(1);
    expect(await storedActions(id)).toEqual([expect.objectContaining({ seat: 0, standIn: true })]);
    // It plays on for Ann (no clock to wait for) until she is back: still her stand-in.
    expect(standIns(v1)[0]).toBe('greedy');
    // Her next decision, if the move left her one, is the stand-in's job too; nobody else's is a bot's.
    expect((await dueJob(id))?.kind === 'bot').toBe(v1.pending!.seat === 0);

    // "Take my seat back" opens a new socket: the seat is Ann's again, and she learns what the bot did.
    const again = await connect(id, a.token);
    const back = (await again.take('state')).view;
    expect(standIns(back)).toEqual([null, null]);
    expect(back.players[0]!.botMoves).toBe(1);
    expect(standIns(await bo.until((v) => v.players[0]!.standIn === null))).toEqual([null, null]);
    ann.close(); bo.close(); spy.close(); again.close();
  });

  it('gives the seat back when its owner acts while the stand-in waits its delay', async () => {
    const { id, ann, bo } = await table();
    await makeIdleNow(id);
    bo.send({ type: 'stand-in', seat: 0 });
    const handed = await ann.until((v) => v.players[0]!.standIn !== null);
    expect(handed.version).toBe(0);
    const move = handed.pending!.options![0]!;
    ann.send({ ...move, version: 0 });
    const mine = await ann.viewAt(1);
    expect(standIns(mine)).toEqual([null, null]);
    expect(mine.players[0]!.botMoves).toBe(0);
    expect(mine.players[0]!.standInMoves).toBe(0);
    expect(mine.log.some((e) => e.text.includes('(bot for'))).toBe(false);
    // Her own action, unmarked.
    expect(await storedActions(id)).toEqual([{ ...move, seat: 0 }]);
    ann.close(); bo.close();
  });

  it('starts the idle time again when the owner takes the seat back mid-decision', async () => {
    const { id, a, ann, bo } = await table();
    await makeIdleNow(id);
    bo.send({ type: 'stand-in', seat: 0 });
    await bo.until((v) => v.players[0]!.standIn !== null);
    const again = await connect(id, a.token);
    expect(standIns((await again.take('state')).view)).toEqual([null, null]);
    const v = await bo.until((x) => x.players[0]!.standIn === null);
    expect(offers(v)).toEqual([false, false]);
    bo.send({ type: 'stand-in', seat: 0 });
    expect(await refusal(bo)).toEqual({ code: 'illegal', message: expect.stringMatching(/^A bot may play for Ann once/) });
    expect((await dueJob(id))).toMatchObject({ kind: 'idle', seat: 0, version: 0 });
    ann.close(); bo.close(); again.close();
  });

  it('is refused in a match with a clock (the clock moves an idle player)', async () => {
    const { id, ann, bo } = await table({ clock: 30 });
    await makeIdleNow(id);
    bo.send({ type: 'stand-in', seat: 0 });
    expect(await refusal(bo)).toEqual({ code: 'illegal', message: expect.stringMatching(/has a clock/) });
    expect(offers(bo.views.at(-1)!)).toEqual([false, false]);
    expect((await dueJob(id))!.kind).toBe('clock');
    expect(await actionCount(id)).toBe(0);
    ann.close(); bo.close();
  });

  it('still lets a gone person\'s grace period end after the idle alarm', async () => {
    // A grace period longer than the idle time: the idle alarm comes first, the stand-in's after it.
    const { id, ann, bo } = await table({ awayMs: 600_000 });
    ann.close();
    await bo.until((v) => !v.players[0]!.connected);
    expect((await dueJob(id))!.kind).toBe('idle');
    await makeIdleNow(id);
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    expect(offers(await bo.until((v) => v.players[0]!.canStandIn))).toEqual([true, false]);
    expect(await dueJob(id)).toMatchObject({ kind: 'away', seat: 0, version: 0 });
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    expect(standIns(await bo.viewAt(1))[0]).toBe('greedy');
    bo.close();
  });

  it('costs a person\'s move only its action row: the alarm armed for the last decision plans the next one\'s idle time', async () => {
    const { id, ann, bo } = await table();
    const meta = () => runInDurableObject(stub(id), (_o, state) => ({
      rows: state.storage.sql.exec<{ key: string; value: string }>('SELECT key, value FROM meta ORDER BY key').toArray().map((r) => `${r.key}=${r.value}`),
      alarm: state.storage.getAlarm(),
    }));
    const first = (await dueJob(id))!;
    expect(first).toMatchObject({ kind: 'idle', seat: 0, version: 0 });
    const before = await meta();
    expect(await before.alarm).toBe(first.at);
    const mine = await ann.until((v) => !!v.pending?.options);
    ann.send({ ...mine.pending!.options![0], version: 0 });
    await bo.viewAt(1);
    // Only the action was written; the job stored and the alarm are still the first decision's.
    const after = await meta();
    expect(after.rows).toEqual(before.rows);
    expect(await after.alarm).toBe(first.at);
    expect(await actionCount(id)).toBe(1);
    // That alarm, early for what is now due, stores and arms the idle time of Bo's decision.
    await runDurableObjectAlarm(stub(id));
    const next = (await dueJob(id))!;
    expect(next).toMatchObject({ kind: 'idle', seat: 1, version: 1 });
    expect(next.at).toBeGreaterThanOrEqual(first.at);
    expect(next.at - Date.now()).toBeGreaterThan(50_000);
    expect(await runInDurableObject(stub(id), (_o, state) => state.storage.getAlarm())).toBe(next.at);
    ann.close();
    bo.close();
  });

  it('wakes nobody when nobody else is there to be told', async () => {
    // Ann alone with a bot: no one could hand her seat over, so no alarm waits for her idle time.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, idleMs: 60_000, botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    expect(offers(await ann.viewAt(0))).toEqual([false, false]);
    // Nothing due but the stalled match's bound, days away (retention.ts).
    expect((await dueJob(id))!.kind).toBe('stalled');
    expect((await dueJob(id))!.at - Date.now()).toBeGreaterThan(86_400_000);
    ann.close();
  });
});
