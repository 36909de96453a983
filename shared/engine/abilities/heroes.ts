// Legendary Hero abilities (docs/RULES.md, The catalogue), keyed by hero id.
import { strike } from '../attack';
import type { HeroHooks } from '../hooks';
import { cardOf } from '../ids';
import { gain, plural, say, who } from '../ops';

export const HERO_HOOKS: Record<string, HeroHooks> = {
  'vesper-nightstep': { fromFront: true },
  'mad-malis': {
    onAttack(g, col, first) {
      if (first && cardOf(first).type === 'undead') strike(g, col);
    },
  },
  'dame-orlaith': { perilMod: (card) => (card.type === 'undead' ? 1 : 0) },
  'hulda-axebreaker': { hordeSize: 5 },
  'fenwick-thornbow': { noProtection: true },
  'sister-maud': {
    onAttack(g, col) {
      const n = g.hordes[col]!.filter((id) => cardOf(id).type === 'undead').length;
      if (!n) return;
      gain(g, g.active, n);
      say(g, `Sister Maud blesses ${who(g, g.active)} with ${plural(n, 'VP')} for the undead in the horde.`);
    },
  },
  'sir-roderick': { onAttack: (g, col) => void strike(g, col) },
};
