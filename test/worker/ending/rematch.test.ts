// Rematch once a match is over: one new match with the same seats and options.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../worker/shared/ids';
import { call, connect, createMatch, join, playOut, stub } from '../helpers';

describe('rematch', () => {
  it('makes one new match with the same seats, bots and options, and a new seed', async () => {
    const id = await createMatch({ players: 3, bots: { 1: 'random', 2: 'random' }, botDelayMs: 0, clock: 30, public: false });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    // Ann plays her first option whenever she decides; the bots play on the alarm.
    await playOut(id, ann);
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
    // Counted against the address that asked (caps.ts), not the first match's creator's.
    expect({ ...c2, id: 0, seed: 0, createdAt: 0, quota: 0 }).toEqual({ ...c1, id: 0, seed: 0, createdAt: 0, quota: 0 });
    expect(c2.quota).toMatch(/^[0-9a-f]{64}$/);
    expect(c2.seed).not.toBe(c1.seed);
    // The old token holds no seat there: players join again.
    const forged = await connect(r1.json.id, a.token);
    expect(await forged.take('error')).toMatchObject({ code: 'bad-token' });
    // Ann's seat is held for her, keyed by her old token's hash (never the token): a spectator
    // who learnt the id cannot take it first; Ann claims it with her old token.
    const holds = await runInDurableObject(stub(r1.json.id), (_m, s) =>
      s.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'holds'`).one().value);
    expect(JSON.parse(holds).seats).toEqual([{ seat: 0, tokenHash: await hashToken(a.token), name: 'Ann' }]);
    expect(holds).not.toContain(a.token);
    const stranger = await call('POST', `/api/matches/${r1.json.id}/join`, { name: 'Eve' });
    expect(stranger.status).toBe(409);
    expect(stranger.json.error.code).toBe('full');
    const back = await call('POST', `/api/matches/${r1.json.id}/join`, { name: 'Ann', rematchToken: a.token });
    expect(back.json.seat).toBe(0);
    ann.close();
  });
});
