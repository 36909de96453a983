// Player names as PROTOCOL.md allows them: 1 to 24 code points once cleaned. Kept apart from the
// valibot schemas so the web client can check a name the server's way without bundling valibot.

/**
 * Characters that are invisible yet change how text around them shows: control characters
 * (new lines, tabs), and bidirectional marks, embeddings, overrides and isolates, with which
 * a name could reverse the move log line it appears in. They are dropped, not refused: what
 * is left is the name the player sees.
 */
const HIDDEN = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The name as it will be shown. */
export const cleanName = (s: string): string => s.replace(HIDDEN, '').trim();

/** Code points, not UTF-16 units: "a name is 1 to 24 characters (Unicode code points)". */
export const nameLength = (s: string): number => [...s].length;
