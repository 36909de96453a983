// The key paths of the protocol's JSON, for the check that docs/PROTOCOL.md names every one
// (test/protocol/protocol-doc.test.ts) and the check that the server adds no field the lists
// below lack (test/worker/sockets/protocol-fields.test.ts).

/** Objects keyed by data (side ids, a handler's own names), not by field names: their keys are not paths. */
export const DICTIONARIES = new Set(['result.control', 'result.tallies', 'pending.next.ctx', 'views']);

/**
 * Every key path in `value`: `a.b` for an object's key, `a[].b` for a key of an array's items.
 * Only keys make paths; the items of an array of numbers add none.
 */
export function keyPaths(value: unknown, into = new Set<string>(), prefix = ''): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) keyPaths(item, into, `${prefix}[]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      into.add(path);
      if (!DICTIONARIES.has(path)) keyPaths(v, into, path);
    }
  }
  return into;
}

/** What the server adds to the engine's view (shared/protocol/view.ts). */
export const WORKER_VIEW_PATHS = [
  'status', 'clock', 'clock.seat', 'clock.deadline', 'rematch', 'seeded',
  'players[].kind', 'players[].connected', 'players[].standIn', 'players[].botMoves', 'players[].canStandIn',
];

/** `GET /api/matches/:id` (MatchSummary). */
export const SUMMARY_PATHS = [
  'id', 'players', 'status', 'seats', 'seats[].seat', 'seats[].name', 'seats[].kind', 'seats[].connected', 'spectators', 'seeded',
  'rules', 'rules.clock', 'rules.idleMs', 'rules.awayMs', 'rules.takeover', 'rules.botDelayMs',
];

/** `GET /api/matches` `live[]` (LiveSummary). */
export const LIVE_PATHS = [
  'live', 'id', 'players', 'players[].seat', 'players[].name', 'players[].bot', 'players[].level', 'players[].vp', 'turn', 'spectators',
  'changed',
];

/** `GET /api/matches/:id/replay` (its `views` are Views, above). */
export const REPLAY_PATHS = [
  'setup', 'setup.players', 'setup.seed', 'setup.names', 'setup.locations', 'actions', 'actions[].type', 'actions[].seat',
  'actions[].card', 'actions[].location', 'actions[].option', 'actions[].standIn', 'views',
];
