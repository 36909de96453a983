// Peril check (R10), attack resolution in the order of R13, and escape (R16).
import { attackGap, closestValid, heroHooks, minionHooks, threshold, totals, totalsInto } from './board';
import { ask } from './decide';
import { registerDecision } from './registry';
import { cardOf, ownerOf } from './ids';
import { defeat, heroName, minion, place, say, schedule, toHaven, who } from './ops';
import type { CardId, GameState, Task } from './types';

/** Per column, whether the revealed hero would attack that horde at a peril check (R10): its
 * peril reaches the threshold, or the hero's own rule lets it qualify (Hulda: 5 minions). */
export function qualifying(g: GameState, peril = totals(g)): boolean[] {
  if (!g.hero) return g.hordes.map(() => false);
  return g.hordes.map((h, col) => h.length > 0 && attackGap(g, col, g.hero, peril[col]!) <= 0);
}

// The peril check's totals, reused: a module array per column count, its length never set (which
// costs more than a fresh array); read only before anything else can ask.
const scratch: number[][] = [];
const checkScratch = (cols: number): number[] => (scratch[cols] ??= new Array<number>(cols).fill(0));

/** Step 2A: which hordes the revealed hero may attack; ask if several. */
export function perilCheck(g: GameState): void {
  const hero = g.hero;
  if (!hero) return;
  // Every turn asks this, and usually no horde qualifies: one pass, no per-column arrays, and
  // attackGap's reading of the hero done once for all columns.
  const peril = totalsInto(g, checkScratch(g.hordes.length));
  const limit = threshold(g);
  const size = heroHooks(g).hordeSize;
  let locations: string[] | null = null;
  for (let col = 0; col < peril.length; col++) {
    const n = g.hordes[col]!.length;
    if (!n) continue;
    const gap = limit - peril[col]!;
    if ((size !== undefined && size - n < gap ? size - n : gap) <= 0) (locations ??= []).push(g.locations[col]!);
  }
  if (!locations) return;
  ask(g, g.active, 'attack-horde', locations, '', null, `${heroName(hero)} can attack several hordes: choose which one.`);
}

registerDecision('attack-horde', '', {
  who: 'the active player',
  options: 'the locations whose hordes qualify',
  waiting: 'is choosing which horde the hero attacks',
  resume(g, _ctx, location) {
    schedule(g, { t: 'attack', col: g.locations.indexOf(location) });
  },
});

/** The hero defeats the closest valid minion of the horde; its "when defeated" waits for step 3. */
export function strike(g: GameState, col: number): CardId | null {
  const target = closestValid(g, col);
  if (!target) {
    say(g, `Every minion there is protected: ${heroName(g.hero!)} defeats nothing.`);
    return null;
  }
  const after = defeat(g, target, true);
  if (after) g.attack!.queue.push(after);
  return target;
}

/** Steps 1–2 at once (they hold no choices), then schedule steps 3–6, the escape and the reveal. */
export function attack(g: GameState, col: number): void {
  const hero = g.hero!;
  g.attacks++;
  g.attack = { col, hero, defeated: [], done: [], queue: [] };
  const peril = totals(g)[col]!;
  const limit = threshold(g);
  // Below the threshold it qualified another way (Hulda: its size); say which, or it reads like a rules slip.
  const why = peril >= limit ? `peril ${peril} / ${limit}` : `${g.hordes[col]!.length} minions; peril ${peril} / ${limit}`;
  say(g, `${heroName(hero)} attacks the horde at ${place(g, col)} (${why}).`);
  const first = strike(g, col);
  heroHooks(g).onAttack?.(g, col, first);
  // As schedule(g, whenDefeated, triggers, others, endAttack, escape, reveal) would, without the
  // spread's argument array: the last to run goes on the stack first. Step 3 waits for its task:
  // the hero's ability may have asked, and what its answer defeats joins the queue.
  g.tasks.push(REVEAL, { t: 'escape', col }, END_ATTACK, OTHERS, { t: 'triggers', col }, WHEN_DEFEATED);
}

/** Step 3: the "when defeated" abilities of the minions steps 1–2 defeated, in the order they fell. */
export function whenDefeated(g: GameState): void {
  const queue = g.attack!.queue;
  g.attack!.queue = [];
  for (let i = queue.length - 1; i >= 0; i--) g.tasks.push(queue[i]!);
}

// Tasks are never changed once made (apply.ts clone shares them), so these are shared.
const WHEN_DEFEATED: Task = { t: 'whenDefeated' };
const REVEAL: Task = { t: 'reveal' };
const END_ATTACK: Task = { t: 'endAttack' };
const OTHERS: Task = { t: 'others', col: 0 };

/** Steps 4–5: snapshot a horde back to front when its turn comes. */
export function triggers(g: GameState, col: number): void {
  // Most hordes hold no after-attack ability: then the snapshot would pass over every minion, so
  // it is neither made nor run. Otherwise it runs at once, as a scheduled first snapshot would.
  const horde = g.hordes[col]!;
  let i = horde.length - 1;
  while (i >= 0 && !minionHooks(horde[i]!).afterAttack) i--;
  if (i < 0) return;
  snapshot(g, col, horde.slice().reverse(), horde.length - 1 - i);
}

/**
 * The snapshot from its i-th minion: the minions with nothing to do are passed over here, and the
 * first with an after-attack ability runs, the rest waiting below anything it sets off (as a task,
 * the same one a minion at a time would have left).
 */
export function snapshot(g: GameState, col: number, cards: CardId[], i: number): void {
  const a = g.attack!;
  for (; i < cards.length; i++) {
    const id = cards[i]!;
    const hook = minionHooks(id).afterAttack;
    if (!hook) continue;
    const row = g.hordes[col]!.indexOf(id);
    if (row < 0 || a.done.includes(id)) continue;
    if (i + 1 < cards.length) g.tasks.push({ t: 'snapshot', col, cards, i: i + 1 });
    a.done.push(id);
    hook(g, id, { col, row });
    return;
  }
}

/** Step 5: every other existing horde, lowest column first. */
export function others(g: GameState, from: number): void {
  for (let col = from; col < g.hordes.length; col++) {
    if (col === g.attack!.col || !g.hordes[col]!.length) continue;
    g.tasks.push({ t: 'others', col: col + 1 });
    triggers(g, col); // the task that would have run next
    return;
  }
}

/** Step 6: the hero leaves the game; the defeated go to their owners' discard piles. */
export function endAttack(g: GameState): void {
  for (const id of g.attack!.defeated) g.discards[ownerOf(id)]!.push(id);
  g.pastHeroes.push(g.hero!);
  g.hero = null;
  g.attack = null;
}

/** 2C: the attacked horde moves into its safe haven; escape abilities back-most first. */
export function escape(g: GameState, col: number): void {
  const horde = g.hordes[col]!;
  g.hordes[col] = [];
  if (!horde.length) return;
  // The line built as it goes (no arrays to map and join): every attack ends here.
  let names = '';
  let gains = '';
  for (let i = 0; i < horde.length; i++) {
    const id = horde[i]!;
    const vp = toHaven(g, id, col);
    names += i ? `, ${minion(g, id)}` : minion(g, id);
    if (vp) gains += `${gains ? ', ' : ''}${who(g, ownerOf(id))} collects ${vp} VP from the ${cardOf(id).name}`;
  }
  say(g, `${names} escape${horde.length === 1 ? 's' : ''} to the haven of ${place(g, col)}${gains ? `; ${gains}.` : '.'}`);
  // Escape abilities back-most first: the stack runs the last pushed first.
  for (let i = 0; i < horde.length; i++) {
    if (minionHooks(horde[i]!).whenEscaping) g.tasks.push({ t: 'escaping', card: horde[i]!, col });
  }
}
