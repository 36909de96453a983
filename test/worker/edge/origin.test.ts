// No other site acts for a visitor: POSTs and socket upgrades whose Origin is another site's are
// refused with 403 forbidden before they act (the socket before any upgrade); the site's own
// Origin and requests with no Origin (bots, scripts, Node clients) go on.
import { exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, call, createMatch } from '../helpers';
import { watchLogs, type Logged } from '../refusals';

const FOREIGN = ['https://evil.example', 'http://darkmoor.test.evil.example', 'https://darkmoor.test', 'null'];

const post = async (path: string, body: unknown, origin?: string) => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'CF-Connecting-IP': `origin-${Math.random()}` };
  if (origin !== undefined) headers.Origin = origin;
  const res = await exports.default.fetch(`${BASE}${path}`, { method: 'POST', body: JSON.stringify(body), headers });
  return { status: res.status, json: await res.json<any>() };
};

const upgrade = (id: string, origin?: string) => exports.default.fetch(`${BASE}/api/matches/${id}/ws`, {
  headers: origin === undefined ? { Upgrade: 'websocket' } : { Upgrade: 'websocket', Origin: origin },
});

const forbidden = { error: { code: 'forbidden', message: expect.any(String) } };

let logs: Logged;
beforeEach(() => { logs = watchLogs(); });
afterEach(() => { logs.stop(); });

describe('POST from another site', () => {
  it.each(FOREIGN)('refuses Origin %s with 403 forbidden on create, join and rematch, changing nothing', async (origin) => {
    const id = await createMatch({ players: 2 });
    expect(await post('/api/matches', { players: 2 }, origin)).toEqual({ status: 403, json: forbidden });
    expect(await post(`/api/matches/${id}/join`, { name: 'Mallory' }, origin)).toEqual({ status: 403, json: forbidden });
    expect(await post(`/api/matches/${id}/rematch`, { token: 'x' }, origin)).toEqual({ status: 403, json: forbidden });
    const seats = (await call('GET', `/api/matches/${id}`)).json.seats;
    expect(seats.map((s: { kind: string }) => s.kind)).toEqual(['open', 'open']);
    expect(logs.refused).toEqual(['POST /api/matches', 'POST /api/matches/:id/join', 'POST /api/matches/:id/rematch']
      .map((where) => expect.objectContaining({ code: 'forbidden', where, origin })));
    expect(logs.errors).toEqual([]);
  });

  it('takes the site\'s own Origin and no Origin at all', async () => {
    const own = await post('/api/matches', { players: 2 }, BASE);
    expect(own.status).toBe(201);
    expect((await post(`/api/matches/${own.json.id}/join`, { name: 'Ann' }, BASE)).status).toBe(200);
    const none = await post('/api/matches', { players: 2 });
    expect(none.status).toBe(201);
    expect((await post(`/api/matches/${none.json.id}/join`, { name: 'Bo' })).status).toBe(200);
    expect(logs.refused).toEqual([]);
  });

  it('leaves reads from another site alone (they change nothing, and CORS keeps the answer from that page)', async () => {
    const id = await createMatch({ players: 2 });
    const res = await exports.default.fetch(`${BASE}/api/matches/${id}`, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('socket upgrade from another site', () => {
  it('refuses with 403 forbidden before the upgrade: no 101, no socket', async () => {
    const id = await createMatch({ players: 2 });
    for (const origin of FOREIGN) {
      const res = await upgrade(id, origin);
      expect(res.status).toBe(403);
      expect(res.webSocket).toBeNull();
      expect(await res.json()).toEqual(forbidden);
    }
    expect((await call('GET', `/api/matches/${id}`)).json.spectators).toBe(0);
    expect(logs.refused).toHaveLength(FOREIGN.length);
    for (const l of logs.refused) expect(l).toMatchObject({ code: 'forbidden', where: 'GET /api/matches/:id/ws' });
  });

  it('upgrades with the site\'s own Origin, and with none', async () => {
    const id = await createMatch({ players: 2 });
    for (const origin of [BASE, undefined]) {
      const res = await upgrade(id, origin);
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      ws.accept();
      const first = await new Promise<any>((ok) => ws.addEventListener('message', (e) => ok(JSON.parse(e.data as string)), { once: true }));
      expect(first).toMatchObject({ type: 'state', view: { you: null } });
      ws.close(1000, 'done');
    }
    expect(logs.refused).toEqual([]);
  });
});
