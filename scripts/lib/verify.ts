// Checks shared by the load and fault runs: a finished match's stored action
// log, replayed by the engine, must give exactly what its sockets were shown.
import { replayed, view, type GameState } from '../../shared/engine';
import { isDeepStrictEqual } from 'node:util';
import type { Replay, View } from '../../shared/protocol';

/** The engine's state after every action of the log (a replay's `setup` and `actions`); throws on an action the engine refuses. */
export function replayToEnd(replay: Pick<Replay, 'setup' | 'actions'>): GameState {
  return replayed(replay.setup, replay.actions);
}

/** The engine part of a protocol view (the server adds kind, connected, standIn, botMoves, canStandIn, clock, status, seeded). */
export const enginePart = (v: View) => ({
  ...v,
  players: v.players.map(({ kind: _k, connected: _c, standIn: _s, botMoves: _b, canStandIn: _i, ...p }) => p),
  clock: undefined, status: undefined, seeded: undefined,
});

/** Problems (empty when none) between a finished replay and a final view one viewer got. */
export function compareFinal(final: GameState, v: View, viewer: number | null): string[] {
  const problems: string[] = [];
  if (!final.over) problems.push(`the replayed match is not over (version ${final.version})`);
  if (v.version !== final.version) problems.push(`final view at version ${v.version}, replay at ${final.version}`);
  // As sent: JSON, without undefined keys (a patched view may hold its keys in another order).
  const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
  if (!isDeepStrictEqual(json(view(final, viewer)), json(enginePart(v)))) problems.push(`seat ${viewer}: the final view differs from the replay's`);
  if (!isDeepStrictEqual(json(v.result), json(final.result))) problems.push(`seat ${viewer}: the result differs from the replay's`);
  return problems;
}
