// Bots on the alarm: a whole match, each due job acted on once, the same moves from the same seed.
import { describe, expect, it } from 'vitest';
import { SLOW } from '../../slow';
import { replayed } from '../../../shared/engine';
import { actionCount, alarmOnce, call, connect, createMatch, driveToEnd, join, makeDueNow, storedState, stub } from '../helpers';
import { SEAT_1_NEXT } from '../positions';

describe('bots', () => {
  it('play a whole 4-player match on the alarm; the replay reproduces the final state', SLOW, async () => {
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
    expect(replayed(r.json.setup, r.json.actions)).toEqual(final);
    // Positions to step through, as a spectator saw them: one per action, plus the start.
    expect(r.json.views).toHaveLength(final.version + 1);
    expect(r.json.views.map((v: { version: number }) => v.version)).toEqual(Array.from({ length: final.version + 1 }, (_, i) => i));
    expect(r.json.views.at(-1)).toMatchObject({ over: true, result: final.result, you: null, pending: null });
    expect(r.json.views.some((v: { hand?: unknown }) => 'hand' in v)).toBe(false);
    spec.close();
  });

  it('acts once per due job: a repeated alarm changes nothing', async () => {
    // Seat 1 is a bot, so after Ann's first play the bot's job is due (in 5 s, made due now).
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000, seed: SEAT_1_NEXT });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    await alarmOnce(id); // nothing due yet: a human decides
    expect(await actionCount(id)).toBe(0);
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    expect(v1.pending!.seat).toBe(1); // the deal makes the bot's the next decision (no Familiar's extra play)
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
