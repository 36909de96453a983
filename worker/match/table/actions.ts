// An action against the match state, checked in the protocol's order after
// what the socket layer checks (too-large, bad-json, bad-request, spectator):
// not-your-decision, stale, illegal. Pure: it never touches storage.
import { apply, type Action, type GameState, type Move } from '../../../shared/engine';
import type { Refusal } from '../../../shared/protocol';

export type Decided = { ok: true; action: Action; state: GameState } | { ok: false; refusal: Refusal };

const no = (code: Refusal['code'], message: string): Decided => ({ ok: false, refusal: { code, message } });

/** `standIn`: a stand-in bot makes this move for the seat's person; `hinted`: its person asked a
 * hint on this decision (hints.ts). The engine marks and counts both. */
export function decide(g: GameState | null, seat: number, move: Move, version: number, standIn = false, hinted = false): Decided {
  if (!g) return no('not-your-decision', 'The match has not started: seats are still open.');
  if (g.over || !g.pending) return no('not-your-decision', 'The match is over.');
  if (g.pending.seat !== seat) return no('not-your-decision', `It is seat ${g.pending.seat}'s decision.`);
  if (version !== g.version) return no('stale', `That was chosen from version ${version}; the match is at ${g.version}.`);
  // Built field by field: nothing else a client sent (a "seat", say) reaches the engine.
  const action: Action = move.type === 'play'
    ? { type: 'play', seat, card: move.card, location: move.location }
    : { type: 'choose', seat, option: move.option };
  if (standIn) action.standIn = true;
  if (hinted) action.hinted = true;
  const r = apply(g, action);
  if (!r.ok) return no(r.error.code === 'illegal' ? 'illegal' : 'not-your-decision', r.error.message);
  return { ok: true, action, state: r.state };
}
