// The words of every location side (texts/index.ts says what they are), keyed by its id.
import type { CardWords } from './words';

export const LOCATION_TEXTS: Readonly<Record<string, CardWords>> = {
  'valley-of-teeth': {
    name: 'Valley of Teeth',
    card: 'Whenever a beast is played here, place a 1-VP token on it.',
    full: 'Whenever a beast is played to this horde, including the play that starts it, that beast gets a 1-VP token. The token travels with the minion: cashed in by its owner when it escapes or at the end, lost if it is defeated.',
  },
  'blackspire-keep': { name: 'Black|spire Keep', card: '', full: '' },
  'sunken-crypt': {
    name: 'Sunken Crypt',
    card: 'Each undead minion\'s peril counts double here.',
    full: 'Scoring: each undead minion here counts its peril twice.',
  },
  'bandits-roost': {
    name: 'Bandits\' Roost',
    card: 'Whenever a humanoid is played here, place a 1-VP token on it.',
    full: 'Whenever a humanoid is played to this horde, that humanoid gets a 1-VP token, which behaves like a Valley of Teeth token.',
  },
  'teeming-warrens': {
    name: 'Teeming Warrens',
    card: 'The player with the most minions here controls it.',
    full: 'Scoring: players compete with their number of minions here instead of their peril; the most minions controls it, and a tie gives it to nobody.',
  },
  'whispering-caves': {
    name: 'Whisper|ing Caves',
    card: 'Minions in this horde are not adjacent to minions in other hordes.',
    full: 'No minion of this horde is adjacent to a minion of another horde, in either direction. Front and back neighbours within this horde are adjacent as usual.',
  },
  'silent-fen': {
    name: 'Silent Fen',
    card: 'The competing player with the lowest total peril here controls it.',
    full: 'Scoring: the competitor with the lowest total peril here controls it; a tie for lowest gives it to nobody.',
  },
  'bubbling-tar-pits': {
    name: 'Bubbling Tar Pits',
    card: 'The minion at the front of this horde has +2 peril.',
    full: 'The minion at position 0 (the front) of this horde has 2 more peril.',
  },
  'thornwood-thicket': {
    name: 'Thornwood Thicket',
    card: 'A tie for most peril goes to the tied player with the most minions here.',
    full: 'Scoring: when players tie for the most peril here, the one of them with the most minions here controls it; still tied, nobody does.',
  },
  'misty-ford': {
    name: 'Misty Ford',
    card: 'While this horde has 2 or more minions, the minion at its back is protected.',
    full: 'While this horde holds 2 or more minions, the minion at its back is protected.',
  },
  'gallows-hill': {
    name: 'Gallows Hill',
    card: 'When a hero defeats an opponent\'s minion here, the active player receives 1 more VP.',
    full: 'Each time a hero defeats a minion of this horde that belongs to an opponent of the active player, the active player gains a further 1-VP token (3 VP in all).',
  },
  'hollow-throne': {
    name: 'The Hollow Throne',
    card: 'Only players with at least 2 minions here compete for control.',
    full: 'Scoring: only players with at least 2 minions here compete for control.',
  },
};
