// A pending decision as the other players and spectators read it: the decider's
// prompt says "your hand", which would be wrong on anyone else's screen.
import type { DecisionKind } from './types';

const WAITING: Record<DecisionKind, string> = {
  'choose-side': 'is choosing the location sides',
  play: 'is choosing a minion to play',
  'familiar-extra': 'is deciding whether to play a second minion (Scheming Familiar)',
  'familiar-location': 'is choosing where the second minion goes',
  'griffin-position': 'is choosing where the Spotted Griffin joins the horde',
  'griffin-move': 'is deciding whether the Spotted Griffin moves a minion',
  'wolf-target': 'is choosing where the Howling Moor-Wolf puts a peril token',
  'cutpurse-target': 'is deciding whose VP tokens the Sly Cutpurse takes',
  'trickster-swap': 'is deciding whether the Mirror Trickster swaps places',
  'attack-horde': 'is choosing which horde the hero attacks',
  'minotaur-tie': 'is choosing which minion the Charging Minotaur defeats',
  'ghoul-token': 'is choosing who gets the Bloated Ghoul’s peril tokens',
  'bones-return': 'is deciding where the Restless Bones return',
  'smuggler-rescue': 'is deciding whether the Tunnel Smuggler rescues a minion',
};

/** "Bea is choosing a minion to play." */
export const waitingPrompt = (name: string, kind: DecisionKind): string => `${name} ${WAITING[kind]}.`;
