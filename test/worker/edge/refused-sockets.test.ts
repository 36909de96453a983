// Every socket refused after its upgrade (unknown or malformed id, a token of no seat, a match
// full of spectators, a spectator name the rules refuse) is held by the Hibernation API, hears one
// error, is closed with its code, and writes exactly one structured `refused` line; nothing
// reaches the error handler.
// (test/integration/quiet-edges.test.ts checks a real server's output for uncaught errors.)
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newMatchId } from '../../../worker/shared/ids';
import { MALFORMED_IDS } from '../../../worker/match/connect';
import { connect, createMatch, noSuchMatch, stub, upgrade } from '../helpers';
import { watchLogs, type Logged } from '../refusals';

let logs: Logged;
beforeEach(() => { logs = watchLogs(); });
afterEach(() => { logs.stop(); });

/**
 * What a refused socket got: its one error and its close. Before the client takes its end, the
 * object that refused it (`by`) holds it through the Hibernation API, tagged `refused`
 * (worker/shared/sockets.ts refusedSocket): its end is the runtime's, no request's, so nothing is left to
 * fail when the client goes.
 */
async function refusedWith(res: Promise<Response>, by: DurableObjectStub) {
  const answer = await res;
  expect(await runInDurableObject(by, (_o, s) => s.getWebSockets('refused').length)).toBeGreaterThanOrEqual(1);
  const r = await noSuchMatch(answer);
  expect(r.status).toBe(101);
  return { error: r.messages, close: r.close.code };
}

const error = (code: string) => [{ type: 'error', code, message: expect.any(String) }];

describe('sockets refused after the upgrade', () => {
  it('an unknown match: not-found, 4004, one line with the id', async () => {
    const id = newMatchId();
    expect(await refusedWith(upgrade(id), stub(id))).toEqual({ error: error('not-found'), close: 4004 });
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'not-found', where: 'socket', kind: 'unknown', match: id })]);
  });

  it('an id of the wrong form: not-found, 4004, one line without it', async () => {
    expect(await refusedWith(upgrade('not-an-id!'), env.MATCH.getByName(MALFORMED_IDS))).toEqual({ error: error('not-found'), close: 4004 });
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'not-found', where: 'socket', kind: 'malformed' })]);
    expect(logs.refused[0]).not.toHaveProperty('match');
  });

  it('a token that holds no seat: bad-token, 4001, one line', async () => {
    const id = await createMatch({ players: 2 });
    expect(await refusedWith(upgrade(id, 'no-such-token'), stub(id))).toEqual({ error: error('bad-token'), close: 4001 });
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'bad-token', where: 'socket', kind: 'upgrade', match: id })]);
  });

  it('a match full of spectators: full, 4009, one line', async () => {
    const id = await createMatch({ players: 2 });
    const watchers = await Promise.all(Array.from({ length: Number(env.SPECTATORS_PER_MATCH) }, () => connect(id)));
    for (const w of watchers) await w.take('state');
    expect(await refusedWith(upgrade(id), stub(id))).toEqual({ error: error('full'), close: 4009 });
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'full', where: 'socket', kind: 'spectators', match: id })]);
    for (const w of watchers) w.close();
  });

  it('a spectator name the rules refuse: bad-request, 4002, one line', async () => {
    const id = await createMatch({ players: 2 });
    expect(await refusedWith(upgrade(id, undefined, { query: { name: 'x'.repeat(40) } }), stub(id))).toEqual({ error: error('bad-request'), close: 4002 });
    expect(logs.refused).toEqual([expect.objectContaining({ code: 'bad-request', where: 'socket', kind: 'name', match: id })]);
  });

  afterEach(() => { expect(logs.errors).toEqual([]); });
});
