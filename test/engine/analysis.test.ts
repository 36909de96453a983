// The after-match analysis (shared/bots/analysis.ts) on whole bot matches, as the browser runs it.
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../shared/bots';
import { analyse, betterMoves, chancesOf, judged, partOf, valued } from '../../shared/bots/analysis';
import { combine } from '../../shared/bots/parts';
import { outcomes, pairedGain, worldOf } from '../../shared/bots/playouts';
import { playGame } from '../../shared/bots/play';
import { apply, clone, legalMoves, positions, seedOfInteger, view, type Action } from '../../shared/engine';

const bots = [BOTS.greedy, BOTS.random, BOTS.greedy, BOTS.random];
const setup = { players: 4, seed: seedOfInteger(7) };
const played = playGame(setup, bots, 7, true);
// Cheap budgets: these tests check what the function promises, not the search's strength or the
// playouts' precision.
const budget = { candidates: 3, work: 150, worlds: 8, ms: 0 };
const playouts = { playouts: 24, sample: 2, horizon: Infinity };
const run = () => analyse(setup, played.actions, { seats: [1, 3], seed: 5, budget, playouts });
const result = run();

describe('match analysis', () => {
  it('gives every position each seat a chance in [0, 1], summing to 1', () => {
    expect(result.chances).toHaveLength(played.actions.length + 1);
    for (const row of result.chances) {
      expect(row).toHaveLength(4);
      for (const p of row) expect(p >= 0 && p <= 1).toBe(true);
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
  });

  it('ends with the winner at 1 and the others at 0, certain', () => {
    const winner = played.state.result!.winner;
    expect(result.chances.at(-1)).toEqual([0, 1, 2, 3].map((s) => (s === winner ? 1 : 0)));
    expect(result.margins.at(-1)).toEqual([0, 0, 0, 0]);
  });

  it('gives every chance before the end a 95 % half-width that shrinks with more playouts', () => {
    expect(result.playouts).toBe(24);
    expect(result.margins).toHaveLength(result.chances.length);
    for (const row of result.margins.slice(0, -1)) {
      for (const m of row) expect(m > 0 && m < 0.3).toBe(true);
    }
    // A binomial's half-width at 24 worlds is at most 1.96 × 0.5 / √24 ≈ 0.2; at 96 it halves.
    const more = analyse(setup, played.actions.slice(0, 6), { seats: [], seed: 5, budget, playouts: { ...playouts, playouts: 96 } });
    const mean = (rows: number[][]) => rows.flat().reduce((a, b) => a + b, 0) / rows.flat().length;
    expect(mean(more.margins)).toBeLessThan(0.7 * mean(result.margins.slice(0, 7)));
  });

  it('judges the seats asked for: at most 3 decisions each, costliest first, each a loss beyond its margin', () => {
    expect(result.costly[0]).toEqual([]);
    expect(result.costly[2]).toEqual([]);
    const states = positions(setup, played.actions);
    // Random bots play badly: the search finds something better somewhere.
    expect(result.costly[1]!.length + result.costly[3]!.length).toBeGreaterThan(0);
    for (const seat of [1, 3]) {
      const list = result.costly[seat]!;
      expect(list.length).toBeLessThanOrEqual(3);
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.lost).toBeGreaterThanOrEqual(list[i]!.lost);
      for (const d of list) {
        expect(d.seat).toBe(seat);
        expect(played.actions[d.index]!.seat).toBe(seat);
        expect(d.had).toBeCloseTo(result.chances[d.index + 1]![seat]!, 12);
        expect(d.lost).toBeCloseTo(d.kept - d.had, 12);
        expect(d.lost).toBeGreaterThan(d.margin);
        expect(d.lost).toBeGreaterThanOrEqual(0.005); // under half a point is no lesson
        expect(d.margin).toBeGreaterThan(0);
        expect(d.best).not.toEqual(d.chose);
        expect(states[d.index]!.pending!.seat).toBe(seat);
        // What the bot would have kept is the chance after its move, in the same worlds.
        expect(legalMoves(states[d.index]!)).toContainEqual(d.best);
        const after = apply(states[d.index]!, { ...d.best, seat } as Action);
        if (!after.ok) throw new Error(after.error.message);
        const kept = outcomes(after.state, 5, playouts);
        const gain = pairedGain(kept, outcomes(states[d.index + 1]!, 5, playouts), seat, 4);
        expect(gain.gain).toBeCloseTo(d.lost, 12);
        expect(gain.margin).toBeCloseTo(d.margin, 12);
      }
    }
  });

  it('is the same for the same seed', () => {
    expect(run()).toEqual(result);
  });

  it('reports progress up to the positions valued and the decisions judged', () => {
    const seen: [number, number][] = [];
    analyse(setup, played.actions, { seats: [1], seed: 5, budget, playouts, progress: (d, t) => seen.push([d, t]) });
    const total = seen[0]![1];
    const states = positions(setup, played.actions);
    const choices = played.actions.filter((a, i) => a.seat === 1 && legalMoves(states[i]!).length > 1).length;
    // Each decision twice: the bot's choice, then the playouts of its move.
    expect(total).toBe(states.length + 2 * choices);
    expect(seen.at(-1)).toEqual([total, total]);
    expect(seen.map(([d]) => d)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
  });

  it('is the same from parts of the worlds (Web Workers) combined as from all at once', () => {
    const states = positions(setup, played.actions);
    const opts = { seats: [1, 3], seed: 5, budget, playouts };
    const better = betterMoves(states, played.actions, judged(states, played.actions, opts.seats), opts);
    const part = (from: number, to: number) =>
      partOf(states, played.actions, valued(states, 5, playouts, from, to), better, 5, playouts, from, to);
    // Out of order, and of unequal sizes: the merge orders them by their worlds.
    const merged = combine([part(17, 24), part(0, 9), part(9, 17)], played.actions, better);
    expect(merged.playouts).toBe(24);
    expect(merged.costly.map((l) => l.map((d) => [d.index, d.best]))).toEqual(result.costly.map((l) => l.map((d) => [d.index, d.best])));
    const near = (a: unknown, b: unknown): void => {
      if (typeof a === 'number') return void expect(Math.abs(a - (b as number))).toBeLessThanOrEqual(1e-12);
      if (a && typeof a === 'object') {
        expect(Object.keys(a).sort()).toEqual(Object.keys(b as object).sort());
        for (const k of Object.keys(a)) near((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]);
      } else expect(a).toEqual(b);
    };
    near(merged, result);
    expect(() => combine([part(0, 9), part(12, 24)], played.actions, better)).toThrow(/9 to 12/);
  });

  it('values a finished game by its result alone', () => {
    expect(chancesOf(played.state)[played.state.result!.winner]).toBe(1);
    expect([...outcomes(played.state, 5, playouts)].filter((x, k) => x === 1 && k % 4 === played.state.result!.winner)).toHaveLength(24);
  });

  it('orders each world\'s decks by a key per card: a card taken out leaves the others\' order alone', () => {
    // What lets the position after a draw be valued in the same worlds as the one before it.
    const g = positions(setup, played.actions)[10]!;
    const less = clone(g);
    const gone = less.decks[0]!.splice(2, 1)[0]!;
    for (const key of [1, 2, 3]) {
      const w = worldOf(g, key);
      expect(worldOf(less, key).decks[0]).toEqual(w.decks[0]!.filter((id) => id !== gone));
      expect([...w.decks[0]!].sort()).toEqual([...g.decks[0]!].sort());
      expect(w.hands).toEqual(g.hands);
    }
    expect(worldOf(g, 1).heroDeck).not.toEqual(worldOf(g, 2).heroDeck);
  });
});

describe('a hinted action', () => {
  it('logs the hint before the decision and counts it for the seat, in views too', () => {
    const states = positions(setup, played.actions);
    const i = played.actions.findIndex((a) => a.seat === 2);
    const r = apply(states[i]!, { ...played.actions[i]!, hinted: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events[0]!.text).toBe('Seat 3 used a hint.');
    expect(r.state.hints).toEqual([0, 0, 1, 0]);
    expect(view(r.state, null).players.map((p) => p.hints)).toEqual([0, 0, 1, 0]);
    expect(view(states[i + 1]!, null).players[2]!.hints).toBe(0);
  });
});
