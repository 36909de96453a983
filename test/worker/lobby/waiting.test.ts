// The public list stays honest: one address holds at most a few public matches
// waiting at once (429 too-many-waiting), and a waiting match whose people have
// all gone (no seated socket for WAITING_GONE_MS) drops off the list, on its alarm.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../../worker/match/match';
import type { MatchConfig, Presence } from '../../../worker/shared/config';
import { call, connect, join, playOut, roomOf, stub } from '../helpers';

const CAP = Number(env.PUBLIC_WAITING_PER_ADDRESS);
const GONE_MS = Number(env.WAITING_GONE_MS);

const listed = async () => ((await call('GET', '/api/matches')).json.matches as { id: string }[]).map((m) => m.id);

async function create(ip: string, body: Record<string, unknown> = { players: 2, public: true }) {
  return call('POST', '/api/matches', body, ip);
}

/** Move the match's clock on: its creation and every away time lie `ms` further back. */
function age(id: string, ms: number): Promise<void> {
  return runInDurableObject(stub(id), (m: Match) => {
    const room = roomOf(m);
    const config = room.store.getMeta<MatchConfig>('config')!;
    room.store.setMeta('config', { ...config, createdAt: config.createdAt - ms });
    const p = room.store.getMeta<Presence>('presence');
    if (p) room.store.setMeta('presence', { ...p, leftAt: Object.fromEntries(Object.entries(p.leftAt).map(([k, t]) => [k, t - ms])) });
    room.forget();
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

  it('keeps counting a match that dropped off the list: its place is held until it starts', async () => {
    const ip = '203.0.113.12';
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await create(ip)).json.id);
    expect((await create(ip)).status).toBe(429);
    await age(ids[1]!, GONE_MS + 1000);
    expect(await runDurableObjectAlarm(stub(ids[1]!))).toBe(true);
    expect(await listed()).not.toContain(ids[1]);
    expect((await create(ip)).status).toBe(429);
    // It starts: the place is free again.
    await join(ids[1]!, 'Ann');
    await join(ids[1]!, 'Bo');
    expect((await create(ip)).status).toBe(201);
  });

  it('lists no more than the cap from one address, however its matches drop off and come back (as it was found: 9 listed)', async () => {
    const ip = '203.0.113.13';
    const ids: string[] = [];
    const seats: string[] = [];
    for (let i = 0; i < CAP; i++) {
      const id = (await create(ip)).json.id as string;
      ids.push(id);
      seats.push((await join(id, 'Ann')).token);
    }
    // Everyone in them has gone: they drop off the list...
    for (const id of ids) {
      await age(id, GONE_MS + 1000);
      await runDurableObjectAlarm(stub(id));
    }
    expect((await listed()).filter((id) => ids.includes(id))).toEqual([]);
    // ...and still count, so no new ones are made meanwhile...
    for (let i = 0; i < 2 * CAP; i++) expect((await create(ip)).status).toBe(429);
    // ...and each comes back when its person does: never more than the cap.
    const socks = await Promise.all(ids.map((id, i) => connect(id, seats[i])));
    await expect.poll(async () => (await listed()).filter((id) => ids.includes(id)).length).toBe(CAP);
    for (const s of socks) s.close();
  });

  it('lists one again only within its creator\'s cap of listed ones (the Lobby checks it when it relists)', async () => {
    const ip = '203.0.113.14';
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) ids.push((await create(ip)).json.id);
    const lobby = env.LOBBY.getByName('lobby');
    expect(await lobby.setListed(ids[0]!, false)).toBe(false);
    // A cap lowered since: two listed already, a third is not listed again.
    expect(await lobby.setListed(ids[0]!, true, CAP - 1)).toBe(false);
    expect(await lobby.setListed(ids[0]!, true, CAP)).toBe(true);
  });

  it('counts a rematch of a public match against the address that asked for it', async () => {
    const id = (await create('203.0.113.15', { players: 2, public: true, bots: { 1: 'random' } })).json.id as string;
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    await playOut(id, ann);
    // Ann asks from an address with its public places taken: refused, nothing made.
    const full = '203.0.113.16';
    for (let i = 0; i < CAP; i++) expect((await create(full)).status).toBe(201);
    const refused = await call('POST', `/api/matches/${id}/rematch`, { token: a.token }, full);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('too-many-waiting');
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('over');
    // From an address with room: made, and it takes one of that address's places.
    const other = '203.0.113.17';
    const made = await call('POST', `/api/matches/${id}/rematch`, { token: a.token }, other);
    expect(made.status).toBe(200);
    for (let i = 0; i < CAP - 1; i++) expect((await create(other)).status).toBe(201);
    expect((await create(other)).status).toBe(429);
    ann.close();
  });
});
