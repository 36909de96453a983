// A lesson match (POST /api/matches with `lesson`): dealt from its prepared deal, marked in its
// views, replayed from the same deal; and only as a private 2-seat match against one bot.
import { describe, expect, it } from 'vitest';
import { positions } from '../../../shared/engine';
import { LESSONS } from '../../../shared/lessons';
import { autoplay } from '../../../harness/socket';
import { call, connect, createMatch, driveToEnd, join, storedActions } from '../helpers';

describe('a lesson', () => {
  it('is dealt from its prepared deal, says so in its views, and replays from the same deal', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, lesson: 'first-match', botDelayMs: 0 });
    const seat = await join(id, 'Ann');
    const ann = await connect(id, seat.token);
    const v = (await ann.take('state')).view;
    expect(v.lesson).toBe('first-match');
    expect(v.hand).toEqual(LESSONS['first-match'].hands[0].map((k) => `0:${k}`));
    expect(v.hero).toBe(LESSONS['first-match'].heroes[0]);
    expect(v.locations.map((l) => l.id)).toEqual([...LESSONS['first-match'].locations]);
    autoplay(ann, () => 0);
    const g = await driveToEnd(id);
    ann.close();
    const replay = (await call('GET', `/api/matches/${id}/replay`)).json as { setup: Parameters<typeof positions>[0]; actions: Parameters<typeof positions>[1] };
    expect(replay.setup.hands).toEqual(LESSONS['first-match'].hands);
    expect(JSON.stringify(positions(replay.setup, replay.actions).at(-1))).toBe(JSON.stringify(g));
  });

  it('takes hints without counting them: its coach asks at every decision', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, lesson: 'first-match', botDelayMs: 5000 });
    const seat = await join(id, 'Ann');
    const ann = await connect(id, seat.token);
    const v0 = (await ann.take('state')).view;
    expect(v0.pending!.seat).toBe(0);
    ann.send({ type: 'hint' });
    ann.send({ type: 'ping' });
    await ann.take('pong');
    await ann.expectQuiet();
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ann.viewAt(1);
    expect(v1.players[0]!.hints).toBe(0);
    expect(v1.log.some((e) => /hint/.test(e.text))).toBe(false);
    expect((await storedActions(id))[0]).not.toHaveProperty('hinted');
    ann.close();
  });

  it('is only a private 2-seat match against one bot, not rated, on its own deal', async () => {
    for (const body of [
      { players: 2, bots: { 1: 'random' }, lesson: 'first-match', public: true },
      { players: 3, bots: { 1: 'random', 2: 'random' }, lesson: 'first-match' },
      { players: 2, bots: {}, lesson: 'first-match' },
      { players: 2, bots: { 1: 'random' }, lesson: 'first-match', seed: 'ab'.repeat(16) },
      { players: 2, bots: { 1: 'random' }, lesson: 'second-match' },
    ]) expect((await call('POST', '/api/matches', body)).status, JSON.stringify(body)).toBe(400);
  });
});
