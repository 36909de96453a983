// The opt-in patch messages: for views of many random games, every viewer,
// applying diff(a, b) to a gives b exactly, never changes a, and is small.
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, view, viewsOf, type Action, type GameState } from '../../shared/engine';
import { applyPatch, deepEqual, diff, type DiffMemo, type View } from '../../shared/protocol';
import { games } from '../engine/sizes';

const GAMES = games(60, 3);

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** Views of one random game for every viewer, after each action, with connections and clocks coming and going. */
function gameViews(seed: number): View[][] {
  const players = 2 + (seed % 3);
  const pick = lcg(seed);
  // What the server adds to the engine's view (worker/match/views.ts), drawn at random each time.
  const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
  const byViewer: View[][] = viewers.map(() => []);
  const record = (g: GameState | null) => {
    const connected = viewers.map(() => pick(3) > 0);
    const standIn = viewers.map(() => (pick(8) ? null : 'greedy' as const));
    const clock = g?.pending && pick(2) ? { seat: g.pending.seat, deadline: new Date(1e12 + pick(1e6)).toISOString() } : null;
    viewers.forEach((viewer, i) => {
      const base = g ? view(g, viewer) : view(createGame({ players, seed }), viewer);
      const v: View = {
        ...base,
        players: base.players.map((p) => ({ ...p, kind: p.seat % 2 ? 'bot' : 'human', connected: connected[p.seat]!, standIn: standIn[p.seat]!, botMoves: pick(3), canStandIn: pick(4) === 0 })),
        clock, status: !g ? 'waiting' : g.over ? 'over' : 'playing',
      };
      // Before the deal: an empty board, as the server's waiting view.
      if (!g) Object.assign(v, { locations: [], pending: null, log: [], hero: null, sides: [] });
      byViewer[i]!.push(v);
    });
  };
  record(null);
  let g = createGame({ players, seed });
  record(g);
  while (!g.over) {
    const moves = legalMoves(g);
    const r = apply(g, { ...moves[pick(moves.length)]!, seat: g.pending!.seat } as Action);
    if (!r.ok) throw new Error(r.error.message);
    g = r.state;
    record(g);
  }
  // JSON round trip: what a client holds is what it parsed (no undefined keys).
  return byViewer.map((vs) => vs.map((v) => JSON.parse(JSON.stringify(v)) as View));
}

describe('patch: diff and apply', () => {
  it(`applyPatch(a, diff(a, b)) deep-equals b, for every step of ${GAMES} random games and every viewer`, () => {
    const sizes: number[] = [];
    let pairs = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const pick = lcg(seed * 31);
      for (const views of gameViews(seed)) {
        for (let i = 1; i < views.length; i++) {
          // The next view, and now and then one further on (a socket that skipped views gets a full one, but diff must hold anyway).
          for (const a of [views[i - 1]!, views[pick(i)]!]) {
            const b = views[i]!;
            const before = JSON.stringify(a);
            const ops = diff(a, b);
            const out = applyPatch(a, JSON.parse(JSON.stringify(ops)));
            if (JSON.stringify(out) !== JSON.stringify(b)) expect(out).toEqual(b);
            expect(JSON.stringify(a)).toBe(before);
            pairs++;
          }
          sizes.push(JSON.stringify({ type: 'patch', version: views[i]!.version, ops: diff(views[i - 1]!, views[i]!) }).length);
        }
      }
    }
    sizes.sort((x, y) => x - y);
    const median = sizes[sizes.length >> 1]!;
    console.log(`patch: ${pairs} pairs; consecutive patch bytes median ${median}, p99 ${sizes[Math.floor(sizes.length * 0.99)]}, max ${sizes.at(-1)}`);
    expect(median).toBeLessThan(1024);
  }, 60_000);

  it('gives every viewer the same ops with a broadcast\'s memo, which walks what the views share once', () => {
    let shared = 0;
    for (let seed = 1; seed <= games(20, 4); seed++) {
      const players = 2 + (seed % 3);
      const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
      const pick = lcg(seed);
      let g = createGame({ players, seed });
      let sent = viewers.map(viewsOf(g));
      while (!g.over) {
        const moves = legalMoves(g);
        const r = apply(g, { ...moves[pick(moves.length)]!, seat: g.pending!.seat } as Action);
        if (!r.ok) throw new Error(r.error.message);
        g = r.state;
        const next = viewers.map(viewsOf(g));
        const memo: DiffMemo = new Map();
        viewers.forEach((_, i) => expect(diff(sent[i], next[i], memo)).toEqual(diff(sent[i], next[i])));
        // Viewers whose last views shared a board share one walk of it.
        const boards = new Set(sent.map((v) => v!.locations)).size;
        expect(memo.get('locations')).toHaveLength(boards);
        if (boards < viewers.length) shared++;
        // Now and then a viewer keeps an older view (nothing changed for it, or it joined late): its own walk.
        sent = next.map((v, i) => (pick(5) ? v : sent[i]!));
      }
    }
    expect(shared).toBeGreaterThan(100);
  });

  it('handles the shapes the view has: keys added and removed, arrays grown, shrunk, slid and replaced', () => {
    const cases: [unknown, unknown][] = [
      [{ a: 1, b: [1, 2, 3] }, { a: 2, c: null, b: [1, 2, 3, 4] }],
      [{ hand: ['x'], pending: { options: [1] } }, { pending: null }],
      [{ log: [1, 2, 3, 4, 5] }, { log: [3, 4, 5, 6, 7] }],
      [{ log: [1, 2, 3] }, { log: [9] }],
      [[{ s: 1 }, { s: 2 }], [{ s: 1 }, { s: 3 }, { s: 4 }]],
      [[1, 2, 3, 4], [1, 4]],
      [{ x: [] }, { x: [[1], { y: 2 }] }],
      [{ r: null }, { r: { scores: [1, 2] } }],
      [1, { whole: true }],
      [{ a: undefined, b: 1 }, { b: 1 }],
    ];
    for (const [a, b] of cases) {
      const expected = JSON.parse(JSON.stringify(b));
      expect(applyPatch(a, diff(a, b))).toEqual(expected);
    }
    expect(diff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('sends an array whole when its many small changes would take more bytes, and the changes otherwise', () => {
    const small = Array.from({ length: 10 }, (_, i) => ({ x: i }));
    const changed = (n: number) => small.map((o, i) => (i < n ? { x: 100 + i } : o));
    // Every element changed: one op with the new array.
    expect(diff({ a: small }, { a: changed(10) })).toEqual([[['a'], changed(10)]]);
    // A few: an op per element, even where the array would be about as short.
    expect(diff({ a: small }, { a: changed(4) })).toEqual([0, 1, 2, 3].map((i) => [['a', i, 'x'], 100 + i]));
    // Many, but in large elements: the changes are the smaller message.
    const big = Array.from({ length: 6 }, (_, i) => ({ x: i, text: 'words that stay the same '.repeat(3) }));
    const bigB = big.map((o) => ({ ...o, x: o.x + 100 }));
    expect(diff({ a: big }, { a: bigB })).toEqual(bigB.map((o, i) => [['a', i, 'x'], o.x]));
    for (const [a, b] of [[small, changed(10)], [small, changed(4)], [big, bigB]] as const) expect(applyPatch({ a }, diff({ a }, { a: b }))).toEqual({ a: b });
  });

  it('sees a key added to an element of an array, or taken from one, wherever the element stands', () => {
    // An element is compared with its old self to find the array's unchanged head and tail: an
    // element that only gained a key (a player's `standIn` turning up, a result's `tallies`)
    // is a change, not the same element.
    const player = { seat: 0, name: 'Ann' };
    const withKey = { seat: 0, name: 'Ann', standIn: 'greedy' };
    expect(deepEqual(player, withKey)).toBe(false);
    expect(deepEqual(withKey, player)).toBe(false);
    expect(deepEqual([player], [withKey])).toBe(false);
    expect(deepEqual({ ...player, gone: undefined }, player)).toBe(true); // undefined is absent
    const other = { seat: 1, name: 'Bo' };
    const cases: [unknown, unknown][] = [
      [{ players: [player, other] }, { players: [withKey, other] }], // the head
      [{ players: [other, player] }, { players: [other, withKey] }], // the tail
      [{ players: [other, player, other] }, { players: [other, withKey, other] }], // the middle
      [{ log: [1, player, 3] }, { log: [player, 3, withKey] }], // a slid window
      [[[player]], [[withKey]]],
    ];
    for (const [a, b] of cases) {
      const ops = diff(a, b);
      expect(ops.length).toBeGreaterThan(0);
      expect(applyPatch(a, ops)).toEqual(b);
      // and back: the key taken away again.
      expect(applyPatch(b, diff(b, a))).toEqual(a);
    }
  });
});
