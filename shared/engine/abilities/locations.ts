// Location abilities (docs/RULES.md, The catalogue), keyed by side id.
import type { LocationHooks } from '../hooks';
import { cardOf } from '../ids';
import { addVP, minion, place, say } from '../ops';
import type { MinionType } from '../catalog';

/** "Whenever a <type> is played to this horde, place a 1-VP token on it." */
const bounty = (type: MinionType): LocationHooks => ({
  whenPlayed(g, card, col) {
    if (cardOf(card).type !== type) return;
    addVP(g, card, 1);
    // The location named: a Cutpurse's own token can follow in the next line.
    say(g, `${minion(g, card)} gains a 1-VP token from ${place(g, col)}.`);
  },
});

export const LOCATION_HOOKS: Record<string, LocationHooks> = {
  'valley-of-teeth': bounty('beast'),
  'bandits-roost': bounty('humanoid'),
  'sunken-crypt': { control: { weight: (c) => (c.type === 'undead' ? 2 * c.peril : c.peril) } },
  'teeming-warrens': { control: { weight: () => 1 } },
  'whispering-caves': { isolated: true },
  'silent-fen': { control: { lowest: true } },
  'bubbling-tar-pits': { perilMod: (_g, _col, row) => (row === 0 ? 2 : 0) },
  'thornwood-thicket': { control: { tieByCount: true } },
  'misty-ford': { protects: (g, col, row) => g.hordes[col]!.length >= 2 && row === g.hordes[col]!.length - 1 },
  'gallows-hill': { heroDefeatBonus: 1 },
  'hollow-throne': { control: { minMinions: 2 } },
};

