// Bots decide from one seat's view alone: they cannot read hidden state.
import type { Move, View } from '../engine';
import type { Rng } from '../engine';
import type { BotLevel } from '../protocol/http';
import { greedyBot } from './greedy';
import { randomBot } from './random';
import { searchBot } from './search';

export type Bot = (view: View, rng: Rng) => Move;
// The levels are the protocol's (a create body names them); each has its bot here.
export type { BotLevel };

export const BOTS: Record<BotLevel, Bot> = { random: randomBot, greedy: greedyBot, search: searchBot };
export { randomBot };
