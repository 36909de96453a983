// The after-match analysis (shared/bots/analysis.ts) on whole bot matches, as the browser runs it.
import { describe, expect, it } from 'vitest';
import { SLOW } from '../slow';
import { BOTS } from '../../shared/bots';
import { analyse, betterMoves, chancesOf, judged } from '../../shared/bots/analysis';
import { combine, tally, type AnalysisPart } from '../../shared/bots/parts';
import { outcomes, pairedGain, worldOf } from '../../shared/bots/playouts';
import { blocks, nextWorlds, swingError } from '../../shared/bots/rounds';
import { Share } from '../../shared/bots/share';
import { playGame } from '../../shared/bots/play';
import { apply, clone, legalMoves, positions, seedOfInteger, view, type Action } from '../../shared/engine';

const bots = [BOTS.greedy, BOTS.random, BOTS.greedy, BOTS.random];
const setup = { players: 4, seed: seedOfInteger(7) };
const played = playGame(setup, bots, 7, true);
// Cheap budgets: these tests check what the function promises, not the search's strength or the
// playouts' precision. Blocks of worlds 24, 30, 38, 48, 60: a target that some swings' errors
// exceed, so that positions get different worlds.
const budget = { candidates: 3, work: 150, worlds: 8, ms: 0 };
const playouts = { playouts: 24, most: 60, target: 0.09, sample: 2, horizon: Infinity };
const uniform = (n: number) => ({ ...playouts, playouts: n, most: n });
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
    expect(result.worlds).toHaveLength(result.chances.length);
    expect(result.playouts).toBe(Math.min(...result.worlds));
    expect(result.margins).toHaveLength(result.chances.length);
    for (const row of result.margins.slice(0, -1)) {
      for (const m of row) expect(m > 0 && m < 0.3).toBe(true);
    }
    // A binomial's half-width at 24 worlds is at most 1.96 × 0.5 / √24 ≈ 0.2; at 96 it halves.
    const few = analyse(setup, played.actions.slice(0, 6), { seats: [], seed: 5, budget, playouts: uniform(24) });
    const more = analyse(setup, played.actions.slice(0, 6), { seats: [], seed: 5, budget, playouts: uniform(96) });
    expect(few.worlds).toEqual(Array(7).fill(24));
    const mean = (rows: number[][]) => rows.flat().reduce((a, b) => a + b, 0) / rows.flat().length;
    expect(mean(more.margins)).toBeLessThan(0.7 * mean(few.margins));
  });

  it('plays out more worlds where a swing is unsure, until every swing is within the target or has the most', SLOW, () => {
    const ends = blocks(playouts).map(([, hi]) => hi);
    expect(ends).toEqual([24, 30, 38, 48, 60]);
    for (const n of result.worlds) expect(ends).toContain(n);
    expect(new Set(result.worlds).size).toBeGreaterThan(1);
    const states = positions(setup, played.actions);
    const share = new Share(states, 5, playouts);
    const t = tally(share.grow(result.worlds), states.length);
    expect(nextWorlds(t, playouts)).toBeNull();
    t.swings.forEach((d, i) => {
      const a = t.positions[i]!;
      const b = t.positions[i + 1]!;
      for (let s = 0; s < 4; s++) {
        if (swingError(a, b, d, s) > playouts.target) expect(Math.min(a.n, b.n)).toBe(60);
      }
    });
  });

  it('gives a swing the standard error of its positions\' means, paired on the worlds they share', () => {
    // Two positions of 4 and 8 worlds, one seat: a's outcomes 1 0 1 0, b's 1 1 0 0 1 0 1 0.
    const a = { n: 4, sum: [2], squares: [2] };
    const b = { n: 8, sum: [4], squares: [4] };
    const d = { n: 4, sum: [0], squares: [2] }; // b − a on the shared worlds: 0 1 −1 0
    // Var(d) = 2/3, Var(a) = 1/3: 2/3 / 8 + 1/3 × (1/4 − 1/8).
    expect(swingError(a, b, d, 0)).toBeCloseTo(Math.sqrt(2 / 3 / 8 + (1 / 3) * (1 / 8)), 12);
    expect(swingError(b, a, d, 0)).toBeCloseTo(swingError(a, b, d, 0), 12);
    // As many worlds: the paired differences' alone.
    expect(swingError(a, a, d, 0)).toBeCloseTo(Math.sqrt(2 / 3 / 4), 12);
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
        // In the worlds of the position after the seat's own move.
        const n = result.worlds[d.index + 1]!;
        const kept = outcomes(after.state, 5, playouts, 0, n);
        const gain = pairedGain(kept, outcomes(states[d.index + 1]!, 5, playouts, 0, n), seat, 4);
        expect(gain.gain).toBeCloseTo(d.lost, 12);
        expect(gain.margin).toBeCloseTo(d.margin, 12);
      }
    }
  });

  it('is the same for the same seed', SLOW, () => {
    expect(run()).toEqual(result);
  });

  it('reports progress up to the positions valued, again in each round, and the decisions judged', SLOW, () => {
    const seen: [number, number][] = [];
    analyse(setup, played.actions, { seats: [1], seed: 5, budget, playouts, progress: (d, t) => seen.push([d, t]) });
    const states = positions(setup, played.actions);
    const choices = played.actions.filter((a, i) => a.seat === 1 && legalMoves(states[i]!).length > 1).length;
    // Each decision twice: the bot's choice, then the playouts of its move; each position once a
    // round it gains worlds in: the total grows with the rounds.
    expect(seen[0]).toEqual([0, states.length + 2 * choices]);
    const total = seen.at(-1)![1];
    expect(total).toBe(states.length + 2 * choices + result.worlds.reduce((x, n) => x + blocks(playouts).filter(([lo]) => lo > 0 && lo < n).length, 0));
    expect(seen.at(-1)).toEqual([total, total]);
    expect(seen.map(([d]) => d)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
    for (let i = 1; i < seen.length; i++) expect(seen[i]![1]).toBeGreaterThanOrEqual(seen[i - 1]![1]);
  });

  it('is the same from shares of the worlds (Web Workers), their rounds decided on their sums added, as from all at once', SLOW, () => {
    const states = positions(setup, played.actions);
    const opts = { seats: [1, 3], seed: 5, budget, playouts };
    const better = betterMoves(states, played.actions, judged(states, played.actions, opts.seats), opts);
    // Three workers, as the page drives them (web/src/analysis/workers.ts); blocks of 6 and 8 worlds split unequally.
    const shares = [0, 1, 2].map((j) => new Share(states, 5, playouts, j, 3));
    const parts: AnalysisPart[] = [];
    let next: number[] | null = states.map(() => 24);
    while (next) {
      for (const sh of shares) parts.push(...sh.grow(next));
      next = nextWorlds(tally(parts, states.length), playouts);
    }
    for (const sh of shares) parts.push(...sh.pairs(played.actions, better));
    // Out of order: the merge orders them by their worlds. The sums are whole numbers (outcomes
    // are 0 or 1), so the rounds and the result are exactly those of one share.
    const merged = combine(parts.reverse(), played.actions, better);
    expect(merged).toEqual(result);
    const gap = parts.findIndex((p) => p.from === 8 && p.positions.length);
    expect(() => combine(parts.filter((_, k) => k !== gap), played.actions, better)).toThrow(/8 to 16/);
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
