// Hints (docs/PROTOCOL.md, "Hints"): a person playing only bots may ask one per decision; the
// server counts it in every view, stores it, marks the action (the log says so, replays count
// it) and refuses it with another person at the table, out of the person's decision, or to a
// spectator.
import { describe, expect, it } from 'vitest';
import { actionCount, connect, createMatch, join, storedActions, stub } from '../helpers';
import { SEAT_1_NEXT } from '../positions';
import { runInDurableObject } from 'cloudflare:test';

const storedHinted = (id: string) => runInDurableObject(stub(id), (_o, state) =>
  state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'hinted'`).toArray()[0]?.value ?? null);

describe('hints', () => {
  it('are counted once per decision, stored, shown to all, and logged with the action (which carries the mark)', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000, seed: SEAT_1_NEXT });
    const a = await join(id, 'Ana');
    const ana = await connect(id, a.token);
    const watcher = await connect(id);
    const v0 = (await ana.take('state')).view;
    await watcher.take('state');
    expect(v0.pending!.seat).toBe(0);
    expect(v0.players[0]!.hints).toBe(0);
    ana.send({ type: 'hint' });
    const counted = await ana.until((v) => v.players[0]!.hints === 1);
    expect(counted.version).toBe(0); // nothing in the game moved
    expect((await watcher.until((v) => v.players[0]!.hints === 1)).log.some((e) => /hint/.test(e.text))).toBe(false);
    expect(JSON.parse((await storedHinted(id))!)).toEqual({ 0: 0 });
    // A second hint on the same decision is the same hint.
    ana.send({ type: 'hint' });
    ana.send({ type: 'ping' });
    await ana.take('pong');
    await ana.expectQuiet();
    expect(await actionCount(id)).toBe(0);
    // The action carries it: the engine logs and counts it.
    ana.send({ ...v0.pending!.options![0], version: 0 });
    const v1 = await ana.viewAt(1);
    expect(v1.players[0]!.hints).toBe(1);
    expect(v1.log.find((e) => e.text === 'Ana used a hint.')).toBeDefined();
    expect((await storedActions(id))[0]).toMatchObject({ seat: 0, hinted: true });
    // Out of Ana's decision (the bot's turn now): refused, nothing counted.
    ana.send({ type: 'hint' });
    expect(await ana.take('error')).toMatchObject({ code: 'not-your-decision', message: expect.stringMatching(/your own decision/) });
    const fresh = await connect(id);
    expect((await fresh.take('state')).view.players[0]!.hints).toBe(1);
    fresh.close();
    // A spectator may not ask.
    watcher.send({ type: 'hint' });
    expect(await watcher.take('error')).toMatchObject({ code: 'spectator' });
    ana.close();
    watcher.close();
  });

  it('are refused while another person sits at the table', async () => {
    const id = await createMatch({ players: 3, bots: { 2: 'greedy' }, botDelayMs: 5000 });
    const a = await join(id, 'Ana');
    const b = await join(id, 'Bo');
    const ana = await connect(id, a.token);
    const bo = await connect(id, b.token);
    const v = await ana.until((x) => x.status === 'playing' && x.pending !== null);
    const mine = v.pending!.seat === 0 ? ana : bo;
    mine.send({ type: 'hint' });
    expect(await mine.take('error')).toMatchObject({ code: 'illegal', message: expect.stringMatching(/only for a match against bots/) });
    expect(await storedHinted(id)).toBeNull();
    ana.close();
    bo.close();
  });

  it('are refused before the match starts (an open seat may yet be a person)', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ana');
    const ana = await connect(id, a.token);
    await ana.take('state');
    ana.send({ type: 'hint' });
    expect(await ana.take('error')).toMatchObject({ code: 'illegal', message: expect.stringMatching(/open seat/) });
    ana.close();
  });
});
