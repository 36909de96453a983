// A whole 4-seat match over real sockets: two players answering from their
// options, two bots, two spectators who see every version; a player who
// reconnects with the same token gets the seat back.
import { describe, expect, inject, it } from 'vitest';
import { view } from '../../shared/engine';
import { enginePart, replayToEnd } from '../../scripts/lib/verify';
import { call, type Client, createMatch, join, reconnecting, socketUrl } from '../../harness/node';
import { autoplay } from '../../harness/socket';

const server = inject('server');

describe('a 4-seat match over real sockets', () => {
  it('is played to the end by 2 players and 2 bots while 2 spectators watch every version', async () => {
    const id = await createMatch(server.http, { players: 4, bots: { 1: 'random', 3: 'greedy' }, botDelayMs: 0 });
    const spectators = [reconnecting(socketUrl(server.ws, id)), reconnecting(socketUrl(server.ws, id))];
    for (const s of spectators) await s.take('state');
    const seats = [await join(server.http, id, 'Ann'), await join(server.http, id, 'Bo')];
    expect(seats.map((s) => s.seat)).toEqual([0, 2]);
    const players = seats.map((s) => reconnecting(socketUrl(server.ws, id, s.token)));
    players.forEach((p) => autoplay(p));

    const finals = await Promise.all([...players, ...spectators].map((c) => c.until((v) => v.over, 60_000)));
    const version = finals[0]!.version;
    expect(finals.every((v) => v.version === version && v.over)).toBe(true);
    for (const s of spectators) {
      const seen = [...new Set(s.views.map((v) => v.version))];
      expect(seen).toEqual(Array.from({ length: version + 1 }, (_, i) => i));
      expect(s.views.every((v) => v.you === null && v.hand === undefined && !v.pending?.options)).toBe(true);
    }
    expect((await call(server.http, 'GET', `/api/matches/${id}`)).json).toMatchObject({ status: 'over', spectators: 2 });

    const replay = await call(server.http, 'GET', `/api/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.json.actions).toHaveLength(version);
    expect(replay.json.actions.map((a: { seat: number }) => a.seat)).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    const final = replayToEnd(replay.json);
    expect(final.version).toBe(version);
    expect(view(final, null)).toEqual(enginePart(finals[2]!));
    expect(view(final, 0)).toEqual(enginePart(finals[0]!));
    for (const c of [...players, ...spectators]) c.close();
  });

  it('gives the seat back to a socket that reconnects with the same token', async () => {
    const id = await createMatch(server.http, { players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    const watcher = reconnecting(socketUrl(server.ws, id));
    await watcher.take('state');
    const a = await join(server.http, id, 'Ann');
    const ann = reconnecting(socketUrl(server.ws, id, a.token));
    const first = await ann.until((v) => v.pending?.seat === 0);
    expect(first.you).toBe(0);
    // Drop the connection (as a network blip would); partysocket reconnects with the same URL.
    const before = ann.views.length;
    ann.socket.reconnect();
    await watcher.until((v) => v.players[0]!.connected === false);
    const back = await ann.until(() => ann.views.length > before);
    expect(back).toMatchObject({ you: 0, version: first.version });
    expect(back.hand).toEqual(first.hand);
    expect(back.pending?.options).toEqual(first.pending?.options);
    await watcher.until((v) => v.players[0]!.connected === true);
    // And the seat plays on to the end.
    autoplay(ann);
    ann.send({ ...back.pending!.options![0], version: back.version });
    const end = await ann.until((v) => v.over, 8_000).catch((e) => { console.log(ann.raw.slice(-6).map((r) => r.slice(0, 300)).join("\n")); throw e; });
    expect(end.result).not.toBeNull();
    ann.close();
    watcher.close();
  });
});
