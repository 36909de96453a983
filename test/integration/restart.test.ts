// Stop the server mid-match and start it again on the same state directory:
// the match goes on at the same version, seats and tokens still hold, a
// pending bot job (alarm) still runs, and a reconnecting socket finds its way back.
import { afterAll, describe, expect, it } from 'vitest';
import { call, type Client, createMatch, join, reconnecting, socketUrl } from '../../harness/node';
import { autoplay } from '../../harness/socket';
import { removeState, startServer, tempState, type Server } from '../../harness/server';

const persist = tempState();
let server: Server | null = null;
afterAll(async () => {
  await server?.stop();
  removeState(persist);
});

describe('restart and resume', () => {
  it('continues every match at the same version after a restart', async () => {
    server = await startServer(persist);
    // Match 1: Ann against a bot, stopped in the middle.
    const id = await createMatch(server.http, { players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    const a = await join(server.http, id, 'Ann');
    let ws = server.ws;
    // The URL is asked again at each reconnection, so the socket follows the server to its new port.
    const ann = reconnecting(() => socketUrl(ws, id, a.token), { retries: 1000 });
    const first = await ann.until((v) => v.pending?.seat === 0);
    ann.send({ ...first.pending!.options![0], version: first.version });
    const mid = await ann.until((v) => v.version > first.version && v.pending?.seat === 0);
    expect(mid.over).toBe(false);

    // Match 2: a bot's job is due in 1.5 s when the server stops; it must still run after the restart.
    const id2 = await createMatch(server.http, { players: 2, bots: { 1: 'random' }, botDelayMs: 1500 });
    const b = await join(server.http, id2, 'Bo');
    const bo = reconnecting(socketUrl(server.ws, id2, b.token), { retries: 0 });
    const v2 = await bo.until((v) => v.pending?.seat === 0);
    bo.send({ ...v2.pending!.options![0], version: v2.version });
    const botsTurn = await bo.until((v) => v.version === v2.version + 1);
    bo.close();

    await server.stop();
    server = await startServer(persist);
    ws = server.ws;

    // The summary and a fresh socket with the old token show the same match at the same version.
    expect((await call(server.http, 'GET', `/api/matches/${id}`)).json).toMatchObject({ status: 'playing' });
    const again = reconnecting(socketUrl(server.ws, id, a.token), { retries: 0 });
    const resumed = (await again.take('state')).view;
    expect(resumed).toMatchObject({ you: 0, version: mid.version, hand: mid.hand, locations: mid.locations });
    again.close();

    // The reconnecting socket came back by itself and plays on to the end.
    const back = await ann.until((v) => v.players[0]!.connected && ann.closes.length > 0, 30_000);
    expect(back.version).toBe(mid.version);
    autoplay(ann);
    ann.send({ ...back.pending!.options![0], version: back.version });
    const end = await ann.until((v) => v.over, 60_000);
    const replay = await call(server.http, 'GET', `/api/matches/${id}/replay`);
    expect(replay.json.actions).toHaveLength(end.version);
    ann.close();

    // Match 2's bot played after the restart, with its delay.
    if (botsTurn.pending?.seat === 1) {
      const watch = reconnecting(socketUrl(server.ws, id2), { retries: 0 });
      // The job ran: the match moved on from the bot's turn (a bot's move may bring it another
      // decision of its own, a Griffin's say, so the first view seen may be one or more versions on).
      const moved = await watch.until((v) => v.version > botsTurn.version, 20_000);
      expect(moved.version).toBeGreaterThan(botsTurn.version);
      watch.close();
    }
  });
});
