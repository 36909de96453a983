// The turn machinery: a stack of tasks (plain data) run until someone must
// decide or the game ends. It never names a card: card rules arrive through
// the hooks of abilities/.
import { HAND_SIZE } from './catalog';
import { locationHooks, minionHooks } from './board';
import { attack, endAttack, escape, others, perilCheck, snapshot, triggers, whenDefeated } from './attack';
import { cardOf } from './ids';
import { enter, place, plural, revealHero, say, schedule, trimLog, who } from './ops';
import { registerDecision } from './registry';
import { endGame } from './scoring';
import type { CardId, GameState, Pending, Seat, Task } from './types';

// Tasks are never mutated once made, so the parameterless ones are shared.
const PERIL: Task = { t: 'peril' };
const END: Task = { t: 'end' };
const NO_OPTIONS: string[] = []; // a play's options are hand × locations: see legalMoves
// A turn's play decision, one per seat: a pending decision is never changed once made (it is
// replaced; apply.ts clone shares it), so every turn's is the same object.
const PLAY: Pending[] = [0, 1, 2, 3].map((seat) => ({
  seat, kind: 'play', options: NO_OPTIONS, prompt: 'Play a minion from your hand to a location.', by: '', ctx: null,
}));

// A play action answers it (apply.ts), never an option, so it has no resumer.
registerDecision('play', '', {
  who: 'the active player',
  options: 'none as strings; a `play` action',
  waiting: 'is choosing a minion to play',
});

/** Run scheduled work until a decision is pending or the game is over. */
export function run(g: GameState): void {
  while (!g.pending && !g.over && g.tasks.length) exec(g, g.tasks.pop()!);
  trimLog(g);
}

function exec(g: GameState, t: Task): void {
  // The tasks of every turn first: a switch on strings tests its cases in order.
  switch (t.t) {
    case 'played': return played(g, t.card, t.col);
    case 'peril': return perilCheck(g);
    case 'end': return endTurn(g);
    case 'turn': return startTurn(g);
    case 'position': return position(g, t.card, t.col);
    case 'attack': return attack(g, t.col);
    case 'whenDefeated': return whenDefeated(g);
    case 'defeated': return minionHooks(t.card).whenDefeated?.(g, t.card, t.col, t.adj);
    case 'triggers': return triggers(g, t.col);
    case 'snapshot': return snapshot(g, t.col, t.cards, t.i);
    case 'others': return others(g, t.col);
    case 'endAttack': return endAttack(g);
    case 'escape': return escape(g, t.col);
    case 'escaping': return minionHooks(t.card).whenEscaping?.(g, t.card, t.col);
    case 'reveal': return reveal(g);
  }
}

/** R19: the game ends when nobody holds a card; an empty hand passes (steps 2–4 still happen). */
function startTurn(g: GameState): void {
  let cards = 0;
  for (const hand of g.hands) cards += hand.length;
  if (!cards) return endGame(g, g.lastTurn);
  const seat = g.active;
  if (!g.hands[seat]!.length) {
    say(g, `${who(g, seat)} has no cards and passes.`);
    return schedule(g, PERIL, END);
  }
  g.pending = PLAY[seat]!;
}

/** Step 1 of a turn: the play, then peril, draw and the next turn. */
export function startPlay(g: GameState, card: CardId, location: string): void {
  g.tasks.push(END, PERIL);
  playCard(g, g.active, card, location);
}

/** A play (R6), from step 1 or a Familiar: out of the hand, placed, then its "when played" window. */
export function playCard(g: GameState, seat: Seat, card: CardId, location: string): void {
  const col = g.locations.indexOf(location);
  const joins = g.hordes[col]!.length > 0;
  say(g, `${who(g, seat)} plays ${cardOf(card).name} ${joins ? 'to the horde at' : 'at'} ${place(g, col)}.`);
  g.tasks.push({ t: 'played', card, col });
  // Placement at once, as its task would run next: it logs nothing, so a stand-in's mark (put on
  // after the decision) reads the same lines, and a placement choice leaves the same stack.
  position(g, card, col);
}

/** Placement: the card stays in hand until it takes its place (a placement choice may come first). */
function position(g: GameState, card: CardId, col: number): void {
  const place = minionHooks(card).place;
  if (g.hordes[col]!.length && place?.(g, card, col)) return;
  enter(g, card, col, g.hordes[col]!.length);
}

function played(g: GameState, card: CardId, col: number): void {
  locationHooks(g, col).whenPlayed?.(g, card, col);
  minionHooks(card).immediate?.(g, card);
}

/** Step 3 (only after an attack): the next hero, or the end of the game (R17). */
function reveal(g: GameState): void {
  if (!revealHero(g)) endGame(g, g.active);
}

/** Step 4 (R18): back up to five, as far as the deck allows. */
function draw(g: GameState): void {
  const seat = g.active;
  const hand = g.hands[seat]!;
  const deck = g.decks[seat]!;
  const n = Math.min(HAND_SIZE - hand.length, deck.length);
  if (n <= 0) return;
  for (let i = 0; i < n; i++) hand.push(deck.shift()!);
  say(g, `${who(g, seat)} draws ${plural(n, 'card')}.`);
}

/** Step 4, then the player to the left takes a turn. */
function endTurn(g: GameState): void {
  draw(g);
  g.lastTurn = g.active;
  g.active = (g.active + 1) % g.players;
  g.turn++;
  startTurn(g);
}

