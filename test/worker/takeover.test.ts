// A stand-in bot plays for a person who ran out of time or left, at the level
// the creator chose, and hands the seat back when they return.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { actionCount, connect, createMatch, join, makeDueNow, stub } from './helpers';

const standIns = (v: { players: { standIn: string | null }[] }) => v.players.map((p) => p.standIn);

describe('stand-in bots', () => {
  it('take over a seat whose clock ran out, at the chosen level, until its person reconnects', async () => {
    // Bots wait 5 s: only the test runs the alarm (makeDueNow), so no real one races it.
    const id = await createMatch({ players: 2, clock: 10, takeover: 'random', botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const b = await join(id, 'Bo');
    const ann = await connect(id, a.token);
    const bo = await connect(id, b.token);
    const v0 = await ann.viewAt(0);
    expect(standIns(v0)).toEqual([null, null]);
    await makeDueNow(id);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    const v1 = await bo.viewAt(1);
    expect(standIns(v1)[0]).toBe('random');
    expect(v1.players.map((p) => p.botMoves)).toEqual([1, 0]);
    expect(await actionCount(id)).toBe(1);
    // Ann is stood in for from now on: her next decisions are the bot's, without waiting for a clock.
    let made = 1;
    if (v1.pending!.seat === 0) {
      await makeDueNow(id);
      await runDurableObjectAlarm(stub(id));
      expect(await actionCount(id)).toBe(2);
      made = 2;
    }
    // Ann comes back (a new socket): the seat is hers again, and everyone sees it; she learns what the bot did.
    const again = await connect(id, a.token);
    const back = await again.take('state');
    expect(standIns(back.view)).toEqual([null, null]);
    expect(back.view.players[0]!.botMoves).toBe(made);
    ann.close(); bo.close(); again.close();
  });

  it('take over a person who left, after the grace period, and give the seat back on reconnect', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, awayMs: 60_000, botDelayMs: 0 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = await ann.viewAt(0);
    expect(v0.pending!.seat).toBe(0);
    expect(await runDurableObjectAlarm(stub(id))).toBe(false); // Ann is here and has no clock: nothing to do
    ann.close();
    const spy = await connect(id);
    const gone = await spy.take('state');
    expect(gone.view.players[0]!.connected).toBe(false);
    expect(await actionCount(id)).toBe(0);
    await makeDueNow(id); // the grace period is over
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    const v1 = await spy.viewAt(1);
    expect(standIns(v1)[0]).toBe('greedy'); // the default level
    const back = await connect(id, a.token);
    const mine = await back.take('state');
    expect(standIns(mine.view)[0]).toBeNull();
    expect(mine.view.players[0]!.connected).toBe(true);
    spy.close(); back.close();
  });

  it('hand the seat back when its person acts while a stand-in waits its delay', async () => {
    const id = await createMatch({ players: 2, clock: 10, bots: { 1: 'random' }, botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    await ann.viewAt(0);
    await makeDueNow(id);
    await runDurableObjectAlarm(stub(id)); // out of time: the stand-in plays for Ann
    let v = await ann.viewAt(1);
    expect(standIns(v)[0]).toBe('greedy');
    // Play on until it is Ann's decision again (bots on the alarm), then Ann answers herself.
    while (!v.over && v.pending!.seat !== 0) {
      await makeDueNow(id);
      await runDurableObjectAlarm(stub(id));
      v = await ann.viewAt(v.version + 1);
    }
    if (v.over) return;
    expect(v.players[0]!.botMoves).toBeGreaterThan(0);
    ann.send({ ...v.pending!.options![0], version: v.version });
    const mine = await ann.viewAt(v.version + 1);
    expect(standIns(mine)[0]).toBeNull();
    // Her own move: the count of the bot's moves for her starts again.
    expect(mine.players[0]!.botMoves).toBe(0);
    ann.close();
  });
});
