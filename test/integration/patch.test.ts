// Opt-in patches over real sockets on a local server, across hibernation: the
// match idles long enough to be evicted (~10 s). The last views sent live in
// memory only, so the first update after the wake comes whole; every view,
// before and after, must be exact.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import type { View } from '../../shared/protocol';
import { compareFinal, replayToEnd } from '../../scripts/lib/verify';
import { call, type Client, createMatch, join, reconnecting, socketUrl } from '../../harness/node';

const server = inject('server');

describe('patches over real sockets', () => {
  it('rebuild every view exactly, before and after the match object hibernates', async () => {
    const id = await createMatch(server.http, { players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    const whole = reconnecting(socketUrl(server.ws, id), { retries: 0 });
    const patched = reconnecting(`${socketUrl(server.ws, id)}?patch=1`, { retries: 0 });
    await Promise.all([whole.take('state'), patched.take('state')]);
    const a = await join(server.http, id, 'Ann');
    const ann = reconnecting(`${socketUrl(server.ws, id, a.token)}&patch=1`, { retries: 0 });
    let paused = false;
    let resume: () => void = () => {};
    const answer = (v: View) => {
      const opts = v.pending?.seat === 0 ? v.pending.options : undefined;
      if (v.over || !opts?.length) return;
      if (v.version >= 12 && !paused) {
        paused = true; // idle with a person deciding: no alarm due for days (retention.ts), so the object may hibernate
        resume = () => ann.send({ ...opts[0], version: v.version });
        return;
      }
      ann.send({ ...opts[0], version: v.version });
    };
    ann.onView = answer;
    await ann.take('state');
    answer(ann.views.at(-1)!);
    await ann.until(() => paused, 30_000);
    const before = patched.raw.length;
    await new Promise((r) => setTimeout(r, 12_000));
    resume();
    const finals = await Promise.all([ann, whole, patched].map((c) => c.until((v) => v.over, 60_000)));

    expect(patched.raw.length).toBeGreaterThan(before);
    // Patches before the idle; after it at most one whole view (if the object was evicted), then patches again.
    const kinds = (c: Client) => c.raw.map((r) => (r.startsWith('{"type":"patch"') ? 'p' : 's')).join('');
    // Patches, with a whole view now and then: after each wake of the object (how many depends on
    // the machine's load: a busy one can see it evicted twice) and when views race a connection.
    // Whole views stay the exception: at most one message in four.
    for (const c of [patched, ann]) expect((kinds(c).match(/s/g) ?? []).length * 4, kinds(c)).toBeLessThanOrEqual(c.raw.length);
    expect(patched.raw.slice(before).filter((r) => r.startsWith('{"type":"patch"')).length).toBeGreaterThan(3);
    expect(patched.closes).toEqual([]);
    // The patched spectator saw the whole-view one's views, in order.
    const seen = whole.views;
    let at = 0;
    for (const v of patched.views) {
      while (at < seen.length && !isDeepStrictEqual(seen[at], v)) at++;
      expect(at).toBeLessThan(seen.length);
    }
    const replay = (await call(server.http, 'GET', `/api/matches/${id}/replay`)).json;
    const final = replayToEnd(replay);
    expect([...compareFinal(final, finals[0]!, 0), ...compareFinal(final, finals[2]!, null)]).toEqual([]);
    for (const c of [ann, whole, patched]) c.close();
  });
});
