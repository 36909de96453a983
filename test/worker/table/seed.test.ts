// Secret deals and chosen deals: a new match's seed is 256 random bits that no summary, view or
// socket message carries; a creator may choose the seed of a private match only, and such a match
// says `seeded: true` to everyone; the replay gives the seed once the match is over.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { replayed, type Keystream } from '../../../shared/engine';
import { botRng } from '../../../worker/match/table/clock';
import type { MatchConfig } from '../../../worker/shared/config';
import { call, connect, createMatch, driveToEnd, join, playOut, storedState, stub } from '../helpers';

const HEX = 'c0ffee00112233445566778899aabbccddeeff00112233445566778899aabbcc';

const config = (id: string) => runInDurableObject(stub(id), (_o, s) =>
  JSON.parse(s.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'config'`).one().value) as MatchConfig);

const summaryText = async (id: string): Promise<string> => JSON.stringify((await call('GET', `/api/matches/${id}`)).json);

describe('seeds', () => {
  it.each([
    ['a hex seed', HEX],
    ['an integer seed', 42],
  ])('refuses %s for a public match with 400 bad-request, and creates nothing', async (_what, seed) => {
    const before = JSON.stringify((await call('GET', '/api/matches')).json);
    const r = await call('POST', '/api/matches', { players: 2, public: true, seed });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: { code: 'bad-request', message: expect.stringContaining('private') } });
    expect(JSON.stringify((await call('GET', '/api/matches')).json)).toBe(before);
  });

  it.each([
    ['31 hex digits', HEX.slice(0, 31)],
    ['65 hex digits', `${HEX}0`],
    ['a non-hex character', `${HEX.slice(0, 63)}g`],
    ['an unsafe integer', 2 ** 53],
  ])('refuses a seed of %s with 400 bad-request', async (_what, seed) => {
    const r = await call('POST', '/api/matches', { players: 2, seed });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad-request');
  });

  it('gives a match with no chosen seed 256 random bits that no summary or view carries, and no mark', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, public: true });
    const c = await config(id);
    expect(c.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(c.seeded).toBe(false);
    expect((await config(await createMatch({ players: 2 }))).seed).not.toBe(c.seed);
    const waiting = await call('GET', `/api/matches/${id}`);
    expect(waiting.json.seeded).toBeUndefined();
    const spec = await connect(id, undefined, { patch: true });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token, { patch: true });
    const annPlain = await connect(id, a.token);
    await playOut(id, ann);
    await spec.until((v) => v.over);
    await annPlain.until((v) => v.over);
    for (const s of [spec, ann, annPlain]) {
      expect(s.views.length).toBeGreaterThan(1);
      expect(s.views.every((v) => !('seeded' in v))).toBe(true);
      expect(s.raw.join('\n')).not.toContain(c.seed as string);
    }
    expect(await summaryText(id)).not.toContain(c.seed as string);
    expect((await call('GET', `/api/matches/${id}`)).json.seeded).toBeUndefined();
    // Once over, the replay gives the seed, which deals the match again.
    const replay = (await call('GET', `/api/matches/${id}/replay`)).json;
    expect(replay.setup.seed).toBe(c.seed);
    [spec, ann, annPlain].forEach((s) => s.close());
  });

  it('marks a private match with a chosen hex seed as seeded in its summary and every view, never showing the seed', async () => {
    // Upper case is taken and stored as the engine's lower case.
    const id = await createMatch({ players: 3, bots: { 2: 'greedy' }, botDelayMs: 0, seed: HEX.toUpperCase() });
    const c = await config(id);
    expect(c).toMatchObject({ seed: HEX, seeded: true, public: false });
    const summary = await call('GET', `/api/matches/${id}`);
    expect(summary.json).toMatchObject({ status: 'waiting', seeded: true });
    const spec = await connect(id, undefined, { patch: true });
    const plainSpec = await connect(id);
    expect((await spec.take('state')).view.seeded).toBe(true); // the waiting view too
    const a = await join(id, 'Ann');
    const b = await join(id, 'Bob');
    const ann = await connect(id, a.token, { patch: true });
    const bob = await connect(id, b.token);
    // Ann's first move (seat 0 starts), so views after the deal and after an action come to everyone.
    const v0 = await ann.until((v) => v.pending?.seat === 0);
    ann.send({ ...v0.pending!.options![0], version: v0.version });
    for (const s of [spec, plainSpec, ann, bob]) await s.until((v) => v.version >= 1);
    for (const s of [spec, plainSpec, ann, bob]) {
      expect(s.views.length).toBeGreaterThan(1);
      expect(s.views.every((v) => v.seeded === true)).toBe(true);
      expect(s.raw.join('\n').toLowerCase()).not.toContain(HEX);
    }
    expect((await summaryText(id)).toLowerCase()).not.toContain(HEX);
    expect((await call('GET', `/api/matches/${id}`)).json).toMatchObject({ status: 'playing', seeded: true });
    [spec, plainSpec, ann, bob].forEach((s) => s.close());
  });

  it('marks a private match with a chosen integer seed (the old kind) as seeded too', async () => {
    const id = await createMatch({ players: 2, seed: 1234 });
    expect(await config(id)).toMatchObject({ seed: 1234, seeded: true });
    expect((await call('GET', `/api/matches/${id}`)).json.seeded).toBe(true);
  });

  it('replays a chosen-seed match after the end from its hex seed to the same final view', async () => {
    const id = await createMatch({ players: 3, bots: { 0: 'random', 1: 'greedy', 2: 'random' }, botDelayMs: 0, seed: HEX });
    const spec = await connect(id);
    const final = await driveToEnd(id);
    const last = await spec.viewAt(final.version);
    const r = await call('GET', `/api/matches/${id}/replay`);
    expect(r.status).toBe(200);
    expect(r.json.setup.seed).toBe(HEX);
    expect(replayed(r.json.setup, r.json.actions)).toEqual(final);
    expect(r.json.views.at(-1)).toEqual(last);
    expect(last).toMatchObject({ over: true, seeded: true });
    spec.close();
  });

  it('gives the rematch of a seeded match a fresh random seed and no mark', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0, seed: HEX });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    await playOut(id, ann);
    const r = await call('POST', `/api/matches/${id}/rematch`, { token: a.token });
    expect(r.status).toBe(200);
    const c = await config(r.json.id);
    expect(c.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(c.seed).not.toBe(HEX);
    expect(c.seeded).toBe(false);
    expect((await call('GET', `/api/matches/${r.json.id}`)).json.seeded).toBeUndefined();
    ann.close();
  });
});

describe('botRng', () => {
  const first = (seed: number | string, version: number, seat: number) => {
    const r = botRng(seed, version, seat) as Keystream;
    return [r.u32(), r.u32(), r.u32(), r.u32()];
  };

  it('is the same for the same seed, version and seat, and another for any other, integer seeds too', () => {
    expect(first(HEX, 3, 1)).toEqual(first(HEX, 3, 1));
    expect(first(77, 3, 1)).toEqual(first(77, 3, 1));
    const all = [first(HEX, 3, 1), first(HEX, 4, 1), first(HEX, 3, 2), first(77, 3, 1), first(78, 3, 1)].map(String);
    expect(new Set(all).size).toBe(all.length);
  });
});
