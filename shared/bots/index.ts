// Bots decide from one seat's view alone: they cannot read hidden state.
import type { Move, View } from '../engine';
import type { Rng } from '../engine';
import { greedyBot } from './greedy';
import { randomBot } from './random';
import { searchBot } from './search';

export type Bot = (view: View, rng: Rng) => Move;
export type BotLevel = 'random' | 'greedy' | 'search';

export const BOTS: Record<BotLevel, Bot> = { random: randomBot, greedy: greedyBot, search: searchBot };
export { randomBot };
