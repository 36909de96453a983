// The server's own fields, from a real match: what its views, summary and replay hold beyond the
// engine's view is exactly what test/protocol/fields.ts lists (and protocol-doc.test.ts checks
// docs/PROTOCOL.md names), so a field the server starts sending cannot go undocumented.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { positions, view } from '../../../shared/engine';
import { autoplay } from '../../../harness/socket';
import { keyPaths, REPLAY_PATHS, SUMMARY_PATHS, WORKER_VIEW_PATHS } from '../../protocol/fields';
import { call, connect, createMatch, join, storedState, stub } from '../helpers';

describe('the protocol\'s server fields', () => {
  it('views, the summary and the replay of a whole match hold no field the lists lack', async () => {
    const id = await createMatch({
      players: 2, bots: { 1: 'random' }, clock: 60, botDelayMs: 0, seed: 'ab'.repeat(16),
      locations: ['sunken-crypt', 'thornwood-thicket', 'hollow-throne'],
    });
    const { token } = await join(id, 'Ann', 0);
    const ann = await connect(id, token);
    const spectator = await connect(id);
    autoplay(ann, () => 0); // her first option, each decision
    // The bot moves on the alarm; run it whenever one is armed until the match is over.
    await vi.waitFor(async () => {
      if ((await storedState(id))?.over) return;
      await runDurableObjectAlarm(stub(id));
      throw new Error('not over yet');
    }, { timeout: 25_000, interval: 10 });
    expect((await call('POST', `/api/matches/${id}/rematch`, { token })).status).toBe(200);
    await ann.until((v) => v.rematch !== undefined);
    await spectator.until((v) => v.rematch !== undefined);

    const summary = await call('GET', `/api/matches/${id}`);
    expect([...keyPaths(summary.json)].sort()).toEqual([...SUMMARY_PATHS].sort());
    const replay = await call('GET', `/api/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    const replayPaths = keyPaths(replay.json);
    // No stand-in moved (Ann was there, and quick), so no action carries `standIn`.
    expect([...replayPaths].sort()).toEqual(REPLAY_PATHS.filter((p) => p !== 'actions[].standIn').sort());

    // The engine's key paths at every position of the same match, for every viewer.
    const engine = new Set<string>();
    for (const p of positions(replay.json.setup, replay.json.actions)) for (const viewer of [null, 0, 1]) keyPaths(view(p, viewer), engine);
    const served = new Set<string>();
    for (const v of [...ann.views, ...spectator.views, ...replay.json.views]) keyPaths(v, served);
    const added = [...served].filter((p) => !engine.has(p)).sort();
    expect(added).toEqual([...WORKER_VIEW_PATHS].sort());
    ann.close();
    spectator.close();
  });
});
