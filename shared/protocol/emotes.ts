// Reactions (docs/PROTOCOL.md, "Reactions"): a seated player sends one of a few
// fixed phrases to everyone at the table. Fixed phrases, not free text: nothing
// to moderate between strangers, and every client shows the same words.

export const EMOTE_IDS = ['hello', 'gg', 'wp', 'thanks', 'oops', 'thinking'] as const;
export type Emote = (typeof EMOTE_IDS)[number];

export const EMOTE_TEXT: Record<Emote, string> = {
  hello: 'Hello!', gg: 'Good game!', wp: 'Well played!', thanks: 'Thanks!', oops: 'Oops!', thinking: 'Thinking…',
};

/** One reaction per seat per this many ms. */
export const EMOTE_COOLDOWN_MS = 3000;
