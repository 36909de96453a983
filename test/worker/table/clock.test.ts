// The turn clock: every view shows its deadline, a bot makes the one move of a
// person out of time, it runs from when a decision became a person's (sockets coming and
// going never restart it, and it shows while the job due first is a gone
// person's grace period), and bots move on their own delay, not the clock.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { actionCount, alarmOnce, connect, createMatch, dueJob, join, makeDueNow, stub } from '../helpers';
import { SEAT_1_NEXT } from '../positions';

describe('the turn clock', () => {
  it('keeps one deadline per decision while sockets come and go', async () => {
    const id = await createMatch({ players: 2, clock: 30 });
    const a = await join(id, 'Ann');
    const b = await join(id, 'Bo');
    const ann = await connect(id, a.token);
    const bo = await connect(id, b.token);
    const first = await ann.until((v) => v.players.every((p) => p.connected));
    expect(first.pending!.seat).toBe(0);
    const deadline = first.clock!.deadline;
    expect(first.clock!.seat).toBe(0);
    const left = Date.parse(deadline) - Date.now();
    expect(left).toBeGreaterThan(25_000);
    expect(left).toBeLessThanOrEqual(30_000);
    // Bo leaves and comes back, Ann opens a second tab and closes it: each is a new view, same deadline.
    await new Promise((r) => setTimeout(r, 20)); // a later "now" than the deadline was set at
    bo.close();
    expect((await ann.until((v) => !v.players[1]!.connected)).clock!.deadline).toBe(deadline);
    const bo2 = await connect(id, b.token);
    expect((await ann.until((v) => v.players[1]!.connected)).clock!.deadline).toBe(deadline);
    const tab = await connect(id, a.token);
    expect((await tab.take('state')).view.clock!.deadline).toBe(deadline);
    tab.close();
    // Ann's play starts Bo's decision: a deadline of its own.
    ann.send({ ...first.pending!.options![0]!, version: first.version });
    const next = await bo2.until((v) => v.version === 1);
    if (next.pending!.seat === 1) {
      expect(next.clock!.seat).toBe(1);
      expect(Date.parse(next.clock!.deadline)).toBeGreaterThanOrEqual(Date.parse(deadline));
    }
    ann.close(); bo2.close();
  });

  it('is shown while the first job due is a gone person’s grace period', async () => {
    // Clock 60 s, grace 30 s: Ann never connects, so her stand-in is due before her deadline.
    const id = await createMatch({ players: 2, clock: 60, awayMs: 30_000 });
    await join(id, 'Ann');
    await join(id, 'Bo');
    const spy = await connect(id);
    const v = (await spy.take('state')).view;
    expect(v.status).toBe('playing');
    expect(v.pending!.seat).toBe(0);
    expect(v.clock!.seat).toBe(0);
    expect(Date.parse(v.clock!.deadline) - Date.now()).toBeGreaterThan(55_000);
    // Nothing is due yet: the alarm changes nothing.
    await runDurableObjectAlarm(stub(id));
    expect(await actionCount(id)).toBe(0);
    spy.close();
  });

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
    // The stand-in made that one move only: Ann's seat is hers, and whoever decides next (Ann
    // again, for a follow-up decision, or Bo) has a clock of their own.
    expect(v1.players[0]!.standIn).toBeNull();
    expect(v1.players[0]!.botMoves).toBe(1);
    expect(v1.clock!.seat).toBe(v1.pending!.seat);
    expect(Date.parse(v1.clock!.deadline) - Date.now()).toBeGreaterThan(5000);
    expect(v1.log.some((e) => e.text.endsWith('(bot for Ann).'))).toBe(true);
    const replayed = await runInDurableObject(stub(id), (_m, s) =>
      s.storage.sql.exec<{ seat: number; json: string }>('SELECT seat, json FROM actions').toArray());
    expect(replayed.map((r) => r.seat)).toEqual([0]);
    expect(JSON.parse(replayed[0]!.json).standIn).toBe(true);
    ann.close();
  });

  it('lets a bot move right after a human with a clock (the bot waits its delay, not the clock)', async () => {
    // A delay long enough that the real alarm cannot fire (and move on to Ann's clock) before the check.
    const id = await createMatch({ players: 2, clock: 600, bots: { 1: 'random' }, botDelayMs: 3000, seed: SEAT_1_NEXT });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    expect(v0.clock?.seat).toBe(0);
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    expect(v1.pending!.seat).toBe(1); // the deal makes the bot's the next decision
    const due = await runInDurableObject(stub(id), (_m, s) => s.storage.getAlarm());
    expect(due! - Date.now()).toBeGreaterThan(0);
    expect(due! - Date.now()).toBeLessThanOrEqual(3000); // the bot's delay, not the 600 s clock
    ann.close();
  });

  it('has no clock without one', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    await join(id, 'Bo');
    const ann = await connect(id, a.token);
    expect((await ann.take('state')).view.clock).toBeNull();
    // Nothing due but the stalled match's bound, days away (retention.ts), with no deadline.
    expect(await dueJob(id)).toMatchObject({ kind: 'stalled', seat: 0 });
    expect((await dueJob(id))!.deadline).toBeUndefined();
    ann.close();
  });
});
