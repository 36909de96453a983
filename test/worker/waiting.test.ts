// The public list stays honest: one address holds at most a few public matches
// waiting at once (429 too-many-waiting), and a waiting match whose people have
// all gone (no seated socket for WAITING_GONE_MS) drops off the list, on its alarm.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../worker/match';
import type { MatchConfig, MatchStore, Presence } from '../../worker/storage';
import { call, connect, join, stub } from './helpers';

const CAP = Number(env.PUBLIC_WAITING_PER_ADDRESS);
const GONE_MS = Number(env.WAITING_GONE_MS);

const listed = async () => ((await call('GET', '/api/matches')).json.matches as { id: string }[]).map((m) => m.id);

async function create(ip: string, body: Record<string, unknown> = { players: 2, public: true }) {
  return call('POST', '/api/matches', body, ip);
}

/** Move the match's clock on: its creation and every away time lie `ms` further back. */
function age(id: string, ms: number): Promise<void> {
  return runInDurableObject(stub(id), (m: Match) => {
    const o = m as unknown as { store: MatchStore; config: MatchConfig | undefined };
    const config = o.store.getMeta<MatchConfig>('config')!;
    o.store.setMeta('config', { ...config, createdAt: config.createdAt - ms });
    const p = o.store.getMeta<Presence>('presence');
    if (p) o.store.setMeta('presence', { ...p, leftAt: Object.fromEntries(Object.entries(p.leftAt).map(([k, t]) => [k, t - ms])) });
    o.config = undefined;
  });
}

const connected = async (id: string) => ((await call('GET', `/api/matches/${id}`)).json.seats as { connected: boolean }[]).map((s) => s.connected);

describe('public waiting matches per address', () => {
  it(`takes ${CAP} public waiting matches from one address, refuses the next with 429 too-many-waiting, and counts no private ones`, async () => {
    expect(CAP).toBe(3);
    const ip = '203.0.113.10';
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) {
      const r = await create(ip);
      expect(r.status).toBe(201);
      ids.push(r.json.id);
    }
    const over = await create(ip);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ error: { code: 'too-many-waiting', message: expect.stringMatching(/3 public matches waiting/) } });
    // Nothing was made of it: still the same three listed.
    const before = await listed();
    expect(ids.every((id) => before.includes(id))).toBe(true);
    expect((await create(ip, { players: 2 })).status).toBe(201);
    expect((await create('203.0.113.11')).status).toBe(201);
    // One starts (both seats taken): it leaves the list and the count, and the address may list another.
    await join(ids[0]!, 'Ann');
    await join(ids[0]!, 'Bo');
    expect(await listed()).not.toContain(ids[0]);
    expect((await create(ip)).status).toBe(201);
    expect((await create(ip)).status).toBe(429);
  });

  it('frees a place when one of them drops off the list', async () => {
    const ip = '203.0.113.12';
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await create(ip)).json.id);
    expect((await create(ip)).status).toBe(429);
    await age(ids[1]!, GONE_MS + 1000);
    expect(await runDurableObjectAlarm(stub(ids[1]!))).toBe(true);
    expect(await listed()).not.toContain(ids[1]);
    expect((await create(ip)).status).toBe(201);
  });
});

describe('a public match whose people are gone', () => {
  it('drops off the list once its only player has had no socket for the delay, and comes back with them', async () => {
    const id = (await create('203.0.113.20')).json.id as string;
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    await ann.take('state');
    // Connected: the alarm set at creation finds her there and leaves the match listed.
    await age(id, GONE_MS + 1000);
    await runDurableObjectAlarm(stub(id));
    await expect.poll(listed).toContain(id);
    ann.close();
    await expect.poll(() => connected(id)).toEqual([false, false]);
    // Closed just now: not gone yet. The alarm, run early, waits for its time and unlists nothing.
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expect.poll(listed).toContain(id);
    // The delay passes (moved on in storage): gone.
    await age(id, GONE_MS + 1000);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expect.poll(listed).not.toContain(id);
    // Still a waiting match that anyone with its link may join.
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('waiting');
    // Ann comes back while it still waits: listed again.
    const again = await connect(id, a.token);
    await again.take('state');
    await expect.poll(listed).toContain(id);
    again.close();
  });

  it('drops off when nobody joins or connects within the delay of its creation', async () => {
    const id = (await create('203.0.113.21')).json.id as string;
    await expect.poll(listed).toContain(id);
    await age(id, GONE_MS + 1000);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expect.poll(listed).not.toContain(id);
  });

  it('stays listed while a joined player who never connected is within the delay of joining', async () => {
    const id = (await create('203.0.113.22', { players: 3, public: true })).json.id as string;
    await age(id, GONE_MS - 5000); // created almost a minute ago
    await join(id, 'Ann'); // joined just now, no socket yet
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expect.poll(listed).toContain(id);
    await age(id, GONE_MS + 1000);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expect.poll(listed).not.toContain(id);
  });

  it('arms no list alarm for a private waiting match, only its deletion a day on (retention.ts)', async () => {
    const id = (await create('203.0.113.23', { players: 2 })).json.id as string;
    const at = await runInDurableObject(stub(id), (_m, s) => s.storage.getAlarm());
    expect(at! - Date.now()).toBeGreaterThan(Number(env.UNSTARTED_RETENTION_MS) - 60_000);
  });
});
