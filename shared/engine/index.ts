// The rules engine of Retreat to Darkmoor: plain JSON state, pure functions.
export { apply, legalMoves, moveAt, moveCount, refuse, step, clone } from './apply';
export { createGame, SetupError } from './setup';
export { positions, replayed } from './replay';
export { LOG_VIEW, logOf, view, viewsOf } from './view';
export type { View, MinionView, LocationView, PlayerView, PendingView, Continuation } from './view';
export * from './catalog';
export * from './types';
export { instance, deckOf } from './ids';
/** Every instance's facts by id, the table itself (read-only): the bots' hot loops read it directly. */
export { factsTable as instances, type Facts } from './registry';
// Rules as queries, for callers that reason about positions (the bots): the engine's own answers,
// so nobody re-derives them.
export { attackGap, besideInHorde, closestValid, defeatReward, isHunted, perils, protections, totals, totalsInto } from './board';
export { control, controlFrom, controlMeasure, type Standing } from './control';
export { heroCards, minionKinds } from './registry';
export { next as random, below, shuffle, type Mulberry32, type Rng } from './rng';
export { botNonce, HEX_SEED, Keystream, seedOfInteger } from './keystream';
