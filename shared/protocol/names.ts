// Player names as PROTOCOL.md allows them: 1 to 24 code points once cleaned, at least one of them
// visible. Kept apart from the valibot schemas so the web client can check a name the server's
// way without bundling valibot.

/**
 * Characters that show as nothing yet count as text: control and format characters (new lines,
 * zero-width spaces, bidirectional marks, embeddings, overrides and isolates, with which a name
 * could reverse the move log line it appears in), and fillers drawn blank (the combining grapheme
 * joiner, Hangul fillers, the blank braille pattern). They are dropped, not refused: what is left
 * is the name the player sees. The zero-width (non-)joiners stay: emoji sequences and some
 * scripts need them.
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Something that shows: a letter, digit, punctuation or symbol. */
const SHOWN = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The name as it will be shown. */
export const cleanName = (s: string): string => s.replace(HIDDEN, '').trim();

/** Code points, not UTF-16 units: "a name is 1 to 24 characters (Unicode code points)". */
export const nameLength = (s: string): number => [...s].length;

/** Why a cleaned name cannot be used, or null. */
export function nameProblem(name: string): string | null {
  if (!SHOWN.test(name)) return 'a name needs at least 1 visible character';
  if (nameLength(name) > 24) return 'a name has at most 24 characters';
  return null;
}

/** A lone surrogate: text that is not Unicode (JSON may carry one; it would be stored as U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether the text is well-formed UTF-16, as a name must be. */
export const wellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);
