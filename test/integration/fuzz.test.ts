// Protocol fuzz: hundreds of bad messages (malformed, oversized, unknown type,
// out of turn, forged seat, stale, illegal, from spectators) and bad HTTP
// bodies. Each gets its error; nothing changes; nothing crashes.
import { describe, expect, inject, it } from 'vitest';
import type { Move } from '../../shared/engine';
import type { View } from '../../shared/protocol';
import { call, type Client, createMatch, join, reconnecting, socketUrl } from '../../harness/node';

const server = inject('server');

let seed = 99;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(rand() * 95))).join('');

type Role = 'decider' | 'other' | 'spectator';
interface Case { role: Role; text: string | Uint8Array<ArrayBuffer>; code: string }

/** A bad message and the code the protocol's check order gives it. */
function badMessage(v: View, deciderSeat: number): Case {
  const option = pick(v.pending!.options!) as Move;
  const ok = { ...option, version: v.version };
  const role = pick<Role>(['decider', 'other', 'spectator']);
  // What a well-formed action gets from this role, before the version and legality checks.
  const actionCode = (c: string) => (role === 'spectator' ? 'spectator' : role === 'other' ? 'not-your-decision' : c);
  switch (Math.floor(rand() * 10)) {
    case 0: return { role, text: JSON.stringify({ ...ok, pad: junk(4100) }), code: 'too-large' };
    case 1: return { role, text: 'é'.repeat(2049 + Math.floor(rand() * 100)), code: 'too-large' };
    case 2: {
      const s = JSON.stringify(ok);
      return { role, text: s.slice(0, 1 + Math.floor(rand() * (s.length - 2))), code: 'bad-json' };
    }
    case 3: return { role, text: pick(['{', 'nul', '[1,', '{"type":play}', "{'type':'ping'}", junk(20)]), code: 'bad-json' };
    case 4: return { role, text: new Uint8Array([0xc3, 0x28, 0xff]), code: 'bad-json' };
    case 5: return {
      role,
      text: JSON.stringify(pick([
        { type: pick(['pass', 'chat', 'PLAY', 'resign', '']), version: v.version },
        { ...ok, version: pick(['0', null, true]) },
        { type: 'play', version: v.version },
        { type: 'choose', option: 7, version: v.version },
        { type: 'play', card: ['x'], location: 'y', version: v.version },
        { type: 'emote', emote: pick(['lol', 'GG', '', 7, null]) }, { type: 'emote' },
        [ok], 'ping', 42, null,
      ])),
      code: 'bad-request',
    };
    // Forged seat: a "seat" field is ignored, the socket's own seat counts.
    case 6: return { role, text: JSON.stringify({ ...ok, seat: deciderSeat }), code: actionCode('ok') };
    case 7: return { role, text: JSON.stringify({ ...ok, version: v.version + 1 + Math.floor(rand() * 5) }), code: actionCode('stale') };
    case 8: return {
      role,
      text: JSON.stringify(pick([
        { type: 'choose', option: junk(8), version: v.version },
        { type: 'play', card: '3:dire-bear', location: v.locations[0]!.id, version: v.version },
        { ...ok, location: 'nowhere' },
        { ...ok, card: `0:${'x'.repeat(2000)}` },
      ])),
      code: actionCode('illegal'),
    };
    // Any number that is not the current version is stale (PROTOCOL.md), a negative or fractional one too.
    default: return { role, text: JSON.stringify({ ...ok, version: pick([v.version + 7, -1, v.version + 0.5]) }), code: actionCode('stale') };
  }
}

describe('protocol fuzz', () => {
  it('refuses every bad socket message with its own error and changes nothing', async () => {
    const id = await createMatch(server.http, { players: 2 });
    const a = await join(server.http, id, 'Ann');
    const b = await join(server.http, id, 'Bo');
    // Several sockets per role: seats may be held twice, and each socket's rate limit is not reached.
    const open = (token?: string) => Array.from({ length: 4 }, () => reconnecting(socketUrl(server.ws, id, token)));
    const sockets: Record<Role, Client[]> = { decider: open(a.token), other: open(b.token), spectator: open() };
    const all = Object.values(sockets).flat();
    await Promise.all(all.map((c) => c.until((v) => v.status === 'playing' && v.players.every((p) => p.connected))));
    await Promise.all(all.map(async (c) => { while (c.pending) await c.take(); }));
    const start = sockets.decider[0]!.views.at(-1)!;
    expect(start.pending!.seat).toBe(0);
    const viewsBefore = all.map((c) => c.views.length);

    let n = 0;
    const counts: Record<string, number> = {};
    // A spectator socket is closed past 5 refusals in 10 s (worker/match/sockets/inbound.ts STRIKES, spectators.test.ts): each takes 5 here.
    const STRIKES = 5;
    const spectatorRefusals = [0, 0, 0, 0];
    for (let i = 0; i < 420; i++) {
      const c = badMessage(start, 0);
      if (c.code === 'ok') continue; // a forged seat from the decider is simply its own legal action
      if (c.role === 'spectator' && spectatorRefusals[i % 4]!++ >= STRIKES) continue;
      const sock = sockets[c.role][i % 4]!;
      sock.socket.send(c.text);
      const got = await sock.take();
      expect(got, `${c.role}: ${String(c.text).slice(0, 80)}`).toMatchObject({ type: 'error', code: c.code });
      counts[c.code] = (counts[c.code] ?? 0) + 1;
      n++;
    }
    expect(n).toBeGreaterThan(250);
    expect(Object.keys(counts).sort()).toEqual(
      ['bad-json', 'bad-request', 'illegal', 'not-your-decision', 'spectator', 'stale', 'too-large']);
    // Nothing changed: no new view anywhere, every connection still open and answering.
    await Promise.all(all.map((c) => c.expectQuiet()));
    expect(all.map((c) => c.views.length)).toEqual(viewsBefore);
    const summary = await call(server.http, 'GET', `/api/matches/${id}`);
    expect(summary.json).toMatchObject({ status: 'playing', spectators: 4 });
    expect(summary.json.seats.every((s: { connected: boolean }) => s.connected)).toBe(true);
    // And the real move still works.
    sockets.decider[0]!.send({ ...start.pending!.options![0], version: start.version });
    await sockets.spectator[0]!.until((v) => v.version === start.version + 1);
    for (const c of all) c.close();
  });

  it('answers bad HTTP bodies with 4xx errors, never a crash', async () => {
    const id = await createMatch(server.http, { players: 2 });
    const bodies = (): string[] => [
      junk(10), '', 'null', '[]', '"x"', '{"players":' + junk(3), JSON.stringify({ players: rand() * 10 }),
      JSON.stringify({ players: 2, bots: { [junk(2)]: junk(5) } }), JSON.stringify({ name: junk(30) }),
      JSON.stringify({ name: junk(3), seat: Math.floor(rand() * 10) - 3 }), JSON.stringify({ token: junk(40) }),
      JSON.stringify({ players: 2, pad: junk(5000) }), JSON.stringify({ players: 3, locations: [junk(5), junk(5)] }),
    ];
    const paths = ['/api/matches', `/api/matches/${id}/join`, `/api/matches/${id}/rematch`, '/api/matches/NOSUCHMATC/join'];
    for (let i = 0; i < 8; i++) {
      for (const path of paths) {
        for (const body of bodies()) {
          const r = await call(server.http, 'POST', path, body);
          if (r.status < 300) continue; // a lucky valid body
          expect([400, 403, 404, 409, 413]).toContain(r.status);
          expect(r.json).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    }
    const s = await call(server.http, 'GET', `/api/matches/${id}`);
    expect(s.status).toBe(200);
  });
});
