// Minions with immediate abilities (docs/RULES.md, The catalogue: Familiar, Griffin, Moor-Wolf,
// Cutpurse, Trickster) and the two vanilla minions (Dire Bear, Ogre Brute).
// Positions are built by hand; every expected value comes from the card texts
// and R4–R9 / R14, worked out in the comments.
import { describe, expect, it } from 'vitest';
import {
  choose, expectAsk, expectPlay, game, horde, haven, peril, perilConserved, perilOn, play, prot, refused, sorted, vpOn,
} from '../helpers';

const IDLE = ['scheming-familiar'];

describe('Scheming Familiar', () => {
  it('runs the extra play in full (location ability, the second minion\'s immediate ability) before the one peril check', () => {
    // Lark (6). Bandits' Roost (column 1) holds 1:OB, 1:DB = 5.
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'blackspire-keep'],
      heroes: ['lark-songweaver', 'mad-malis'],
      hands: [['scheming-familiar', 'moor-wolf', 'ogre-brute', 'tunnel-smuggler', 'restless-bones'], ['cowering-goblin']],
      hordes: { 'bandits-roost': ['1:ogre-brute', '1:dire-bear'] },
    });
    g = play(g, 0, 'scheming-familiar', 'valley-of-teeth');
    // Starts a horde at the Valley; a beast: 1-VP token. Then the optional extra play is asked.
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:scheming-familiar']);
    expect(vpOn(g, '0:scheming-familiar')).toBe(1);
    expectAsk(g, 0, 'familiar-extra', ['0:moor-wolf', '0:ogre-brute', '0:tunnel-smuggler', '0:restless-bones', 'none']);
    refused(g, { type: 'choose', seat: 0, option: '0:scheming-familiar' }, 'illegal');
    refused(g, { type: 'choose', seat: 1, option: 'none' }, 'not-your-decision');
    refused(g, { type: 'play', seat: 0, card: '0:moor-wolf', location: 'valley-of-teeth' });
    g = choose(g, 0, '0:moor-wolf');
    expectAsk(g, 0, 'familiar-location', ['valley-of-teeth', 'bandits-roost', 'blackspire-keep']);
    refused(g, { type: 'choose', seat: 0, option: 'gallows-hill' }, 'illegal');
    g = choose(g, 0, 'valley-of-teeth');
    // The Wolf joins the back (0,1): Valley token (beast), then its own ability: neighbours
    // (0,0) Familiar and (1,1) 1:DB. No attack has happened yet (still Lark, 5 at the Roost).
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:scheming-familiar', '0:moor-wolf']);
    expect(vpOn(g, '0:moor-wolf')).toBe(1);
    expect(g.hero).toBe('lark-songweaver');
    expectAsk(g, 0, 'wolf-target', ['0:scheming-familiar', '1:dire-bear']);
    g = choose(g, 0, '1:dire-bear');
    // Now the peril check: Roost 3 + (2+1) = 6 >= 6, Valley 1 + 2 = 3. Lark defeats the back-most,
    // 1:DB (an opponent's): seat 0 +2; its peril token returns. 1:OB escapes. Malis is revealed.
    expect(horde(g, 'bandits-roost')).toEqual([]);
    expect(haven(g, 'bandits-roost')).toEqual(['1:ogre-brute']);
    expect(g.discards).toEqual([[], ['1:dire-bear']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(g.perilSupply).toBe(10);
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:scheming-familiar', '0:moor-wolf']);
    expect(g.hero).toBe('mad-malis');
    // Two cards were played: seat 0 draws two back to five (its deck is the rest in catalogue order).
    expect(g.hands[0]).toEqual(['0:ogre-brute', '0:tunnel-smuggler', '0:restless-bones', '0:dire-bear', '0:charging-minotaur']);
    expectPlay(g, 1);
  });

  it('does not check peril between its own play and the extra play', () => {
    // Lark (6). Roost: 1:OB 3 + 1:MW 2 = 5. The Familiar at its back makes 6 for a moment,
    // then the Goblin behind it takes the Familiar to 0: 5, so no attack at all.
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'blackspire-keep'],
      heroes: ['lark-songweaver', 'mad-malis'],
      hands: [['scheming-familiar', 'cowering-goblin'], ['scheming-familiar']],
      hordes: { 'bandits-roost': ['1:ogre-brute', '1:moor-wolf'] },
    });
    g = play(g, 0, 'scheming-familiar', 'bandits-roost');
    expect(peril(g, 'bandits-roost')).toBe(6);
    expect(vpOn(g, '0:scheming-familiar')).toBe(0); // a beast at the Roost: no token
    expectAsk(g, 0, 'familiar-extra', ['0:cowering-goblin', 'none']);
    g = choose(g, 0, '0:cowering-goblin');
    g = choose(g, 0, 'bandits-roost');
    expect(horde(g, 'bandits-roost')).toEqual(['1:ogre-brute', '1:moor-wolf', '0:scheming-familiar', '0:cowering-goblin']);
    expect(vpOn(g, '0:cowering-goblin')).toBe(1); // a humanoid played to the Roost
    expect(peril(g, 'bandits-roost')).toBe(5);
    expect(g.hero).toBe('lark-songweaver');
    expect(g.attacks).toBe(0);
    expectPlay(g, 1);
  });

  it('lets the extra minion start a new horde elsewhere, with that location\'s ability and its own ability', () => {
    // Familiar at Blackspire Keep (no ability: no token). Extra: the Cutpurse starts a horde at the
    // Roost (column 1): Roost token, then its ability: its only neighbour (0,0) carries no token,
    // so no decision and a 1-VP token: 2 in all.
    let g = game({
      locations: ['blackspire-keep', 'bandits-roost', 'silent-fen'],
      hands: [['scheming-familiar', 'sly-cutpurse'], ['scheming-familiar']],
    });
    g = play(g, 0, 'scheming-familiar', 'blackspire-keep');
    expect(vpOn(g, '0:scheming-familiar')).toBe(0);
    g = choose(g, 0, '0:sly-cutpurse');
    g = choose(g, 0, 'bandits-roost');
    expect(horde(g, 'blackspire-keep')).toEqual(['0:scheming-familiar']);
    expect(horde(g, 'bandits-roost')).toEqual(['0:sly-cutpurse']);
    expect(vpOn(g, '0:sly-cutpurse')).toBe(2);
    expectPlay(g, 1);
  });

  it('declined with none: nothing more is played and one card is drawn', () => {
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'silent-fen'],
      hands: [['scheming-familiar', 'ogre-brute', 'dire-bear', 'sly-cutpurse', 'cowering-goblin'], ['scheming-familiar']],
      decks: [['moor-wolf', 'tunnel-smuggler'], null],
    });
    g = play(g, 0, 'scheming-familiar', 'valley-of-teeth');
    g = choose(g, 0, 'none');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:scheming-familiar']);
    expect(g.hands[0]).toEqual(['0:ogre-brute', '0:dire-bear', '0:sly-cutpurse', '0:cowering-goblin', '0:moor-wolf']);
    expect(g.decks[0]).toEqual(['0:tunnel-smuggler']);
    expectPlay(g, 1);
  });

  it('with an empty hand does nothing and asks nothing', () => {
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'silent-fen'],
      hands: [['scheming-familiar'], ['scheming-familiar']],
      decks: [[], null],
    });
    g = play(g, 0, 'scheming-familiar', 'valley-of-teeth');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:scheming-familiar']);
    expect(g.hands[0]).toEqual([]);
    expectPlay(g, 1);
  });
});

describe('Spotted Griffin', () => {
  const spec = {
    locations: ['valley-of-teeth', 'blackspire-keep', 'silent-fen'],
    hands: [['spotted-griffin', 'ogre-brute'], ['scheming-familiar']],
  };

  it('inserts itself at a chosen position (pushing the rest back), then may send a movable minion to the back', () => {
    // Valley: 1:DB, 1:BC, 1:CG (peril 2 + (4-1) + 0 = 5). Sir Roderick (9).
    let g = game({ ...spec, hordes: { 'valley-of-teeth': ['1:dire-bear', '1:barrow-colossus', '1:cowering-goblin'] } });
    g = play(g, 0, 'spotted-griffin', 'valley-of-teeth');
    expectAsk(g, 0, 'griffin-position', ['0', '1', '2', '3']);
    refused(g, { type: 'choose', seat: 0, option: '4' }, 'illegal');
    refused(g, { type: 'choose', seat: 1, option: '1' }, 'not-your-decision');
    g = choose(g, 0, '1');
    // The Colossus is pushed back (not movement); the Valley token comes after placement.
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:dire-bear', '0:spotted-griffin', '1:barrow-colossus', '1:cowering-goblin']);
    expect(vpOn(g, '0:spotted-griffin')).toBe(1);
    // Candidates: other, movable, not at the back: only 1:DB (1:BC immovable, 1:CG at the back).
    expectAsk(g, 0, 'griffin-move', ['1:dire-bear', 'none']);
    refused(g, { type: 'choose', seat: 0, option: '1:barrow-colossus' });
    refused(g, { type: 'choose', seat: 0, option: '1:cowering-goblin' });
    refused(g, { type: 'choose', seat: 0, option: '0:spotted-griffin' });
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:spotted-griffin', '1:barrow-colossus', '1:cowering-goblin', '1:dire-bear']);
    // A move is not a play: no Valley token for the Bear.
    expect(vpOn(g, '1:dire-bear')).toBe(0);
    // SG 1 + BC (4-1) + CG 0 + DB (2-1) = 5.
    expect(peril(g, 'valley-of-teeth')).toBe(5);
    expectPlay(g, 1);
  });

  it('starting a new horde: no position and no move are asked (the location ability still applies)', () => {
    let g = game({ ...spec, hordes: { 'blackspire-keep': ['1:dire-bear', '1:cowering-goblin'] } });
    g = play(g, 0, 'spotted-griffin', 'valley-of-teeth');
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:spotted-griffin']);
    expect(vpOn(g, '0:spotted-griffin')).toBe(1);
    expectPlay(g, 1);
  });

  it('placed at the back (position n): the minion that was at the back becomes a candidate; none declines', () => {
    let g = game({ ...spec, hordes: { 'blackspire-keep': ['1:ogre-brute', '1:dire-bear'] } });
    g = play(g, 0, 'spotted-griffin', 'blackspire-keep');
    expectAsk(g, 0, 'griffin-position', ['0', '1', '2']);
    g = choose(g, 0, '2');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:ogre-brute', '1:dire-bear', '0:spotted-griffin']);
    expect(vpOn(g, '0:spotted-griffin')).toBe(0); // Blackspire Keep has no ability
    expectAsk(g, 0, 'griffin-move', ['1:ogre-brute', '1:dire-bear', 'none']);
    g = choose(g, 0, 'none');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:ogre-brute', '1:dire-bear', '0:spotted-griffin']);
    expectPlay(g, 1);
  });

  it('never offers an immovable Barrow Colossus: with no other candidate, no move is asked', () => {
    let g = game({ ...spec, hordes: { 'blackspire-keep': ['1:barrow-colossus'] } });
    g = play(g, 0, 'spotted-griffin', 'blackspire-keep');
    g = choose(g, 0, '1');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:barrow-colossus', '0:spotted-griffin']);
    expectPlay(g, 1);
  });

  it('inserted in front of an immovable Colossus pushes it back (an insertion is not movement)', () => {
    let g = game({ ...spec, hordes: { 'blackspire-keep': ['1:barrow-colossus'] } });
    g = play(g, 0, 'spotted-griffin', 'blackspire-keep');
    g = choose(g, 0, '0');
    expect(horde(g, 'blackspire-keep')).toEqual(['0:spotted-griffin', '1:barrow-colossus']);
    // The Colossus is now at the back: no candidate, no move asked.
    expectPlay(g, 1);
  });
});

describe('Howling Moor-Wolf', () => {
  const locations = ['thornwood-thicket', 'blackspire-keep', 'teeming-warrens'];

  it('places a peril token on the chosen neighbour, in its horde or the same row of a neighbouring horde', () => {
    // Column 0: 1:OB, 1:DB. Column 1: 1:CG. The Wolf joins column 1 at (1,1): neighbours (1,0)
    // 1:CG and (0,1) 1:DB; (2,1) is empty. 1:OB at (0,0) is diagonal: not adjacent.
    let g = game({
      locations,
      hands: [['moor-wolf'], ['scheming-familiar']],
      hordes: { 'thornwood-thicket': ['1:ogre-brute', '1:dire-bear'], 'blackspire-keep': ['1:cowering-goblin'] },
    });
    g = play(g, 0, 'moor-wolf', 'blackspire-keep');
    expectAsk(g, 0, 'wolf-target', ['1:cowering-goblin', '1:dire-bear']);
    refused(g, { type: 'choose', seat: 0, option: '1:ogre-brute' }, 'illegal');
    refused(g, { type: 'choose', seat: 0, option: 'none' }, 'illegal'); // mandatory: no `none`
    g = choose(g, 0, '1:dire-bear');
    expect(perilOn(g, '1:dire-bear')).toBe(1);
    expect(g.perilSupply).toBe(9);
    expect(peril(g, 'thornwood-thicket')).toBe(3 + 2 + 1);
    // Column 1: CG 0 + Wolf (2 - 1 for the Goblin in front) = 1.
    expect(peril(g, 'blackspire-keep')).toBe(1);
    perilConserved(g);
    expectPlay(g, 1);
  });

  it('with a single neighbour (its owner\'s own minion) places the token automatically', () => {
    let g = game({ locations, hands: [['moor-wolf'], ['scheming-familiar']], hordes: { 'teeming-warrens': ['0:ogre-brute'] } });
    g = play(g, 0, 'moor-wolf', 'teeming-warrens');
    expect(perilOn(g, '0:ogre-brute')).toBe(1);
    expect(g.perilSupply).toBe(9);
    expectPlay(g, 1);
  });

  it('only the same row counts across hordes: a diagonal minion is not a neighbour', () => {
    // Wolf at (0,1); column 1 has a minion only at row 0 (diagonal). Only (0,0) is adjacent.
    let g = game({
      locations,
      hands: [['moor-wolf'], ['scheming-familiar']],
      hordes: { 'thornwood-thicket': ['1:ogre-brute'], 'blackspire-keep': ['1:cowering-goblin'] },
    });
    g = play(g, 0, 'moor-wolf', 'thornwood-thicket');
    expect(perilOn(g, '1:ogre-brute')).toBe(1);
    expect(perilOn(g, '1:cowering-goblin')).toBe(0);
    expectPlay(g, 1);
  });

  it('an empty neighbouring column is not skipped: with no neighbour nothing happens', () => {
    let g = game({ locations, hands: [['moor-wolf'], ['scheming-familiar']], hordes: { 'thornwood-thicket': ['1:ogre-brute'] } });
    g = play(g, 0, 'moor-wolf', 'teeming-warrens');
    expect(horde(g, 'teeming-warrens')).toEqual(['0:moor-wolf']);
    expect(g.perilOn).toEqual({});
    expect(g.perilSupply).toBe(10);
    expectPlay(g, 1);
  });

  it('with the peril supply empty places nothing and asks nothing', () => {
    // All 10 tokens are out: 5 on 1:CG (column 0), 5 on 1:SC (column 2); each horde stays below 9.
    let g = game({
      locations,
      hands: [['moor-wolf'], ['scheming-familiar']],
      hordes: { 'thornwood-thicket': ['1:cowering-goblin'], 'teeming-warrens': ['1:sly-cutpurse'] },
      peril: { '1:cowering-goblin': 5, '1:sly-cutpurse': 5 },
    });
    expect(g.perilSupply).toBe(0);
    g = play(g, 0, 'moor-wolf', 'blackspire-keep');
    expect(g.perilOn).toEqual({ '1:cowering-goblin': 5, '1:sly-cutpurse': 5 });
    expect(g.perilSupply).toBe(0);
    expectPlay(g, 1);
  });

  it('Whispering Caves cuts the link from outside: only the Wolf\'s own horde is adjacent', () => {
    // Caves (column 0): 1:OB, 1:DB. The Wolf at (1,1): (0,1) is in the Caves, cut; only (1,0) 1:CG.
    let g = game({
      locations: ['whispering-caves', 'blackspire-keep', 'teeming-warrens'],
      hands: [['moor-wolf'], ['scheming-familiar']],
      hordes: { 'whispering-caves': ['1:ogre-brute', '1:dire-bear'], 'blackspire-keep': ['1:cowering-goblin'] },
    });
    g = play(g, 0, 'moor-wolf', 'blackspire-keep');
    expect(perilOn(g, '1:cowering-goblin')).toBe(1);
    expect(perilOn(g, '1:dire-bear')).toBe(0);
    expectPlay(g, 1);
  });

  it('Whispering Caves cuts the link from inside: a Wolf in the Caves reaches only its own horde', () => {
    let g = game({
      locations: ['whispering-caves', 'blackspire-keep', 'teeming-warrens'],
      hands: [['moor-wolf'], ['scheming-familiar']],
      hordes: { 'whispering-caves': ['1:ogre-brute'], 'blackspire-keep': ['1:cowering-goblin', '1:dire-bear'] },
    });
    g = play(g, 0, 'moor-wolf', 'whispering-caves');
    expect(perilOn(g, '1:ogre-brute')).toBe(1);
    expect(perilOn(g, '1:dire-bear')).toBe(0);
    expectPlay(g, 1);
  });
  it('ignores protection: a minion protected by a Shieldbearer is a legal target', () => {
    let g = game({
      locations, hands: [['moor-wolf'], IDLE],
      hordes: { 'thornwood-thicket': ['1:stalwart-shieldbearer', '1:dire-bear'], 'blackspire-keep': ['1:cowering-goblin'] },
    });
    expect(prot(g, '1:dire-bear')).toBe(true);
    g = play(g, 0, 'moor-wolf', 'blackspire-keep');
    expectAsk(g, 0, 'wolf-target', ['1:cowering-goblin', '1:dire-bear']);
    g = choose(g, 0, '1:dire-bear');
    expect(perilOn(g, '1:dire-bear')).toBe(1);
  });
});

describe('Sly Cutpurse', () => {
  // Cutpurse played to the Roost (column 1) at (1,1). Neighbours: (1,0) 1:OB (no token),
  // (0,1) 1:carrion-ghast (2 tokens), (2,1) 1:MT (no token). (0,0) 1:DB (1 token) is diagonal.
  const spec = {
    locations: ['blackspire-keep', 'bandits-roost', 'silent-fen'],
    hands: [['sly-cutpurse'], ['scheming-familiar']],
    hordes: {
      'blackspire-keep': ['1:dire-bear', '1:carrion-ghast'],
      'bandits-roost': ['1:ogre-brute'],
      'silent-fen': ['1:cowering-goblin', '1:mirror-trickster'],
    },
    vp: { '1:dire-bear': 1, '1:carrion-ghast': 2 },
  };

  it('offers only adjacent minions carrying VP tokens and moves all their tokens onto itself', () => {
    let g = play(game(spec), 0, 'sly-cutpurse', 'bandits-roost');
    // The Roost's token comes first (a humanoid was played), then the ability is asked.
    expect(vpOn(g, '0:sly-cutpurse')).toBe(1);
    expectAsk(g, 0, 'cutpurse-target', ['1:carrion-ghast', 'none']);
    refused(g, { type: 'choose', seat: 0, option: '1:dire-bear' }, 'illegal');
    refused(g, { type: 'choose', seat: 0, option: '1:ogre-brute' }, 'illegal');
    g = choose(g, 0, '1:carrion-ghast');
    expect(vpOn(g, '0:sly-cutpurse')).toBe(3); // 1 (Roost) + 2 stolen, and no extra token
    expect(vpOn(g, '1:carrion-ghast')).toBe(0);
    expect(vpOn(g, '1:dire-bear')).toBe(1);
    expectPlay(g, 1);
  });

  it('declined with none: it takes a 1-VP token instead and the neighbour keeps its tokens', () => {
    let g = play(game(spec), 0, 'sly-cutpurse', 'bandits-roost');
    g = choose(g, 0, 'none');
    expect(vpOn(g, '0:sly-cutpurse')).toBe(2); // Roost 1 + 1
    expect(vpOn(g, '1:carrion-ghast')).toBe(2);
    expectPlay(g, 1);
  });

  it('with no adjacent minion carrying tokens: no decision, a 1-VP token', () => {
    // At Silent Fen it joins at (2,2): neighbours (2,1) 1:MT (no token); (1,2) is empty.
    let g = play(game(spec), 0, 'sly-cutpurse', 'silent-fen');
    expect(horde(g, 'silent-fen')).toEqual(['1:cowering-goblin', '1:mirror-trickster', '0:sly-cutpurse']);
    expect(vpOn(g, '0:sly-cutpurse')).toBe(1);
    expectPlay(g, 1);
  });

  it('with no neighbour at all: a 1-VP token', () => {
    let g = game({ locations: ['blackspire-keep', 'bandits-roost', 'silent-fen'], hands: [['sly-cutpurse'], ['scheming-familiar']] });
    g = play(g, 0, 'sly-cutpurse', 'blackspire-keep');
    expect(vpOn(g, '0:sly-cutpurse')).toBe(1);
    expectPlay(g, 1);
  });
});

describe('Mirror Trickster', () => {
  const locations = ['valley-of-teeth', 'bandits-roost', 'blackspire-keep'];

  it('swaps with an adjacent minion of another horde: each takes the other\'s exact place; the swapped minion is not played', () => {
    // Trickster joins the Valley at (0,1): a humanoid, no Valley token. Neighbours (0,0) 1:OB,
    // (1,1) 1:DB. Swapping brings the Bear (a beast) into the Valley without a token.
    let g = game({
      locations,
      hands: [['mirror-trickster'], ['scheming-familiar']],
      hordes: { 'valley-of-teeth': ['1:ogre-brute'], 'bandits-roost': ['1:cowering-goblin', '1:dire-bear'] },
    });
    g = play(g, 0, 'mirror-trickster', 'valley-of-teeth');
    expectAsk(g, 0, 'trickster-swap', ['1:ogre-brute', '1:dire-bear', 'none']);
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:ogre-brute', '1:dire-bear']);
    expect(horde(g, 'bandits-roost')).toEqual(['1:cowering-goblin', '0:mirror-trickster']);
    expect(g.vpOn).toEqual({});
    expect(peril(g, 'valley-of-teeth')).toBe(5);
    expect(peril(g, 'bandits-roost')).toBe(0); // CG 0 + MT (1 - 1)
    expectPlay(g, 1);
  });

  it('tokens move with the swapped minions', () => {
    // Trickster played to the Roost at (1,1): Roost token. Swaps with 1:DB (0,1), which has a token.
    let g = game({
      locations,
      hands: [['mirror-trickster'], ['scheming-familiar']],
      hordes: { 'valley-of-teeth': ['1:ogre-brute', '1:dire-bear'], 'bandits-roost': ['1:cowering-goblin'] },
      vp: { '1:dire-bear': 1 },
      peril: { '1:dire-bear': 1 },
    });
    g = play(g, 0, 'mirror-trickster', 'bandits-roost');
    expect(vpOn(g, '0:mirror-trickster')).toBe(1);
    expectAsk(g, 0, 'trickster-swap', ['1:cowering-goblin', '1:dire-bear', 'none']);
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:ogre-brute', '0:mirror-trickster']);
    expect(horde(g, 'bandits-roost')).toEqual(['1:cowering-goblin', '1:dire-bear']);
    expect(vpOn(g, '0:mirror-trickster')).toBe(1);
    expect(vpOn(g, '1:dire-bear')).toBe(1);
    expect(perilOn(g, '1:dire-bear')).toBe(1);
    // Valley 3 + 1 = 4; Roost 0 + (2 + 1 - 1) = 2.
    expect(peril(g, 'valley-of-teeth')).toBe(4);
    expect(peril(g, 'bandits-roost')).toBe(2);
    expectPlay(g, 1);
  });

  it('never offers an immovable Colossus; declined with none nothing moves', () => {
    let g = game({
      locations,
      hands: [['mirror-trickster'], ['scheming-familiar']],
      hordes: { 'valley-of-teeth': ['1:ogre-brute', '1:barrow-colossus'], 'bandits-roost': ['1:cowering-goblin'] },
    });
    g = play(g, 0, 'mirror-trickster', 'bandits-roost');
    expectAsk(g, 0, 'trickster-swap', ['1:cowering-goblin', 'none']);
    refused(g, { type: 'choose', seat: 0, option: '1:barrow-colossus' }, 'illegal');
    g = choose(g, 0, 'none');
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:ogre-brute', '1:barrow-colossus']);
    expect(horde(g, 'bandits-roost')).toEqual(['1:cowering-goblin', '0:mirror-trickster']);
    expectPlay(g, 1);
  });

  it('with only an immovable neighbour: no decision', () => {
    let g = game({ locations, hands: [['mirror-trickster'], ['scheming-familiar']], hordes: { 'blackspire-keep': ['1:barrow-colossus'] } });
    g = play(g, 0, 'mirror-trickster', 'blackspire-keep');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:barrow-colossus', '0:mirror-trickster']);
    expectPlay(g, 1);
  });

  it('an optional swap with one candidate is still asked; it can swap inside its own horde', () => {
    let g = game({ locations, hands: [['mirror-trickster'], ['scheming-familiar']], hordes: { 'blackspire-keep': ['1:ogre-brute'] } });
    g = play(g, 0, 'mirror-trickster', 'blackspire-keep');
    expectAsk(g, 0, 'trickster-swap', ['1:ogre-brute', 'none']);
    g = choose(g, 0, '1:ogre-brute');
    expect(horde(g, 'blackspire-keep')).toEqual(['0:mirror-trickster', '1:ogre-brute']);
    expectPlay(g, 1);
  });
  it('ignores protection: it may swap with a protected minion (here the back of a Misty Ford horde)', () => {
    let g = game({
      locations: ['misty-ford', 'bandits-roost', 'blackspire-keep'], hands: [['mirror-trickster'], IDLE],
      hordes: { 'misty-ford': ['1:ogre-brute', '1:dire-bear'], 'bandits-roost': ['1:cowering-goblin'] },
    });
    expect(prot(g, '1:dire-bear')).toBe(true);
    g = play(g, 0, 'mirror-trickster', 'bandits-roost');
    expectAsk(g, 0, 'trickster-swap', ['1:cowering-goblin', '1:dire-bear', 'none']);
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'misty-ford')).toEqual(['1:ogre-brute', '0:mirror-trickster']);
    expect(horde(g, 'bandits-roost')).toEqual(['1:cowering-goblin', '1:dire-bear']);
    expect(prot(g, '0:mirror-trickster')).toBe(true);
    expect(vpOn(g, '0:mirror-trickster')).toBe(1); // its Roost token went with it
  });
});

describe('Dire Bear and Ogre Brute (no ability)', () => {
  it('Dire Bear: peril 2, a beast (Valley token), no decision', () => {
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'blackspire-keep'],
      hands: [['dire-bear'], ['ogre-brute']],
      hordes: { 'valley-of-teeth': ['1:cowering-goblin'] },
    });
    g = play(g, 0, 'dire-bear', 'valley-of-teeth');
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:cowering-goblin', '0:dire-bear']);
    expect(vpOn(g, '0:dire-bear')).toBe(1);
    expect(peril(g, 'valley-of-teeth')).toBe(1); // 0 + (2 - 1)
    expectPlay(g, 1);
  });

  it('Ogre Brute: peril 3, a humanoid (Roost token), no decision', () => {
    let g = game({
      locations: ['valley-of-teeth', 'bandits-roost', 'blackspire-keep'],
      hands: [['ogre-brute'], ['ogre-brute']],
      hordes: { 'bandits-roost': ['1:dire-bear'] },
    });
    g = play(g, 0, 'ogre-brute', 'bandits-roost');
    expect(vpOn(g, '0:ogre-brute')).toBe(1);
    expect(peril(g, 'bandits-roost')).toBe(5);
    expectPlay(g, 1);
    g = play(g, 1, 'ogre-brute', 'valley-of-teeth');
    expect(vpOn(g, '1:ogre-brute')).toBe(0);
    expect(sorted(Object.keys(g.vpOn))).toEqual(['0:ogre-brute']);
  });
});
