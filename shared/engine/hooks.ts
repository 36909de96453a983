// The trigger windows of R14 as hook interfaces. Card handlers implement them;
// the turn machinery only ever calls hooks, never names a card.
import type { MinionCard } from './catalog';
import type { DecisionWords } from './texts/words';
import type { CardId, GameState } from './types';

export interface Cell { col: number; row: number }

/**
 * Resumes a decision a handler asked for. `ctx` is the plain JSON the handler stored when it
 * asked; each handler names its own shape (a method signature, so a narrower one is accepted).
 */
export interface Resumer {
  resume(g: GameState, ctx: Record<string, unknown> | null, answer: string): void;
}
export type Resume = Resumer['resume'];

/**
 * A kind of decision, as the registry holds it: how the answer resumes the rule, and its words
 * (what the decider and everyone else read, and its row in docs/SCENARIOS.md). A card's words are
 * in texts/ and its resumer is in its handler; the turn machinery declares its own beside the rule.
 */
export interface Decision extends Omit<DecisionWords, 'prompt'> {
  /** Absent for the turn machinery's decisions, which say their prompt where they ask. */
  prompt?: DecisionWords['prompt'];
  /** Absent only for `play`, which a play action answers (apply.ts), not an option. */
  resume?(g: GameState, ctx: Record<string, unknown> | null, answer: string): void;
}

/** The resumer of each decision a card's handler asks, by kind (the words are in texts/). */
export type Resumers = Record<string, Resume>;

export interface MinionHooks {
  /** Continuous: never a legal option for a move or a swap (R9). */
  immovable?: boolean;
  /** Continuous: a hero targets this minion first (R11). */
  hunted?: boolean;
  /** Continuous: printed peril while in the horde zone, if not the printed value. */
  zonePeril?: number;
  /** Continuous: peril modifier this minion (at `self`) gives the minion at `target`, which is
   * `self` or a cell adjacent to it (an aura reaches no farther). The cells are the engine's
   * scratch, valid during the call only: read them, keep nothing. */
  perilAura?(g: GameState, self: Cell, target: Cell): number;
  /** Continuous: does this minion (at `self`) protect the minion at `target` (`self` or adjacent)? */
  protects?(g: GameState, self: Cell, target: Cell): boolean;
  /** Placement (R6c) into an existing horde; the default appends it. May ask. */
  place?(g: GameState, card: CardId, col: number): boolean;
  /** When played (after the location's ability). May ask. */
  immediate?(g: GameState, card: CardId): void;
  /** After an attack (R13 steps 4–5), while still in the horde at `at`. */
  afterAttack?(g: GameState, card: CardId, at: Cell): void;
  /** When defeated (R13 step 3, or right after a minion ability defeated it). */
  whenDefeated?(g: GameState, card: CardId, col: number, adjacent: CardId[]): void;
  /** When escaping into the haven of column `col` (R16). */
  whenEscaping?(g: GameState, card: CardId, col: number): void;
  /** The decisions this card's handler asks, by kind (a kind belongs to one card). */
  decisions?: Resumers;
}

export interface HeroHooks {
  /** Picks the front-most unprotected minion instead of the back-most (R11). */
  fromFront?: boolean;
  /** Continuous peril modifier on every minion in the horde zone. */
  perilMod?(card: MinionCard): number;
  /** An extra way for a horde to qualify for the attack (R10): this many minions or more. */
  hordeSize?: number;
  /** While revealed, nothing is protected. */
  noProtection?: boolean;
  /** Attack ability (R13 step 2); `first` is what step 1 defeated, if anything. May ask. */
  onAttack?(g: GameState, col: number, first: CardId | null): void;
  /** The decisions this hero's handler asks, as a minion's. */
  decisions?: Resumers;
}

export interface ControlRule {
  /** A minion's contribution to its owner's total (default: printed peril). */
  weight?(card: MinionCard): number;
  /** The lowest total wins instead of the highest. */
  lowest?: boolean;
  /** A tie for best goes to the tied player with the most minions. */
  tieByCount?: boolean;
  /** Minions a player needs in the haven to compete (default 1). */
  minMinions?: number;
}

export interface LocationHooks {
  /** Whenever a minion is played to this horde (R6d). */
  whenPlayed?(g: GameState, card: CardId, col: number): void;
  /** Continuous peril modifier on the minion at `row` of this horde. */
  perilMod?(g: GameState, col: number, row: number): number;
  /** Continuous: is the minion at `row` of this horde protected? */
  protects?(g: GameState, col: number, row: number): boolean;
  /** Cuts this horde's horizontal adjacency (R4). */
  isolated?: boolean;
  /** Extra VP to the active player when a hero defeats an opponent's minion here. */
  heroDefeatBonus?: number;
  /** Scoring ability (R21). */
  control?: ControlRule;
  /** The decisions this side's handler asks, as a minion's. */
  decisions?: Resumers;
}
