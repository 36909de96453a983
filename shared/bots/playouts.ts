// Win chances by playouts, for the after-match analysis (analysis.ts): from a position, the game
// is played to its end in `playouts` worlds, and a seat's chance is the share of them it wins
// (the engine's winner: ties as the rules break them).
//
// A world is the position with what nobody at the table knew put in an order of its own: every
// seat's deck and the hero deck (and, before the deal, the deal itself). Hands stay as they are:
// each is known to its holder. The playout policy is greedy on the estimate (evaluate.ts), over
// a sample of the legal moves drawn at random: cheap, and a real player's mix of sense and chance.
//
// Common random numbers: world k of every position uses the same randomness, so that two
// positions differ in their values only by how they differ, not by the luck of their worlds.
//   - A deck is ordered by a key per card (a hash of the seed, k and the card's id), so taking a
//     card out leaves the others' order alone: world k after a draw is world k before it, less
//     the card the draw revealed.
//   - The policy's randomness at a decision is a hash of the seed, k and the action's number, so
//     a position and the one after a forced move, or two positions after different moves, play
//     their worlds with the same dice from there on.
// A forced move then moves a chance only by what it reveals, and a decision's cost (its effect on
// the same worlds) has a spread far below either chance's.
import { clone, moveAt, moveCount, step, type GameState } from '../engine';
import { evaluate, winChance } from './evaluate';
import { paired, share } from './parts';
import { PLAYOUTS, type PlayoutBudget } from './rounds';

export { PLAYOUTS, type PlayoutBudget } from './rounds';

/** An avalanche of 32 bits (murmur3's finaliser). */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Random 32 bits for (a, b): the same pair gives the same bits. */
export const mix = (a: number, b: number): number => fmix((a ^ Math.imul(b + 0x9e3779b9, 0x27d4eb2f)) >>> 0);

const idHashes = new Map<string, number>();
/** A card's id as 32 bits (FNV-1a), kept: ids are few. */
function idHash(id: string): number {
  let h = idHashes.get(id);
  if (h !== undefined) return h;
  h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  idHashes.set(id, (h >>>= 0));
  return h;
}

/** `pile` in place, ordered by each card's key in world `key`. */
function order(pile: string[], key: number): void {
  if (pile.length < 2) return;
  const keyed = pile.map((id) => [mix(key, idHash(id)), id] as const).sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < pile.length; i++) pile[i] = keyed[i]![1];
}

/** World `key` of `g`: its decks and hero deck in the world's order; a deal still to come, dealt by the world's own generator. */
export function worldOf(g: GameState, key: number): GameState {
  const w = copy(g);
  w.log = [];
  for (const deck of w.decks) order(deck, key);
  order(w.heroDeck, key);
  if (w.rng !== null) w.rng = mix(key, 0x5eed);
  return w;
}

// States a playout is done with, reused: copying a candidate into arrays already made spares a
// clone's allocations, and the garbage collector's work after them (the playouts' largest cost).
const spare: GameState[] = [];

const refill = <T>(to: T[], from: readonly T[]): T[] => {
  let i = 0;
  for (; i < from.length; i++) to[i] = from[i]!;
  if (to.length > i) to.length = i; // setting the length costs: only to cut
  return to;
};
const refillRows = <T>(to: T[][], from: readonly T[][]): T[][] => {
  let i = 0;
  for (; i < from.length; i++) to[i] = refill(to[i] ?? [], from[i]!);
  if (to.length > i) to.length = i;
  return to;
};

/** Tokens by card, as the engine keeps them (no prototype). */
function tokens(from: Record<string, number>): Record<string, number> {
  const m = Object.create(null) as Record<string, number>;
  for (const id in from) m[id] = from[id]!;
  return m;
}

/** A copy of `g` as `clone` makes it, in a spare state's arrays when there is one. */
function copy(g: GameState): GameState {
  const d = spare.pop();
  if (!d) return clone(g);
  const { locations, sideCards, hordes, havens, hands, decks, discards, heldVP, heroDeck, pastHeroes } = d;
  Object.assign(d, g);
  d.locations = refill(locations, g.locations);
  d.sideCards = refill(sideCards, g.sideCards);
  d.hordes = refillRows(hordes, g.hordes);
  d.havens = refillRows(havens, g.havens);
  d.hands = refillRows(hands, g.hands);
  d.decks = refillRows(decks, g.decks);
  d.discards = refillRows(discards, g.discards);
  d.heldVP = refill(heldVP, g.heldVP);
  d.heroDeck = refill(heroDeck, g.heroDeck);
  d.pastHeroes = refill(pastHeroes, g.pastHeroes);
  d.vpOn = tokens(g.vpOn);
  d.perilOn = tokens(g.perilOn);
  d.attack = g.attack && { ...g.attack, defeated: g.attack.defeated.slice(), done: g.attack.done.slice(), queue: g.attack.queue.slice() };
  d.tasks = g.tasks.slice();
  d.log = [];
  return d;
}

/**
 * One step of the policy in `g`, world `key`: the best of a random sample of the legal moves, by
 * the decider's estimated lead. Returns the state after it: `g` itself, stepped, when there is no
 * weighing to do; else the best candidate's own copy, stepped and weighed already (stepping `g`
 * again would repeat its work), and `g` and the other candidates go to the spares.
 */
function policyStep(g: GameState, key: number, sample: number): GameState {
  const n = moveCount(g);
  if (n === 1) return step(g, moveAt(g, 0)), g;
  const u = mix(key, g.version);
  const start = u % n;
  // Before the deal there is nothing to estimate: a side at random.
  if (g.pending!.kind === 'choose-side') return step(g, moveAt(g, start)), g;
  const seat = g.pending!.seat;
  const tries = Math.min(n, sample);
  let best: GameState | null = null;
  let bestValue = -Infinity;
  for (let t = 0; t < tries; t++) {
    // Spread over the list (cards × locations), not a run of one card's locations.
    const i = (start + Math.floor((t * n) / tries)) % n;
    const c = copy(g);
    step(c, moveAt(c, i));
    const v = evaluate(c, seat);
    if (v > bestValue || best === null) {
      if (best) spare.push(best);
      bestValue = v;
      best = c;
    } else spare.push(c);
  }
  spare.push(g);
  return best!;
}

/** Each seat's chance in world `key` of `g`, into `out` at `at`: played to the end by the policy (1 for the winner), or for `horizon` turns and then the estimate's. */
export function playout(g: GameState, key: number, budget: PlayoutBudget, out: Float64Array, at: number): void {
  let w = g.over ? g : worldOf(g, key);
  let turns = 0;
  for (let guard = 0; !w.over && guard < 2000; guard++) {
    if (w.pending!.kind === 'play' && ++turns > budget.horizon) break;
    w.log = []; // nobody reads it, and a short log is cheap to copy
    w = policyStep(w, key, budget.sample);
  }
  const P = g.players;
  if (w.over) {
    for (let s = 0; s < P; s++) out[at + s] = w.result!.winner === s ? 1 : 0;
  } else {
    let sum = 0;
    for (let s = 0; s < P; s++) sum += out[at + s] = winChance(w, s);
    for (let s = 0; s < P; s++) out[at + s] = sum > 0 ? out[at + s]! / sum : 1 / P;
  }
  if (w !== g) spare.push(w); // the world's own copy: nobody else holds it
}

/** The world of number k under `seed`. */
export const worldKey = (seed: number, k: number): number => mix(seed >>> 0, k);

/** Each seat's chance in worlds `from` ≤ k < `to` of `g` (by default all the budget's; the same worlds for every position): world k's at (k − from) × players. */
export function outcomes(g: GameState, seed: number, budget: PlayoutBudget = PLAYOUTS, from = 0, to = budget.playouts): Float64Array {
  const P = g.players;
  const out = new Float64Array((to - from) * P);
  for (let k = from; k < to; k++) playout(g, worldKey(seed, k), budget, out, (k - from) * P);
  return out;
}

/** Seat `seat`'s Σ and Σ² over the worlds of `v` (or of `a` − `b`, the same worlds). */
export function sums(v: Float64Array, seat: number, players: number, b?: Float64Array): { sum: number; squares: number } {
  let sum = 0;
  let squares = 0;
  for (let k = seat; k < v.length; k += players) {
    const x = b ? v[k]! - b[k]! : v[k]!;
    sum += x;
    squares += x * x;
  }
  return { sum, squares };
}

/** Each seat's mean over the worlds, and its 95 % half-width (parts.ts `share`). */
export function sharesOf(v: Float64Array, players: number): { chances: number[]; margins: number[] } {
  const n = v.length / players;
  const each = Array.from({ length: players }, (_, s) => {
    const t = sums(v, s, players);
    return share(t.sum, t.squares, n);
  });
  return { chances: each.map((x) => x.chance), margins: each.map((x) => x.margin) };
}

/**
 * How much more `seat` wins in worlds `a` than in `b` (the same worlds), and the 95 % half-width
 * of that difference: 1.96 standard errors of the mean of the paired differences.
 */
export function pairedGain(a: Float64Array, b: Float64Array, seat: number, players: number): { gain: number; margin: number } {
  const t = sums(a, seat, players, b);
  return paired(t.sum, t.squares, a.length / players);
}
