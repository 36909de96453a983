// A share of the analysis's worlds: a Web Worker's (web/src/analysis/worker.ts), or all of them in
// Node. It keeps every position's outcomes in its part of each block of worlds (rounds.ts), so that
// a later round can pair a position's new worlds with its neighbours', and a decision's
// alternative with the position after the seat's own move, world by world.
import { apply, type Action, type GameState } from '../engine';
import { tally, type AnalysisPart, type Better } from './parts';
import { outcomes, sums } from './playouts';
import { blocks, nextWorlds, shareOf, type PlayoutBudget } from './rounds';

export class Share {
  /** Each block of worlds, and this share's part of it. */
  private readonly blocks: { hi: number; from: number; to: number }[];
  /** Per position, per block it has: its outcomes in this share's worlds of the block. */
  private readonly won: Float64Array[][];
  /** Per position, its worlds so far (0 before the first round). */
  worlds: number[];

  constructor(private readonly states: readonly GameState[], private readonly seed: number, private readonly budget: PlayoutBudget, part = 0, parts = 1) {
    this.blocks = blocks(budget).map(([lo, hi]) => {
      const [from, to] = shareOf(lo, hi, part, parts);
      return { hi, from, to };
    });
    this.won = states.map(() => []);
    this.worlds = states.map(() => 0);
  }

  /** How many positions gain worlds going to `next`. */
  growing(next: readonly number[]): number {
    return next.filter((n, i) => n > this.worlds[i]!).length;
  }

  /** Each position's new worlds going to `next` played out (this share's part of each new block): the round's parts. */
  grow(next: readonly number[], tick?: () => void): AnalysisPart[] {
    const before = this.worlds;
    const P = this.states[0]!.players;
    const seats = Array.from({ length: P }, (_, s) => s);
    const gained = (i: number, b: number) => before[i]! < this.blocks[b]!.hi && this.blocks[b]!.hi <= next[i]!;
    this.states.forEach((g, i) => {
      if (next[i]! <= before[i]!) return;
      this.blocks.forEach(({ from, to }, b) => {
        if (gained(i, b)) this.won[i]![b] = outcomes(g, this.seed, this.budget, from, to);
      });
      tick?.();
    });
    this.worlds = next.slice();
    const parts: AnalysisPart[] = [];
    this.blocks.forEach(({ hi, from, to }, b) => {
      const part: AnalysisPart = { from, to, positions: [], swings: [], pairs: [] };
      this.states.forEach((g, i) => {
        if (!gained(i, b)) return;
        const t = seats.map((s) => sums(this.won[i]![b]!, s, P));
        part.positions.push({ i, over: g.over, sum: t.map((x) => x.sum), squares: t.map((x) => x.squares) });
        // The swings into and out of it whose other position has these worlds too, each once.
        for (const j of [i - 1, i]) {
          if (j < 0 || j + 1 >= this.states.length || next[j]! < hi || next[j + 1]! < hi) continue;
          if (j === i - 1 && gained(j, b)) continue; // counted from j
          const d = seats.map((s) => sums(this.won[j + 1]![b]!, s, P, this.won[j]![b]!));
          part.swings.push({ i: j, sum: d.map((x) => x.sum), squares: d.map((x) => x.squares) });
        }
      });
      if (part.positions.length) parts.push(part);
    });
    return parts;
  }

  /** Each better move played out in the worlds of the position after the seat's own (all of them, this share's part): the decisions' parts. */
  pairs(actions: readonly Action[], better: readonly Better[], tick?: () => void): AnalysisPart[] {
    const P = this.states[0]!.players;
    const parts = this.blocks.map(({ from, to }): AnalysisPart => ({ from, to, positions: [], swings: [], pairs: [] }));
    for (const { index, best } of better) {
      const a = actions[index]!;
      const r = apply(this.states[index]!, { ...best, seat: a.seat } as Action);
      if (!r.ok) throw new Error(`analysis: the search chose an illegal move at action ${index}: ${r.error.message}`);
      this.blocks.forEach(({ hi, from, to }, b) => {
        if (hi > this.worlds[index + 1]!) return;
        // The same worlds as the position after the seat's own move: only the moves differ.
        const t = sums(outcomes(r.state, this.seed, this.budget, from, to), a.seat, P, this.won[index + 1]![b]!);
        parts[b]!.pairs.push({ index, ...t });
      });
      tick?.();
    }
    return parts.filter((p) => p.pairs.length);
  }
}

/** Every position played out in `share`'s worlds, round after round until no swing asks for more (rounds.ts): the parts. Only for one share of all the worlds (Node): workers' rounds are decided on all their parts, by the page. `later`: told how many positions each round after the first plays out again. */
export function allRounds(share: Share, budget: PlayoutBudget, later?: (growing: number) => void, tick?: () => void): AnalysisPart[] {
  const parts: AnalysisPart[] = [];
  let next: number[] | null = share.worlds.map(() => budget.playouts);
  while (next) {
    // Every position gains the first round's worlds; a later round, those it names.
    if (parts.length) later?.(share.growing(next));
    parts.push(...share.grow(next, tick));
    next = nextWorlds(tally(parts, next.length), budget);
  }
  return parts;
}
