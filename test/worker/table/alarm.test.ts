// A bot's job delivered twice, one delivery after the other or both at once,
// advances the match by one action: the stored job names the version it is for.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../../worker/match/match';
import { actionCount, connect, createMatch, join, makeDueNow, storedState, stub } from '../helpers';
import { SEAT_1_NEXT } from '../positions';

const alarm = (id: string) => runInDurableObject(stub(id), (m: Match) => m.alarm());

describe('an alarm delivered twice', () => {
  it('advances the game once, whether the deliveries come in turn or together', async () => {
    // A bot (seat 1) answers after Ann's first play; its delay is long, so only the test delivers its alarm.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000, seed: SEAT_1_NEXT });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    expect(v1.pending!.seat).toBe(1); // the deal makes the bot's the next decision (no Familiar's extra play)
    await makeDueNow(id);
    await Promise.all([alarm(id), alarm(id)]);
    expect(await actionCount(id)).toBe(2);
    const after = await storedState(id);
    await alarm(id);
    expect(await actionCount(id)).toBe(2);
    expect(await storedState(id)).toEqual(after);
    ann.close();
  });
});
