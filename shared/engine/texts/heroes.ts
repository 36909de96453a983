// The words of every hero (texts/index.ts says what they are), keyed by its id.
import type { CardWords } from './words';

export const HERO_TEXTS: Readonly<Record<string, CardWords>> = {
  'vesper-nightstep': {
    name: 'Vesper Night|step',
    card: 'She attacks the front-most unprotected minion instead of the back-most.',
    full: 'Her closest valid minion is the front-most unprotected minion of the attacked horde, not the back-most. A hunted Vampire Countess is still taken before it.',
  },
  'mad-malis': {
    name: 'Mad Malis',
    card: 'If the minion he defeated is undead, he also defeats the next closest valid minion.',
    full: 'If the minion he defeats is undead, he also defeats the next closest valid minion of that horde, found the same way once the gap has closed; the active player scores 2 VP for it if it is an opponent\'s. This happens at most once per attack. If he defeated nothing, or a beast or humanoid, nothing more happens.',
  },
  'lark-songweaver': { name: 'Lark Songweaver', card: '', full: '' },
  'dame-orlaith': {
    name: 'Dame Orlaith Dawnshield',
    card: 'Every undead minion in the horde zone has +1 peril.',
    full: 'While she is revealed, every undead minion in the horde zone has 1 more peril.',
  },
  'hulda-axebreaker': {
    name: 'Hulda Axebreaker',
    card: 'A horde of 5 or more minions also qualifies for her attack.',
    full: 'While she is revealed, a horde of 5 or more minions qualifies for her attack whatever its total peril.',
  },
  'fenwick-thornbow': {
    name: 'Fenwick Thornbow',
    card: 'No minion is protected.',
    full: 'While he is revealed, no minion is protected.',
  },
  'sister-maud': {
    name: 'Sister Maud Candlewright',
    card: 'The active player receives 1 VP for each undead minion still in the attacked horde.',
    full: 'The active player gains a 1-VP token for every undead minion left in the attacked horde once her defeat is done (before the minions react).',
  },
  'sir-roderick': {
    name: 'Sir Roderick Ironvow',
    card: 'He also defeats the next closest valid minion of the attacked horde.',
    full: 'He also defeats the next closest valid minion of the attacked horde, found the same way once the gap has closed; the active player scores 2 VP for it if it is an opponent\'s.',
  },
};
