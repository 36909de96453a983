// Opt-in patches over real sockets: a socket that asked (?patch=1) gets one
// whole view, then patches that rebuild exactly the views a plain socket gets.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { View } from '../../../shared/protocol';
import type { Match } from '../../../worker/match/match';
import { connect, createMatch, join, stub } from '../helpers';

/** Run alarms until the match is over. */
async function driveToEnd(id: string, watch: { views: View[] }): Promise<void> {
  await vi.waitFor(async () => {
    if (watch.views.at(-1)?.over) return;
    await runInDurableObject(stub(id), (m: Match) => m.alarm());
    throw new Error('the match did not end');
  }, { timeout: 25_000, interval: 1 });
}

describe('patch messages', () => {
  it('rebuild the same views a plain socket gets, for a seat and for spectators', async () => {
    const id = await createMatch({ players: 3, bots: { 1: 'random', 2: 'random' }, botDelayMs: 0 });
    const a = await join(id, 'Ann');
    const plain = await connect(id);
    const patched = await connect(id, undefined, { patch: true });
    const annPlain = await connect(id, a.token);
    const annPatched = await connect(id, a.token, { patch: true });
    for (const s of [plain, patched, annPlain, annPatched]) await s.take('state');
    // Ann answers from her plain socket; her patched tab must follow.
    const answer = (v: View) => {
      if (v.pending?.seat === 0 && v.pending.options?.length) annPlain.send({ ...v.pending.options[0], version: v.version });
    };
    annPlain.onView = answer;
    answer(annPlain.views.at(-1)!);
    await driveToEnd(id, plain);
    const final = await plain.until((v) => v.over);
    await patched.until((v) => v.over);
    await annPatched.until((v) => v.over);
    await annPlain.until((v) => v.over);
    expect(patched.views.at(-1)).toEqual(final);
    expect(annPatched.views.at(-1)).toEqual(annPlain.views.at(-1));
    // Every patched view is one a plain socket saw, in the same order.
    const text = (vs: View[]) => vs.map((v) => JSON.stringify(v));
    const seen = text(plain.views);
    let at = 0;
    for (const t of text(patched.views)) {
      at = seen.indexOf(t, at);
      expect(at).toBeGreaterThanOrEqual(0);
    }
    expect(patched.raw[0]).toMatch(/^\{"type":"state"/);
    expect(patched.raw.slice(1).every((r) => r.startsWith('{"type":"patch"'))).toBe(true);
    expect(plain.raw.every((r) => r.startsWith('{"type":"state"'))).toBe(true);
    const bytes = (raw: string[]) => raw.slice(1).reduce((n, r) => n + r.length, 0) / (raw.length - 1);
    expect(bytes(patched.raw)).toBeLessThan(bytes(plain.raw) / 3);
    for (const s of [plain, patched, annPlain, annPatched]) s.close();
  });

  it('gives a patch socket that joins later a whole view first, then patches', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0 });
    const a = await join(id, 'Ann');
    const first = await connect(id, undefined, { patch: true });
    await first.take('state');
    const ann = await connect(id, a.token);
    const v0 = (await ann.take('state')).view;
    await first.take('state'); // Ann came online (a patch)
    const second = await connect(id, undefined, { patch: true });
    expect(JSON.parse(second.raw[0] ?? (await second.take('state'), second.raw[0]!)).type).toBe('state');
    ann.send({ ...v0.pending!.options![0], version: 0 });
    const [x, y] = [await first.viewAt(1), await second.viewAt(1)];
    expect(y).toEqual(x);
    expect(second.raw.at(-1)).toMatch(/^\{"type":"patch","version":1,/);
    for (const s of [first, second, ann]) s.close();
  });
});
