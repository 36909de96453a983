// What two names are compared by, so nobody can sit down as someone else: not at one table
// (worker/match/table/naming.ts), not in one quick-match round. Server-side only: the confusables table is
// about 100 KB, which the web client never needs.
//
// The steps: NFKC (full-width, ligatures and styled letters become plain ones); every
// Default_Ignorable_Code_Point dropped (zero-width joiners, variation selectors, U+17B4 and the
// like, which change nothing on screen); runs of spaces made one; case folded; then Unicode's
// confusables skeleton (UTS #39, the data of `unhomoglyph`: Cyrillic "а" and Latin "a" are one
// letter, so are "l" and "1"), folded again since a prototype may be a capital.
import unhomoglyph from 'unhomoglyph';
import { cleanName } from './names';

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Locale-free (the same on every server, unlike a Turkish locale's dotted i), and it folds what
 * plain lowercasing leaves apart ("ß" and "ss", "ς" and "σ"). */
const fold = (s: string): string => s.toUpperCase().toLowerCase();

export function nameKey(name: string): string {
  const plain = fold(cleanName(name.normalize('NFKC')).replace(IGNORABLE, '').replace(/\s+/gu, ' ')).normalize('NFKC');
  // The skeleton works on decomposed text (an accent stays an accent, whatever its letter's script).
  return fold(unhomoglyph(plain.normalize('NFD')).normalize('NFD')).replace(IGNORABLE, '');
}
