// The eight Legendary Heroes (docs/RULES.md, The catalogue), with R8, R11, R12 and R13.
import { describe, expect, it } from 'vitest';
import { view } from '../../../shared/engine';
import { discards, endAfterGoblin, expectPlay, game, haven, horde, peril, play, prot } from '../helpers';

const TWO = ['blackspire-keep', 'teeming-warrens', 'silent-fen'];
const IDLE = ['scheming-familiar'];
const heroes = (first: string) => (first === 'lark-songweaver' ? [first, 'mad-malis'] : [first, 'lark-songweaver']);

describe('Vesper Nightstep (threshold 5)', () => {
  it('attacks at 5 and takes the front-most unprotected minion', () => {
    let g = game({ locations: TWO, heroes: heroes('vesper-nightstep'), hands: [['dire-bear'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute'] } });
    g = play(g, 0, 'dire-bear', 'teeming-warrens');
    // 3 + 2 = 5: the front 1:OB (seat 1's) falls, not the back-most (seat 0's Bear): seat 0 +2.
    expect(discards(g)).toEqual([[], ['1:ogre-brute']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:dire-bear']);
    expect(g.hero).toBe('lark-songweaver');
  });

  it('skips a protected front minion and takes the next from the front', () => {
    // 0:SB at (0,0) protects 1:OB at (1,0). 1:MT at (1,1) is the front-most unprotected.
    let g = game({
      locations: TWO, heroes: heroes('vesper-nightstep'), hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['0:stalwart-shieldbearer'], 'teeming-warrens': ['1:ogre-brute', '1:mirror-trickster'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    expect(discards(g)).toEqual([[], ['1:mirror-trickster']]);
    expect(g.heldVP).toEqual([3, 0]); // 2 + the Cutpurse's token, collected as it escapes
    expect(haven(g, 'teeming-warrens')).toEqual(['0:sly-cutpurse', '1:ogre-brute']);
  });

  it('a hunted Vampire Countess still comes first', () => {
    let g = game({ locations: TWO, heroes: heroes('vesper-nightstep'), hands: [['vampire-countess'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute'] } });
    g = play(g, 0, 'vampire-countess', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:vampire-countess'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute']);
  });

  it('a Countess at the front is not hunted but is the front-most: Vesper takes her', () => {
    let g = game({ locations: TWO, heroes: heroes('vesper-nightstep'), hands: [['ogre-brute'], IDLE], hordes: { 'teeming-warrens': ['1:vampire-countess'] } });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    expect(discards(g)).toEqual([[], ['1:vampire-countess']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:ogre-brute']);
  });

  it('does not attack at 4', () => {
    let g = game({ locations: TWO, heroes: heroes('vesper-nightstep'), hands: [['sly-cutpurse'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute'] } });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    expect(g.attacks).toBe(0);
    expect(horde(g, 'teeming-warrens')).toEqual(['1:ogre-brute', '0:sly-cutpurse']);
    expectPlay(g, 1);
  });
});

describe('Mad Malis (threshold 6)', () => {
  it('after defeating an undead, also defeats the next closest valid minion (2 VP if an opponent\'s)', () => {
    let g = game({ locations: TWO, heroes: heroes('mad-malis'), hands: [['restless-bones'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear'] } });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    // 3 + 2 + 1 = 6: 0:RB (own, no VP) is undead, so 1:DB also falls: seat 0 +2. No other horde
    // exists, so the Bones have nowhere to go.
    expect(discards(g)).toEqual([['0:restless-bones'], ['1:dire-bear']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute']);
  });

  it('after defeating a beast (or humanoid), defeats nothing more', () => {
    let g = game({ locations: TWO, heroes: heroes('mad-malis'), hands: [['dire-bear'], IDLE], hordes: { 'teeming-warrens': ['1:barrow-colossus'] } });
    g = play(g, 0, 'dire-bear', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:dire-bear'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:barrow-colossus']);
  });

  it('at most once per attack, even when the second minion is undead too', () => {
    let g = game({ locations: TWO, heroes: heroes('mad-malis'), hands: [['restless-bones'], IDLE], hordes: { 'teeming-warrens': ['1:ogre-brute', '1:barrow-colossus'] } });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:restless-bones'], ['1:barrow-colossus']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:ogre-brute']);
  });

  it('the first target can be a hunted Countess (undead): then the back-most falls too', () => {
    let g = game({
      locations: TWO, heroes: heroes('mad-malis'), hands: [['restless-bones'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:vampire-countess', '1:dire-bear'] },
    });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:restless-bones'], ['1:vampire-countess']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:dire-bear', '1:ogre-brute']);
  });
});

describe('Lark Songweaver (threshold 6, no ability)', () => {
  it('does not attack at 5; at 6 defeats the back-most only, even if the next is undead', () => {
    let g = game({
      locations: TWO, heroes: heroes('lark-songweaver'), hands: [['restless-bones'], ['dire-bear']],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:sly-cutpurse'] },
    });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    expect(peril(g, 'teeming-warrens')).toBe(5);
    expect(g.attacks).toBe(0);
    g = play(g, 1, 'dire-bear', 'teeming-warrens');
    // 7: the back-most 1:DB is the active seat 1's own: no VP; nothing else falls.
    expect(discards(g)).toEqual([[], ['1:dire-bear']]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:restless-bones', '1:ogre-brute', '1:sly-cutpurse']);
  });
});

describe('Dame Orlaith Dawnshield (threshold 7)', () => {
  const board = (hero: string) => game({
    locations: TWO, heroes: heroes(hero), hands: [IDLE, IDLE],
    hordes: {
      'blackspire-keep': ['1:cowering-goblin', '1:restless-bones'],
      'teeming-warrens': ['1:drifting-wraith', '1:barrow-colossus'],
      'silent-fen': ['1:ogre-brute'],
    },
    peril: { '1:drifting-wraith': 1 },
  });

  it('gives every undead in the horde zone +1 peril (a Wraith with a token too)', () => {
    const o = board('dame-orlaith');
    expect(peril(o, 'teeming-warrens')).toBe((0 + 1 + 1) + (4 + 1));
    expect(peril(o, 'blackspire-keep')).toBe(0 + (1 + 1 - 1));
    expect(peril(o, 'silent-fen')).toBe(3);
    const l = board('lark-songweaver');
    expect(peril(l, 'teeming-warrens')).toBe(1 + 4);
    expect(peril(l, 'blackspire-keep')).toBe(0);
  });

  it('the +1 sets off her attack: a Wraith with a token and a Colossus make 7', () => {
    let g = game({
      locations: TWO, heroes: heroes('dame-orlaith'), hands: [['barrow-colossus'], IDLE],
      hordes: { 'teeming-warrens': ['1:drifting-wraith'] }, peril: { '1:drifting-wraith': 1 },
    });
    g = play(g, 0, 'barrow-colossus', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:barrow-colossus'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:drifting-wraith']);
    expect(g.perilSupply).toBe(10);
  });

  it('does not change printed peril in the havens (control at the end of the game)', () => {
    // Her +1 applies in the horde zone only: Wraith 3 vs Ogre 3 is a tie at the Keep.
    const g = endAfterGoblin({
      locations: TWO, heroes: heroes('dame-orlaith'),
      havens: { 'blackspire-keep': ['0:drifting-wraith', '1:ogre-brute'] },
    }, 'silent-fen');
    expect(g.hero).toBe('dame-orlaith');
    expect(g.result!.control['blackspire-keep']).toBeNull();
  });
});

describe('Hulda Axebreaker (threshold 7)', () => {
  const five = ['1:cowering-goblin', '1:drifting-wraith', '1:sly-cutpurse', '1:mirror-trickster'];

  it('attacks a horde of 5 or more minions whatever its peril', () => {
    let g = game({ locations: TWO, heroes: heroes('hulda-axebreaker'), hands: [['tunnel-smuggler'], IDLE], hordes: { 'teeming-warrens': five } });
    g = play(g, 0, 'tunnel-smuggler', 'teeming-warrens');
    // 5 minions, peril 0 + 0 + 1 + 1 + 1 = 3: she still attacks; 0:TS (own) at the back falls.
    expect(g.attacks).toBe(1);
    // The log says why a horde below her threshold qualified.
    expect(g.log.map((e) => e.text)).toContain('Hulda Axebreaker attacks the horde at Teeming Warrens (5 minions; peril 3 / 7).');
    expect(discards(g)).toEqual([['0:tunnel-smuggler'], []]);
    expect(haven(g, 'teeming-warrens')).toEqual([...five].sort());
  });

  it('views say which hordes she would attack: five minions, whatever their peril', () => {
    const g = game({
      locations: TWO, heroes: heroes('hulda-axebreaker'), hands: [['tunnel-smuggler'], IDLE],
      hordes: { 'teeming-warrens': [...five, '0:dire-bear'], 'silent-fen': ['0:ogre-brute'] },
    });
    const at = view(g, null).locations.map((l) => ({ id: l.id, low: l.peril < 7, qualifies: l.qualifies }));
    expect(at).toEqual([
      { id: 'blackspire-keep', low: true, qualifies: false },
      { id: 'teeming-warrens', low: true, qualifies: true },
      { id: 'silent-fen', low: true, qualifies: false },
    ]);
  });

  it('a horde of 4 with peril below 7 is not attacked', () => {
    let g = game({ locations: TWO, heroes: heroes('hulda-axebreaker'), hands: [['tunnel-smuggler'], IDLE], hordes: { 'teeming-warrens': five } });
    g = play(g, 0, 'tunnel-smuggler', 'blackspire-keep');
    expect(g.attacks).toBe(0);
    expectPlay(g, 1);
  });
});

describe('Fenwick Thornbow (threshold 8)', () => {
  const board = (hero: string) => game({
    locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: heroes(hero), hands: [IDLE, IDLE],
    hordes: {
      'blackspire-keep': ['0:stalwart-shieldbearer', '1:dire-bear'],
      'misty-ford': ['1:ogre-brute', '1:moor-wolf'],
      'silent-fen': ['1:ironshell-tortoise', '0:dire-bear'],
    },
  });

  it('while revealed, no minion is protected (Shieldbearer, Misty Ford, Tortoise)', () => {
    const f = board('fenwick-thornbow');
    for (const id of ['1:dire-bear', '1:ogre-brute', '1:moor-wolf', '1:ironshell-tortoise']) expect(prot(f, id)).toBe(false);
    const l = board('lark-songweaver');
    for (const id of ['1:dire-bear', '1:ogre-brute', '1:moor-wolf', '1:ironshell-tortoise']) expect(prot(l, id)).toBe(true);
  });

  it('his own attack ignores protection: the back of a Misty Ford horde falls', () => {
    let g = game({
      locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: heroes('fenwick-thornbow'), hands: [['ogre-brute'], IDLE],
      hordes: { 'misty-ford': ['1:ogre-brute', '1:dire-bear', '1:ironshell-tortoise'] },
    });
    g = play(g, 0, 'ogre-brute', 'misty-ford');
    // 3 + 2 + 1 + 3 = 9 >= 8: 0:OB at the back (own) falls; with protection it would be 1:DB.
    expect(discards(g)).toEqual([['0:ogre-brute'], []]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'misty-ford')).toEqual(['1:dire-bear', '1:ironshell-tortoise', '1:ogre-brute']);
  });
});

describe('Fenwick Thornbow and the Countess', () => {
  it('with protection off, a Countess beside a Shieldbearer is hunted', () => {
    let g = game({
      locations: TWO, heroes: heroes('fenwick-thornbow'), hands: [['sly-cutpurse'], IDLE],
      hordes: { 'blackspire-keep': ['0:cowering-goblin', '0:stalwart-shieldbearer'], 'teeming-warrens': ['1:ogre-brute', '1:vampire-countess', '1:dire-bear'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    // 3 + 2 + 2 + 1 = 8: Fenwick attacks; the Countess (1,1) is not protected by 0:SB (0,1): hunted.
    expect(discards(g)).toEqual([[], ['1:vampire-countess']]);
    expect(g.heldVP).toEqual([3, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['0:sly-cutpurse', '1:dire-bear', '1:ogre-brute']);
  });
});

describe('Sister Maud Candlewright (threshold 8)', () => {
  it('gives the active player 1 VP per undead still in the horde after her defeat, before minion abilities', () => {
    // 1:BC 4 + 0:DW 0 + 1:Ghast 2 + 0:CM 2 + 0:RB 1 = 9.
    let g = game({
      locations: TWO, heroes: heroes('sister-maud'), hands: [['restless-bones'], IDLE],
      hordes: { 'teeming-warrens': ['1:barrow-colossus', '0:drifting-wraith', '1:carrion-ghast', '0:charging-minotaur'] },
    });
    g = play(g, 0, 'restless-bones', 'teeming-warrens');
    // She takes 0:RB (own, no VP). Undead left: BC, DW, Ghast: seat 0 +3. Then the Minotaur takes
    // the Ghast (its only neighbour), which no longer changes her count.
    expect(g.heldVP).toEqual([3, 0]);
    expect(discards(g)).toEqual([['0:restless-bones'], ['1:carrion-ghast']]);
    expect(g.vpOn).toEqual({}); // the Ghast, defeated before its turn in the snapshot, never fed
    expect(haven(g, 'teeming-warrens')).toEqual(['0:charging-minotaur', '0:drifting-wraith', '1:barrow-colossus']);
  });

  it('with no undead left gives nothing', () => {
    let g = game({
      locations: TWO, heroes: heroes('sister-maud'), hands: [['sly-cutpurse'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear', '1:moor-wolf'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'teeming-warrens');
    expect(g.attacks).toBe(1);
    expect(g.heldVP).toEqual([0, 0]);
    expect(discards(g)).toEqual([['0:sly-cutpurse'], []]);
  });
});

describe('Sir Roderick Ironvow (threshold 9)', () => {
  it('also defeats the next closest valid minion, found after the gap closes (Misty Ford: the lone minion is unprotected)', () => {
    let g = game({
      locations: ['blackspire-keep', 'misty-ford', 'silent-fen'], heroes: heroes('sir-roderick'), hands: [['cowering-goblin'], IDLE],
      hordes: { 'misty-ford': ['1:ogre-brute', '1:dire-bear'] }, peril: { '1:ogre-brute': 4 },
    });
    g = play(g, 0, 'cowering-goblin', 'blackspire-keep');
    // (3 + 4) + 2 = 9. 1:DB (back of 2) is protected: 1:OB falls (+2). Then 1:DB is alone, so
    // not protected: it falls too (+2). Nothing escapes.
    expect(discards(g)).toEqual([[], ['1:dire-bear', '1:ogre-brute']]);
    expect(g.heldVP).toEqual([4, 0]);
    expect(haven(g, 'misty-ford')).toEqual([]);
    expect(g.perilSupply).toBe(10);
  });

  it('2 VP only for an opponent\'s minion: own first, then an opponent\'s', () => {
    let g = game({
      locations: TWO, heroes: heroes('sir-roderick'), hands: [['ogre-brute'], IDLE],
      hordes: { 'teeming-warrens': ['1:ogre-brute', '1:dire-bear', '1:moor-wolf'] },
    });
    g = play(g, 0, 'ogre-brute', 'teeming-warrens');
    expect(discards(g)).toEqual([['0:ogre-brute'], ['1:moor-wolf']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:dire-bear', '1:ogre-brute']);
  });
});
