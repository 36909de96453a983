// One structured log line per match event (worker/shared/log.ts): created, started and ended, each with
// the match id and what an operator would chart, and nothing secret (no seed, no token).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMatch, driveToEnd, join } from '../helpers';

afterEach(() => { vi.restoreAllMocks(); });

const events = (log: { mock: { calls: unknown[][] } }, id: string) => log.mock.calls
  .map((c) => String(c[0])).filter((l) => l.startsWith('{"event":'))
  .map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.match === id);

describe('match events', () => {
  it('logs created, started and ended once each, with the match id and durations', async () => {
    const log = vi.spyOn(console, 'log');
    const id = await createMatch({ players: 2, bots: { 1: 'random' }, botDelayMs: 0, awayMs: 0 });
    const ann = await join(id, 'Ann');
    expect(events(log, id).map((e) => e.event)).toEqual(['created', 'started']);
    const [created, started] = events(log, id);
    expect(created).toMatchObject({ players: 2, bots: 1, public: false, seeded: false, rematch: false });
    expect(started).toMatchObject({ players: 2, waitedMs: expect.any(Number) });
    // Ann never connects: with no grace period her stand-in plays, and the match runs to its end on alarms.
    const final = await driveToEnd(id);
    const ended = events(log, id).filter((e) => e.event === 'ended');
    expect(ended).toEqual([{ event: 'ended', at: expect.any(Number), match: id, actions: final.version, sinceCreatedMs: expect.any(Number) }]);
    // Nothing secret in any of them.
    const text = JSON.stringify(events(log, id));
    expect(text).not.toContain(ann.token);
    expect(text).not.toMatch(/"seed"|[0-9a-f]{64}/);
  });
});
