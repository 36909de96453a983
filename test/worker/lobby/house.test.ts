// /tv's house match (worker/house/house.ts, docs/PROTOCOL.md "GET /api/tv"): one at a time, four bots,
// a random deal, never listed; its bots move only while a spectator socket is open, and the
// next one is made once it is over.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { SLOW } from '../../slow';
import { actionCount, alarmOnce, call, connect, dueJob, eventually, makeDueNow, stub } from '../helpers';
import type { MatchConfig } from '../../../worker/shared/config';

const tv = async (): Promise<string> => {
  const r = await call('GET', '/api/tv');
  expect(r.status).toBe(200);
  expect(r.json.url).toBe(`/m/${r.json.id}/watch`);
  return r.json.id as string;
};
const made = () => env.HOUSE.getByName('house').made();
const alarmAt = (id: string) => runInDurableObject(stub(id), (_o, state) => state.storage.getAlarm());

describe('the house match', () => {
  it('is made once however many ask at once, four bots, a random deal, not listed', async () => {
    const before = await made();
    const ids = await Promise.all(Array.from({ length: 8 }, tv));
    expect(new Set(ids).size).toBe(1);
    // One made for them all (none if a current one was there already).
    expect(await made() - before).toBeLessThanOrEqual(1);
    expect(await tv()).toBe(ids[0]);
    const id = ids[0]!;
    const s = (await call('GET', `/api/matches/${id}`)).json;
    expect(s.status).toBe('playing');
    expect(s.seats.map((x: { kind: string }) => x.kind)).toEqual(['bot', 'bot', 'bot', 'bot']);
    expect(s.seeded).toBeUndefined();
    const config = await runInDurableObject(stub(id), (_o, state) =>
      JSON.parse(state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'config'`).one().value) as MatchConfig);
    expect(config).toMatchObject({ watched: true, public: false, seeded: false, players: 4 });
    expect(config.seed).toMatch(/^[0-9a-f]{64}$/);
    const list = (await call('GET', '/api/matches')).json.matches.map((m: { id: string }) => m.id);
    expect(list).not.toContain(id);
    // Asked for more often than one address may make matches (MATCHES_PER_MINUTE, 30): never refused, never another.
    const again = await Promise.all(Array.from({ length: 40 }, () => call('GET', '/api/tv', undefined, 'one-address')));
    expect(again.map((r) => r.status)).toEqual(again.map(() => 200));
    expect(new Set(again.map((r) => r.json.id))).toEqual(new Set([id]));
  });

  it('bots do not move while nobody watches, and do while someone does', async () => {
    const id = await tv();
    const start = await actionCount(id);
    // Nobody watching: no job, no alarm; an alarm run anyway does nothing.
    expect(await dueJob(id)).toBeNull();
    expect(await alarmAt(id)).toBeNull();
    await alarmOnce(id);
    expect(await actionCount(id)).toBe(start);
    // A spectator comes: the next bot's job is armed, and the bots play.
    const cy = await connect(id);
    await cy.until((v) => v.status === 'playing');
    expect(await dueJob(id)).not.toBeNull();
    expect(await alarmAt(id)).not.toBeNull();
    await makeDueNow(id);
    await alarmOnce(id);
    await eventually(async () => expect(await actionCount(id)).toBeGreaterThan(start));
    const playing = await actionCount(id);
    // The last spectator leaves: the alarm stops, and nothing more is played.
    cy.close();
    await eventually(async () => expect(await alarmAt(id)).toBeNull());
    expect(await dueJob(id)).toBeNull();
    await alarmOnce(id);
    expect(await actionCount(id)).toBe(playing);
    // Back: play resumes where it stopped.
    const dee = await connect(id);
    await dee.until((v) => v.status === 'playing');
    // One of two spectators leaving changes nothing: the job stays as it was, neither dropped nor pushed back.
    const eve = await connect(id);
    await eve.until((v) => v.status === 'playing');
    const job = await dueJob(id);
    expect(job).not.toBeNull();
    eve.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(await dueJob(id)).toEqual(job);
    await makeDueNow(id);
    await alarmOnce(id);
    await eventually(async () => expect(await actionCount(id)).toBeGreaterThan(playing));
    dee.close();
  });

  it('makes the next one once the current is over, and not before', SLOW, async () => {
    const id = await tv();
    const before = await made();
    expect(await tv()).toBe(id);
    const cy = await connect(id);
    // Watched to the end by running its bots' jobs.
    await vi.waitFor(async () => {
      if ((await call('GET', `/api/matches/${id}`)).json.status === 'over') return;
      await makeDueNow(id);
      await alarmOnce(id);
      throw new Error('not over yet');
    }, { timeout: 25_000, interval: 1 });
    cy.close();
    const next = await tv();
    expect(next).not.toBe(id);
    expect(await made()).toBe(before + 1);
    expect(await tv()).toBe(next);
  });
});
