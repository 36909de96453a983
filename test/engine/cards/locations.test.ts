// The twelve location sides (docs/RULES.md, The catalogue) and control (R21).
import { describe, expect, it } from 'vitest';
import {
  choose, discards, endAfterGoblin, expectAsk, expectPlay, game, haven, horde, peril, play, prot, vpOn,
} from '../helpers';

const LARK = ['lark-songweaver', 'mad-malis'];
const IDLE = ['scheming-familiar'];

describe('Valley of Teeth (3 VP)', () => {
  const locations = ['valley-of-teeth', 'blackspire-keep', 'silent-fen'];

  it('puts a 1-VP token on each beast played there (including the one starting the horde), not on others', () => {
    let g = game({ locations, hands: [['dire-bear', 'restless-bones'], ['cowering-goblin', 'moor-wolf']] });
    g = play(g, 0, 'dire-bear', 'valley-of-teeth');
    g = play(g, 1, 'cowering-goblin', 'valley-of-teeth');
    g = play(g, 0, 'restless-bones', 'valley-of-teeth');
    g = play(g, 1, 'moor-wolf', 'valley-of-teeth');
    // The Wolf's only neighbour is 0:RB: a peril token there, automatically.
    expect(horde(g, 'valley-of-teeth')).toEqual(['0:dire-bear', '1:cowering-goblin', '0:restless-bones', '1:moor-wolf']);
    expect(g.vpOn).toEqual({ '0:dire-bear': 1, '1:moor-wolf': 1 });
    expect(g.perilOn).toEqual({ '0:restless-bones': 1 });
    // The log names where each token came from.
    expect(g.log.filter((e) => e.text.includes('1-VP token')).map((e) => e.text.replace(/^.*?'s /, ''))).toEqual([
      'Dire Bear gains a 1-VP token from Valley of Teeth.', 'Howling Moor-Wolf gains a 1-VP token from Valley of Teeth.',
    ]);
  });

  it('gives no token to a beast that arrives by a move (Trickster swap) rather than a play', () => {
    let g = game({
      locations, hands: [['mirror-trickster'], IDLE],
      hordes: { 'valley-of-teeth': ['1:ogre-brute'], 'blackspire-keep': ['1:cowering-goblin', '1:dire-bear'] },
    });
    g = play(g, 0, 'mirror-trickster', 'valley-of-teeth');
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'valley-of-teeth')).toEqual(['1:ogre-brute', '1:dire-bear']);
    expect(g.vpOn).toEqual({});
  });

  it('tokens are discarded when their minion is defeated and collected by the owner when it escapes', () => {
    let g = game({
      locations, heroes: LARK, hands: [['spotted-griffin'], IDLE],
      hordes: { 'valley-of-teeth': ['1:dire-bear', '1:ogre-brute'] }, vp: { '1:dire-bear': 1 },
    });
    g = play(g, 0, 'spotted-griffin', 'valley-of-teeth');
    g = choose(g, 0, '2');
    expect(vpOn(g, '0:spotted-griffin')).toBe(1);
    g = choose(g, 0, 'none');
    // 2 + 3 + 1 = 6: Lark takes the Griffin (own): its token is discarded, nobody gets it.
    // 1:DB and 1:OB escape: seat 1 collects the Bear's token.
    expect(discards(g)).toEqual([['0:spotted-griffin'], []]);
    expect(g.heldVP).toEqual([0, 1]);
    expect(g.vpOn).toEqual({});
    expect(haven(g, 'valley-of-teeth')).toEqual(['1:dire-bear', '1:ogre-brute']);
  });

  it('tokens still on minions at the end of the game are collected (R20)', () => {
    const g = endAfterGoblin({
      locations, hordes: { 'valley-of-teeth': ['0:dire-bear', '1:moor-wolf'] }, vp: { '0:dire-bear': 1, '1:moor-wolf': 1 },
      peril: { '1:moor-wolf': 2 },
    }, 'silent-fen');
    expect(g.heldVP).toEqual([1, 1]);
    expect(g.vpOn).toEqual({});
    expect(g.perilOn).toEqual({});
    expect(g.perilSupply).toBe(10);
    // Valley: seat 0 Bear 2 vs seat 1 Wolf 2: tie, nobody. Seat 0: DB 3 + CG 1 + Fen 3 + 1 = 8; seat 1: MW 2 + 1 = 3.
    expect(g.result!.control).toEqual({ 'valley-of-teeth': null, 'blackspire-keep': null, 'silent-fen': 0 });
    expect(g.result!.scores).toEqual([8, 3]);
  });
});

describe('Blackspire Keep (5 VP, no ability)', () => {
  it('gives no token to beasts or humanoids played there', () => {
    let g = game({ locations: ['blackspire-keep', 'bandits-roost', 'valley-of-teeth'], hands: [['dire-bear'], ['ogre-brute']] });
    g = play(g, 0, 'dire-bear', 'blackspire-keep');
    g = play(g, 1, 'ogre-brute', 'blackspire-keep');
    expect(g.vpOn).toEqual({});
    expect(peril(g, 'blackspire-keep')).toBe(5);
  });

  it('is worth 5 VP to the player with the most peril there', () => {
    const g = endAfterGoblin({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'],
      havens: { 'blackspire-keep': ['0:dire-bear', '1:ogre-brute'] },
    }, 'teeming-warrens');
    // Seat 1: Ogre 3 > Bear 2: Keep (5) + Ogre 2 = 7. Seat 0: Bear 3 + Goblin 1 + Warrens (alone) 4 = 8.
    expect(g.result!.control).toEqual({ 'blackspire-keep': 1, 'teeming-warrens': 0, 'silent-fen': null });
    expect(g.result!.scores).toEqual([8, 7]);
    expect(g.result!.breakdown).toEqual([{ minions: 4, locations: 4, tokens: 0 }, { minions: 2, locations: 5, tokens: 0 }]);
  });
});

describe('Sunken Crypt (4 VP): undead peril counts double', () => {
  it('a Colossus (4, so 8) beats an Ogre, a Bear and a Wolf (7)', () => {
    const g = endAfterGoblin({
      locations: ['sunken-crypt', 'blackspire-keep', 'silent-fen'],
      havens: { 'sunken-crypt': ['0:barrow-colossus', '1:ogre-brute', '1:dire-bear', '1:moor-wolf'] },
    }, 'silent-fen');
    expect(g.result!.control['sunken-crypt']).toBe(0);
  });

  it('a Wraith counts its printed 3, doubled: 6 beats 5', () => {
    const g = endAfterGoblin({
      locations: ['sunken-crypt', 'blackspire-keep', 'silent-fen'],
      havens: { 'sunken-crypt': ['0:drifting-wraith', '1:ogre-brute', '1:dire-bear'] },
    }, 'silent-fen');
    expect(g.result!.control['sunken-crypt']).toBe(0);
  });

  it('only undead are doubled: Ogre 3 + Bear 2 beat Bones 1 x 2 + Goblin 0', () => {
    const g = endAfterGoblin({
      locations: ['sunken-crypt', 'blackspire-keep', 'silent-fen'],
      havens: { 'sunken-crypt': ['0:restless-bones', '1:ogre-brute', '1:dire-bear'] },
    }, 'sunken-crypt');
    expect(g.result!.control['sunken-crypt']).toBe(1);
  });
});

describe('Bandits\' Roost (3 VP)', () => {
  const locations = ['blackspire-keep', 'bandits-roost', 'silent-fen'];

  it('puts a 1-VP token on each humanoid played there, not on beasts or undead', () => {
    let g = game({ locations, hands: [['ogre-brute', 'restless-bones'], ['dire-bear', 'sly-cutpurse']] });
    g = play(g, 0, 'ogre-brute', 'bandits-roost');
    g = play(g, 1, 'dire-bear', 'bandits-roost');
    g = play(g, 0, 'restless-bones', 'bandits-roost');
    g = play(g, 1, 'sly-cutpurse', 'bandits-roost');
    // The Cutpurse: Roost token, then its own (no neighbour with tokens: +1).
    expect(g.vpOn).toEqual({ '0:ogre-brute': 1, '1:sly-cutpurse': 2 });
  });

  it('gives no token to a humanoid that arrives by a swap', () => {
    let g = game({ locations, hands: [['mirror-trickster'], IDLE], hordes: { 'bandits-roost': ['1:dire-bear'] } });
    g = play(g, 0, 'mirror-trickster', 'blackspire-keep');
    expectAsk(g, 0, 'trickster-swap', ['1:dire-bear', 'none']);
    g = choose(g, 0, '1:dire-bear');
    expect(horde(g, 'bandits-roost')).toEqual(['0:mirror-trickster']);
    expect(horde(g, 'blackspire-keep')).toEqual(['1:dire-bear']);
    expect(g.vpOn).toEqual({});
  });
});

describe('Teeming Warrens (4 VP): most minions', () => {
  it('three small minions beat two big ones', () => {
    const g = endAfterGoblin({
      locations: ['teeming-warrens', 'blackspire-keep', 'silent-fen'],
      havens: { 'teeming-warrens': ['0:sly-cutpurse', '0:mirror-trickster', '1:ogre-brute', '1:barrow-colossus'] },
    }, 'teeming-warrens');
    // With the Goblin seat 0 has 3 minions (peril 2) against 2 (peril 7).
    expect(g.result!.control['teeming-warrens']).toBe(0);
  });

  it('a tie in count means no one', () => {
    const g = endAfterGoblin({
      locations: ['teeming-warrens', 'blackspire-keep', 'silent-fen'],
      havens: { 'teeming-warrens': ['0:sly-cutpurse', '0:mirror-trickster', '1:ogre-brute', '1:barrow-colossus'] },
    }, 'silent-fen');
    expect(g.result!.control['teeming-warrens']).toBeNull();
  });
});

describe('Whispering Caves (4 VP): no adjacency across its horde\'s sides', () => {
  it('a Shieldbearer protects across neither side of the Caves, but does inside it', () => {
    const inside = game({
      locations: ['whispering-caves', 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE],
      hordes: { 'whispering-caves': ['0:stalwart-shieldbearer', '1:dire-bear'], 'blackspire-keep': ['1:ogre-brute'] },
    });
    expect(prot(inside, '1:dire-bear')).toBe(true);
    expect(prot(inside, '1:ogre-brute')).toBe(false);
    const outside = game({
      locations: ['whispering-caves', 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE],
      hordes: { 'whispering-caves': ['1:ogre-brute'], 'blackspire-keep': ['0:stalwart-shieldbearer'], 'silent-fen': ['1:dire-bear'] },
    });
    expect(prot(outside, '1:ogre-brute')).toBe(false);
    expect(prot(outside, '1:dire-bear')).toBe(true); // the Keep-Fen link is normal
  });

  it('a Cutpurse cannot reach tokens across it', () => {
    let g = game({
      locations: ['blackspire-keep', 'whispering-caves', 'silent-fen'], hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['1:carrion-ghast'] }, vp: { '1:carrion-ghast': 2 },
    });
    g = play(g, 0, 'sly-cutpurse', 'whispering-caves');
    expect(vpOn(g, '0:sly-cutpurse')).toBe(1);
    expect(vpOn(g, '1:carrion-ghast')).toBe(2);
    expectPlay(g, 1);
  });
});

describe('Silent Fen (3 VP): lowest peril', () => {
  const fen = (havens: string[], players = 2) => endAfterGoblin({
    players,
    locations: ['silent-fen', 'blackspire-keep', 'teeming-warrens', 'thornwood-thicket'].slice(0, players + 1),
    havens: { 'silent-fen': havens },
  }, 'blackspire-keep').result!.control['silent-fen'];

  it('the competitor with the lowest total controls it', () => {
    expect(fen(['0:ogre-brute', '1:sly-cutpurse'])).toBe(1);
  });
  it('a tie for lowest means no one', () => {
    expect(fen(['0:sly-cutpurse', '1:mirror-trickster'])).toBeNull();
  });
  it('a lone competitor controls it even with a total of 0', () => {
    expect(fen(['1:cowering-goblin'])).toBe(1);
  });
  it('players without a minion there do not compete', () => {
    expect(fen(['0:ogre-brute', '1:dire-bear'], 3)).toBe(1);
  });
  it('the Wraith counts 3 there', () => {
    expect(fen(['0:drifting-wraith', '1:dire-bear'])).toBe(1);
  });
});

describe('Bubbling Tar Pits (5 VP): +2 at position 0', () => {
  const locations = ['bubbling-tar-pits', 'blackspire-keep', 'silent-fen'];

  it('only the minion at position 0 gets +2', () => {
    const g = game({ locations, hands: [IDLE, IDLE], hordes: { 'bubbling-tar-pits': ['1:ogre-brute', '1:dire-bear'], 'blackspire-keep': ['0:ogre-brute'] } });
    expect(peril(g, 'bubbling-tar-pits')).toBe(5 + 2);
    expect(peril(g, 'blackspire-keep')).toBe(3);
  });

  it('the +2 can set off an attack (5 + 1 = 6)', () => {
    let g = game({ locations, heroes: LARK, hands: [['sly-cutpurse'], IDLE], hordes: { 'bubbling-tar-pits': ['1:ogre-brute'] } });
    g = play(g, 0, 'sly-cutpurse', 'bubbling-tar-pits');
    expect(g.attacks).toBe(1);
    expect(discards(g)).toEqual([['0:sly-cutpurse'], []]);
    expect(haven(g, 'bubbling-tar-pits')).toEqual(['1:ogre-brute']);
  });

  it('follows whoever is at position 0: a swap, or a gap closing', () => {
    let g = game({ locations, hands: [['mirror-trickster'], IDLE], hordes: { 'bubbling-tar-pits': ['1:ogre-brute'] } });
    g = play(g, 0, 'mirror-trickster', 'blackspire-keep');
    g = choose(g, 0, '1:ogre-brute');
    expect(peril(g, 'bubbling-tar-pits')).toBe(1 + 2);
    expect(peril(g, 'blackspire-keep')).toBe(3);

    // Hulda (7). Tar Pits: 1:DB (2 + 2 - 1), 1:CG = 3. The Minotaur next door takes the Bear;
    // the Goblin moves up to position 0: 0 + 2.
    let h = game({
      locations, heroes: ['hulda-axebreaker', 'lark-songweaver'], hands: [['ogre-brute'], IDLE],
      hordes: { 'bubbling-tar-pits': ['1:dire-bear', '1:cowering-goblin'], 'blackspire-keep': ['0:charging-minotaur'] },
      peril: { '0:charging-minotaur': 2 },
    });
    expect(peril(h, 'bubbling-tar-pits')).toBe(3);
    h = play(h, 0, 'ogre-brute', 'blackspire-keep');
    expect(discards(h)).toEqual([['0:ogre-brute'], ['1:dire-bear']]);
    expect(horde(h, 'bubbling-tar-pits')).toEqual(['1:cowering-goblin']);
    expect(peril(h, 'bubbling-tar-pits')).toBe(2);
  });
});

describe('havens use printed peril only (R15, R21)', () => {
  it('the Tar Pits\' +2 does not apply in its haven', () => {
    const g = endAfterGoblin({
      locations: ['bubbling-tar-pits', 'blackspire-keep', 'silent-fen'], havens: { 'bubbling-tar-pits': ['0:sly-cutpurse', '1:dire-bear'] },
    }, 'silent-fen');
    expect(g.result!.control['bubbling-tar-pits']).toBe(1); // 1 against 2 (with +2 on the first arrival it would be 3)
  });

  it('a Goblin in a haven has no ability', () => {
    const g = endAfterGoblin({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'], havens: { 'blackspire-keep': ['0:ogre-brute', '1:cowering-goblin', '1:ogre-brute'] },
    }, 'silent-fen');
    expect(g.result!.control['blackspire-keep']).toBeNull(); // 3 against 0 + 3
  });

  it('peril tokens do not follow a minion into its haven at the end of the game', () => {
    const g = endAfterGoblin({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'],
      hordes: { 'blackspire-keep': ['0:sly-cutpurse'] }, peril: { '0:sly-cutpurse': 5 },
      havens: { 'blackspire-keep': ['1:mirror-trickster', '1:cowering-goblin'] },
    }, 'silent-fen');
    expect(g.result!.control['blackspire-keep']).toBeNull(); // 1 against 1 + 0
    expect(g.perilSupply).toBe(10);
  });
});

describe('Thornwood Thicket (4 VP): a tie for most peril goes to the most minions', () => {
  const thorn = (havens: string[], players = 2) => endAfterGoblin({
    players,
    locations: ['thornwood-thicket', 'blackspire-keep', 'teeming-warrens', 'silent-fen'].slice(0, players + 1),
    havens: { 'thornwood-thicket': havens },
  }, 'blackspire-keep').result!.control['thornwood-thicket'];

  it('most peril wins as usual', () => {
    expect(thorn(['0:barrow-colossus', '1:ogre-brute'])).toBe(0);
  });
  it('tied for most peril: more minions wins', () => {
    expect(thorn(['0:ogre-brute', '1:sly-cutpurse', '1:dire-bear'])).toBe(1);
  });
  it('still tied: no one', () => {
    expect(thorn(['0:sly-cutpurse', '0:dire-bear', '1:mirror-trickster', '1:moor-wolf'])).toBeNull();
  });
  it('only the players tied for most peril take part in the count', () => {
    // Seats 0 and 1 have 3; seat 2 has 2 with three minions. Seat 1 (two minions) wins.
    expect(thorn(['0:ogre-brute', '1:mirror-trickster', '1:dire-bear', '2:cowering-goblin', '2:sly-cutpurse', '2:tunnel-smuggler'], 3)).toBe(1);
  });
});

describe('Misty Ford (4 VP): the back of a horde of 2+ is protected', () => {
  it('a lone minion is not protected; with two, the back one is and the front one is not', () => {
    const one = game({ locations: ['misty-ford', 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE], hordes: { 'misty-ford': ['1:ogre-brute'] } });
    expect(prot(one, '1:ogre-brute')).toBe(false);
    const two = game({ locations: ['misty-ford', 'blackspire-keep', 'silent-fen'], hands: [IDLE, IDLE], hordes: { 'misty-ford': ['1:ogre-brute', '1:dire-bear'] } });
    expect(prot(two, '1:dire-bear')).toBe(true);
    expect(prot(two, '1:ogre-brute')).toBe(false);
  });

  it('the hero skips the back and takes the next one', () => {
    let g = game({
      locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: LARK, hands: [['sly-cutpurse'], IDLE],
      hordes: { 'misty-ford': ['1:ogre-brute', '1:moor-wolf'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'misty-ford');
    expect(discards(g)).toEqual([[], ['1:moor-wolf']]);
    expect(g.heldVP).toEqual([3, 0]);
    expect(haven(g, 'misty-ford')).toEqual(['0:sly-cutpurse', '1:ogre-brute']);
  });
});

describe('Gallows Hill (2 VP): +1 VP per hero defeat of an opponent\'s minion there', () => {
  const locations = ['gallows-hill', 'blackspire-keep', 'silent-fen'];

  it('3 VP for the hero\'s defeat of an opponent\'s minion; nothing for the Minotaur\'s defeat', () => {
    let g = game({
      locations, heroes: LARK, hands: [['cowering-goblin'], IDLE],
      hordes: { 'gallows-hill': ['1:dire-bear', '0:charging-minotaur', '1:ogre-brute'] },
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.heldVP).toEqual([3, 0]);
    expect(discards(g)).toEqual([[], ['1:dire-bear', '1:ogre-brute']]);
    expect(haven(g, 'gallows-hill')).toEqual(['0:charging-minotaur']);
  });

  it('nothing for the active player\'s own minion; both of Sir Roderick\'s defeats count', () => {
    let g = game({
      locations, heroes: ['sir-roderick', 'lark-songweaver'], hands: [['ogre-brute'], IDLE],
      hordes: { 'gallows-hill': ['1:ogre-brute', '1:dire-bear', '1:moor-wolf'] },
    });
    g = play(g, 0, 'ogre-brute', 'gallows-hill');
    expect(g.heldVP).toEqual([3, 0]);
    expect(discards(g)).toEqual([['0:ogre-brute'], ['1:moor-wolf']]);
  });

  it('Mad Malis\'s extra defeat there is worth 3 too', () => {
    let g = game({
      locations, heroes: ['mad-malis', 'lark-songweaver'], hands: [['restless-bones'], IDLE],
      hordes: { 'gallows-hill': ['1:ogre-brute', '1:dire-bear'] },
    });
    g = play(g, 0, 'restless-bones', 'gallows-hill');
    expect(g.heldVP).toEqual([3, 0]);
    expect(discards(g)).toEqual([['0:restless-bones'], ['1:dire-bear']]);
  });

  it('no bonus for a defeat in another horde', () => {
    let g = game({
      locations, heroes: LARK, hands: [['cowering-goblin'], IDLE],
      hordes: { 'gallows-hill': ['1:sly-cutpurse'], 'silent-fen': ['1:ogre-brute', '1:dire-bear', '1:mirror-trickster'] },
    });
    g = play(g, 0, 'cowering-goblin', 'blackspire-keep');
    expect(g.heldVP).toEqual([2, 0]);
    expect(discards(g)).toEqual([[], ['1:mirror-trickster']]);
  });
});

describe('The Hollow Throne (6 VP): only players with 2+ minions there compete', () => {
  const throne = (havens: string[]) => endAfterGoblin({
    locations: ['hollow-throne', 'blackspire-keep', 'silent-fen'], havens: { 'hollow-throne': havens },
  }, 'blackspire-keep').result!;

  it('a single big minion does not compete: the pair with less peril controls it', () => {
    const r = throne(['0:barrow-colossus', '1:cowering-goblin', '1:sly-cutpurse']);
    expect(r.control['hollow-throne']).toBe(1);
    expect(r.scores[1]).toBe(1 + 1 + 6);
  });
  it('with nobody holding two minions, no one controls it', () => {
    expect(throne(['0:barrow-colossus', '1:ogre-brute']).control['hollow-throne']).toBeNull();
  });
  it('between two competitors, the most peril wins', () => {
    expect(throne(['0:ogre-brute', '0:dire-bear', '1:cowering-goblin', '1:sly-cutpurse']).control['hollow-throne']).toBe(0);
  });
});
