// view(state, viewer): the only way state leaves the engine. It follows the
// View of PROTOCOL.md and holds nothing the viewer may not see (R24): no
// other hand, no deck's order or contents, no options but the viewer's own.
import { LOCATION_CARDS } from './catalog';
import { perils, protections, totals } from './board';
import { legalMoves } from './apply';
import { qualifying } from './attack';
import { tally } from './control';
import { who } from './ops';
import { decisionOf, heroOf } from './registry';
import type { AttackInProgress, CardId, GameState, LogEntry, Move, Result, Seat, Task } from './types';

export interface MinionView {
  card: CardId;
  /** VP tokens on it. */
  vp: number;
  /** Peril tokens on it. */
  peril: number;
  /** Its peril now, with tokens and every modifier (R5). */
  total: number;
  protected: boolean;
}

export interface LocationView {
  id: string;
  horde: MinionView[];
  haven: CardId[];
  /** The horde's total peril (0 without a horde). */
  peril: number;
  /** The revealed hero would attack this horde at a peril check: its peril reaches the threshold,
   * or the hero's own rule lets it qualify (Hulda: 5 or more minions). */
  qualifies: boolean;
  /** Per seat, what its minions in the haven count toward control now (R21, as the location
   * counts them; null: it does not compete there), so no client adds up peril itself. */
  tally: (number | null)[];
}

export interface PlayerView {
  seat: Seat;
  name: string;
  handSize: number;
  deckSize: number;
  discard: CardId[];
  vp: number;
  /** Moves stand-in bots made for this seat's person in the whole game (0 when none). */
  standInMoves: number;
  /** Decisions this seat's person asked a hint for in the whole game (0 when none). */
  hints: number;
}

export interface PendingView {
  seat: Seat;
  kind: string;
  prompt: string;
  /** The location the decision is about, where there is one (a Griffin's horde, a Smuggler's haven). */
  location?: string;
  /** Only on the deciding seat's own views. */
  options?: Move[];
  /** Only on the deciding seat's own views: the card of theirs on its way to the table (a Griffin's
   * place, a Familiar's second card's location); it stays in the hand until it lands. */
  card?: CardId;
  /** Only on the deciding seat's own views: the rest of the resolution, as the engine will
   * carry it out (all public, or the decider's own), so a bot can look ahead from its view. */
  next?: Continuation;
}

export interface Continuation {
  by: string;
  ctx: Record<string, unknown> | null;
  tasks: Task[];
  attack: AttackInProgress | null;
}

export interface View {
  version: number;
  you: Seat | null;
  players: PlayerView[];
  hand?: CardId[];
  locations: LocationView[];
  hero: string | null;
  heroesLeft: number;
  /** Heroes that have attacked, in order. */
  pastHeroes: string[];
  /** The revealed hero's peril threshold, or null. */
  threshold: number | null;
  /** Whose turn it is. */
  active: Seat;
  turn: number;
  perilSupply: number;
  /** During `choose-side`: the two sides of each card still to choose, in column order. */
  sides: [string, string][];
  pending: PendingView | null;
  log: LogEntry[];
  over: boolean;
  result: Result | null;
}

/** A view carries the log's last LOG_VIEW entries; a client asks once for those before them. */
export const LOG_VIEW = 30;

/** What every viewer sees alike: the view but for `you`, `hand` and `pending` (and `version`, which leads). */
type Common = Omit<View, 'version' | 'you' | 'hand' | 'pending'>;

/** What `viewer` (a seat, or null for a spectator) may see. */
export function view(g: GameState, viewer: Seat | null): View {
  return viewsOf(g)(viewer);
}

/**
 * Views of one state for as many viewers as asked, the part they all see built
 * once and shared between them (a broadcast builds a view per seat and one for
 * spectators). Shared means read-only: nothing may change a view in place.
 */
export function viewsOf(g: GameState): (viewer: Seat | null) => View {
  let c: Common | undefined;
  return (viewer) => {
    c ??= common(g);
    // Key by key, not spread: made per viewer on every move, in the JSON's key order.
    const v: View = {
      version: g.version, you: viewer, players: c.players, locations: c.locations, hero: c.hero, heroesLeft: c.heroesLeft,
      pastHeroes: c.pastHeroes, threshold: c.threshold, active: c.active, turn: c.turn, perilSupply: c.perilSupply,
      sides: c.sides, log: c.log, over: c.over, result: c.result, pending: pendingFor(g, viewer),
    };
    if (viewer !== null) v.hand = g.hands[viewer]!.slice();
    return v;
  };
}

function pendingFor(g: GameState, viewer: Seat | null): PendingView | null {
  const p = g.pending;
  if (!p) return null;
  const pending: PendingView = {
    seat: p.seat, kind: p.kind, prompt: viewer === p.seat ? p.prompt : `${who(g, p.seat)} ${decisionOf(p.kind)?.waiting ?? 'is deciding'}.`,
  };
  const col = p.ctx?.col;
  if (typeof col === 'number') pending.location = g.locations[col];
  if (viewer === p.seat) {
    pending.options = legalMoves(g);
    const card = p.ctx?.card;
    if (typeof card === 'string' && g.hands[p.seat]!.includes(card)) pending.card = card;
    // A copy, and never the setup a choose-side decision carries (a test position's hidden deal).
    const ctx = p.kind === 'choose-side' || !p.ctx ? null : (JSON.parse(JSON.stringify(p.ctx)) as Record<string, unknown>);
    pending.next = { by: p.by, ctx, tasks: g.tasks.slice(), attack: g.attack && {
      ...g.attack, defeated: g.attack.defeated.slice(), done: g.attack.done.slice(), queue: g.attack.queue.slice(),
    } };
  }
  return pending;
}

function common(g: GameState): Common {
  const peril = perils(g);
  const sums = totals(g, peril);
  const prot = protections(g);
  const q = qualifying(g, sums);
  return {
    players: g.hands.map((hand, seat) => ({
      seat, name: g.names[seat]!, handSize: hand.length, deckSize: g.decks[seat]!.length,
      discard: g.discards[seat]!.slice(), vp: g.heldVP[seat]!, standInMoves: g.standInMoves?.[seat] ?? 0,
      hints: g.hints?.[seat] ?? 0,
    })),
    locations: g.locations.map((id, col) => ({
      id,
      horde: g.hordes[col]!.map((card, row) => ({
        card, vp: g.vpOn[card] ?? 0, peril: g.perilOn[card] ?? 0,
        total: peril[col]![row]!, protected: prot[col]![row]!,
      })),
      haven: g.havens[col]!.slice(),
      peril: sums[col]!,
      qualifies: q[col]!,
      tally: tally(g, col).totals,
    })),
    hero: g.hero,
    heroesLeft: g.heroDeck.length,
    pastHeroes: g.pastHeroes.slice(),
    threshold: g.hero ? heroOf(g.hero)!.threshold : null,
    active: g.active,
    turn: g.turn,
    perilSupply: g.perilSupply,
    sides: g.sideCards.map((i) => [LOCATION_CARDS[i]![0].id, LOCATION_CARDS[i]![1].id]),
    log: logOf(g).slice(-LOG_VIEW),
    over: g.over,
    result: g.result && plainResult(g.result),
  };
}

/**
 * The log as every viewer reads it: entries tell only what the table saw (R24: a hand's card is
 * named once it is played), so seats and spectators read one log. The view's window, and the
 * earlier entries a (re)connecting client asks for (worker/match/sockets/earlier.ts), both come
 * from here. The state keeps only its latest lines (ops.ts LOG_KEEP).
 */
export function logOf(g: GameState): LogEntry[] {
  return g.log;
}

/** The result's dictionaries are null-prototype inside the engine (scoring.ts, for speed); a view
 * gets plain copies, which every transport clones (Workers' RPC refuses null-prototype objects). */
function plainResult(r: Result): Result {
  return { ...r, control: { ...r.control }, ...(r.tallies ? { tallies: { ...r.tallies } } : {}) };
}
