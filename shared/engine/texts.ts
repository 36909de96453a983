// The full text of every ability, keyed by card id: data only, no rules. The
// rules page (web/src/rules.tsx) shows it and docs/RULES.md is generated from it
// (npm run docs:rules), so the page and the document read the same words. The
// short `text` in catalog.ts is what fits on a card on the table.

/** Full ability text by minion kind, hero or location side id; '' = no ability. */
export const FULL_TEXT: Readonly<Record<string, string>> = {
  // Minions
  'scheming-familiar':
    'You may play a second minion from your hand, to the back of any horde (this one too) or to a location without a horde, just as in step 1. ' +
    'That play is complete in itself: the minion takes its place, the location reacts to it and its own immediate ability resolves, all before the Familiar is done. ' +
    'With an empty hand nothing happens. The peril check still comes once, after both plays.',
  'dire-bear': '',
  'charging-minotaur':
    'When a hero has attacked the horde this minion stands in, and it is still there when its turn to react comes, it defeats the minion adjacent to it with the highest printed VP: ' +
    'whoever owns it, in whichever horde, protected or not. The active player breaks a tie. It never defeats itself, and with no neighbour it does nothing. ' +
    'It must do this, and nobody scores VP for that defeat. If the hero defeated the Minotaur, or attacked another horde, nothing happens.',
  'spotted-griffin':
    'When you play it to a horde that already has n minions, you may slot it in at any position from 0 (the front) to n (the back); the minions from that position on step one place back, which is not a move. ' +
    'Then, after the location has reacted, you may send one other minion of this horde to its back, if that minion is movable and not already last. ' +
    'Played where there is no horde, it does neither.',
  'moor-wolf':
    'Put one peril token from the supply on a minion adjacent to this one: you pick it, it may be yours, and it may stand in another horde. ' +
    'You must do this; with no neighbour, or an empty supply, nothing happens.',
  'ironshell-tortoise': 'It is protected as long as another beast is adjacent to it, in any horde.',
  'sly-cutpurse':
    'You may take every VP token off one adjacent minion that carries at least one, and put them on this minion. ' +
    'If you take none (there is no such minion, or you decline), put one 1-VP token from the supply on this minion instead.',
  'tunnel-smuggler':
    'When this minion escapes, you may take one of your other minions that stands in a horde and is movable, and bring it into the haven this minion has just reached. ' +
    'It escapes as well: you cash in its VP tokens, its peril tokens go back to the supply, and then its own escape ability, if it has one, resolves. Its old horde closes up.',
  'stalwart-shieldbearer':
    'Every minion adjacent to this one, in any horde, is protected. Its own ability does not protect the Shieldbearer.',
  'ogre-brute': '',
  'mirror-trickster':
    'You may trade places with one movable minion adjacent to this one, even across hordes: each ends up in exactly the horde and position the other had. ' +
    'Both have moved; the other minion has not been played.',
  'cowering-goblin':
    'The minion just in front of this one and the minion just behind it, in its own horde only, each have 1 less peril (never below 0).',
  'bloated-ghoul':
    'When this minion is defeated, by a hero or an ability, each minion that stood adjacent to it just before and now stands in a different horde from the one the Ghoul left gets one peril token. ' +
    'If the supply runs short of them, you hand out what is left, one token at a time.',
  'restless-bones':
    'When this minion is defeated, by a hero or an ability, you may put it at the back of another horde instead of in your discard pile: neither the one it was defeated from nor the one under attack. ' +
    'That is not a play, so no location or immediate ability reacts. It is no longer defeated, but VP already scored for the defeat stays scored and the tokens it carried stay gone. With no such horde, nothing happens.',
  'drifting-wraith':
    'While it is in the horde zone its printed peril counts as 0; peril tokens and other changes still count. In a haven its printed 3 counts in full for control.',
  'barrow-colossus':
    'Immovable: no ability can move it, swap it or take it out of its horde, except by defeating it. Gaps still close around it and an inserted minion can still push it back, since neither is a move.',
  'carrion-ghast':
    'After every hero attack, on any horde, put one 1-VP token from the supply on this minion if it is still in the horde zone.',
  'vampire-countess':
    'Hunted: when a hero attacks her horde while she is unprotected and not at its front, she is the hero\'s target instead of the closest valid minion. ' +
    'Of two such Countesses the one nearer the back goes first.',
  // Heroes
  'vesper-nightstep':
    'Her closest valid minion is the front-most unprotected minion of the attacked horde, not the back-most. A hunted Vampire Countess is still taken before it.',
  'mad-malis':
    'If the minion he defeats is undead, he also defeats the next closest valid minion of that horde, found the same way once the gap has closed; the active player scores 2 VP for it if it is an opponent\'s. ' +
    'This happens at most once per attack. If he defeated nothing, or a beast or humanoid, nothing more happens.',
  'lark-songweaver': '',
  'dame-orlaith': 'While she is revealed, every undead minion in the horde zone has 1 more peril.',
  'hulda-axebreaker':
    'While she is revealed, a horde of 5 or more minions qualifies for her attack whatever its total peril.',
  'fenwick-thornbow': 'While he is revealed, no minion is protected.',
  'sister-maud':
    'The active player gains a 1-VP token for every undead minion left in the attacked horde once her defeat is done (before the minions react).',
  'sir-roderick':
    'He also defeats the next closest valid minion of the attacked horde, found the same way once the gap has closed; the active player scores 2 VP for it if it is an opponent\'s.',
  // Locations
  'valley-of-teeth':
    'Whenever a beast is played to this horde, including the play that starts it, that beast gets a 1-VP token. The token travels with the minion: cashed in by its owner when it escapes or at the end, lost if it is defeated.',
  'blackspire-keep': '',
  'sunken-crypt': 'Scoring: each undead minion here counts its peril twice.',
  'bandits-roost':
    'Whenever a humanoid is played to this horde, that humanoid gets a 1-VP token, which behaves like a Valley of Teeth token.',
  'teeming-warrens':
    'Scoring: players compete with their number of minions here instead of their peril; the most minions controls it, and a tie gives it to nobody.',
  'whispering-caves':
    'No minion of this horde is adjacent to a minion of another horde, in either direction. Front and back neighbours within this horde are adjacent as usual.',
  'silent-fen':
    'Scoring: the competitor with the lowest total peril here controls it; a tie for lowest gives it to nobody.',
  'bubbling-tar-pits': 'The minion at position 0 (the front) of this horde has 2 more peril.',
  'thornwood-thicket':
    'Scoring: when players tie for the most peril here, the one of them with the most minions here controls it; still tied, nobody does.',
  'misty-ford': 'While this horde holds 2 or more minions, the minion at its back is protected.',
  'gallows-hill':
    'Each time a hero defeats a minion of this horde that belongs to an opponent of the active player, the active player gains a further 1-VP token (3 VP in all).',
  'hollow-throne': 'Scoring: only players with at least 2 minions here compete for control.',
};
