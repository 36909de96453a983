// Spectators belong (docs/PROTOCOL.md, "Watchers"): a spectator may give a name on its socket,
// checked by the players' name rules and against the table's and the crowd's names; sockets that
// opt in hear the count and the names; and a spectator takes an open seat by the ordinary join.
// (Spectators' reactions and their budgets: spectators.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_BAD_NAME } from '../../../worker/match/sockets/watchers';
import { call, connect, createMatch, eventually, join, type Sock } from '../helpers';

const watchersOf = async (s: Sock, ok: (m: { count: number; names: string[] }) => boolean) => {
  let last: { count: number; names: string[] } | undefined;
  await vi.waitFor(() => {
    last = s.raw.map((t) => JSON.parse(t)).filter((m) => m.type === 'watchers').at(-1);
    if (!last || !ok(last)) throw new Error(`watchers: ${JSON.stringify(last)}`);
  }, { timeout: 5000, interval: 20 });
  return last!;
};

const watch = (id: string, query: Record<string, string> = {}) => connect(id, undefined, { query: { watchers: '1', ...query } });

describe('who watches', () => {
  it('lists the names given and counts the anonymous, as spectators come and go', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token, { query: { watchers: '1' } });
    const cy = await watch(id, { name: '  Cy\u200B ' });
    const anon = await watch(id);
    const dee = await watch(id, { name: 'Dee' });
    // A socket that did not opt in never meets the message type.
    const plain = await connect(id);
    for (const s of [ann, cy, anon, dee]) {
      expect(await watchersOf(s, (m) => m.count === 4)).toEqual({ type: 'watchers', count: 4, names: ['Cy', 'Dee'] });
    }
    dee.close();
    for (const s of [ann, cy, anon]) expect((await watchersOf(s, (m) => m.count === 3)).names).toEqual(['Cy']);
    await plain.take('state');
    expect(plain.raw.some((t) => t.includes('"watchers"'))).toBe(false);
    for (const s of [ann, cy, anon, plain]) s.close();
  });

  it('refuses a name the rules refuse, or one that reads like a player\'s or another spectator\'s, and lists none of them', async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'greedy' } });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token, { query: { watchers: '1' } });
    const cy = await watch(id, { name: 'Cy' });
    await watchersOf(ann, (m) => m.count === 1);
    const cases: [string, string][] = [
      ['\u200B\u200B', 'bad-request'], ['x'.repeat(25), 'bad-request'], ['ＡＮＮ', 'name-taken'],
      ['greedy bot 2', 'name-taken'], ['cy', 'name-taken'],
      // A spectator passing for a player with invisible characters or another script's letters.
      ['Ann\u200D', 'name-taken'], ['A\uFE0Fnn', 'name-taken'], ['\u0410nn', 'name-taken'], ['C\u17B4y', 'name-taken'],
    ];
    for (const [name, code] of cases) {
      const s = await watch(id, { name });
      expect(await s.take('error')).toMatchObject({ type: 'error', code });
      await eventually(() => expect(s.closed?.code).toBe(CLOSE_BAD_NAME));
    }
    // None of them was ever counted or listed.
    await new Promise((r) => setTimeout(r, 600));
    const told = ann.raw.map((t) => JSON.parse(t)).filter((m) => m.type === 'watchers');
    // Told on the player's own arrival (nobody watching yet), then Cy's, and nothing after.
    expect(told[0]).toEqual({ type: 'watchers', count: 0, names: [] });
    expect(told.length).toBeGreaterThan(1);
    expect(told.slice(1).every((m) => m.count === 1 && JSON.stringify(m.names) === '["Cy"]')).toBe(true);
    for (const s of [ann, cy]) s.close();
  });
});

describe('stepping in', () => {
  it('a spectator of a waiting match takes its open seat through the ordinary join, and plays it', async () => {
    const id = await createMatch({ players: 2 });
    const a = await join(id, 'Ann');
    const ann = await connect(id, a.token);
    const cy = await connect(id);
    const waiting = await cy.until((v) => v.status === 'waiting');
    expect(waiting.players.map((p) => p.kind)).toEqual(['human', 'open']);
    const seat = await join(id, 'Cy');
    expect(seat.seat).toBe(1);
    // The spectator's socket sees the match start; its new seat's socket gets a hand.
    await cy.until((v) => v.status === 'playing' && v.players[1]!.name === 'Cy');
    const me = await connect(id, seat.token);
    const v = await me.until((x) => x.you === 1 && Array.isArray(x.hand));
    expect(v.hand!.length).toBeGreaterThan(0);
    // The seats are all taken now: the next spectator to try is told so.
    const r = await call('POST', `/api/matches/${id}/join`, { name: 'Dee' });
    expect(r.json.error.code).toBe('full');
    for (const s of [ann, cy, me]) s.close();
  });
});
