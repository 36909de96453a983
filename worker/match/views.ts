// The protocol View for one viewer: the engine's view (which hides what the
// viewer may not see) plus what only the server knows: seat kinds, connections,
// stand-ins (presence.ts), the clock, the match's status, its rematch and `seeded`.
import { positions, viewsOf, type Action, type GameState, type Setup } from '../../shared/engine';
import { CREATE_DEFAULTS as D, type BotLevel, type Clock, type MatchStatus, type MatchSummary, type ProtocolPlayerView, type SeatRating, type TableRules, type View } from '../../shared/protocol';
import type { Due, MatchConfig, SeatRow } from '../shared/config';

export interface Scene {
  id: string;
  players: number;
  status: MatchStatus;
  seats: SeatRow[];
  connected: boolean[];
  state: GameState | null;
  due: Due | null;
  /** Per seat, the bot level standing in for its person, or null. */
  standIn: (BotLevel | null)[];
  /** Per seat, moves a stand-in made since its person last acted. */
  botMoves: number[];
  /** Per seat, whether the other players may now hand it to a stand-in (idle.ts). */
  canStandIn: boolean[];
  /** Per seat, hints used (hints.ts: the engine's count and one asked for the open decision); absent: the engine's. */
  hints?: number[];
  /** The rematch's match id, once someone asked for one. */
  rematch?: string | null;
  /** The creator chose the seed (the view and summary say so). */
  seeded?: boolean;
  /** What the people at the table live by (the summary shows it). */
  rules: TableRules;
  /** A rated match: per seat, its player's rating (table/players.ts); and whether the result moves them. */
  ratings?: Record<string, SeatRating>;
  rated?: boolean;
  /** The guided first match's lesson (shared/lessons.ts), for the client's coach. */
  lesson?: string;
}

/** The table's rules as the match keeps them (an older match's absent options are the defaults). */
export const tableRules = (c: MatchConfig): TableRules => ({
  clock: c.clock, idleMs: c.clock === null ? (c.idleMs ?? D.idleMs) : null, awayMs: c.awayMs ?? D.awayMs,
  takeover: c.takeover ?? D.takeover, botDelayMs: c.botDelayMs,
});

/** The mark of a chosen deal, for views and summaries: present only when true. */
const seededMark = (scene: Scene): { seeded?: true } => (scene.seeded ? { seeded: true } : {});
/** A seat's rating, where its match is rated: set on its player, as the view's last key. */
function withRating(p: ProtocolPlayerView, scene: Scene): ProtocolPlayerView {
  const r = scene.ratings?.[String(p.seat)];
  if (r) p.rating = r;
  return p;
}
/** A view's marks, each present only when true, as its last keys: a chosen deal, a rated match, a lesson. */
function mark(v: View, scene: Scene): View {
  if (scene.seeded) v.seeded = true;
  if (scene.rated) v.rated = true;
  if (scene.lesson) v.lesson = scene.lesson;
  return v;
}

const clockOf = (due: Due | null): Clock | null =>
  due?.deadline !== undefined ? { seat: due.seat, deadline: new Date(due.deadline).toISOString() } : null;

/** Bots are always there; open seats never are. */
const isConnected = (s: SeatRow, connected: boolean[]): boolean =>
  s.kind === 'bot' || (s.kind === 'human' && (connected[s.seat] ?? false));

export function buildView(scene: Scene, viewer: number | null): View {
  return viewsFor(scene)(viewer);
}

/**
 * Views of the scene for as many viewers as asked, what they all see built once (engine's viewsOf).
 * Written out key by key, not spread: a view is made per seat on every move, and the keys' order
 * is the JSON's (the golden games pin every byte).
 */
export function viewsFor(scene: Scene): (viewer: number | null) => View {
  const { seats, connected, state } = scene;
  if (!state) return (viewer) => waitingView(scene, viewer);
  const engine = viewsOf(state);
  let players: ProtocolPlayerView[] | undefined;
  const clock = clockOf(scene.due);
  return (viewer) => {
    const v = engine(viewer);
    players ??= v.players.map((p) => {
      const s = seats[p.seat]!;
      return withRating({
        seat: p.seat, name: p.name, handSize: p.handSize, deckSize: p.deckSize, discard: p.discard, vp: p.vp,
        standInMoves: p.standInMoves, hints: scene.hints?.[p.seat] ?? p.hints,
        kind: s.kind, connected: isConnected(s, connected), standIn: scene.standIn[p.seat] ?? null,
        botMoves: scene.botMoves[p.seat] ?? 0, canStandIn: scene.canStandIn[p.seat] ?? false,
      }, scene);
    });
    const out: View = {
      version: v.version, you: v.you, players, locations: v.locations, hero: v.hero, heroesLeft: v.heroesLeft,
      pastHeroes: v.pastHeroes, threshold: v.threshold, active: v.active, turn: v.turn, perilSupply: v.perilSupply,
      sides: v.sides, log: v.log, over: v.over, result: v.result, pending: v.pending,
    } as View;
    if (v.hand) out.hand = v.hand;
    out.clock = clock;
    out.status = scene.status;
    if (scene.rematch) out.rematch = scene.rematch;
    return mark(out, scene);
  };
}

/** Before the start: who sits where, an empty board, nothing pending. */
function waitingView(scene: Scene, viewer: number | null): View {
  const v: View = {
    version: 0,
    you: viewer,
    players: scene.seats.map((s) => withRating({
      seat: s.seat, name: s.name, kind: s.kind, connected: isConnected(s, scene.connected), standIn: null, botMoves: 0,
      canStandIn: false, handSize: 0, deckSize: 0, discard: [], vp: 0, standInMoves: 0, hints: 0,
    }, scene)),
    locations: [],
    hero: null,
    heroesLeft: 0,
    pastHeroes: [],
    threshold: null,
    active: 0,
    turn: 0,
    perilSupply: 0,
    sides: [],
    pending: null,
    log: [],
    clock: null,
    over: false,
    result: null,
    status: scene.status,
  };
  mark(v, scene);
  if (viewer !== null) v.hand = [];
  return v;
}

export function buildSummary(scene: Scene, spectators: number): MatchSummary {
  return {
    id: scene.id,
    players: scene.players,
    status: scene.status,
    seats: scene.seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, connected: isConnected(s, scene.connected) })),
    spectators,
    ...seededMark(scene),
    rules: scene.rules,
  };
}

/** A finished match step by step, as a spectator saw it: the position after the setup and after
 * each action, replayed from the log. */
export function replayViews(scene: Scene, setup: Setup, actions: Action[]): View[] {
  // Presence means nothing in a replay: nobody is shown away.
  const connected = scene.seats.map(() => true);
  const at = (s: GameState) => buildView({ ...scene, state: s, status: s.over ? 'over' : 'playing', connected, standIn: [], botMoves: [], canStandIn: [], hints: undefined }, null);
  return positions(setup, actions).map(at);
}
