// Unknown ids create nothing: a well-formed match id that names no match answers 404 not-found
// on every route (the lookup 200 found false; the socket is upgraded and closed 4004 not-found),
// and the object woken for it stores nothing.
//
// workerd opens an (empty) SQLite file for every object it wakes, whatever the object does, so
// listDurableObjectIds alone counts wakes, not stored matches: a stored match is a listed object
// whose database holds a table. Looking (a read of sqlite_master) writes nothing either.
import { listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newMatchId } from '../../../worker/shared/ids';
import { BASE, call, createMatch, noSuchMatch } from '../helpers';
import { watchLogs } from '../refusals';

const tablesOf = (id: DurableObjectId) => runInDurableObject(env.MATCH.get(id), (_o, s) =>
  s.storage.sql.exec<{ name: string }>(`SELECT name FROM sqlite_master`).toArray().map((r) => r.name));

// The pool answers over a kept-alive HTTP connection to Node, which Node may have closed after
// a few idle seconds ("Network connection lost"): asking once more opens a new one.
const listed = () => listDurableObjectIds(env.MATCH).catch(() => listDurableObjectIds(env.MATCH));

/** The Match objects workerd has opened so far (object ids, hex): a baseline for storedSince. */
const listedNow = async () => new Set((await listed()).map((id) => id.toString()));

/**
 * Object ids (hex) of the Match objects listed since `before` that hold anything. Only the new
 * ones are woken to look: each object the vitest pool wakes costs more than the one before (a
 * batch of 25 took 2 s, the fourth 22 s; plain workerd stays flat,
 * test/integration/unknown-ids.test.ts), and the other files of this folder made many matches.
 */
async function storedSince(before: Set<string>): Promise<string[]> {
  const fresh = (await listed()).filter((id) => !before.has(id.toString()));
  const held: string[] = [];
  await Promise.all(fresh.map(async (id) => { if ((await tablesOf(id)).length) held.push(id.toString()); }));
  return held;
}

// This file wakes one batch of 25 at once and looks inside each; the integration test sends
// 250 through a real server and finds any stored match among them.
const N = 25;
const objectId = (matchId: string) => env.MATCH.idFromName(matchId).toString();

async function socket(id: string): Promise<Response> {
  return exports.default.fetch(`${BASE}/api/matches/${id}/ws`, { headers: { Upgrade: 'websocket' } });
}

describe('unknown match ids', () => {
  it('the count sees a real match: creating one adds exactly its object', async () => {
    const before = await listedNow();
    const id = await createMatch({ players: 2 });
    expect(await storedSince(before)).toEqual([objectId(id)]);
    expect(await tablesOf(env.MATCH.idFromName(id))).toEqual(expect.arrayContaining(['meta', 'seats', 'state', 'actions']));
  });

  it(`${N} unknown well-formed ids answer not-found on every route and store nothing`, async () => {
    const ids = Array.from({ length: N }, () => newMatchId());
    const before = await listedNow();
    const logs = watchLogs();
    try {
      const notFound = { error: { code: 'not-found', message: expect.any(String) } };
      for (let i = 0; i < ids.length; i += 25) {
        await Promise.all(ids.slice(i, i + 25).map(async (id) => {
          for (const r of [
            await call('GET', `/api/matches/${id}`),
            await call('POST', `/api/matches/${id}/join`, { name: 'Ann' }),
            await call('POST', `/api/matches/${id}/rematch`, { token: 'a-token-of-no-seat' }),
            await call('GET', `/api/matches/${id}/replay`),
          ]) {
            expect(r.status).toBe(404);
            expect(r.json).toEqual(notFound);
          }
          expect(await call('GET', `/api/matches/${id}/lookup`)).toMatchObject({ status: 200, json: { found: false } });
          // The socket is upgraded (a browser can read why, and logs no refused handshake) and closed 4004.
          expect(await noSuchMatch(await socket(id))).toEqual({
            status: 101, messages: [{ type: 'error', code: 'not-found', message: 'No such match.' }], close: { code: 4004, reason: 'No such match.' },
          });
        }));
      }
      // Each refused socket is one log line; nothing reached onError.
      expect(logs.refused).toHaveLength(ids.length);
      expect(new Set(logs.refused.map((l) => l.match))).toEqual(new Set(ids));
      for (const l of logs.refused) expect(l).toMatchObject({ code: 'not-found', where: 'socket' });
      expect(logs.errors).toEqual([]);
    } finally {
      logs.stop();
    }
    // Every one of them was woken (it answered), yet none holds anything, and no stored match is new.
    const woken = new Set((await listed()).map((id) => id.toString()));
    for (const id of ids) expect(woken.has(objectId(id))).toBe(true);
    for (const id of ids) expect(await tablesOf(env.MATCH.idFromName(id))).toEqual([]);
    expect(await storedSince(before)).toEqual([]);
  }, 180_000);

  it('a real match still answers after its object is rebuilt from storage', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' } });
    // A fresh instance (as after hibernation) finds the tables and the match in them.
    await expect(runInDurableObject(env.MATCH.getByName(id), (_o, s) => s.abort('rebuild'))).rejects.toThrow('rebuild');
    const r = await call('GET', `/api/matches/${id}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id, status: 'waiting' });
  });
});
