// Minions with ongoing abilities (docs/RULES.md, The catalogue): Minotaur, Tortoise, Smuggler,
// Shieldbearer, Goblin, Ghoul, Bones, Wraith, Colossus, Ghast, Countess.
// Most tests set up a position, make one play that sets off an attack (Lark
// Songweaver, threshold 6, no ability, unless said otherwise), and check the
// whole outcome worked out from R11–R16.
import { describe, expect, it } from 'vitest';
import {
  choose, discards, expectAsk, expectPlay, game, haven, horde, peril, perilConserved, perilOn, play, prot, refused, sorted, vpOn,
} from '../helpers';

const LARK = ['lark-songweaver', 'mad-malis'];
const TWO = ['blackspire-keep', 'teeming-warrens', 'silent-fen'];
const THREE = ['blackspire-keep', 'teeming-warrens', 'silent-fen', 'thornwood-thicket'];
const IDLE = ['scheming-familiar'];

describe('Charging Minotaur', () => {
  it('after the hero attacks its horde, defeats the adjacent minion with the highest VP, in another horde, even protected, for no VP', () => {
    // Column 0: 1:SB, 1:DB (the Bear is protected by the Shieldbearer in front of it).
    // Column 1: 1:OB, 0:CM; seat 0 adds its Cutpurse: 3 + 2 + 1 = 6.
    let g = game({
      locations: TWO, heroes: LARK, hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['1:stalwart-shieldbearer', '1:dire-bear'], 'teeming-warrens': ['1:ogre-brute', '0:charging-minotaur'] },
    });
    expect(prot(g, '1:dire-bear')).toBe(true);
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    // Lark defeats the back-most, seat 0's own Cutpurse: no VP. The Minotaur, now at (1,1),
    // sees (1,0) 1:OB (VP 2) and (0,1) 1:DB (VP 3): the Bear is defeated, nobody scores.
    expect(g.heldVP).toEqual([0, 0]);
    expect(g.discards).toEqual([['0:sly-cutpurse'], ['1:dire-bear']]);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:stalwart-shieldbearer']);
    expect(horde(g, 'teeming-warrens')).toEqual([]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:charging-minotaur', '1:ogre-brute']);
    expect(g.vpOn).toEqual({});
    expect(g.hero).toBe('mad-malis');
    expectPlay(g, 1);
  });

  it('asks the active player (not its owner) to break a tie for highest VP; it may pick the active player\'s own minion', () => {
    // Column 1: 1:SC, 1:CM + 0:OB = 6. After 0:OB falls, the Minotaur (1,1) sees 1:SC (VP 1),
    // (0,1) 1:OB (VP 2) and (2,1) 0:MW (VP 2).
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: {
        'blackspire-keep': ['0:cowering-goblin', '1:ogre-brute'],
        'teeming-warrens': ['1:sly-cutpurse', '1:charging-minotaur'],
        'silent-fen': ['1:cowering-goblin', '0:moor-wolf'],
      },
    });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    expectAsk(g, 0, 'minotaur-tie', ['1:ogre-brute', '0:moor-wolf']);
    refused(g, { type: 'choose', seat: 1, option: '1:ogre-brute' }, 'not-your-decision');
    refused(g, { type: 'choose', seat: 0, option: '1:sly-cutpurse' }, 'illegal');
    g = choose(g, 0, '0:moor-wolf');
    expect(g.discards).toEqual([['0:ogre-brute', '0:moor-wolf'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(horde(g, 'blackspire-keep')).toEqual(['0:cowering-goblin', '1:ogre-brute']);
    expect(horde(g, 'silent-fen')).toEqual(['1:cowering-goblin']);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:charging-minotaur', '1:sly-cutpurse']);
    expectPlay(g, 1);
  });

  it('does not trigger when the hero defeated the Minotaur itself', () => {
    // Column 1: 1:OB, 1:DB + 0:CM = 7. The Minotaur is the back-most and falls; the Countess at
    // (0,2), its neighbour, and the Bear survive.
    let g = game({
      locations: TWO, heroes: LARK, hands: [['charging-minotaur'], IDLE],
      hordes: { 'blackspire-keep': ['1:cowering-goblin', '1:moor-wolf', '1:vampire-countess'], 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] },
    });
    g = play(g, 0, 'charging-minotaur', 'teeming-warrens');
    expect(g.discards).toEqual([['0:charging-minotaur'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:dire-bear', '1:ogre-brute']);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:cowering-goblin', '1:moor-wolf', '1:vampire-countess']);
  });

  it('does not trigger for an attack on another horde', () => {
    // The Minotaur stands alone in column 1, next to the attacked column 0 and to 1:DB in column 2.
    let g = game({
      locations: TWO, heroes: LARK, hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['1:ogre-brute', '1:moor-wolf'], 'teeming-warrens': ['0:charging-minotaur'], 'silent-fen': ['1:dire-bear'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'blackspire-keep');
    expect(g.discards).toEqual([['0:sly-cutpurse'], []]);
    expect(haven(g, 'blackspire-keep')).toEqual(['1:moor-wolf', '1:ogre-brute']);
    expect(horde(g, 'teeming-warrens')).toEqual(['0:charging-minotaur']);
    expect(horde(g, 'silent-fen')).toEqual(['1:dire-bear']);
  });

  it('with no adjacent minion does nothing', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: { 'teeming-warrens': ['0:charging-minotaur'] }, peril: { '0:charging-minotaur': 1 },
    });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    expect(g.discards).toEqual([['0:ogre-brute'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:charging-minotaur']);
    expect(g.perilSupply).toBe(10);
    expectPlay(g, 1);
  });

  it('reaches the same row of a neighbouring horde (the Countess, VP 4, beats the Cutpurse, VP 1)', () => {
    let g = game({
      locations: ['thornwood-thicket', 'blackspire-keep', 'silent-fen'], heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: { 'thornwood-thicket': ['1:sly-cutpurse', '0:charging-minotaur'], 'blackspire-keep': ['1:cowering-goblin', '1:vampire-countess'] },
    });
    g = play(g, 0, 'ogre-brute', 'thornwood-thicket');
    expect(g.discards).toEqual([['0:ogre-brute'], ['1:vampire-countess']]);
    expect(haven(g, 'thornwood-thicket')).toEqual(['0:charging-minotaur', '1:sly-cutpurse']);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:cowering-goblin']);
  });

  it('Whispering Caves cuts that reach: the same position in the Caves takes its own horde\'s Cutpurse', () => {
    let g = game({
      locations: ['whispering-caves', 'blackspire-keep', 'silent-fen'], heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: { 'whispering-caves': ['1:sly-cutpurse', '0:charging-minotaur'], 'blackspire-keep': ['1:cowering-goblin', '1:vampire-countess'] },
    });
    g = play(g, 0, 'ogre-brute', 'whispering-caves');
    expect(g.discards).toEqual([['0:ogre-brute'], ['1:sly-cutpurse']]);
    expect(haven(g, 'whispering-caves')).toEqual(['0:charging-minotaur']);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:cowering-goblin', '1:vampire-countess']);
  });
});

describe('Ironshell Tortoise', () => {
  it('is protected by another beast adjacent in its own horde: the hero takes the Bear instead', () => {
    let g = game({ locations: TWO, heroes: LARK, hands: [['ironshell-tortoise'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] } });
    g = play(g, 0, 'ironshell-tortoise', 'teeming-warrens');
    // 3 + 2 + 1 = 6. Tortoise (back) protected by the Bear; the Bear (seat 1's) falls: seat 0 +2.
    expect(g.discards).toEqual([[], ['1:dire-bear']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:ironshell-tortoise', '1:ogre-brute']);
  });

  it('is protected by a beast in the same row of a neighbouring horde', () => {
    // Column 1: 1:OB (+1 token), 1:SC + Tortoise at (1,2) = 6. (2,2) holds 1:MW, a beast.
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ironshell-tortoise'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:sly-cutpurse'], 'silent-fen': ['1:cowering-goblin', '1:mirror-trickster', '1:moor-wolf'] },
      peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'ironshell-tortoise', 'teeming-warrens');
    expect(g.discards).toEqual([[], ['1:sly-cutpurse']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:ironshell-tortoise', '1:ogre-brute']);
    expect(g.perilSupply).toBe(10);
  });

  it('is not protected by humanoid neighbours or by a diagonal beast', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ironshell-tortoise'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:sly-cutpurse'], 'silent-fen': ['1:cowering-goblin', '1:moor-wolf'] },
      peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'ironshell-tortoise', 'teeming-warrens');
    expect(g.discards).toEqual([['0:ironshell-tortoise'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute', '1:sly-cutpurse']);
  });

  it('is not protected by a beast across Whispering Caves (Tortoise inside the Caves)', () => {
    let g = game({
      locations: ['whispering-caves', 'blackspire-keep', 'silent-fen'], heroes: LARK, hands: [['ironshell-tortoise'], IDLE],
      hordes: { 'whispering-caves': ['1:ogre-brute', '1:sly-cutpurse'], 'blackspire-keep': ['1:cowering-goblin', '1:mirror-trickster', '1:moor-wolf'] },
      peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'ironshell-tortoise', 'whispering-caves');
    expect(g.discards).toEqual([['0:ironshell-tortoise'], []]);
  });

  it('protection read on the board: the Caves cut from the other side, it protects only itself, two Tortoises', () => {
    const board = (first: string) => game({
      locations: [first, 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE],
      hordes: { [first]: ['1:dire-bear'], 'blackspire-keep': ['0:ironshell-tortoise', '1:ogre-brute'] },
    });
    const caves = board('whispering-caves');
    expect(prot(caves, '0:ironshell-tortoise')).toBe(false); // its only beast neighbour is in the Caves
    const open = board('thornwood-thicket');
    expect(prot(open, '0:ironshell-tortoise')).toBe(true); // (0,0) 1:DB is a beast
    expect(prot(open, '1:dire-bear')).toBe(false); // the Tortoise protects only itself
    expect(prot(open, '1:ogre-brute')).toBe(false);
    const pair = game({
      locations: TWO, hands: [IDLE, IDLE],
      hordes: { 'teeming-warrens': ['0:ironshell-tortoise'], 'silent-fen': ['1:ironshell-tortoise'], 'blackspire-keep': ['1:ogre-brute'] },
    });
    expect(prot(pair, '0:ironshell-tortoise')).toBe(true); // the other Tortoise is another beast
    expect(prot(pair, '1:ironshell-tortoise')).toBe(true);
    const alone = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'teeming-warrens': ['0:ironshell-tortoise'] } });
    expect(prot(alone, '0:ironshell-tortoise')).toBe(false);
  });
});

describe('Stalwart Shieldbearer', () => {
  it('protects the minion behind it but not itself: the hero takes the Shieldbearer', () => {
    let g = game({ locations: TWO, heroes: LARK, hands: [['sly-cutpurse'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:stalwart-shieldbearer'] } });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    // 3 + 2 + 1 = 6. The Cutpurse (back) is protected; the Shieldbearer falls: seat 0 +2.
    // The Cutpurse escapes with its 1-VP token: seat 0 collects it.
    expect(g.discards).toEqual([[], ['1:stalwart-shieldbearer']]);
    expect(g.heldVP).toEqual([3, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:sly-cutpurse', '1:ogre-brute']);
  });

  it('protects the same row of a neighbouring horde', () => {
    // 0:SB at (0,1) protects 1:DB at (1,1); the hero takes 1:OB at (1,0).
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: { 'blackspire-keep': ['0:cowering-goblin', '0:stalwart-shieldbearer'], 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] },
      peril: { '1:dire-bear': 1 },
    });
    expect(prot(g, '1:dire-bear')).toBe(true);
    expect(prot(g, '0:stalwart-shieldbearer')).toBe(false);
    g = play(g, 0, 'ogre-brute', 'silent-fen');
    expect(g.discards).toEqual([[], ['1:ogre-brute']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:dire-bear']);
    expect(g.perilSupply).toBe(10);
  });

  it('when every minion is protected the hero defeats nothing, but the horde still escapes (R11)', () => {
    // Misty Ford: 1:OB (+1) protected by 0:SB at (0,0); 1:DB protected as the back of 2.
    let g = game({
      locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: LARK, hands: [['cowering-goblin'], IDLE],
      hordes: { 'blackspire-keep': ['0:stalwart-shieldbearer'], 'misty-ford': ['1:ogre-brute', '1:dire-bear'] },
      peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.attacks).toBe(1);
    expect(g.discards).toEqual([[], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(horde(g, 'misty-ford')).toEqual([]);
    expect(haven(g, 'misty-ford')).toEqual(['1:dire-bear', '1:ogre-brute']);
    expect(g.perilSupply).toBe(10);
    expect(g.hero).toBe('mad-malis');
  });
  it('two Shieldbearers side by side protect each other; an empty column in between is not skipped', () => {
    const pair = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'teeming-warrens': ['0:stalwart-shieldbearer', '1:stalwart-shieldbearer'] } });
    expect(prot(pair, '0:stalwart-shieldbearer')).toBe(true);
    expect(prot(pair, '1:stalwart-shieldbearer')).toBe(true);
    const gap = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'blackspire-keep': ['0:stalwart-shieldbearer'], 'silent-fen': ['1:dire-bear'] } });
    expect(prot(gap, '1:dire-bear')).toBe(false);
  });
});

describe('Cowering Goblin', () => {
  it('gives -1 to the minions directly in front and behind, in its own horde only', () => {
    const g = game({
      locations: TWO, hands: [IDLE, IDLE],
      hordes: { 'blackspire-keep': ['1:ogre-brute', '1:cowering-goblin', '1:dire-bear'], 'teeming-warrens': ['0:ogre-brute', '0:moor-wolf'] },
    });
    expect(peril(g, 'blackspire-keep')).toBe(2 + 0 + 1);
    expect(peril(g, 'teeming-warrens')).toBe(3 + 2); // the Wolf at (1,1) is beside the Goblin, not in its horde
  });

  it('only the minions directly next to it', () => {
    const g = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'blackspire-keep': ['1:ogre-brute', '1:dire-bear', '1:cowering-goblin'] } });
    expect(peril(g, 'blackspire-keep')).toBe(3 + 1 + 0);
  });

  it('no minion goes below 0: two Goblins around a Cutpurse, a Goblin next to a Goblin, a Wraith', () => {
    const g = game({
      locations: TWO, hands: [IDLE, IDLE],
      hordes: { 'blackspire-keep': ['0:cowering-goblin', '1:sly-cutpurse', '1:cowering-goblin'], 'silent-fen': ['1:ogre-brute', '0:ogre-brute'] },
    });
    expect(peril(g, 'blackspire-keep')).toBe(0); // 0 + max(0, 1 - 1 - 1) + 0
    expect(peril(g, 'silent-fen')).toBe(6);
    const two = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'teeming-warrens': ['1:cowering-goblin', '0:cowering-goblin'] } });
    expect(peril(two, 'teeming-warrens')).toBe(0);
    const h = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'silent-fen': ['1:drifting-wraith', '1:cowering-goblin', '1:dire-bear'] } });
    expect(peril(h, 'silent-fen')).toBe(0 + 0 + 1);
  });

  it('the modifiers are summed before the floor at 0 (R5): a Wraith at the front of the Tar Pits with a Goblin behind has 1', () => {
    const g = game({
      locations: ['bubbling-tar-pits', 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE],
      hordes: { 'bubbling-tar-pits': ['1:drifting-wraith', '1:cowering-goblin'], 'silent-fen': ['0:cowering-goblin', '0:dire-bear'] },
    });
    expect(peril(g, 'bubbling-tar-pits')).toBe(1); // max(0, 0 + 2 - 1) + 0
    expect(peril(g, 'silent-fen')).toBe(1);
  });

  it('lets a horde take a minion that would otherwise set off the attack', () => {
    let g = game({ locations: TWO, heroes: LARK, hands: [['cowering-goblin'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] } });
    g = play(g, 0, 'cowering-goblin', 'teeming-warrens');
    expect(peril(g, 'teeming-warrens')).toBe(3 + 1 + 0);
    expect(g.attacks).toBe(0);
    expectPlay(g, 1);
  });
});

describe('Bloated Ghoul', () => {
  // Column 1 (attacked): 2:OB (+t tokens), 1:BG. Its cross-horde neighbours: 0:DB at (0,1), 2:MW at (2,1).
  const spec = (perilTokens: Record<string, number>) => game({
    players: 3, locations: THREE, heroes: LARK, hands: [['ogre-brute'], IDLE, IDLE],
    hordes: {
      'blackspire-keep': ['0:cowering-goblin', '0:dire-bear'],
      'teeming-warrens': ['2:ogre-brute', '1:bloated-ghoul'],
      'silent-fen': ['2:cowering-goblin', '2:moor-wolf'],
    },
    peril: perilTokens,
  });

  it('defeated by the hero, places a peril token on each neighbour in another horde (not its own horde\'s)', () => {
    let g = play(spec({ '2:ogre-brute': 1 }), 0, 'ogre-brute', 'thornwood-thicket');
    // 3 + 1 + 2 = 6: the Ghoul (seat 1's) falls: seat 0 +2. 0:DB and 2:MW get a token; 2:OB, in
    // the Ghoul's own horde, does not (and escapes, returning its token).
    expect(g.heldVP).toEqual([2, 0, 0]);
    expect(g.discards).toEqual([[], ['1:bloated-ghoul'], []]);
    expect(g.perilOn).toEqual({ '0:dire-bear': 1, '2:moor-wolf': 1 });
    expect(g.perilSupply).toBe(8);
    expect(haven(g, 'teeming-warrens')).toEqual(['2:ogre-brute']);
    expect(peril(g, 'blackspire-keep')).toBe(0 + (2 + 1 - 1));
    perilConserved(g);
  });

  it('with exactly as many tokens in the supply as recipients, places them all and asks nothing', () => {
    // 8 on the Brute leave 2 in the supply: one each for 0:DB and 2:MW, no choice to make.
    const g = play(spec({ '2:ogre-brute': 8 }), 0, 'ogre-brute', 'thornwood-thicket');
    expect(g.perilOn).toEqual({ '0:dire-bear': 1, '2:moor-wolf': 1 });
    expect(g.perilSupply).toBe(8); // 0 left, then 2:OB's 8 return as it escapes
    expect(g.discards).toEqual([[], ['1:bloated-ghoul'], []]);
    perilConserved(g);
    expectPlay(g, 1);
  });

  it('with fewer tokens in the supply than recipients, its owner chooses who gets them (one token: asked once)', () => {
    let g = play(spec({ '2:ogre-brute': 9 }), 0, 'ogre-brute', 'thornwood-thicket');
    expectAsk(g, 1, 'ghoul-token', ['0:dire-bear', '2:moor-wolf']);
    expect(g.heldVP).toEqual([2, 0, 0]);
    refused(g, { type: 'choose', seat: 0, option: '0:dire-bear' }, 'not-your-decision');
    g = choose(g, 1, '2:moor-wolf');
    expect(g.perilOn).toEqual({ '2:moor-wolf': 1 });
    expect(g.perilSupply).toBe(9); // 0 left, then 2:OB's 9 return as it escapes
    perilConserved(g);
    expectPlay(g, 1);
  });

  it('its own peril tokens return to the supply when it is defeated, before its ability needs them', () => {
    let g = play(spec({ '2:ogre-brute': 9, '1:bloated-ghoul': 1 }), 0, 'ogre-brute', 'thornwood-thicket');
    expectAsk(g, 1, 'ghoul-token', ['0:dire-bear', '2:moor-wolf']);
    g = choose(g, 1, '0:dire-bear');
    expect(g.perilOn).toEqual({ '0:dire-bear': 1 });
    perilConserved(g);
  });

  it('with the supply empty places nothing and asks nothing', () => {
    let g = play(spec({ '2:ogre-brute': 10 }), 0, 'ogre-brute', 'thornwood-thicket');
    expect(g.perilOn).toEqual({});
    expect(g.perilSupply).toBe(10);
    expect(g.discards).toEqual([[], ['1:bloated-ghoul'], []]);
    expectPlay(g, 1);
  });

  it('its recipients are its neighbours just before its defeat: Restless Bones returned beside its old place get nothing', () => {
    // Mad Malis. Warrens: 2:OB, 1:BG, 1:RB = 6. The Bones fall, then (undead) the Ghoul at (1,1),
    // whose neighbours then were 2:OB (its own horde) and 0:DB at (0,1); (2,1) was empty.
    let g = game({
      players: 3, locations: THREE, heroes: ['mad-malis', 'lark-songweaver'], hands: [['ogre-brute'], IDLE, IDLE],
      hordes: {
        'blackspire-keep': ['0:cowering-goblin', '0:dire-bear'],
        'teeming-warrens': ['2:ogre-brute', '1:bloated-ghoul', '1:restless-bones'],
        'silent-fen': ['2:cowering-goblin'],
      },
    });
    g = play(g, 0, 'ogre-brute', 'thornwood-thicket');
    expect(g.heldVP).toEqual([4, 0, 0]);
    expectAsk(g, 1, 'bones-return', ['blackspire-keep', 'silent-fen', 'thornwood-thicket', 'none']);
    g = choose(g, 1, 'silent-fen');
    // The Bones now stand at (2,1), next to where the Ghoul was: no token for them.
    expect(horde(g, 'silent-fen')).toEqual(['2:cowering-goblin', '1:restless-bones']);
    expect(g.perilOn).toEqual({ '0:dire-bear': 1 });
    expect(discards(g)).toEqual([[], ['1:bloated-ghoul'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['2:ogre-brute']);
    perilConserved(g);
  });

  it('defeated by a Minotaur, resolves at once, before the rest of the snapshot (the Minotaur itself can receive a token)', () => {
    // Silent Fen (attacked): 2:Ghast (+9 tokens, so the supply holds 1), 0:CM, then 0:OB.
    let g = game({
      players: 3, locations: THREE, heroes: LARK, hands: [['ogre-brute'], IDLE, IDLE],
      hordes: {
        'blackspire-keep': ['0:cowering-goblin', '0:dire-bear'],
        'teeming-warrens': ['1:cowering-goblin', '1:bloated-ghoul'],
        'silent-fen': ['2:carrion-ghast', '0:charging-minotaur'],
      },
      peril: { '2:carrion-ghast': 9 },
    });
    g = play(g, 0, 'ogre-brute', 'silent-fen');
    // Lark takes 0:OB (own). The Minotaur (2,1) sees 2:Ghast (VP 0) and 1:BG (VP 1): the Ghoul.
    // Its neighbours just before: 1:CG (its own horde), 0:DB and 0:CM: two recipients, one token.
    expectAsk(g, 1, 'ghoul-token', ['0:charging-minotaur', '0:dire-bear']);
    expect(vpOn(g, '2:carrion-ghast')).toBe(0); // the Ghast, later in the snapshot, has not fed yet
    g = choose(g, 1, '0:charging-minotaur');
    expect(g.discards).toEqual([['0:ogre-brute'], ['1:bloated-ghoul'], []]);
    expect(g.heldVP).toEqual([0, 0, 1]); // the Ghast's token, collected as it escapes
    expect(haven(g, 'silent-fen')).toEqual(['0:charging-minotaur', '2:carrion-ghast']);
    expect(horde(g, 'teeming-warrens')).toEqual(['1:cowering-goblin']);
    expect(g.perilOn).toEqual({});
    expect(g.perilSupply).toBe(10);
  });
});

describe('Restless Bones', () => {
  it('defeated by the hero, may go to the back of another existing horde instead of the discard pile', () => {
    let g = game({
      players: 3, locations: ['valley-of-teeth', 'teeming-warrens', 'silent-fen', 'thornwood-thicket'], heroes: LARK,
      hands: [['ogre-brute'], IDLE, IDLE],
      hordes: { 'valley-of-teeth': ['0:cowering-goblin'], 'teeming-warrens': ['2:ogre-brute', '1:restless-bones'], 'thornwood-thicket': ['2:dire-bear'] },
      peril: { '1:restless-bones': 2 },
    });
    g = play(g, 0, 'ogre-brute', 'silent-fen');
    // 3 + (1 + 2) = 6 at Teeming Warrens: the Bones fall (seat 0 +2, its tokens return).
    expectAsk(g, 1, 'bones-return', ['valley-of-teeth', 'silent-fen', 'thornwood-thicket', 'none']);
    refused(g, { type: 'choose', seat: 1, option: 'teeming-warrens' }, 'illegal');
    g = choose(g, 1, 'valley-of-teeth');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:cowering-goblin', '1:restless-bones']);
    expect(g.vpOn).toEqual({});
    expect(g.perilOn).toEqual({}); // the tokens it carried stay discarded
    expect(g.perilSupply).toBe(10);
    expect(g.heldVP).toEqual([2, 0, 0]); // VP for defeating it stays awarded
    expect(g.discards).toEqual([[], [], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['2:ogre-brute']);
    expect(peril(g, 'valley-of-teeth')).toBe(0); // CG 0 + Bones (1 - 1)
    expectPlay(g, 1);
  });

  it('declined with none, goes to the discard pile', () => {
    let g = game({
      players: 3, locations: THREE, heroes: LARK, hands: [['ogre-brute'], IDLE, IDLE],
      hordes: { 'blackspire-keep': ['0:cowering-goblin'], 'teeming-warrens': ['2:ogre-brute', '1:restless-bones'] },
      peril: { '1:restless-bones': 2 },
    });
    g = play(g, 0, 'ogre-brute', 'thornwood-thicket');
    expectAsk(g, 1, 'bones-return', ['blackspire-keep', 'thornwood-thicket', 'none']);
    g = choose(g, 1, 'none');
    expect(g.discards).toEqual([[], ['1:restless-bones'], []]);
    expect(horde(g, 'blackspire-keep')).toEqual(['0:cowering-goblin']);
  });

  it('defeated by a Minotaur from its own (not attacked) horde: neither that horde nor the attacked one is offered', () => {
    let g = game({
      players: 3, locations: THREE, heroes: LARK, hands: [['sly-cutpurse'], IDLE, IDLE],
      hordes: {
        'teeming-warrens': ['1:cowering-goblin', '1:restless-bones'],
        'silent-fen': ['2:drifting-wraith', '0:charging-minotaur'],
        'thornwood-thicket': ['2:dire-bear'],
      },
      peril: { '2:drifting-wraith': 3 },
    });
    g = play(g, 0, 'sly-cutpurse', 'silent-fen');
    // (0 + 3) + 2 + 1 = 6. The Cutpurse (own) falls. The Minotaur (2,1) sees 2:DW (VP 0) and
    // 1:RB (VP 1): the Bones. Blackspire Keep has no horde: only Thornwood Thicket is legal.
    expectAsk(g, 1, 'bones-return', ['thornwood-thicket', 'none']);
    g = choose(g, 1, 'thornwood-thicket');
    expect(horde(g, 'thornwood-thicket')).toEqual(['2:dire-bear', '1:restless-bones']);
    expect(horde(g, 'teeming-warrens')).toEqual(['1:cowering-goblin']);
    expect(g.discards).toEqual([['0:sly-cutpurse'], [], []]);
    expect(haven(g, 'silent-fen')).toEqual(['0:charging-minotaur', '2:drifting-wraith']);
  });

  it('with no legal horde, nothing is asked and it is discarded', () => {
    let g = game({ locations: TWO, heroes: LARK, hands: [['restless-bones'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] } });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    expect(g.discards).toEqual([['0:restless-bones'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:dire-bear', '1:ogre-brute']);
    expectPlay(g, 1);
  });
});

describe('Drifting Wraith', () => {
  it('has 0 printed peril in the horde zone; its peril tokens still count', () => {
    const g = game({ locations: TWO, hands: [IDLE, IDLE], hordes: { 'blackspire-keep': ['1:drifting-wraith'], 'silent-fen': ['0:drifting-wraith'] }, peril: { '0:drifting-wraith': 2 } });
    expect(peril(g, 'blackspire-keep')).toBe(0);
    expect(peril(g, 'silent-fen')).toBe(2);
  });

  it('counts its printed 3 in a safe haven (moved there at the end of the game) and beats a Bear\'s 2', () => {
    // Game end (R19): seat 0 plays its last card, then no one holds a card.
    let g = game({
      locations: TWO, hands: [['cowering-goblin'], []], decks: [[], []],
      hordes: { 'blackspire-keep': ['0:drifting-wraith'] }, havens: { 'blackspire-keep': ['1:dire-bear'] },
    });
    expect(peril(g, 'blackspire-keep')).toBe(0);
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.over).toBe(true);
    expect(haven(g, 'blackspire-keep')).toEqual(['0:drifting-wraith', '1:dire-bear']);
    expect(g.result!.control).toEqual({ 'blackspire-keep': 0, 'teeming-warrens': null, 'silent-fen': 0 });
    // Seat 0: Wraith 0 + Goblin 1 + Keep 5 + Fen 3 = 9. Seat 1: Bear 3.
    expect(g.result!.scores).toEqual([9, 3]);
  });
});

describe('Barrow Colossus', () => {
  it('gaps still close around it: when the minion in front of it is defeated, it moves up', () => {
    // Hulda (7). Column 0: 1:DB, 1:BC = 6 (no attack there). Column 1: 0:CM (+3) + 0:OB = 8.
    let g = game({
      locations: TWO, heroes: ['hulda-axebreaker', 'lark-songweaver'], hands: [['ogre-brute'], IDLE],
      hordes: { 'blackspire-keep': ['1:dire-bear', '1:barrow-colossus'], 'teeming-warrens': ['0:charging-minotaur'] },
      peril: { '0:charging-minotaur': 3 },
    });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    // Hulda takes 0:OB (own). The Minotaur (1,0) takes (0,0) 1:DB; the Colossus closes the gap.
    expect(g.discards).toEqual([['0:ogre-brute'], ['1:dire-bear']]);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:barrow-colossus']);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:charging-minotaur']);
  });

  it('is never a candidate for the Smuggler; it still escapes as part of an attacked horde', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['dire-bear'], IDLE],
      hordes: { 'blackspire-keep': ['0:barrow-colossus'], 'teeming-warrens': ['0:tunnel-smuggler', '1:barrow-colossus'] },
    });
    g = play(g, 0, 'dire-bear', 'teeming-warrens');
    // 1 + 4 + 2 = 7: 0:DB (own) falls. 0:TS and 1:BC escape; 0:BC is seat 0's only other minion: no rescue.
    expect(haven(g, 'teeming-warrens')).toEqual(['0:tunnel-smuggler', '1:barrow-colossus']);
    expect(horde(g, 'blackspire-keep')).toEqual(['0:barrow-colossus']);
    expectPlay(g, 1);
  });
});

describe('Carrion Ghast', () => {
  it('after an attack gains a 1-VP token, in the attacked horde and in any other horde; collected when it escapes', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['1:carrion-ghast'], 'teeming-warrens': ['0:carrion-ghast', '1:ogre-brute'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    // 2 + 3 + 1 = 6: the Cutpurse (own) falls. Both Ghasts feed; 0:Ghast escapes with its token.
    expect(g.discards).toEqual([['0:sly-cutpurse'], []]);
    expect(g.heldVP).toEqual([1, 0]);
    expect(g.vpOn).toEqual({ '1:carrion-ghast': 1 });
    expect(haven(g, 'teeming-warrens')).toEqual(['0:carrion-ghast', '1:ogre-brute']);
  });

  it('defeated by the hero: no token, and the tokens it carried are discarded', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['cowering-goblin'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:carrion-ghast'] },
      vp: { '1:carrion-ghast': 2 }, peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'cowering-goblin', 'blackspire-keep');
    expect(g.discards).toEqual([[], ['1:carrion-ghast']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(g.vpOn).toEqual({});
  });

  it('feeds after every attack and its owner collects its tokens at the end of the game', () => {
    // Lark then Malis (both 6), nothing else: the second attack ends the game.
    let g = game({
      locations: TWO, heroes: LARK, hands: [['sly-cutpurse'], ['moor-wolf']], decks: [[], []],
      hordes: {
        'blackspire-keep': ['1:carrion-ghast'],
        'teeming-warrens': ['1:ogre-brute', '1:dire-bear'],
        'silent-fen': ['0:ogre-brute', '0:dire-bear'],
      },
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    // 3 + 2 + 1 = 6: Lark takes 0:SC (own). The Ghast feeds (1). 1:OB, 1:DB escape.
    expect(vpOn(g, '1:carrion-ghast')).toBe(1);
    expect(g.hero).toBe('mad-malis');
    g = play(g, 1, 'moor-wolf', 'silent-fen');
    // The Wolf at (2,2): its only neighbour is 0:DB (column 1 is empty): a token, automatically.
    // 3 + 3 + 2 = 8: Malis takes 1:MW (own, a beast: nothing more). The Ghast feeds (2).
    // 0:OB, 0:DB escape. No hero left: the game ends, the Ghast moves to its haven with 2 VP.
    expect(g.over).toBe(true);
    expect(g.discards).toEqual([['0:sly-cutpurse'], ['1:moor-wolf']]);
    expect(haven(g, 'blackspire-keep')).toEqual(['1:carrion-ghast']);
    expect(g.heldVP).toEqual([0, 2]);
    expect(g.perilSupply).toBe(10);
    expect(g.result!.control).toEqual({ 'blackspire-keep': 1, 'teeming-warrens': 1, 'silent-fen': 0 });
    // Seat 0: OB 2 + DB 3 + Fen 3 = 8. Seat 1: Ghast 0 + OB 2 + DB 3 + Keep 5 + Warrens 4 + 2 held = 16.
    expect(g.result!.scores).toEqual([8, 16]);
    expect(g.result!.winner).toBe(1);
  });
});

describe('Vampire Countess', () => {
  const countess = (hordes: Record<string, string[]>, hand = 'sly-cutpurse') =>
    game({ locations: TWO, heroes: LARK, hands: [[hand], IDLE], hordes });

  it('is hunted when neither at the front nor protected: the hero takes her instead of the back-most', () => {
    let g = play(countess({ 'teeming-warrens': ['1:ogre-brute', '1:vampire-countess'] }), 0, 'sly-cutpurse', 'teeming-warrens');
    expect(g.discards).toEqual([[], ['1:vampire-countess']]);
    expect(g.heldVP).toEqual([3, 0]); // 2 for her, 1 from the Cutpurse's token as it escapes
    expect(haven(g, 'teeming-warrens')).toEqual(['0:sly-cutpurse', '1:ogre-brute']);
  });

  it('at the front (position 0) she is not hunted', () => {
    let g = play(countess({ 'teeming-warrens': ['1:vampire-countess', '1:ogre-brute'] }), 0, 'sly-cutpurse', 'teeming-warrens');
    expect(g.discards).toEqual([['0:sly-cutpurse'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute', '1:vampire-countess']);
  });

  it('protected (by a Shieldbearer in the neighbouring horde) she is not hunted', () => {
    let g = countess({
      'blackspire-keep': ['0:cowering-goblin', '0:stalwart-shieldbearer'],
      'teeming-warrens': ['1:ogre-brute', '1:vampire-countess'],
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    expect(g.discards).toEqual([['0:sly-cutpurse'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute', '1:vampire-countess']);
  });

  it('with two hunted Countesses, the one nearer the back is the target', () => {
    let g = play(countess({ 'teeming-warrens': ['1:ogre-brute', '1:vampire-countess'] }, 'vampire-countess'), 0, 'vampire-countess', 'teeming-warrens');
    // 3 + 2 + 2 = 7: seat 0's own Countess, at the back, falls: no VP.
    expect(g.discards).toEqual([['0:vampire-countess'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute', '1:vampire-countess']);
  });

  it('a Griffin inserted in front of her exposes her', () => {
    let g = countess({ 'teeming-warrens': ['1:vampire-countess', '1:ogre-brute'] }, 'spotted-griffin');
    g = play(g, 0, 'spotted-griffin', 'teeming-warrens');
    g = choose(g, 0, '0');
    expectAsk(g, 0, 'griffin-move', ['1:vampire-countess', 'none']);
    g = choose(g, 0, 'none');
    // 1 + 2 + 3 = 6: she is at position 1, unprotected: hunted.
    expect(g.discards).toEqual([[], ['1:vampire-countess']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:spotted-griffin', '1:ogre-brute']);
  });

  it('at the back of a Misty Ford horde of 2 she is protected, so not hunted', () => {
    let g = game({
      locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: LARK, hands: [['cowering-goblin'], IDLE],
      hordes: { 'misty-ford': ['1:ogre-brute', '1:vampire-countess'] }, peril: { '1:ogre-brute': 1 },
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.discards).toEqual([[], ['1:ogre-brute']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'misty-ford')).toEqual(['1:vampire-countess']);
  });
});

describe('Tunnel Smuggler', () => {
  const spec = () => game({
    locations: ['blackspire-keep', 'teeming-warrens', 'valley-of-teeth'], heroes: LARK, hands: [['dire-bear'], IDLE],
    hordes: {
      'blackspire-keep': ['1:cowering-goblin', '1:barrow-colossus'],
      'teeming-warrens': ['1:tunnel-smuggler', '0:ogre-brute'],
      'valley-of-teeth': ['0:sly-cutpurse', '1:moor-wolf'],
    },
    vp: { '1:moor-wolf': 1, '0:sly-cutpurse': 1 },
    peril: { '1:moor-wolf': 1 },
  });

  it('on escaping, its owner may bring one of their own movable minions from a horde into its haven', () => {
    let g = play(spec(), 0, 'dire-bear', 'teeming-warrens');
    // 1 + 3 + 2 = 6: 0:DB (own) falls; 1:TS and 0:OB escape; the Smuggler's owner (seat 1) decides.
    expect(haven(g, 'teeming-warrens')).toEqual(['0:ogre-brute', '1:tunnel-smuggler']);
    expectAsk(g, 1, 'smuggler-rescue', ['1:cowering-goblin', '1:moor-wolf', 'none']);
    // The escape (2C) comes after attack step 6: the hero is in the box, the defeated Bear is in
    // its discard pile, and the next hero is not revealed yet (step 3).
    expect(g.hero).toBeNull();
    expect(g.heroDeck).toEqual(['mad-malis']);
    expect(discards(g)).toEqual([['0:dire-bear'], []]);
    refused(g, { type: 'choose', seat: 0, option: 'none' }, 'not-your-decision');
    refused(g, { type: 'choose', seat: 1, option: '1:barrow-colossus' }, 'illegal');
    refused(g, { type: 'choose', seat: 1, option: '0:sly-cutpurse' }, 'illegal');
    g = choose(g, 1, '1:moor-wolf');
    // The Wolf escapes too: seat 1 collects its VP token, its peril token returns; the gap closes.
    expect(haven(g, 'teeming-warrens')).toEqual(['0:ogre-brute', '1:moor-wolf', '1:tunnel-smuggler']);
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:sly-cutpurse']);
    expect(g.heldVP).toEqual([0, 1]);
    expect(g.perilSupply).toBe(10);
    expect(g.vpOn).toEqual({ '0:sly-cutpurse': 1 });
    expect(g.discards).toEqual([['0:dire-bear'], []]);
    expect(g.hero).toBe('mad-malis');
    expectPlay(g, 1);
  });

  it('declined with none, nothing moves', () => {
    let g = play(spec(), 0, 'dire-bear', 'teeming-warrens');
    g = choose(g, 1, 'none');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:sly-cutpurse', '1:moor-wolf']);
    expect(g.heldVP).toEqual([0, 0]);
    expectPlay(g, 1);
  });

  it('escape abilities resolve back-most escaper first', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['ogre-brute'], IDLE],
      hordes: { 'blackspire-keep': ['1:dire-bear'], 'teeming-warrens': ['0:tunnel-smuggler', '1:tunnel-smuggler'], 'silent-fen': ['0:dire-bear'] },
      peril: { '0:tunnel-smuggler': 1 },
    });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    // (1 + 1) + 1 + 3 = 6: 0:OB falls. 1:TS (position 1) resolves before 0:TS (position 0).
    expectAsk(g, 1, 'smuggler-rescue', ['1:dire-bear', 'none']);
    g = choose(g, 1, '1:dire-bear');
    expectAsk(g, 0, 'smuggler-rescue', ['0:dire-bear', 'none']);
    g = choose(g, 0, '0:dire-bear');
    expect(haven(g, 'teeming-warrens')).toEqual(sorted(['0:tunnel-smuggler', '1:tunnel-smuggler', '1:dire-bear', '0:dire-bear']));
    expect(g.hordes).toEqual([[], [], []]);
    expectPlay(g, 1);
  });

  it('defeated, it does not escape and rescues nothing', () => {
    let g = game({
      locations: TWO, heroes: LARK, hands: [['tunnel-smuggler'], IDLE],
      hordes: { 'blackspire-keep': ['0:cowering-goblin'], 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] },
    });
    g = play(g, 0, 'tunnel-smuggler', 'teeming-warrens');
    expect(g.discards).toEqual([['0:tunnel-smuggler'], []]);
    expect(horde(g, 'blackspire-keep')).toEqual(['0:cowering-goblin']);
    expectPlay(g, 1);
  });

  it('moved to a haven at the end of the game is not an escape: no rescue (R20)', () => {
    let g = game({
      locations: TWO, hands: [['cowering-goblin'], []], decks: [[], []],
      hordes: { 'blackspire-keep': ['0:tunnel-smuggler'], 'teeming-warrens': ['0:dire-bear'] },
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.over).toBe(true);
    expect(haven(g, 'blackspire-keep')).toEqual(['0:tunnel-smuggler']);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:dire-bear']);
  });
});
