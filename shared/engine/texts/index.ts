// Every word a card says, and nowhere else: its name and the short text printed on it, its
// ability in full (the rules page, a card's detail, docs/RULES.md) and the words of each decision
// its handler asks, one file per kind of card as abilities/ has (the shape: CardWords, words.ts).
// Data only: the numbers are the catalogue's (catalog.ts), the rules the handlers' (abilities/).
// `npm run docs:rules` writes the page's faces (web/src/faces.ts) and docs/RULES.md's catalogue
// from them.
import type { CardWords } from './words';
import { HERO_TEXTS } from './heroes';
import { LOCATION_TEXTS } from './locations';
import { MINION_TEXTS } from './minions';

/** Every card's words by id. */
export const TEXTS: Readonly<Record<string, CardWords>> = { ...MINION_TEXTS, ...HERO_TEXTS, ...LOCATION_TEXTS };

/** The full text of every card by id ('' = no ability). */
export const FULL_TEXT: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TEXTS).map(([id, t]) => [id, t.full]));
