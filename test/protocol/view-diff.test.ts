// The view differ written for the View's shape (shared/protocol/view-diff.ts) gives diff.ts's
// ops, op for op, for the views the server really builds (worker/match/views.ts) over random
// games with everything the server adds coming and going, and for a change to any key a view has.
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, type Action, type GameState } from '../../shared/engine';
import { diff, diffView, type DiffMemo, type View } from '../../shared/protocol';
import type { SeatRow } from '../../worker/shared/config';
import { viewsFor, type Scene } from '../../worker/match/views';
import { games } from '../engine/sizes';

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** A scene as room.ts makes one, everything the server adds drawn at random (`pick`), or all of it present (`full`). */
function sceneOf(g: GameState | null, players: number, pick: (n: number) => number, full = false): Scene {
  const seats: SeatRow[] = Array.from({ length: players }, (_, seat) => ({
    seat, kind: seat % 3 === 2 ? 'bot' : 'human', name: `P${seat}`, level: seat % 3 === 2 ? 'greedy' : null, tokenHash: null,
  }));
  const some = (n: number) => full || pick(n) === 0;
  return {
    id: 'm', players, status: !g ? 'waiting' : g.over ? 'over' : 'playing', seats,
    connected: seats.map(() => full || pick(3) > 0), state: g,
    due: g?.pending && some(2) ? { version: g.version, seat: g.pending.seat, kind: 'clock', at: 1e12, deadline: 1e12 + pick(1e6) } : null,
    standIn: seats.map(() => (some(8) ? 'greedy' : null)), botMoves: seats.map(() => pick(3)), canStandIn: seats.map(() => some(4)),
    hints: some(2) ? seats.map(() => pick(3)) : undefined, rematch: some(40) ? 'next-match' : null, seeded: some(2), rules: {
      clock: null, idleMs: 60_000, awayMs: 60_000, takeover: 'greedy', botDelayMs: 800,
    },
    ...(some(2) ? {
      rated: some(2),
      ratings: Object.fromEntries(seats.filter(() => some(2)).map((s) => [String(s.seat), { rating: 1500 + pick(100), provisional: some(2), ...(some(2) ? { change: pick(20) - 10 } : {}) }])),
    } : {}),
    ...(some(3) ? { lesson: 'first-match' } : {}),
  };
}

const same = (a: View, b: View, memo?: DiffMemo) => {
  const fast = diffView(a, b, memo);
  const generic = diff(a, b);
  if (JSON.stringify(fast) !== JSON.stringify(generic)) expect(fast).toEqual(generic);
  return generic.length;
};

describe('diffView: the view differ written for its shape', () => {
  it(`gives diff's ops for every viewer's views of ${games(40, 4)} random games, as a broadcast diffs them`, () => {
    let pairs = 0;
    let changed = 0;
    for (let seed = 1; seed <= games(40, 4); seed++) {
      const players = 2 + (seed % 3);
      const pick = lcg(seed);
      const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
      let sent = viewers.map(viewsFor(sceneOf(null, players, pick)));
      let g = createGame({ players, seed });
      for (;;) {
        const next = viewers.map(viewsFor(sceneOf(g, players, pick)));
        const memo: DiffMemo = new Map();
        viewers.forEach((_, i) => {
          changed += same(sent[i]!, next[i]!, memo) ? 1 : 0;
          pairs++;
        });
        // Now and then a viewer keeps an older view (nothing changed for it, or it joined late).
        sent = next.map((v, i) => (pick(5) ? v : sent[i]!));
        if (g.over) break;
        const moves = legalMoves(g);
        const r = apply(g, { ...moves[pick(moves.length)]!, seat: g.pending!.seat } as Action);
        if (!r.ok) throw new Error(r.error.message);
        g = r.state;
      }
    }
    expect(changed).toBeGreaterThan(pairs * 0.9);
  }, 60_000);

  it('gives diff\'s ops for a change to any key of a view, a player, a location and a minion, and for a key gone', () => {
    const pick = lcg(7);
    let g = createGame({ players: 3, seed: 11 });
    // Into play until a horde has a minion.
    while (!g.over && !g.hordes.some((h) => h.length)) {
      const moves = legalMoves(g);
      const r = apply(g, { ...moves[0]!, seat: g.pending!.seat } as Action);
      if (!r.ok) throw new Error(r.error.message);
      g = r.state;
    }
    const a = viewsFor(sceneOf(g, 3, pick, true))(g.pending!.seat);
    // A spectator's view of a scene with nothing added: what it lacks, a view may lack.
    const bare = viewsFor({ ...sceneOf(g, 3, () => 1), due: null, hints: undefined, rematch: null })(null);
    const col = a.locations.findIndex((l) => l.horde.length);
    const objects: [string, object, object, (changed: object) => View][] = [
      ['view', a, bare, (o) => o as View],
      ['player', a.players[1]!, bare.players[1]!, (o) => ({ ...a, players: a.players.map((p, i) => (i === 1 ? o : p)) }) as View],
      ['location', a.locations[col]!, bare.locations[col]!, (o) => ({ ...a, locations: a.locations.map((l, i) => (i === col ? o : l)) }) as View],
      ['minion', a.locations[col]!.horde[0]!, bare.locations[col]!.horde[0]!, (o) => ({
        ...a, locations: a.locations.map((l, i) => (i === col ? { ...l, horde: [o, ...l.horde.slice(1)] } : l)),
      }) as View],
    ];
    const optional: string[] = [];
    for (const [what, object, lean, within] of objects) {
      // Every optional key is present in `a`: a key the View gains and the differ lacks shows here.
      for (const key of Object.keys(object)) {
        if (what === 'view' && key === 'status') continue; // a waiting view goes to diff itself
        expect(same(a, within({ ...object, [key]: ['changed', key] })), `${what}.${key}`).toBeGreaterThan(0);
        if (key in lean) continue;
        optional.push(`${what}.${key}`);
        const without = within(Object.fromEntries(Object.entries(object).filter(([k]) => k !== key)));
        expect(same(a, without), `${what}.${key} gone`).toBe(1);
        expect(same(without, a), `${what}.${key} come`).toBe(1);
      }
    }
    expect(optional.sort()).toEqual(['player.rating', 'view.hand', 'view.lesson', 'view.rated', 'view.rematch', 'view.seeded']);
  });
});
