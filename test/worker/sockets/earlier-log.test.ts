// The earlier log (docs/PROTOCOL.md, "The earlier log"): a socket that opens mid-match gets a view
// with the log's last 30 entries, asks once with `{ "type": "log", "before": n }`, and gets every
// entry before them: the same for a seat's second device and a spectator, the same as the live
// sockets saw entry by entry, and the same again after the object forgot its memory (rebuilt from
// the stored actions). Moves still carry only their new entries.
import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import type { LogEntry } from '../../../shared/engine';
import type { View } from '../../../shared/protocol';
import { autoplay } from '../../../harness/socket';
import { connect, createMatch, eventually, hurryBots, join, roomOf, stub, type Sock } from '../helpers';

/** Every entry the views of a socket showed, by seq (a live socket saw each one come). */
function seen(views: View[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const v of views) for (const e of v.log) out.set(e.seq, e.text);
  return out;
}

/** A new socket's first view and the earlier entries it asks for. */
async function opened(sock: Sock): Promise<{ view: View; earlier: LogEntry[] }> {
  const view = (await sock.take('state')).view;
  sock.send({ type: 'log', before: view.log[0]!.seq });
  const earlier = (await sock.take('log')).entries;
  return { view, earlier };
}

describe('the earlier log', () => {
  it('gives a socket opened mid-match every entry before its window, alike for seats and spectators, after an eviction too', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 5000 });
    const a = await join(id, 'Ana');
    const ana = await connect(id, a.token, { patch: true });
    autoplay(ana, () => 0);
    const stop = hurryBots(id);
    let mid: View;
    try {
      mid = await ana.until((v) => (v.log.at(-1)?.seq ?? 0) >= 45 || v.over, 20_000);
    } finally {
      stop();
    }
    // The match may have moved on meanwhile; what follows compares each socket with its own view.
    expect(mid.log.at(-1)!.seq).toBeGreaterThanOrEqual(45);
    expect(mid.log).toHaveLength(30);

    const device = await connect(id, a.token, { patch: true });
    const watcher = await connect(id);
    const mine = await opened(device);
    const theirs = await opened(watcher);
    for (const { view, earlier } of [mine, theirs]) {
      const first = view.log[0]!.seq;
      expect(first).toBeGreaterThan(1);
      // Every entry from the first up to the window, in order, no gap, nothing of the window repeated.
      expect(earlier.map((e) => e.seq)).toEqual(Array.from({ length: first - 1 }, (_, i) => i + 1));
      const all = [...earlier, ...view.log];
      // The same words the live socket saw come one move at a time.
      await ana.until((v) => v.version >= view.version);
      const live = seen(ana.views);
      expect(all.map((e) => [e.seq, e.text])).toEqual(all.map((e) => [e.seq, live.get(e.seq)]));
    }
    // A seat's log and a spectator's are one log.
    expect(theirs.earlier.slice(0, mine.earlier.length)).toEqual(mine.earlier.slice(0, theirs.earlier.length));

    // Without `before`: the whole log so far. After the object forgot its memory: rebuilt from storage, the same.
    await runInDurableObject(stub(id), (m) => roomOf(m).forget());
    watcher.send({ type: 'log' });
    const whole = (await watcher.take('log')).entries;
    expect(whole.slice(0, theirs.earlier.length)).toEqual(theirs.earlier);
    expect(whole.at(-1)!.seq).toBeGreaterThanOrEqual(theirs.view.log.at(-1)!.seq);
    expect(whole.map((e) => e.seq)).toEqual(whole.map((_, i) => i + 1));

    // A patch carries only the new entries, never the earlier ones.
    const before = device.raw.length;
    const again = hurryBots(id);
    await eventually(() => expect(device.raw.slice(before).some((r) => r.startsWith('{"type":"patch"') && r.includes('"log"'))).toBe(true));
    again();
    for (const r of device.raw.slice(before)) if (r.startsWith('{"type":"patch"')) expect(r).not.toContain(`"seq":1,`);
    ana.close();
    device.close();
    watcher.close();
  }, 40_000);

  it('answers a match not yet started with no entries, refuses a bad `before`, and paces a spectator', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ana');
    const ana = await connect(id, a.token);
    const watcher = await connect(id);
    await ana.take('state');
    await watcher.take('state');
    ana.send({ type: 'log', before: 5 });
    expect(await ana.take('log')).toEqual({ type: 'log', entries: [] });
    ana.send({ type: 'log', before: 0 });
    expect(await ana.take('error')).toMatchObject({ code: 'bad-request' });
    ana.send({ type: 'log', before: 'x' });
    expect(await ana.take('error')).toMatchObject({ code: 'bad-request' });
    // A spectator: three asks at once, then one every 10 s.
    for (let i = 0; i < 3; i++) {
      watcher.send({ type: 'log' });
      expect(await watcher.take('log')).toEqual({ type: 'log', entries: [] });
    }
    watcher.send({ type: 'log' });
    expect(await watcher.take('error')).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/log/) });
    ana.close();
    watcher.close();
  });
});
