// The small set of state changes every rule is made of. Handlers and the turn
// machinery both go through these, so gaps close, tokens move and the log is
// written the same way everywhere. They mutate the working copy inside `apply`.
import { adjacentIds, defeatReward, find, minionHooks, placeName } from './board';
import { instance, ownerOf } from './ids';
import { heroOf } from './registry';
import type { CardId, GameState, Seat, Task } from './types';

const LOG_KEEP = 60;

/**
 * A fresh token map (`vpOn`, `perilOn`), a copy of `from` if given. Null-prototype objects are
 * dictionaries from birth: each game adds its minions' ids in its own order, and ordinary objects
 * would take a new hidden class per order, so every read of a token became a megamorphic miss.
 * Still plain JSON: same keys, same order (insertion), and JSON.parse's objects read the same.
 */
export function tokenMap(from?: Record<CardId, number>): Record<CardId, number> {
  const m = Object.create(null) as Record<CardId, number>;
  if (from) for (const id in from) m[id] = from[id]!;
  return m;
}

/**
 * A log line. The log keeps the last LOG_KEEP lines, cut back to that once the turn machinery
 * stops (`trimLog`, from `run`) rather than a `shift` per line: every say of a step runs inside
 * `run` or before it, and nobody reads the log before it returns.
 */
export function say(g: GameState, text: string): void {
  g.log.push({ seq: ++g.seq, text });
}

/** The log cut back to its last LOG_KEEP lines: one `splice` per step (a loop moving them up and
 * setting the length measured slower). */
export function trimLog(g: GameState): void {
  const log = g.log;
  const extra = log.length - LOG_KEEP;
  if (extra <= 0) return;
  log.splice(0, extra);
}

export const who = (g: GameState, seat: Seat): string => g.names[seat] ?? `Seat ${seat + 1}`;
/** "Denice's Dire Bear". */
export const minion = (g: GameState, id: CardId): string => {
  const i = instance(id); // one lookup for both halves: every log line about a minion comes here
  if (!i) throw new Error(`unknown minion ${id}`);
  return `${who(g, i.seat)}'s ${i.card.name}`;
};
export const place = placeName;
export const heroName = (id: string): string => heroOf(id)?.name ?? id;
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Reveal the top hero (R17), if any; false when the deck is empty. */
export function revealHero(g: GameState): boolean {
  const next = g.heroDeck.shift();
  if (!next) return false;
  g.hero = next;
  say(g, `${heroName(next)} is revealed (threshold ${heroOf(next)!.threshold}); ${plural(g.heroDeck.length, 'hero', 'heroes')} left.`);
  return true;
}

/** Schedule tasks to run next, in the order given (the stack is last-in first-out). */
export function schedule(g: GameState, ...tasks: Task[]): void {
  for (let i = tasks.length - 1; i >= 0; i--) g.tasks.push(tasks[i]!);
}

/** A played minion leaves its owner's hand for its place in a horde (R6c); those behind it shift back. */
export function enter(g: GameState, id: CardId, col: number, row: number): void {
  // By hand rather than `splice`, which makes an array of what it removes: every play comes here.
  const hand = g.hands[ownerOf(id)]!;
  let i = 0;
  while (i < hand.length && hand[i] !== id) i++;
  for (; i + 1 < hand.length; i++) hand[i] = hand[i + 1]!;
  hand.pop();
  const horde = g.hordes[col]!;
  if (row === horde.length) horde.push(id);
  else horde.splice(row, 0, id);
}

/** Remove the minion at (col, row); the minions behind it close the gap (R9, not movement). */
export function takeOut(g: GameState, col: number, row: number): CardId {
  return g.hordes[col]!.splice(row, 1)[0]!;
}

/** Tokens leave a minion that leaves the horde zone: peril back to the supply, VP returned. */
export function stripTokens(g: GameState, id: CardId): number {
  const vp = g.vpOn[id] ?? 0;
  const peril = g.perilOn[id] ?? 0;
  if (vp) delete g.vpOn[id];
  if (peril) {
    g.perilSupply += peril;
    delete g.perilOn[id];
  }
  return vp;
}

/** VP a player holds for good (R22). */
export function gain(g: GameState, seat: Seat, n: number): void {
  g.heldVP[seat] = g.heldVP[seat]! + n;
}

export function addVP(g: GameState, id: CardId, n: number): void {
  g.vpOn[id] = (g.vpOn[id] ?? 0) + n;
}

/** One peril token from the supply onto a minion; false when the supply is empty. */
export function addPeril(g: GameState, id: CardId): boolean {
  if (g.perilSupply <= 0) return false;
  g.perilSupply--;
  g.perilOn[id] = (g.perilOn[id] ?? 0) + 1;
  return true;
}

/**
 * Tokens of one kind (`vp` or `peril`) move from minion `from` onto minion `to`: all it carries, or
 * `n` at most. The supply is untouched. Returns how many moved.
 */
export function moveTokens(g: GameState, kind: 'vp' | 'peril', from: CardId, to: CardId, n = Infinity): number {
  const on = kind === 'vp' ? g.vpOn : g.perilOn;
  const had = on[from] ?? 0;
  const k = Math.min(had, n);
  if (k <= 0) return 0;
  if (k === had) delete on[from];
  else on[from] = had - k;
  on[to] = (on[to] ?? 0) + k;
  return k;
}

/** Peril tokens from a minion back to the supply: one, or `n` at most. Returns how many went back. */
export function returnPeril(g: GameState, id: CardId, n = 1): number {
  const had = g.perilOn[id] ?? 0;
  const k = Math.min(had, n);
  if (k <= 0) return 0;
  if (k === had) delete g.perilOn[id];
  else g.perilOn[id] = had - k;
  g.perilSupply += k;
  return k;
}

/**
 * Defeat a minion in the horde zone (R12): it leaves at once, its tokens go, it
 * is set aside until attack step 6. A hero's defeat of an opponent's minion
 * gives the active player 2 VP (plus any location bonus). Returns the task
 * that resolves its "when defeated" ability, if it has one; the caller decides
 * when that runs.
 */
export function defeat(g: GameState, id: CardId, byHero: boolean): Task | null {
  const cell = find(g, id)!;
  const whenDefeated = !!minionHooks(id).whenDefeated;
  const adj = whenDefeated ? adjacentIds(g, id) : [];
  takeOut(g, cell.col, cell.row);
  stripTokens(g, id);
  g.attack!.defeated.push(id);
  const owner = ownerOf(id);
  let text = byHero ? `${heroName(g.hero!)} defeats ${minion(g, id)}` : `${minion(g, id)} is defeated`;
  if (byHero && owner !== g.active) {
    const vp = defeatReward(g, cell.col);
    gain(g, g.active, vp);
    text += `; ${who(g, g.active)} takes ${vp} VP`;
  }
  say(g, `${text}.`);
  return whenDefeated ? { t: 'defeated', card: id, col: cell.col, adj } : null;
}

/** Move a minion to the back of a horde: removed (gap closes), then appended (R9). */
export function moveToBack(g: GameState, id: CardId, col: number): void {
  const from = find(g, id)!;
  takeOut(g, from.col, from.row);
  g.hordes[col]!.push(id);
}

/** Exchange two minions' cells exactly (R9). */
export function swap(g: GameState, a: CardId, b: CardId): void {
  const ca = find(g, a)!;
  const cb = find(g, b)!;
  g.hordes[ca.col]![ca.row] = b;
  g.hordes[cb.col]![cb.row] = a;
}

/** Into a haven: its owner collects its VP tokens, peril tokens return (R16, R20). */
export function toHaven(g: GameState, id: CardId, col: number): number {
  const vp = stripTokens(g, id);
  gain(g, ownerOf(id), vp);
  g.havens[col]!.push(id);
  return vp;
}

