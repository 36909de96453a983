// A match rebuilt from its setup and action log (the replay's truth): every position, the start
// included. Deterministic like apply; an action the engine refuses is a broken log, so it throws.
import { apply } from './apply';
import { createGame } from './setup';
import type { Action, GameState, Setup } from './types';

export function positions(setup: Setup, actions: readonly Action[]): GameState[] {
  const out = [createGame(setup)];
  for (const [i, a] of actions.entries()) {
    const r = apply(out[i]!, a);
    if (!r.ok) throw new Error(`action ${i} (${JSON.stringify(a)}) refused on replay: ${r.error.message}`);
    out.push(r.state);
  }
  return out;
}

/** The position after the last action. */
export const replayed = (setup: Setup, actions: readonly Action[]): GameState => positions(setup, actions).at(-1)!;
