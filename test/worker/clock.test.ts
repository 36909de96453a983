// The turn clock runs from when a decision became a person's: sockets coming
// and going never restart it, and every view shows it, also while the job
// due first is a gone person's grace period.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { actionCount, connect, createMatch, join, stub } from './helpers';

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
});
