// The words of every minion kind (texts/index.ts says what they are), keyed by its id.
import type { CardWords } from './words';

export const MINION_TEXTS: Readonly<Record<string, CardWords>> = {
  'scheming-familiar': {
    name: 'Scheming Familiar',
    card: 'You may play one other minion from your hand, as in step 1. It is a full play.',
    full: 'You may play a second minion from your hand, to the back of any horde (this one too) or to a location without a horde, just as in step 1. That play is complete in itself: the minion takes its place, the location reacts to it and its own immediate ability resolves, all before the Familiar is done. With an empty hand nothing happens. The peril check still comes once, after both plays.',
    decisions: {
      'familiar-extra': {
        prompt: 'Scheming Familiar: you may play one other minion from your hand.',
        waiting: 'is deciding whether to play a second minion (Scheming Familiar)',
        who: 'the Familiar\'s owner', options: 'minions in hand, `none`',
      },
      'familiar-location': {
        prompt: (ctx, _options, name) => `Scheming Familiar: choose where to play your ${name(ctx.card)}.`,
        waiting: 'is choosing where the second minion goes',
        who: 'the Familiar\'s owner', options: 'every location in play',
      },
    },
  },
  'dire-bear': { name: 'Dire Bear', card: '', full: '' },
  'charging-minotaur': {
    name: 'Charging Minotaur',
    card: 'After a hero attacks this horde, if this minion is still in it, it defeats the adjacent minion with the highest VP value (any horde, even protected; no VP for it).',
    full: 'When a hero has attacked the horde this minion stands in, and it is still there when its turn to react comes, it defeats the minion adjacent to it with the highest printed VP: whoever owns it, in whichever horde, protected or not. The active player breaks a tie. It never defeats itself, and with no neighbour it does nothing. It must do this, and nobody scores VP for that defeat. If the hero defeated the Minotaur, or attacked another horde, nothing happens.',
    decisions: {
      'minotaur-tie': {
        prompt: 'Charging Minotaur: choose which of the tied adjacent minions it defeats.',
        waiting: 'is choosing which minion the Charging Minotaur defeats',
        who: 'the active player', options: 'the tied adjacent minions',
      },
    },
  },
  'spotted-griffin': {
    name: 'Spotted Griffin',
    card: 'Played to an existing horde, you may put it at any position. Then you may move one other minion of this horde to its back.',
    full: 'When you play it to a horde that already has n minions, you may slot it in at any position from 0 (the front) to n (the back); the minions from that position on step one place back, which is not a move. Then, after the location has reacted, you may send one other minion of this horde to its back, if that minion is movable and not already last. Played where there is no horde, it does neither.',
    decisions: {
      'griffin-position': {
        prompt: (_ctx, options) => `Spotted Griffin: choose its place in the horde (0 = front, ${options.length - 1} = back).`,
        waiting: 'is choosing where the Spotted Griffin joins the horde',
        who: 'the Griffin\'s owner', options: '`"0"` (front) … `"n"` (back) for a horde of n',
      },
      'griffin-move': {
        prompt: 'Spotted Griffin: you may move one other minion of this horde to its back.',
        waiting: 'is deciding whether the Spotted Griffin moves a minion',
        who: 'the Griffin\'s owner', options: 'other movable minions of its horde not at the back, `none`',
      },
    },
  },
  'moor-wolf': {
    name: 'Howling Moor-Wolf',
    card: 'Place one peril token on one minion adjacent to this minion.',
    full: 'Put one peril token from the supply on a minion adjacent to this one: you pick it, it may be yours, and it may stand in another horde. You must do this; with no neighbour, or an empty supply, nothing happens.',
    decisions: {
      'wolf-target': {
        prompt: 'Howling Moor-Wolf: choose an adjacent minion to receive a peril token.',
        waiting: 'is choosing where the Howling Moor-Wolf puts a peril token',
        who: 'the Wolf\'s owner', options: 'adjacent minions',
      },
    },
  },
  'ironshell-tortoise': {
    name: 'Iron|shell Tortoise',
    card: 'Protected while at least one other beast is adjacent to it.',
    full: 'It is protected as long as another beast is adjacent to it, in any horde.',
  },
  'sly-cutpurse': {
    name: 'Sly Cutpurse',
    card: 'You may move all VP tokens from one adjacent minion onto this minion. If you don\'t, place a 1-VP token on this minion.',
    full: 'You may take every VP token off one adjacent minion that carries at least one, and put them on this minion. If you take none (there is no such minion, or you decline), put one 1-VP token from the supply on this minion instead.',
    decisions: {
      'cutpurse-target': {
        prompt: 'Sly Cutpurse: you may take all VP tokens from an adjacent minion (otherwise take a 1-VP token).',
        waiting: 'is deciding whose VP tokens the Sly Cutpurse takes',
        who: 'the Cutpurse\'s owner', options: 'adjacent minions carrying VP tokens, `none`',
      },
    },
  },
  'tunnel-smuggler': {
    name: 'Tunnel Smuggler',
    card: 'When this minion escapes, you may move one of your other minions from a horde into this safe haven; it escapes too.',
    full: 'When this minion escapes, you may take one of your other minions that stands in a horde and is movable, and bring it into the haven this minion has just reached. It escapes as well: you cash in its VP tokens, its peril tokens go back to the supply, and then its own escape ability, if it has one, resolves. Its old horde closes up.',
    decisions: {
      'smuggler-rescue': {
        prompt: 'Tunnel Smuggler: you may bring one of your minions from a horde into this safe haven.',
        waiting: 'is deciding whether the Tunnel Smuggler rescues a minion',
        who: 'the Smuggler\'s owner', options: 'own movable minions in hordes, `none`',
      },
    },
  },
  'stalwart-shieldbearer': {
    name: 'Stalwart Shield|bearer',
    card: 'Each minion adjacent to this minion is protected (not the Shieldbearer itself).',
    full: 'Every minion adjacent to this one, in any horde, is protected. Its own ability does not protect the Shieldbearer.',
  },
  'ogre-brute': { name: 'Ogre Brute', card: '', full: '' },
  'mirror-trickster': {
    name: 'Mirror Trickster',
    card: 'You may swap this minion with one movable minion adjacent to it.',
    full: 'You may trade places with one movable minion adjacent to this one, even across hordes: each ends up in exactly the horde and position the other had. Both have moved; the other minion has not been played.',
    decisions: {
      'trickster-swap': {
        prompt: 'Mirror Trickster: you may swap places with an adjacent minion.',
        waiting: 'is deciding whether the Mirror Trickster swaps places',
        who: 'the Trickster\'s owner', options: 'adjacent movable minions, `none`',
      },
    },
  },
  'cowering-goblin': {
    name: 'Cowering Goblin',
    card: 'The minions directly in front of and behind this one, in its horde, each have -1 peril.',
    full: 'The minion just in front of this one and the minion just behind it, in its own horde only, each have 1 less peril (never below 0).',
  },
  'bloated-ghoul': {
    name: 'Bloated Ghoul',
    card: 'When defeated, place one peril token on each minion that was adjacent to it and is in another horde.',
    full: 'When this minion is defeated, by a hero or an ability, each minion that stood adjacent to it just before and now stands in a different horde from the one the Ghoul left gets one peril token. If the supply runs short of them, you hand out what is left, one token at a time.',
    decisions: {
      'ghoul-token': {
        prompt: ({ left }) => `Bloated Ghoul: ${left === 1 ? 'one peril token is' : `${left} peril tokens are`} left; choose a minion to receive one.`,
        waiting: 'is choosing who gets the Bloated Ghoul’s peril tokens',
        who: 'the Ghoul\'s owner', options: 'neighbours still without a token, asked once per token left',
      },
    },
  },
  'restless-bones': {
    name: 'Restless Bones',
    card: 'When defeated, you may put it at the back of another existing horde (not the attacked one) instead of your discard pile.',
    full: 'When this minion is defeated, by a hero or an ability, you may put it at the back of another horde instead of in your discard pile: neither the one it was defeated from nor the one under attack. That is not a play, so no location or immediate ability reacts. It is no longer defeated, but VP already scored for the defeat stays scored and the tokens it carried stay gone. With no such horde, nothing happens.',
    decisions: {
      'bones-return': {
        prompt: 'Restless Bones: you may put it at the back of another horde instead of your discard pile.',
        waiting: 'is deciding where the Restless Bones return',
        who: 'the Bones\' owner', options: 'locations of the hordes it may join, `none`',
      },
    },
  },
  'drifting-wraith': {
    name: 'Drifting Wraith',
    card: 'In the horde zone its printed peril counts as 0. In a safe haven it counts normally.',
    full: 'While it is in the horde zone its printed peril counts as 0; peril tokens and other changes still count. In a haven its printed 3 counts in full for control.',
  },
  'barrow-colossus': {
    name: 'Barrow Colossus',
    card: 'Immovable: no ability can move or swap it.',
    full: 'Immovable: no ability can move it, swap it or take it out of its horde, except by defeating it. Gaps still close around it and an inserted minion can still push it back, since neither is a move.',
  },
  'carrion-ghast': {
    name: 'Carrion Ghast',
    card: 'After each hero attack on any horde, if this minion is in the horde zone, place a 1-VP token on it.',
    full: 'After every hero attack, on any horde, put one 1-VP token from the supply on this minion if it is still in the horde zone.',
  },
  'vampire-countess': {
    name: 'Vampire Countess',
    card: 'Hunted: if a hero attacks her horde and she is neither protected nor at the front, she is the target.',
    full: 'Hunted: when a hero attacks her horde while she is unprotected and not at its front, she is the hero\'s target instead of the closest valid minion. Of two such Countesses the one nearer the back goes first.',
  },
};
