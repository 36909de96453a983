// The engine's data shapes. Everything in GameState is plain JSON: no classes,
// no functions, no undefined-vs-missing tricks, so a match can be stored,
// shipped and resumed anywhere.

export type Seat = number;
/** A minion instance id, `<seat>:<kind>` (docs/SCENARIOS.md, Ids). */
export type CardId = string;

/** How a game is set up. Omitted parts are dealt with the seeded RNG (R2). */
export interface Setup {
  players: number;
  /** 32 to 64 lowercase hex digits (a ChaCha20 key; new matches), or an integer (mulberry32; older matches, tests). */
  seed?: number | string;
  /** Display names for the move log; default "Seat 1", "Seat 2", … */
  names?: string[];
  /** Location sides left to right (length P+1), or 'choose' for `choose-side`; default: random sides. */
  locations?: string[] | 'choose';
  /** The hero deck, top first (a test may give fewer than P+3). */
  heroes?: string[];
  /** Per seat, kind ids in hand. With `hands`, decks default to the rest in catalogue order. */
  hands?: string[][];
  /** Per seat, kind ids in draw order, top first; null = the rest of the deck (one of each kind) in catalogue order. */
  decks?: (string[] | null)[];
  first?: Seat;
  /**
   * The cards dealt from, when not the whole card set: the minion kinds of every deck, the heroes
   * and the location cards (each named by either side), each in catalogue order. A test pinned to
   * the cards of its day (the golden games) deals the same game after a card joins the set.
   */
  cards?: { minions: string[]; heroes: string[]; locations: string[] };
}

export type Action =
  | { type: 'play'; seat: Seat; card: CardId; location: string; standIn?: boolean; hinted?: boolean }
  | { type: 'choose'; seat: Seat; option: string; standIn?: boolean; hinted?: boolean };
// `standIn`: a bot made this move for the seat's person (their clock ran out, they were away, or
// the table handed their seat over). The log marks it and the state counts it; absent in actions
// stored before it existed, which count as the person's own.
// `hinted`: the seat's person asked for a hint on this decision (a match against bots only); the
// log says so and the state counts it, so replays show the counts (never the hint itself).

/** An action as a client sends it: the seat comes from the connection. */
export type Move =
  | { type: 'play'; card: CardId; location: string }
  | { type: 'choose'; option: string };

/**
 * What a pending decision is about: one of the turn machinery's (`play`, `attack-horde`,
 * `choose-side`) or one a card's handler declares beside its rules (hooks.ts `decisions`). Open,
 * so a new card brings its own; the registry (registry.ts) knows every kind in the card set.
 */
export type DecisionKind = string;

/** Work left to do, as data: the turn machinery's continuation stack. */
export type Task =
  | { t: 'turn' }
  | { t: 'position'; card: CardId; col: number }
  | { t: 'played'; card: CardId; col: number }
  | { t: 'peril' }
  | { t: 'attack'; col: number }
  /** R13 step 3: the queue of the attack's "when defeated" tasks, in order. */
  | { t: 'whenDefeated' }
  | { t: 'defeated'; card: CardId; col: number; adj: CardId[] }
  | { t: 'triggers'; col: number }
  | { t: 'snapshot'; col: number; cards: CardId[]; i: number }
  | { t: 'others'; col: number }
  | { t: 'endAttack' }
  | { t: 'escape'; col: number }
  | { t: 'escaping'; card: CardId; col: number }
  | { t: 'reveal' }
  /** Step 4, then the next player's turn. */
  | { t: 'end' };

/**
 * A decision someone must make before the game can go on. `by` names the
 * handler that resumes it (a card id, or '' for the turn machinery); `ctx` is
 * that handler's own JSON.
 */
export interface Pending {
  seat: Seat;
  kind: DecisionKind;
  /** Option strings (docs/SCENARIOS.md, Decisions). For `play` this is empty: see `legalActions`. */
  options: string[];
  prompt: string;
  by: string;
  ctx: Record<string, unknown> | null;
}

export interface LogEntry { seq: number; text: string }

export interface AttackInProgress {
  col: number;
  hero: string;
  /** Minions set aside as defeated until attack step 6 (R12). */
  defeated: CardId[];
  /** Minions whose after-attack ability already resolved (at most once per attack). */
  done: CardId[];
  /** "When defeated" tasks of the hero's own defeats, waiting for step 3. */
  queue: Task[];
}

export interface Result {
  scores: number[];
  control: Record<string, Seat | null>;
  winner: Seat;
  breakdown: { minions: number; locations: number; tokens: number }[];
  /** Extra: per location, each seat's total in the contest for control (R21), null if it did not
   * compete; why `control` came out as it did. Absent in games that ended before it existed. */
  tallies?: Record<string, (number | null)[]>;
  /** Per seat, moves stand-in bots made for its person in the whole game; absent when none did. */
  standInMoves?: number[];
}

export interface DealStream { key: string; used: number }

export interface GameState {
  players: number;
  names: string[];
  /**
   * The setup's generator: a mulberry32 state (integer seeds), or, for a hex seed, the key and how
   * many keystream words were drawn while the sides wait to be chosen, and null once the deal is done
   * (nothing draws after it).
   */
  rng: number | DealStream | null;
  first: Seat;
  /** Location side ids by column; during `choose-side`, the sides chosen so far. */
  locations: string[];
  /** Location cards still waiting for a side (`choose-side`): indexes into LOCATION_CARDS. */
  sideCards: number[];
  /** Per column, front (position 0) first. */
  hordes: CardId[][];
  /** Per column, in the order minions arrived. */
  havens: CardId[][];
  hands: CardId[][];
  decks: CardId[][];
  discards: CardId[][];
  heldVP: number[];
  /** Tokens on minions in the horde zone; absent key = none. */
  vpOn: Record<CardId, number>;
  perilOn: Record<CardId, number>;
  perilSupply: number;
  heroDeck: string[];
  hero: string | null;
  /** Heroes that have attacked and left the game, in order (public). */
  pastHeroes: string[];
  active: Seat;
  /** Seat of the turn before the current one (for R23 ties). */
  lastTurn: Seat;
  turn: number;
  attacks: number;
  attack: AttackInProgress | null;
  tasks: Task[];
  pending: Pending | null;
  /** Number of actions applied. */
  version: number;
  seq: number;
  log: LogEntry[];
  over: boolean;
  result: Result | null;
  /** Per seat, moves stand-in bots made for its person (actions marked `standIn`); absent until the first. */
  standInMoves?: number[];
  /** Per seat, decisions its person asked a hint for (actions marked `hinted`); absent until the first. */
  hints?: number[];
}

export interface EngineError { code: 'not-your-decision' | 'illegal' | 'over'; message: string }

export type ApplyResult =
  | { ok: true; state: GameState; events: LogEntry[] }
  | { ok: false; error: EngineError };
