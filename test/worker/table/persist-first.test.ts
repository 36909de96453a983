// An action is stored before any socket hears of it (worker/match/moves.ts act): a view that
// went out is never one a restarted object could not rebuild. Seen from outside this cannot be
// told apart (the write follows within the same turn either way), so the test watches from
// inside: every open socket's real `send` is wrapped, and at each message the object's own
// SQLite is asked which versions it holds. Nothing is stubbed: the sends still go out, the
// storage is the object's.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { connect, createMatch, eventually, join, makeDueNow, stub } from '../helpers';

interface Heard { socket: number; version: number; stored: number }

/** From now on, each message any socket open now is sent is noted with the highest version then stored. */
function watchSends(id: string, heard: Heard[]): Promise<number> {
  return runInDurableObject(stub(id), (_m, state) => {
    const sockets = state.getWebSockets();
    sockets.forEach((ws, socket) => {
      const send = ws.send.bind(ws);
      ws.send = (message: string | ArrayBuffer | ArrayBufferView) => {
        const msg = JSON.parse(String(message)) as { type: string; version?: number; view?: { version: number } };
        const version = msg.type === 'state' ? msg.view!.version : msg.type === 'patch' ? msg.version! : null;
        if (version !== null) {
          const stored = state.storage.sql.exec<{ v: number | null }>('SELECT MAX(version) AS v FROM actions').one().v ?? 0;
          heard.push({ socket, version, stored });
        }
        send(message);
      };
    });
    return sockets.length;
  });
}

describe('an action', () => {
  it('is stored before any socket hears of it: a person\'s move, then a bot\'s on the alarm, to seats and spectators, as views and as patches', async () => {
    // Seat 1's bot waits its longest (5 s) unless the test makes its move due at once.
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const annPatched = await connect(id, a.token, { patch: true });
    const spec = await connect(id);
    const specPatched = await connect(id, undefined, { patch: true });
    const all = [ann, annPatched, spec, specPatched];
    const v0 = (await ann.take('state')).view;
    for (const s of all.slice(1)) expect((await s.take('state')).view.version).toBe(0);

    const heard: Heard[] = [];
    expect(await watchSends(id, heard)).toBe(all.length);

    // Ann plays, and answers whatever her card asks of her (the deal is random: a Familiar, say):
    // every socket hears each version (the patch sockets as patches).
    let v = v0;
    do {
      ann.send({ ...v.pending!.options![0], version: v.version });
      v = await ann.viewAt(v.version + 1);
    } while (v.pending?.seat === 0);
    const hers = v.version;
    for (const s of all.slice(1)) expect((await s.viewAt(hers)).version).toBe(hers);
    // The bot's move, from the alarm.
    await makeDueNow(id);
    await runDurableObjectAlarm(stub(id));
    for (const s of all) expect((await s.viewAt(hers + 1)).version).toBe(hers + 1);

    await eventually(() => {
      for (const socket of all.keys()) {
        expect(heard.filter((h) => h.socket === socket).map((h) => h.version)).toEqual(expect.arrayContaining([1, hers + 1]));
      }
    });
    // What was heard was already stored, every time.
    for (const h of heard) expect(h, `socket ${h.socket} heard version ${h.version}`).toMatchObject({ stored: h.version });
    for (const s of all) s.close();
  });
});
