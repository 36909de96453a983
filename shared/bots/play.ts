// Playing whole games headless: the simulator's and the benchmarks' loop.
// Each bot is handed only its own seat's view.
import { botNonce, createGame, Keystream, refuse, seedOfInteger, step, view, type Action, type GameState, type Rng, type Setup } from '../engine';
import type { Bot } from './index';

export interface Played { state: GameState; actions: Action[] }

/**
 * Play one game to the end with `bots[seat]` deciding for each seat. `seed` keys the bots'
 * ChaCha20 stream as a match's bots are keyed (an integer is made into a key: seedOfInteger),
 * or is the rng itself.
 */
export function playGame(setup: Setup, bots: Bot[], seed: number | Rng, keepActions = false): Played {
  const g = createGame(setup);
  const rng = typeof seed === 'number' ? new Keystream(seedOfInteger(seed), botNonce(0, 0)) : seed;
  const actions: Action[] = [];
  while (!g.over) {
    const seat = g.pending!.seat;
    const action = { ...bots[seat]!(view(g, seat), rng), seat } as Action;
    const error = refuse(g, action);
    if (error) throw new Error(`bot for seat ${seat} chose ${JSON.stringify(action)}: ${error.message}`);
    if (keepActions) actions.push(action);
    step(g, action);
  }
  return { state: g, actions };
}
