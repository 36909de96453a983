// The search's leaf: the chance its seat wins from where a playout stops, with weights fitted
// to the search's own games (scripts/fit-leaf.ts) rather than to greedy self-play. The search
// seat and its rivals get weights of their own: a greedy rival spends VP to pull the leader
// down, the search plays to finish first, so the same position ends differently for each.
// Each rival's final score is taken to differ from the search seat's by a normal error whose
// spread, by heroes left, is the fit's held-out error. Player counts without a fit use
// evaluate.ts `winChance`. See docs/BOTS.md.
import { heroDeckSize, type GameState, type Seat } from '../engine';
import { dot, features, heroesLeft, normal, weightVector, winChance, type Weights } from './evaluate';

interface Fitted extends Weights {
  /** A constant per heroes left (0 … the hero deck's size). */
  bias: number[];
}
interface Leaf { self: Fitted; rival: Fitted; spread: number[] }

/** By player count: scripts/fit-leaf.ts's output. */
export const LEAVES: Record<number, Leaf> = {
  4: {
    self: {held: 0.709, haven: 0.885, safe: 0.933, safeEarly: -0.378, target: [0.199, 0.454, 0.62, 0.859, 0.783], hunted: [0.7, 0.368, 0.338, 0.54, 0.797], targetEarly: -0.394, dueActive: 0.837, dueOther: -0.28, nearActive: [0.333, 0.021, 0.039], nearOther: [-0.278, -0.196, -0.17], open: [0.481, 0.58, 0.648], settled: [0.491, 0.524, 0.693], openEarly: -0.714, settledEarly: -0.643, hand: 0.34, handEarly: -0.013, deck: 0.204, bias: [1.663, 4.036, 5.818, 7.499, 9.005, 11.124, 13.021, 14.802]},
    rival: {held: 0.793, haven: 0.879, safe: 0.874, safeEarly: -0.376, target: [0.231, 0.468, 0.56, 0.75, 0.797], hunted: [0.407, 0.26, 0.273, 0.412, 0.694], targetEarly: -0.383, dueActive: 0.623, dueOther: -0.252, nearActive: [0.265, -0.011, 0.042], nearOther: [-0.299, -0.194, -0.169], open: [0.419, 0.544, 0.612], settled: [0.437, 0.551, 0.632], openEarly: -0.682, settledEarly: -0.747, hand: 0.167, handEarly: 0.168, deck: 0.162, bias: [2.565, 4.352, 5.733, 7.207, 8.567, 10.217, 11.797, 13.216]},
    spread: [2.752,5.335,6.672,6.779,6.861,7.305,7.293,7.436],
  },
};

/** The chance `seat` wins, by the fitted leaf of its player count. */
export function leafChance(g: GameState, seat: Seat): number {
  const L = LEAVES[g.players];
  if (!L) return winChance(g, seat);
  if (g.over) return g.result!.winner === seat ? 1 : 0;
  const h = Math.max(0, Math.min(heroDeckSize(g.players), heroesLeft(g)));
  // One read of the board, two sets of weights.
  const x = features(g);
  const rival = weightVector(L.rival);
  const mine = dot(x, seat, weightVector(L.self)) + L.self.bias[h]!;
  const spread = L.spread[h]!;
  let p = 1;
  for (let s = 0; s < g.players; s++) if (s !== seat) p *= normal((mine - dot(x, s, rival) - L.rival.bias[h]!) / spread);
  return p;
}
