// How good a position is for one seat: an estimate of each seat's final score,
// then this seat's lead over its rivals. Used on worlds built from the seat's
// own view (world.ts), never on the real state.
//
// The estimate is linear in a few features of the position, per seat:
//   - VP held, and the printed VP of its minions in safe havens;
//   - its minions in hordes (printed VP + VP tokens on them): in full for most, but the
//     closest valid minion of each horde (the one a hero would take: a hunted Countess
//     first, protection respected, Vesper from the front) counts by how far its horde is
//     from the threshold — a horde that already qualifies loses it at the next peril
//     check, one a single peril short almost surely to the next player's Wolf, Griffin
//     or Familiar;
//   - the 2 VP (3 at Gallows Hill) a hero's defeat pays, for the hordes near the
//     threshold whose closest minion is a rival's: most to the active player, who
//     decides first;
//   - location control, as if every horde escaped now: its VP by the leader's margin,
//     less while a horde can still change it and less early in the game;
//   - the VP still in its hand and deck (a card played well is worth more than one held).
// Early-game discounts scale with the share of heroes still to attack. The weights were
// fitted by least squares to the final scores of 3,000 self-play games per player count
// (greedy bots with an earlier fit of the same model), so the estimate is in VP; see
// docs/BOTS.md. `evaluate` (the greedy bot's yardstick) turns the estimates into a lead,
// `winChance` (the search's) into a chance of finishing first.
import {
  attackGap, closestValid, controlFrom, controlMeasure, deckOf, defeatReward, heroDeckSize, instances, locationSide, protections, totalsInto,
  type Facts, type GameState, type MinionCard, type Seat,
} from '../engine';

/** Weights of one player count. Arrays by gap to the threshold (0 = qualifies) or by margin. */
export interface Weights {
  held: number;
  haven: number;
  /** A minion in a horde that is not its closest valid minion; plus `safeEarly` × share of heroes left. */
  safe: number;
  safeEarly: number;
  /** The closest valid minion, by gap 0, 1, 2, 3, 4+. */
  target: number[];
  /** The same for a hunted Vampire Countess. */
  hunted: number[];
  targetEarly: number;
  /** Defeat VP of a qualifying horde: for the active player, for the others. */
  dueActive: number;
  dueOther: number;
  /** Defeat VP of a horde 1, 2, 3 short: for the active player, for the others. */
  nearActive: number[];
  nearOther: number[];
  /** Location VP by margin 1, 2, 3+: while its horde is in play, once only its haven is. */
  open: number[];
  settled: number[];
  openEarly: number;
  settledEarly: number;
  hand: number;
  handEarly: number;
  deck: number;
}

/** By player count: least-squares fits (see the header and docs/BOTS.md). */
export const WEIGHTS: Record<number, Weights> = {
  2: {
    held: 1.055, haven: 1.002, safe: 0.996, safeEarly: -0.45,
    target: [-0.129, 0.12, 0.444, 0.679, 0.908], hunted: [0.058, 0.084, 0.366, 0.5, 0.767], targetEarly: -0.358,
    dueActive: 1.311, dueOther: -1.025,
    nearActive: [0.641, -0.034, 0.036], nearOther: [-0.929, -0.52, -0.341],
    open: [0.545, 0.586, 0.649], settled: [0.534, 0.549, 0.664], openEarly: -0.746, settledEarly: -0.547,
    hand: 0.147, handEarly: 0.235, deck: 0.236,
  },
  3: {
    held: 0.784, haven: 0.903, safe: 0.864, safeEarly: -0.324,
    target: [0.167, 0.081, 0.623, 0.778, 0.903], hunted: [0.202, 0.098, 0.333, 0.442, 0.799], targetEarly: -0.471,
    dueActive: 1.017, dueOther: -0.488,
    nearActive: [0.289, 0.059, 0.065], nearOther: [-0.285, -0.226, -0.175],
    open: [0.49, 0.573, 0.636], settled: [0.54, 0.569, 0.645], openEarly: -0.702, settledEarly: -0.658,
    hand: 0.279, handEarly: 0.055, deck: 0.208,
  },
  4: {
    held: 0.764, haven: 0.83, safe: 0.746, safeEarly: -0.241,
    target: [0.172, 0.031, 0.578, 0.678, 0.788], hunted: [0.326, 0.189, 0.292, 0.442, 0.673], targetEarly: -0.37,
    dueActive: 0.876, dueOther: -0.353,
    nearActive: [0.314, 0.113, 0.084], nearOther: [-0.196, -0.161, -0.102],
    open: [0.478, 0.56, 0.648], settled: [0.6, 0.644, 0.703], openEarly: -0.743, settledEarly: -0.732,
    hand: 0.179, handEarly: 0.148, deck: 0.094,
  },
};

/** Weight of the best rival against the mean rival in the lead; bonus for a won game. */
const BEST = 0.6;
const WIN = 10;

/** Heroes still to attack (the one attacking now counts as gone). */
export const heroesLeft = (g: GameState): number => g.heroDeck.length + (g.hero ? 1 : 0) - (g.attack ? 1 : 0);

/**
 * The estimate's features, one row of `FEATURES` per seat, in the order of the fields of
 * `Weights` (arrays in place): the estimate is their dot product with the weights, so a caller
 * that scores one position under two sets of weights (leaf.ts) reads the board once.
 */
export const FEATURES = 34;
export const F = { held: 0, haven: 1, safe: 2, safeEarly: 3, target: 4, hunted: 9, targetEarly: 14, dueActive: 15, dueOther: 16,
  nearActive: 17, nearOther: 20, open: 23, settled: 26, openEarly: 29, settledEarly: 30, hand: 31, handEarly: 32, deck: 33 };

/** The weights as one vector, in the features' order (made once per weight set). */
const vectors = new WeakMap<Weights, Float64Array>();
export function weightVector(W: Weights): Float64Array {
  let v = vectors.get(W);
  if (v) return v;
  v = new Float64Array(FEATURES);
  v[F.held] = W.held; v[F.haven] = W.haven; v[F.safe] = W.safe; v[F.safeEarly] = W.safeEarly;
  v.set(W.target, F.target); v.set(W.hunted, F.hunted); v[F.targetEarly] = W.targetEarly;
  v[F.dueActive] = W.dueActive; v[F.dueOther] = W.dueOther; v.set(W.nearActive, F.nearActive); v.set(W.nearOther, F.nearOther);
  v.set(W.open, F.open); v.set(W.settled, F.settled); v[F.openEarly] = W.openEarly; v[F.settledEarly] = W.settledEarly;
  v[F.hand] = W.hand; v[F.handEarly] = W.handEarly; v[F.deck] = W.deck;
  vectors.set(W, v);
  return v;
}

// Scratch, reused: the features of the position evaluated last, and each seat's printed VP
// on the board (hordes and havens).
const rows = new Float64Array(4 * FEATURES);
const placed = new Float64Array(4);
// Each column's tally for control (R21), read with the rest: minions and measure per seat, at 4 × column.
let seats = new Float64Array(32);
let measure = new Float64Array(32);
// Each horde's peril total.
const peril: number[] = [];

/** Printed VP of each seat's whole deck (every seat's minions, wherever they are). */
let owned: number[] | null = null;
function ownedVP(s: number): number {
  if (!owned) {
    const table = instances();
    owned = [0, 1, 2, 3].map((seat) => deckOf(seat).reduce((sum, id) => sum + table[id]!.card.vp, 0));
  }
  return owned[s]!;
}

/**
 * Printed VP in seat `s`'s deck. Every minion is in exactly one place (hand, deck, a horde, a
 * haven, a discard pile, or defeated in the attack under way), so what the rest does not hold
 * is in the deck. The discards are short where the deck is long (a card each, against nine, in
 * a typical 4-player game), so the rest is read instead of the deck when it is shorter: about
 * a third of the features' time went to the deck.
 */
function deckVP(g: GameState, s: number, hand: number): number {
  const table = instances();
  const deck = g.decks[s]!;
  const discard = g.discards[s]!;
  const defeated = g.attack ? g.attack.defeated : null;
  if (deck.length <= discard.length + (defeated ? defeated.length : 0)) {
    let sum = 0;
    for (let i = 0; i < deck.length; i++) sum += table[deck[i]!]!.card.vp;
    return sum;
  }
  let rest = hand + placed[s]!;
  for (let i = 0; i < discard.length; i++) rest += table[discard[i]!]!.card.vp;
  if (defeated) for (let i = 0; i < defeated.length; i++) { const f = table[defeated[i]!]!; if (f.seat === s) rest += f.card.vp; }
  return ownedVP(s) - rest;
}

/** A minion of column `c` on the board: its printed VP and its part in the column's control tally. */
function onBoard(c: number, f: Facts, weigh: (card: MinionCard) => number): void {
  placed[f.seat]! += f.card.vp;
  seats[4 * c + f.seat]!++;
  measure[4 * c + f.seat]! += weigh(f.card);
}

/** Every seat's features of a game not over, into the scratch rows (seat s at s × FEATURES). */
export function features(g: GameState): Float64Array {
  const P = g.players;
  const x = rows.fill(0, 0, P * FEATURES);
  placed.fill(0);
  const table = instances();
  // Share of the heroes still to attack (1 at the start, 0 at the end).
  const early = heroesLeft(g) / heroDeckSize(P);
  const hordes = g.hordes;
  const cols = hordes.length;
  if (seats.length < 4 * cols) { seats = new Float64Array(4 * cols); measure = new Float64Array(4 * cols); }
  seats.fill(0, 0, 4 * cols);
  measure.fill(0, 0, 4 * cols);
  for (let c = 0; c < cols; c++) {
    const haven = g.havens[c]!;
    if (!haven.length) continue;
    const weigh = controlMeasure(g, c);
    for (let i = 0; i < haven.length; i++) {
      const f = table[haven[i]!]!;
      x[f.seat * FEATURES + F.haven]! += f.card.vp;
      onBoard(c, f, weigh);
    }
  }

  // During an attack its horde is about to escape; the others face the next hero, if any.
  const attacked = g.attack ? g.attack.col : -1;
  const hero = g.attack ? (g.heroDeck[0] ?? null) : g.hero;
  let totals: number[] | null = null;
  let prot: boolean[][] | null = null;
  for (let c = 0; c < cols; c++) {
    const h = hordes[c]!;
    if (!h.length) continue;
    let t: string | null = null;
    let gap = 4;
    if (hero && c !== attacked) {
      totals ??= totalsInto(g, peril);
      prot ??= protections(g);
      gap = attackGap(g, c, hero, totals[c]!);
      gap = gap < 0 ? 0 : gap > 4 ? 4 : gap;
      t = closestValid(g, c, prot[c]!, hero);
    }
    const weigh = controlMeasure(g, c);
    for (let r = 0; r < h.length; r++) {
      const id = h[r]!;
      const f = table[id]!;
      const worth = f.card.vp + (g.vpOn[id] ?? 0);
      onBoard(c, f, weigh);
      const o = f.seat * FEATURES;
      if (id === t) {
        x[o + (f.hunted ? F.hunted : F.target) + gap]! += worth;
        x[o + F.targetEarly]! += worth * early;
      } else {
        x[o + F.safe]! += worth;
        x[o + F.safeEarly]! += worth * early;
      }
    }
    if (t && gap <= 3) {
      const victim = table[t]!.seat;
      const bonus = defeatReward(g, c);
      const mine = gap === 0 ? F.dueActive : F.nearActive + gap - 1;
      const theirs = gap === 0 ? F.dueOther : F.nearOther + gap - 1;
      for (let s = 0; s < P; s++) if (s !== victim) x[s * FEATURES + (s === g.active ? mine : theirs)]! += bonus;
    }
  }
  for (let s = 0; s < P; s++) {
    const o = s * FEATURES;
    const hand = g.hands[s]!;
    let held = 0;
    for (let i = 0; i < hand.length; i++) held += table[hand[i]!]!.card.vp;
    x[o + F.held] = g.heldVP[s]!;
    x[o + F.hand] = held;
    x[o + F.handEarly] = held * early;
    x[o + F.deck] = deckVP(g, s, held);
  }
  for (let c = 0; c < cols; c++) {
    if (!hordes[c]!.length && !g.havens[c]!.length) continue;
    // Control as if every horde escaped now: margin 1, 2 or 3+.
    const { seat, lead } = controlFrom(g, c, seats, measure, 4 * c);
    if (seat === null) continue;
    const m = Math.max(1, Math.min(3, Math.round(lead))) - 1;
    const vp = locationSide(g.locations[c]!)!.vp;
    const o = seat * FEATURES;
    if (hordes[c]!.length && c !== attacked) {
      x[o + F.open + m]! += vp;
      x[o + F.openEarly]! += vp * early;
    } else {
      x[o + F.settled + m]! += vp;
      x[o + F.settledEarly]! += vp * early;
    }
  }
  return x;
}

/** Seat `s`'s estimate from features `x` under weight vector `w`. */
export function dot(x: Float64Array, s: number, w: Float64Array): number {
  const o = s * FEATURES;
  let sum = 0;
  for (let k = 0; k < FEATURES; k++) sum += x[o + k]! * w[k]!;
  return sum;
}

/** Every seat's estimated final score into `out` (the final scores once the game is over). */
function estimateInto(g: GameState, W: Weights, out: number[] | Float64Array): void {
  const P = g.players;
  if (g.over) {
    const scores = g.result!.scores;
    for (let s = 0; s < P; s++) out[s] = scores[s]!;
    return;
  }
  const x = features(g);
  const w = weightVector(W);
  for (let s = 0; s < P; s++) out[s] = dot(x, s, w);
}

/** Estimated final score of every seat (with the weights of its player count, or others: leaf.ts). */
export function estimate(g: GameState, W: Weights = WEIGHTS[g.players]!): number[] {
  const est = new Array<number>(g.players);
  estimateInto(g, W, est);
  return est;
}

// Scratch, reused: the estimates of the position evaluated last (the greedy bot's yardstick is
// asked for every move it weighs, so it allocates nothing).
const est = new Float64Array(4);

/** This seat's estimated lead: its score against the best and the average rival. */
export function evaluate(g: GameState, seat: Seat): number {
  const P = g.players;
  if (g.over) {
    const scores = g.result!.scores;
    for (let s = 0; s < P; s++) est[s] = scores[s]!;
  } else {
    // The greedy bot's yardstick, evaluated for every move it weighs: no allocation here.
    const x = features(g);
    const w = weightVector(WEIGHTS[P]!);
    for (let s = 0; s < P; s++) est[s] = dot(x, s, w);
  }
  let best = -Infinity;
  let sum = 0;
  for (let s = 0; s < P; s++) {
    if (s === seat) continue;
    if (est[s]! > best) best = est[s]!;
    sum += est[s]!;
  }
  const lead = est[seat]! - (BEST * best + ((1 - BEST) * sum) / (P - 1));
  if (g.over) return lead + (g.result!.winner === seat ? WIN : 0);
  return lead;
}

/** Spread of a seat's final score around its estimate, in VP, by share of the heroes still to come. */
const SPREAD = (early: number): number => 4 * (0.7 + early);

/**
 * The chance this seat wins: each rival's final score is taken to differ from its estimate
 * by a normal error that narrows as the heroes run out, and the seat must beat every rival.
 * The search scores its playouts with it (it plays to win, not to win big).
 */
export function winChance(g: GameState, seat: Seat): number {
  if (g.over) return g.result!.winner === seat ? 1 : 0;
  const est = estimate(g);
  const early = (g.heroDeck.length + (g.hero ? 1 : 0)) / heroDeckSize(g.players);
  const spread = SPREAD(early);
  let p = 1;
  for (let s = 0; s < est.length; s++) if (s !== seat) p *= normal((est[seat]! - est[s]!) / spread);
  return p;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 2e-7). */
export function normal(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
