// The bot levels a seat or a stand-in can have: a leaf, so the view and the HTTP contract
// can both name them without importing each other.
export const BOT_LEVELS = ['random', 'greedy', 'search'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
