// The rules engine of Retreat to Darkmoor: plain JSON state, pure functions.
export { apply, legalMoves, moveAt, moveCount, refuse, step, clone } from './apply';
export { createGame, SetupError } from './setup';
export { view, viewsOf } from './view';
export type { View, MinionView, LocationView, PlayerView, PendingView, Continuation } from './view';
export * from './catalog';
export * from './types';
export { instance } from './ids';
export { next as random, below, shuffle, type Mulberry32, type Rng } from './rng';
export { botNonce, HEX_SEED, Keystream, seedOfInteger } from './keystream';
