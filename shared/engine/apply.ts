// apply(state, action): check, then run the action on a copy. The input state
// is never touched; a refused action returns a code and a message only.
// Every decision's resumer, so a stored game resumes here: the card set's and the setup's (choose-side).
import './abilities';
import './setup';
import { answer } from './decide';
import { tokenMap } from './ops';
import { markHint, markStandIn } from './standin';
import { startPlay, run } from './turn';
import type { Action, ApplyResult, EngineError, GameState, Move } from './types';

/** Why this action may not be taken now, or null if it may. */
export function refuse(g: GameState, a: Action): EngineError | null {
  if (g.over) return { code: 'over', message: 'The game is over.' };
  const p = g.pending;
  if (!p) return { code: 'illegal', message: 'Nothing is waiting for a decision.' };
  if (a.seat !== p.seat) return { code: 'not-your-decision', message: `It is seat ${p.seat}'s decision, not seat ${a.seat}'s.` };
  if (p.kind === 'play') {
    if (a.type !== 'play') return { code: 'illegal', message: 'Play a card from your hand to a location.' };
    if (!g.hands[a.seat]!.includes(a.card)) return { code: 'illegal', message: `${a.card} is not in your hand.` };
    if (!g.locations.includes(a.location)) return { code: 'illegal', message: `${a.location} is not a location in play.` };
    return null;
  }
  if (a.type !== 'choose') return { code: 'illegal', message: `Answer the ${p.kind} decision with one of its options.` };
  if (!p.options.includes(a.option)) {
    return { code: 'illegal', message: `${JSON.stringify(a.option)} is not an option of ${p.kind}: ${p.options.join(', ')}.` };
  }
  return null;
}

/** Run a legal action on `g` in place (the simulator's fast path; `apply` is the safe one). */
export function step(g: GameState, a: Action): void {
  g.version++;
  if (a.hinted) markHint(g, a.seat);
  const seq = g.seq;
  if (a.type === 'play') {
    g.pending = null;
    startPlay(g, a.card, a.location);
  } else {
    answer(g, a.option);
  }
  if (a.standIn) markStandIn(g, a.seat, seq);
  run(g);
}

export function apply(state: GameState, action: Action): ApplyResult {
  const error = refuse(state, action);
  if (error) return { ok: false, error };
  const g = clone(state);
  const seq = g.seq;
  step(g, action);
  return { ok: true, state: g, events: g.log.filter((e) => e.seq > seq) };
}

/** Every legal action of the pending decision, as a client would send it. */
export function legalMoves(g: GameState): Move[] {
  const p = g.pending;
  if (!p || g.over) return [];
  if (p.kind !== 'play') return p.options.map((option) => ({ type: 'choose', option }));
  const moves: Move[] = [];
  for (const card of g.hands[p.seat]!) for (const location of g.locations) moves.push({ type: 'play', card, location });
  return moves;
}

/** How many legal moves the pending decision has (the length of `legalMoves`). */
export function moveCount(g: GameState): number {
  const p = g.pending;
  if (!p || g.over) return 0;
  return p.kind === 'play' ? g.hands[p.seat]!.length * g.locations.length : p.options.length;
}

/** The i-th of `legalMoves(g)`, without building the others (simulators pick uniformly this way). */
export function moveAt(g: GameState, i: number): Action {
  const p = g.pending!;
  if (p.kind !== 'play') return { type: 'choose', seat: p.seat, option: p.options[i]! };
  const n = g.locations.length;
  return { type: 'play', seat: p.seat, card: g.hands[p.seat]![(i / n) | 0]!, location: g.locations[i % n]! };
}

const rows = <T>(a: T[][]): T[][] => a.map((r) => r.slice());

/**
 * A deep copy. Tasks, log entries, the pending decision and the result are
 * never mutated once made (they are replaced), so they are shared. Written key
 * by key in createGame's order (a spread of the state was the server's costliest
 * line of a move before V8 optimized it), so the copy's JSON is the original's.
 */
export function clone(g: GameState): GameState {
  const c: GameState = {
    players: g.players,
    names: g.names,
    rng: g.rng,
    first: g.first,
    locations: g.locations.slice(),
    sideCards: g.sideCards.slice(),
    hordes: rows(g.hordes),
    havens: rows(g.havens),
    hands: rows(g.hands),
    decks: rows(g.decks),
    discards: rows(g.discards),
    heldVP: g.heldVP.slice(),
    vpOn: tokenMap(g.vpOn),
    perilOn: tokenMap(g.perilOn),
    perilSupply: g.perilSupply,
    heroDeck: g.heroDeck.slice(),
    pastHeroes: g.pastHeroes.slice(),
    hero: g.hero,
    active: g.active,
    lastTurn: g.lastTurn,
    turn: g.turn,
    attacks: g.attacks,
    attack: g.attack && {
      ...g.attack, defeated: g.attack.defeated.slice(), done: g.attack.done.slice(), queue: g.attack.queue.slice(),
    },
    tasks: g.tasks.slice(),
    pending: g.pending,
    version: g.version,
    seq: g.seq,
    log: g.log.slice(),
    over: g.over,
    result: g.result,
  };
  // Absent until the first stand-in move or hint, in whichever order they came.
  if (g.standInMoves !== undefined || g.hints !== undefined) {
    for (const k of Object.keys(g)) if (k === 'standInMoves' || k === 'hints') c[k] = g[k];
  }
  return c;
}
