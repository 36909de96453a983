// Stand-in bots: one plays the single move of a person whose clock ran out (their next decision
// is theirs again, with a clock), and plays on for a person who is away past the grace period,
// at the level the creator chose, until they are back. Every stand-in move is marked in the log
// and counted in the result. (An idle seat handed over by the others: idle.test.ts.)
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { View } from '../../../shared/protocol';
import { actionCount, alarmOnce, call, connect, createMatch, dueJob, join, makeDueNow, storedActions, stub } from '../helpers';

const standIns = (v: { players: { standIn: string | null }[] }) => v.players.map((p) => p.standIn);

describe('stand-in bots', () => {
  it('make only the one move of a clock that ran out: the person\'s next decision is theirs, with a clock', async () => {
    // Bots wait 5 s: only the test runs the alarm (makeDueNow), so no real one races it.
    const id = await createMatch({ players: 2, clock: 10, takeover: 'random', botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const b = await join(id, 'Bo');
    const ann = await connect(id, a.token);
    const bo = await connect(id, b.token);
    let v = await bo.until((x) => x.players.every((p) => p.connected));
    expect(v.pending!.seat).toBe(0);
    // Every clock that runs out gives one move to a stand-in, never more: each alarm is one action,
    // nobody is stood in for afterwards, and the next decision, whoever's, has a fresh clock.
    const made = [0, 0];
    for (let n = 1; n <= 4 && !v.over; n++) {
      const seat = v.pending!.seat;
      await makeDueNow(id);
      expect(await runDurableObjectAlarm(stub(id))).toBe(true);
      v = await bo.viewAt(n);
      made[seat]!++;
      expect(await actionCount(id)).toBe(n);
      expect(standIns(v)).toEqual([null, null]);
      expect(v.players.map((p) => p.standInMoves)).toEqual(made);
      expect(v.players[seat]!.botMoves).toBe(made[seat]);
      if (v.over) break;
      const job = await dueJob(id);
      expect(job).toMatchObject({ kind: 'clock', seat: v.pending!.seat, version: n });
      expect(job!.deadline! - Date.now()).toBeGreaterThan(5000);
      expect(v.clock!.seat).toBe(v.pending!.seat);
      // Not due yet: the alarm plays nothing (a stand-in would have played at once).
      await alarmOnce(id);
      expect(await actionCount(id)).toBe(n);
    }
    const actions = await storedActions(id);
    expect(actions.every((x) => x.standIn === true)).toBe(true);
    // The person moves again: it is theirs, and their count of the bot's moves starts again.
    if (!v.over) {
      const deciding = v.pending!.seat === 0 ? ann : bo;
      const mine = await deciding.until((x) => x.version === v.version);
      deciding.send({ ...mine.pending!.options![0]!, version: v.version });
      const next = await bo.viewAt(v.version + 1);
      expect(next.players[v.pending!.seat]!.botMoves).toBe(0);
      expect((await storedActions(id)).at(-1)!.standIn).toBeUndefined();
    }
    ann.close(); bo.close();
  });

  it('play on for a person who is away past the grace period, until they reconnect', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, awayMs: 60_000, botDelayMs: 5000, takeover: 'random' });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = await ann.viewAt(0);
    expect(v0.pending!.seat).toBe(0);
    expect((await dueJob(id))!.kind).toBe('stalled'); // Ann is here and has no clock: nothing due for days (retention.ts)
    ann.close();
    const spy = await connect(id);
    const gone = await spy.take('state');
    expect(gone.view.players[0]!.connected).toBe(false);
    expect(await actionCount(id)).toBe(0);
    expect((await dueJob(id))!.kind).toBe('away');
    await makeDueNow(id); // the grace period is over
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    let v = await spy.viewAt(1);
    expect(standIns(v)[0]).toBe('random'); // the chosen level
    // Ann's stand-in plays her next decisions too, each as soon as it may, until she is back.
    while (!v.over && v.players[0]!.standInMoves < 3) {
      expect(standIns(v)[0]).toBe('random');
      await makeDueNow(id);
      await runDurableObjectAlarm(stub(id));
      v = await spy.viewAt(v.version + 1);
    }
    expect(v.players[0]!.standInMoves).toBeGreaterThanOrEqual(3);
    const annMoves = (await storedActions(id)).filter((x) => x.seat === 0);
    expect(annMoves.length).toBe(v.players[0]!.standInMoves);
    expect(annMoves.every((x) => x.standIn === true)).toBe(true);
    const back = await connect(id, a.token);
    const mine = await back.take('state');
    expect(standIns(mine.view)[0]).toBeNull();
    expect(mine.view.players[0]!.connected).toBe(true);
    expect(mine.view.players[0]!.botMoves).toBe(annMoves.length);
    spy.close(); back.close();
  });

  it('mark every move they made in the log, and the result counts them per person', async () => {
    // Ann never comes (no grace period): her stand-in plays the whole match against a bot.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, awayMs: 0, botDelayMs: 0 });
    await join(id, 'Ann');
    const spy = await connect(id);
    const seen: View[] = [];
    spy.onView = (v) => seen.push(v);
    const end = await spy.until((v) => v.over, 25_000);
    const actions = await storedActions(id);
    const ann = actions.filter((x) => x.seat === 0);
    expect(ann.length).toBeGreaterThan(0);
    expect(ann.every((x) => x.standIn === true)).toBe(true);
    expect(actions.filter((x) => x.seat === 1).every((x) => x.standIn === undefined)).toBe(true);
    expect(end.result!.standInMoves).toEqual([ann.length, 0]);
    expect(end.players.map((p) => p.standInMoves)).toEqual([ann.length, 0]);
    // Each of Ann's moves put at least one marked line in the log; the bot's own seat none.
    const lines = new Map<number, string>();
    for (const v of seen) for (const e of v.log) lines.set(e.seq, e.text);
    const marked = [...lines.values()].filter((t) => t.includes('(bot for '));
    expect(marked.every((t) => t.includes('(bot for Ann)'))).toBe(true);
    expect(marked.length).toBeGreaterThanOrEqual(ann.length);
    // The replay (the action log run again) shows the same marks and counts.
    const r = await call('GET', `/api/matches/${id}/replay`);
    expect(r.status).toBe(200);
    const last = r.json.views.at(-1) as View;
    expect(last.result!.standInMoves).toEqual([ann.length, 0]);
    expect(last.log.map((e) => e.text)).toEqual(end.log.map((e) => e.text));
    spy.close();
  });
});
