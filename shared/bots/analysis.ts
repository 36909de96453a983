// After a match: each seat's chance of winning after every action, and for the seats of
// people the decisions that cost them most against what the search bot would have chosen.
// Runs on the replay (setup and actions) once the match is over, so it may read the whole
// state: every hidden card is public by then. The browser runs it in a Web Worker; the
// benchmark (bench/analysis.ts) runs the same function in Node.
//
// Win chance of a position: the estimate's (evaluate.ts `winChance`, every rival's final
// score taken as a normal error around its estimate; the same for every seat, unlike the
// search's fitted leaf, which is fitted to the search's own seat) for each seat, scaled so
// the seats' chances sum to 1; at the end the winner has 1. A decision's cost: the win chance
// the seat would have had after the search bot's choice (decided from the seat's own view at
// the time, as the bot plays) less the one it had after its own, both valued the same way.
import { apply, botNonce, Keystream, positions, seedOfInteger, view, type Action, type GameState, type Move, type Seat, type Setup } from '../engine';
import { winChance } from './evaluate';
import { DEFAULT_BUDGET, searchWith, type SearchBudget } from './search';

export interface CostlyDecision {
  /** The action's index in the log: the position before it is `chances[index]`, after it `chances[index + 1]`. */
  index: number;
  seat: Seat;
  /** What the seat did. */
  chose: Move;
  /** What the search bot would have chosen. */
  best: Move;
  /** The seat's win chance after its own choice, and after the bot's. */
  had: number;
  kept: number;
  /** kept − had (> 0). */
  lost: number;
}

export interface Analysis {
  /** Per position (the start, then after each action), each seat's win chance; they sum to 1. */
  chances: number[][];
  /** Per seat, its costliest decisions, costliest first (at most `top`); empty for seats not analysed. */
  costly: CostlyDecision[][];
}

export interface AnalysisOptions {
  /** Seats whose decisions are judged (the people's); the others only get their chances. */
  seats: Seat[];
  /** Keys the search bot's randomness: the same seed gives the same analysis. */
  seed: number;
  /** Decisions kept per seat (3). */
  top?: number;
  /** The search's budget: by default the one it plays with, its 45 ms cap per decision included, so
   * that a busy machine still has the analysis in seconds. On a quiet one the work budget binds
   * first nearly always, and the same seed gives the same analysis; `ms: 0` makes sure of it. */
  budget?: SearchBudget;
  /** Called as the work goes: done of total steps. */
  progress?: (done: number, total: number) => void;
}

/** A cost below this is noise of the estimate, not a mistake worth showing. */
const NOTICEABLE = 0.005;

/** Each seat's win chance in `g`, summing to 1. */
export function chancesOf(g: GameState): number[] {
  const raw = Array.from({ length: g.players }, (_, s) => winChance(g, s));
  const sum = raw.reduce((a, b) => a + b, 0);
  return sum > 0 ? raw.map((p) => p / sum) : raw.map(() => 1 / g.players);
}

const sameMove = (a: Move, b: Move): boolean =>
  a.type === b.type && (a.type === 'play' ? b.type === 'play' && a.card === b.card && a.location === b.location : a.option === (b as { option: string }).option);

/** The move part of an action (no seat, no marks). */
export const moveOf = (a: Action): Move =>
  a.type === 'play' ? { type: 'play', card: a.card, location: a.location } : { type: 'choose', option: a.option };

export function analyse(setup: Setup, actions: readonly Action[], opts: AnalysisOptions): Analysis {
  const states = positions(setup, actions);
  const chances = states.map(chancesOf);
  const bot = searchWith(opts.budget ?? DEFAULT_BUDGET);
  const judged = new Set(opts.seats);
  const todo = actions.flatMap((a, i) => (judged.has(a.seat) && (states[i]!.pending?.kind !== 'choose-side') && hasChoice(states[i]!) ? [i] : []));
  const found: CostlyDecision[][] = Array.from({ length: setup.players }, () => []);
  const total = todo.length;
  opts.progress?.(0, total);
  for (const [done, i] of todo.entries()) {
    const g = states[i]!;
    const a = actions[i]!;
    const best = bot(view(g, a.seat), new Keystream(seedOfInteger(opts.seed), botNonce(i, a.seat)));
    const chose = moveOf(a);
    if (!sameMove(best, chose)) {
      const r = apply(g, { ...best, seat: a.seat } as Action);
      if (!r.ok) throw new Error(`analysis: the search chose an illegal move at action ${i}: ${r.error.message}`);
      const kept = chancesOf(r.state)[a.seat]!;
      const had = chances[i + 1]![a.seat]!;
      if (kept - had > NOTICEABLE) found[a.seat]!.push({ index: i, seat: a.seat, chose, best, had, kept, lost: kept - had });
    }
    opts.progress?.(done + 1, total);
  }
  const top = opts.top ?? 3;
  return { chances, costly: found.map((list) => list.sort((x, y) => y.lost - x.lost || x.index - y.index).slice(0, top)) };
}

function hasChoice(g: GameState): boolean {
  const p = g.pending;
  if (!p || g.over) return false;
  return p.kind === 'play' ? g.hands[p.seat]!.length * g.locations.length > 1 : p.options.length > 1;
}
