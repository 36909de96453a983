// The `search` bot: information-set Monte Carlo over its best candidates.
//
// 1. Candidates: its options ranked by the greedy bot (one step ahead, in one world dealt
//    from its own view); the best `candidates` go on.
// 2. Worlds: each round deals a new world from its own view (world.ts: the cards it has
//    not seen, dealt at random; nothing else). Every candidate is played in that same
//    world (common random numbers: candidates are compared on equal footing), then every
//    seat answers with the greedy policy — the bot's own follow-up choices and its rivals'
//    whole turns — until the bot is about to play its next turn. There the playout is
//    scored by the best move the bot would then make, valued by its chance of winning
//    (leaf.ts `leafChance`: fitted to the search's own games where a fit exists, else
//    evaluate.ts `winChance`).
// 3. Racing: from the third world on, a candidate that clearly trails the leader (by more
//    than a standard error of their difference over the same worlds) is dropped, so the
//    budget goes to the moves still in question, and a decision with one clear best move
//    ends early.
// 4. The candidate with the best total over the worlds is played.
// In two players a round is short, and the budget there has a shape of its own
// (DEFAULT_BUDGET.byPlayers: playouts through two turns, halving). The budget is counted in
// work (engine steps and evaluations; a step with an attack or the end of the game counts
// three), so a decision depends on the view and the rng alone. A time cap (45 ms by default;
// DARKMOOR_SEARCH_MS overrides it, 0 = none) stops it early on a slow or busy machine; it
// reads the wall clock, and under Node also the process's CPU time. See docs/BOTS.md for the
// strength and the cost.
import { clone, legalMoves, step, type Action, type GameState, type Move, type Rng, type Seat, type View } from '../engine';
import { evaluate } from './evaluate';
import { greedyBot, rank, type Evaluator } from './greedy';
import { leafChance } from './leaf';
import { determinize } from './world';

export interface SearchBudget {
  /** Candidates kept from the greedy ranking. */
  candidates: number;
  /**
   * Work per decision, per player plus one (a playout spans a round, so its cost grows with
   * the number of players).
   */
  work: number;
  /** Worlds at most. */
  worlds: number;
  /** Time cap per decision in milliseconds, 0 for none; DARKMOOR_SEARCH_MS overrides it. */
  ms: number;
  /** Drop candidates whose greedy value trails the best by more than this (estimated VP of lead); Infinity keeps all. */
  prune?: number;
  /** Playouts run through this many of the bot's next turns (1: to its next turn). */
  rounds?: number;
  /** With at most this many heroes left, playouts run to the end of the game. */
  endgame?: number;
  /** Own consecutive choices the playout policy looks through (default 2; 3 is the greedy bot's). */
  depth?: number;
  /** After this many worlds, keep the better half of the candidates (successive halving); 0 or absent: never. */
  halving?: number;
  /**
   * Racing: from the third world on, drop a candidate whose mean value trails the leader's by
   * more than this many standard errors of their difference, world by world; the decision ends
   * when one is left. 0 or absent: never.
   */
  race?: number;
  /** What changes for a number of players (a two-player round is short: room for more). */
  byPlayers?: Record<number, Partial<Omit<SearchBudget, 'byPlayers' | 'ms'>>>;
}

export const DEFAULT_BUDGET: SearchBudget = {
  candidates: 7, work: 4200, worlds: 64, ms: 45, race: 1,
  byPlayers: { 2: { work: 3000, rounds: 2, candidates: 8, halving: 2, race: 0 } },
};

export interface Candidate { move: Move; total: number; values: number[] }

/** Worlds every candidate sees before racing may drop one. */
const RACE_FROM = 3;

/**
 * The candidates still in the race: the leader, and those whose mean trails it by at most `z`
 * standard errors of the difference over the same worlds (common random numbers make the
 * difference far less noisy than either value). One that scored exactly the leader's value in
 * every world is the same move for all the search can tell, and goes too.
 */
export function race(candidates: Candidate[], z: number): Candidate[] {
  let lead = candidates[0]!;
  for (const c of candidates) if (c.total > lead.total) lead = c;
  const n = lead.values.length;
  return candidates.filter((c) => {
    if (c === lead) return true;
    let sum = 0;
    let squares = 0;
    for (let k = 0; k < n; k++) {
      const d = lead.values[k]! - c.values[k]!;
      sum += d;
      squares += d * d;
    }
    const mean = sum / n;
    const se = Math.sqrt(Math.max(0, squares / n - mean * mean) / (n - 1));
    return se > 0 && mean <= z * se;
  });
}

/** Own consecutive choices the playout policy looks through by default (a Familiar's second card, say). */
const DEPTH = 2;

/** What the last decision did, for the benchmark. */
export const lastSearch = { worlds: 0, work: 0, capped: false };

/** Work done in the current decision. */
let work = 0;

/**
 * Apply a move in place, counting its work. The move goes to `step` as it is: inside a world
 * nothing checks who sends it (only `refuse` reads the seat), and copying every move to put
 * the seat on it took about a quarter of the search's time.
 */
function play(g: GameState, m: Move): void {
  const attacks = g.attacks;
  step(g, m as Action);
  work += 1 + (g.attacks !== attacks ? 2 : 0) + (g.over ? 2 : 0);
}

function counted(ev: Evaluator): Evaluator {
  return (g, seat) => {
    work++;
    return ev(g, seat);
  };
}

/** Value for `seat` of playing `m` in `g`, looking through up to `depth` of its own consecutive choices. */
function value(g: GameState, seat: Seat, m: Move, depth: number, ev: Evaluator): number {
  const next = clone(g);
  play(next, m);
  const p = next.pending;
  if (!p || next.over || p.seat !== seat || p.kind === 'play' || depth <= 1) return ev(next, seat);
  let best = -Infinity;
  for (const m2 of legalMoves(next)) best = Math.max(best, value(next, seat, m2, depth - 1, ev));
  return best;
}

/** The greedy policy's choice for whoever decides in `g` (a sampled world: every card known). */
function policyMove(g: GameState, ev: Evaluator, depth: number): Move {
  const seat = g.pending!.seat;
  const moves = legalMoves(g);
  let best = moves[0]!;
  if (moves.length === 1) return best;
  let bestValue = -Infinity;
  for (const m of moves) {
    const v = value(g, seat, m, depth, ev);
    if (v > bestValue) {
      bestValue = v;
      best = m;
    }
  }
  return best;
}

/** Play on with the greedy policy until `seat` is about to play a turn (or the game ends). */
function playout(g: GameState, seat: Seat, ev: Evaluator, rounds: number, depth: number): void {
  let turns = 0;
  for (let guard = 0; !g.over && guard < 1000; guard++) {
    const p = g.pending!;
    if (p.kind === 'play' && p.seat === seat && ++turns >= rounds) return;
    g.log = []; // nobody reads it here, and a short log is cheap to copy
    play(g, policyMove(g, ev, depth));
  }
}

/** The value of the best move of `seat` if it is to play, else of the position. */
function leaf(g: GameState, seat: Seat, ev: Evaluator, depth: number): number {
  const p = g.pending;
  if (g.over || !p || p.seat !== seat) return ev(g, seat);
  let best = -Infinity;
  for (const m of legalMoves(g)) best = Math.max(best, value(g, seat, m, depth, ev));
  return best;
}

interface NodeProcess {
  env?: Record<string, string | undefined>;
  cpuUsage?: (since?: { user: number; system: number }) => { user: number; system: number };
}
const nodeProcess = (globalThis as { process?: NodeProcess }).process;

/** The cap in ms: DARKMOOR_SEARCH_MS if set (where there is an environment), else the budget's; 0 = none. */
function capMs(budget: SearchBudget): number {
  const raw = nodeProcess?.env?.DARKMOOR_SEARCH_MS;
  const ms = raw === undefined || raw === '' ? budget.ms : Number(raw);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/**
 * A stopwatch: milliseconds since it was started by the wall clock or, under Node, by the
 * process's CPU time when that runs ahead (V8's collector and compiler threads work beside
 * the bot), so the cap bounds what a decision costs in CPU as well as in time.
 */
function stopwatch(): () => number {
  const w0 = performance.now();
  let c0: { user: number; system: number } | undefined;
  try {
    c0 = nodeProcess?.cpuUsage?.();
  } catch {
    c0 = undefined;
  }
  return () => {
    const wall = performance.now() - w0;
    if (!c0) return wall;
    const c = nodeProcess!.cpuUsage!(c0);
    return Math.max(wall, (c.user + c.system) / 1000);
  };
}

/** A search bot with this budget: `policy` plays the playouts, `score` values where they stop. */
export function searchWith(general: SearchBudget, policy: Evaluator = evaluate, score: Evaluator = leafChance) {
  const ev = counted(policy);
  const sc = counted(score);
  return (view: View, rng: Rng): Move => {
    const options = view.pending?.options;
    if (!options?.length) throw new Error('searchBot: this view holds no decision of its own');
    if (options.length === 1 || view.pending!.kind === 'choose-side') return greedyBot(view, rng);
    const budget: SearchBudget = { ...general, ...general.byPlayers?.[view.players.length] };
    const seat = view.you!;
    const ms = capMs(budget);
    const elapsed = ms ? stopwatch() : null;
    work = 0;
    lastSearch.worlds = 0;
    lastSearch.capped = false;
    const ranked = rank(view, rng, policy);
    const floor = ranked[0]!.value - (budget.prune ?? Infinity);
    let candidates: Candidate[] = ranked.slice(0, budget.candidates).filter((c) => c.value >= floor)
      .map((c) => ({ move: c.move, total: 0, values: [] }));
    const rounds = view.heroesLeft + (view.hero ? 1 : 0) <= (budget.endgame ?? -1) ? Infinity : (budget.rounds ?? 1);
    if (candidates.length === 1) return candidates[0]!.move;
    const depth = budget.depth ?? DEPTH;
    const allowed = budget.work * (view.players.length + 1);
    let worlds = 0;
    // Work of the candidates' playouts so far, and how many: what one more world costs, for
    // however many candidates are left.
    let played = 0;
    let plays = 0;
    while (worlds < budget.worlds) {
      // Another world only if it fits the budget, judged by the playouts so far.
      if (plays && work + 2 + (candidates.length * played) / plays > allowed) break;
      // And the time cap, judged the same way: a world cut short is dropped, so starting one
      // that cannot finish would only spend time.
      if (elapsed && plays) {
        const t = elapsed();
        if (t + (candidates.length * t) / plays > ms) {
          lastSearch.capped = true;
          break;
        }
      }
      const world = determinize(view, rng);
      work += 2;
      const values: number[] = [];
      for (const c of candidates) {
        if (worlds && elapsed && elapsed() > ms) break;
        const before = work;
        const g = clone(world);
        play(g, c.move);
        playout(g, seat, ev, rounds, depth);
        values.push(leaf(g, seat, sc, depth));
        played += work - before;
        plays++;
      }
      if (values.length < candidates.length) {
        lastSearch.capped = true; // an unfinished world is dropped: every candidate saw the same worlds
        break;
      }
      candidates.forEach((c, i) => {
        c.total += values[i]!;
        c.values.push(values[i]!);
      });
      worlds++;
      if (worlds === budget.halving && candidates.length > 2) {
        // Spend the rest of the budget on the better half (ties keep the greedy order).
        candidates = candidates.slice().sort((a, b) => b.total - a.total).slice(0, Math.ceil(candidates.length / 2));
      }
      if (budget.race && worlds >= RACE_FROM) {
        candidates = race(candidates, budget.race);
        if (candidates.length === 1) break;
      }
    }
    lastSearch.worlds = worlds;
    lastSearch.work = work;
    let best = candidates[0]!;
    for (const c of candidates) if (c.total > best.total) best = c;
    return best.move;
  };
}

export const searchBot = searchWith(DEFAULT_BUDGET);

/** The budget the default bot runs with here (with the cap as DARKMOOR_SEARCH_MS leaves it). */
export const searchConfig = (): SearchBudget => ({ ...DEFAULT_BUDGET, ms: capMs(DEFAULT_BUDGET) });
