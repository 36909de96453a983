// The turn and attack machinery around the cards, and the end of the game:
// R2 (choose-side), R10 (one peril check, attack-horde), R13 (attack order),
// R17/R19/R20 (end of game, passing), R21–R23 (control, score, tie-break), R24.
import { describe, expect, it } from 'vitest';
import { apply, createGame, HAND_SIZE, legalMoves, MINIONS, view, type GameState } from '../../../shared/engine';
import {
  choose, discards, expectAsk, expectPlay, game, haven, horde, perilConserved, play, refused, sorted, vpOn,
} from '../helpers';

const THREE = ['blackspire-keep', 'teeming-warrens', 'silent-fen', 'thornwood-thicket'];
const IDLE = ['scheming-familiar'];

describe('attack order (R13)', () => {
  it('hero defeat, hero ability, when-defeated in order, attacked horde back to front, other hordes left to right, then discard', () => {
    let g = game({
      players: 3, locations: THREE, heroes: ['mad-malis', 'lark-songweaver'], hands: [['sly-cutpurse'], IDLE, IDLE],
      hordes: {
        'blackspire-keep': ['0:cowering-goblin', '0:carrion-ghast', '0:dire-bear'],
        'teeming-warrens': ['2:carrion-ghast', '2:charging-minotaur', '1:bloated-ghoul', '1:restless-bones'],
        'silent-fen': ['2:cowering-goblin', '1:carrion-ghast', '2:dire-bear'],
      },
    });
    // Peril: Keep 0 + 1 + 2 = 3, Warrens 2 + 2 + 2 + 1 = 7, Fen 3. The Cutpurse starts a horde at
    // Thornwood (no neighbour with tokens: a 1-VP token). Malis attacks the Warrens.
    g = play(g, 0, 'sly-cutpurse', 'thornwood-thicket');
    // 1. The Bones (back-most) fall: seat 0 +2. 2. Undead, so Malis also takes the Ghoul: +2.
    // 3. The Bones' "when defeated" comes first: asked while the Ghoul's tokens are not yet placed,
    //    the Minotaur has not charged and no Ghast has fed; the hero is still revealed.
    expectAsk(g, 1, 'bones-return', ['blackspire-keep', 'silent-fen', 'thornwood-thicket', 'none']);
    expect(g.heldVP).toEqual([4, 0, 0]);
    expect(horde(g, 'teeming-warrens')).toEqual(['2:carrion-ghast', '2:charging-minotaur']);
    expect(g.perilOn).toEqual({});
    expect(g.vpOn).toEqual({ '0:sly-cutpurse': 1 });
    expect(g.hero).toBe('mad-malis');
    g = choose(g, 1, 'silent-fen');
    // The Ghoul: its neighbours just before its defeat were 2:CM (its own horde), 0:DB and 2:DB.
    // The Bones, now at (2,3), were not among them. 4. The Minotaur (1,1) has three neighbours of
    // VP 0: the three Ghasts; seat 0 (active) breaks the tie. No Ghast has fed yet.
    expectAsk(g, 0, 'minotaur-tie', ['0:carrion-ghast', '1:carrion-ghast', '2:carrion-ghast']);
    expect(g.perilOn).toEqual({ '0:dire-bear': 1, '2:dire-bear': 1 });
    expect(g.vpOn).toEqual({ '0:sly-cutpurse': 1 });
    expect(horde(g, 'silent-fen')).toEqual(['2:cowering-goblin', '1:carrion-ghast', '2:dire-bear', '1:restless-bones']);
    g = choose(g, 0, '1:carrion-ghast');
    // Then 2:Ghast (attacked horde) feeds; 5. 0:Ghast (Keep) feeds; 1:Ghast is gone.
    // 6. Malis leaves; the Ghoul and 1:Ghast go to the discard pile (the Bones do not).
    // Escape: 2:Ghast and 2:CM; seat 2 collects the Ghast's token.
    expect(discards(g)).toEqual([[], ['1:bloated-ghoul', '1:carrion-ghast'], []]);
    expect(g.heldVP).toEqual([4, 0, 1]);
    expect(g.vpOn).toEqual({ '0:sly-cutpurse': 1, '0:carrion-ghast': 1 });
    expect(g.perilOn).toEqual({ '0:dire-bear': 1, '2:dire-bear': 1 });
    expect(g.perilSupply).toBe(8);
    expect(g.hordes).toEqual([
      ['0:cowering-goblin', '0:carrion-ghast', '0:dire-bear'],
      [],
      ['2:cowering-goblin', '2:dire-bear', '1:restless-bones'],
      ['0:sly-cutpurse'],
    ]);
    expect(haven(g, 'teeming-warrens')).toEqual(['2:carrion-ghast', '2:charging-minotaur']);
    expect(g.hero).toBe('lark-songweaver');
    expect(g.heroDeck).toEqual([]);
    expectPlay(g, 1);
  });
});

describe('peril check (R10)', () => {
  it('with several qualifying hordes, the active player chooses one; only that one is attacked', () => {
    // Hulda (7). Keep: 4 minions, peril 2; the Smuggler makes 5 minions. Fen: 3 + (2 + 2) = 7.
    let g = game({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'], heroes: ['hulda-axebreaker', 'lark-songweaver'],
      hands: [['tunnel-smuggler'], IDLE],
      hordes: {
        'blackspire-keep': ['1:cowering-goblin', '1:drifting-wraith', '1:sly-cutpurse', '1:mirror-trickster'],
        'silent-fen': ['1:ogre-brute', '1:dire-bear'],
      },
      peril: { '1:dire-bear': 2 },
    });
    g = play(g, 0, 'tunnel-smuggler', 'blackspire-keep');
    expectAsk(g, 0, 'attack-horde', ['blackspire-keep', 'silent-fen']);
    refused(g, { type: 'choose', seat: 1, option: 'silent-fen' }, 'not-your-decision');
    refused(g, { type: 'choose', seat: 0, option: 'teeming-warrens' }, 'illegal');
    g = choose(g, 0, 'silent-fen');
    expect(g.attacks).toBe(1);
    expect(discards(g)).toEqual([[], ['1:dire-bear']]);
    expect(g.heldVP).toEqual([2, 0]);
    expect(haven(g, 'silent-fen')).toEqual(['1:ogre-brute']);
    expect(horde(g, 'blackspire-keep')).toHaveLength(5);
    expect(g.hero).toBe('lark-songweaver');
    expect(g.perilSupply).toBe(10);
    expectPlay(g, 1);
  });

  it('a horde that qualifies for a newly revealed hero waits for the next turn\'s check', () => {
    // Lark (6), then Vesper (5). Keep: 1:OB, 1:MW = 5. Fen: 0:OB, 0:DB = 5.
    let g = game({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'],
      heroes: ['lark-songweaver', 'vesper-nightstep', 'sir-roderick'],
      hands: [['sly-cutpurse'], ['cowering-goblin']],
      hordes: { 'blackspire-keep': ['1:ogre-brute', '1:moor-wolf'], 'silent-fen': ['0:ogre-brute', '0:dire-bear'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'silent-fen');
    // Fen 6: Lark takes the Cutpurse (own). Vesper is revealed; the Keep (5) already qualifies but waits.
    expect(g.attacks).toBe(1);
    expect(g.hero).toBe('vesper-nightstep');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:ogre-brute', '1:moor-wolf']);
    expectPlay(g, 1);
    g = play(g, 1, 'cowering-goblin', 'teeming-warrens');
    // Seat 1's check: Vesper takes the front-most of the Keep, 1:OB, seat 1's own: no VP.
    expect(g.attacks).toBe(2);
    expect(discards(g)).toEqual([['0:sly-cutpurse'], ['1:ogre-brute']]);
    expect(g.heldVP).toEqual([0, 0]);
    expect(haven(g, 'blackspire-keep')).toEqual(['1:moor-wolf']);
    expect(g.hero).toBe('sir-roderick');
  });
});

describe('passing and running out (R19)', () => {
  it('a player with an empty hand passes but still does steps 2-4: an attack already due happens, then they draw', () => {
    let g = game({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'],
      heroes: ['lark-songweaver', 'vesper-nightstep', 'sir-roderick'],
      hands: [['sly-cutpurse', 'scheming-familiar'], []], decks: [[], ['cowering-goblin']],
      hordes: { 'blackspire-keep': ['1:ogre-brute', '1:moor-wolf'], 'silent-fen': ['0:ogre-brute', '0:dire-bear'] },
    });
    g = play(g, 0, 'sly-cutpurse', 'silent-fen');
    // Seat 0's turn: Lark takes its Cutpurse; Vesper is revealed. Seat 0 cannot draw.
    // Seat 1 holds nothing: it passes. Its peril check: Vesper takes 1:OB (its own: no VP);
    // 1:MW escapes; Sir Roderick is revealed; seat 1 draws its Goblin. Then seat 0 plays.
    expect(g.attacks).toBe(2);
    expect(g.heldVP).toEqual([0, 0]);
    expect(discards(g)).toEqual([['0:sly-cutpurse'], ['1:ogre-brute']]);
    expect(haven(g, 'blackspire-keep')).toEqual(['1:moor-wolf']);
    expect(haven(g, 'silent-fen')).toEqual(['0:dire-bear', '0:ogre-brute']);
    expect(g.hero).toBe('sir-roderick');
    expect(g.hands).toEqual([['0:scheming-familiar'], ['1:cowering-goblin']]);
    expectPlay(g, 0);
  });

  it('when no player holds a card at the start of a turn the game ends, even with cards left in a deck; the revealed hero never attacks', () => {
    let g = game({
      locations: ['valley-of-teeth', 'blackspire-keep', 'silent-fen'], heroes: ['sir-roderick', 'lark-songweaver'],
      hands: [['cowering-goblin'], []], decks: [[], ['dire-bear']],
      hordes: { 'valley-of-teeth': ['1:ogre-brute', '1:moor-wolf'] }, vp: { '1:moor-wolf': 1 }, peril: { '1:ogre-brute': 2 },
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    expect(g.over).toBe(true);
    expect(g.attacks).toBe(0);
    expect(g.hero).toBe('sir-roderick');
    expect(g.heroDeck).toEqual(['lark-songweaver']);
    expect(g.decks[1]).toEqual(['1:dire-bear']);
    expect(g.hordes).toEqual([[], [], []]);
    expect(haven(g, 'valley-of-teeth')).toEqual(['1:moor-wolf', '1:ogre-brute']);
    expect(g.heldVP).toEqual([0, 1]);
    expect(g.perilSupply).toBe(10);
    // Seat 0: Goblin 1 + Fen 3 = 4. Seat 1: Ogre 2 + Wolf 2 + Valley 3 + 1 held = 8.
    expect(g.result!.scores).toEqual([4, 8]);
    expect(g.result!.winner).toBe(1);
    expect(legalMoves(g)).toEqual([]);
    refused(g, { type: 'play', seat: 1, card: '1:dire-bear', location: 'silent-fen' }, 'over');
  });
});

describe('end of the game after the last hero (R17, R20, R22)', () => {
  it('the active player does not draw; every horde moves to its haven (not an escape); tokens are collected; scores', () => {
    let g = game({
      locations: ['valley-of-teeth', 'teeming-warrens', 'silent-fen'], heroes: ['lark-songweaver'],
      hands: [['dire-bear', 'cowering-goblin'], IDLE], decks: [['ogre-brute'], null],
      hordes: {
        'valley-of-teeth': ['0:tunnel-smuggler', '1:dire-bear'],
        'teeming-warrens': ['1:ogre-brute', '1:moor-wolf'],
        'silent-fen': ['0:sly-cutpurse'],
      },
      vp: { '1:dire-bear': 1, '0:sly-cutpurse': 2 },
      peril: { '1:dire-bear': 1 },
    });
    g = play(g, 0, 'dire-bear', 'teeming-warrens');
    // 3 + 2 + 2 = 7: Lark takes 0:DB (own). 1:OB and 1:MW escape. No hero left: the game ends.
    expect(g.over).toBe(true);
    expect(g.hero).toBeNull(); // Lark is in the box and no hero could be revealed
    expect(g.hands[0]).toEqual(['0:cowering-goblin']);
    expect(g.decks[0]).toEqual(['0:ogre-brute']);
    // The Smuggler reaching the Valley's haven at the end is no escape: 0:SC is not rescued (it
    // moves to its own haven anyway).
    expect(haven(g, 'valley-of-teeth')).toEqual(['0:tunnel-smuggler', '1:dire-bear']);
    expect(haven(g, 'teeming-warrens')).toEqual(['1:moor-wolf', '1:ogre-brute']);
    expect(haven(g, 'silent-fen')).toEqual(['0:sly-cutpurse']);
    expect(g.heldVP).toEqual([2, 1]);
    expect(g.vpOn).toEqual({});
    expect(g.perilSupply).toBe(10);
    const r = g.result!;
    expect(r.control).toEqual({ 'valley-of-teeth': 1, 'teeming-warrens': 1, 'silent-fen': 0 });
    // Why: Valley peril 1 against 2; the Warrens count minions (seat 0 has none there); the Fen's lone competitor.
    expect(r.tallies).toEqual({ 'valley-of-teeth': [1, 2], 'teeming-warrens': [null, 2], 'silent-fen': [1, null] });
    // Seat 0: TS 1 + SC 1, Fen 3, held 2 = 7. Seat 1: DB 3 + OB 2 + MW 2, Valley 3 + Warrens 4, held 1 = 15.
    expect(r.breakdown).toEqual([{ minions: 2, locations: 3, tokens: 2 }, { minions: 7, locations: 7, tokens: 1 }]);
    expect(r.scores).toEqual([7, 15]);
    expect(r.winner).toBe(1);
  });
});

describe('winner and tie-break (R23)', () => {
  // 3 players; seats 0 and 1 each play a Goblin to Silent Fen (a 0-0 tie there: nobody), then no
  // one holds a card at the start of seat 2's turn: the final turn is seat 1's.
  const three = (havens: Record<string, string[]>, held: number[]) => {
    let g = game({
      players: 3, locations: THREE, hands: [['cowering-goblin'], ['cowering-goblin'], []], decks: [[], [], []], havens, held,
    });
    g = play(g, 0, 'cowering-goblin', 'silent-fen');
    g = play(g, 1, 'cowering-goblin', 'silent-fen');
    expect(g.over).toBe(true);
    return g.result!;
  };

  it('ended at the start of a turn: the count starts after the player of the turn before (seat 1), so seat 2 beats seat 0', () => {
    const r = three({ 'blackspire-keep': ['2:dire-bear'], 'teeming-warrens': ['0:ogre-brute'], 'thornwood-thicket': ['1:ogre-brute'] }, [1, 0, 0]);
    expect(r.control).toEqual({ 'blackspire-keep': 2, 'teeming-warrens': 0, 'silent-fen': null, 'thornwood-thicket': 1 });
    expect(r.scores).toEqual([8, 7, 8]);
    expect(r.winner).toBe(2);
  });

  it('the first tied player in that order wins: seat 2 is not tied, so seat 0 beats seat 1', () => {
    const r = three({ 'blackspire-keep': ['2:moor-wolf'], 'teeming-warrens': ['0:ogre-brute'], 'thornwood-thicket': ['1:ogre-brute'] }, [1, 1, 0]);
    expect(r.scores).toEqual([8, 8, 7]);
    expect(r.winner).toBe(0);
  });

  // 2 players; the last hero attacks on the first seat's turn and the game ends: that seat took
  // the final turn, so in a tie the other seat wins.
  const lastHero = (first: number) => {
    const other = 1 - first;
    let g = game({
      locations: ['blackspire-keep', 'teeming-warrens', 'silent-fen'], heroes: ['lark-songweaver'], first,
      hands: first === 0 ? [['cowering-goblin'], []] : [[], ['cowering-goblin']], decks: [[], []],
      hordes: { 'teeming-warrens': [`${other}:ogre-brute`, `${first}:ogre-brute`].reverse() },
      havens: { 'blackspire-keep': [`${other}:dire-bear`, `${other}:vampire-countess`] },
    });
    g = play(g, first, 'cowering-goblin', 'silent-fen');
    expect(g.over).toBe(true);
    return g.result!;
  };

  it('ended by the last hero on seat 0\'s turn: a tie goes to seat 1', () => {
    // Warrens: 0:OB, 1:OB = 6: Lark takes 1:OB (seat 0 +2); 0:OB escapes. Seat 0: OB 2 + Goblin 1
    // + Warrens 4 + Fen 3 + 2 = 12. Seat 1: Bear 3 + Countess 4 + Keep 5 = 12.
    const r = lastHero(0);
    expect(r.scores).toEqual([12, 12]);
    expect(r.winner).toBe(1);
  });

  it('ended by the last hero on seat 1\'s turn: a tie goes to seat 0', () => {
    const r = lastHero(1);
    expect(r.scores).toEqual([12, 12]);
    expect(r.winner).toBe(0);
  });

  it('without a tie the most VP wins whoever took the final turn', () => {
    const r = three({ 'blackspire-keep': ['1:dire-bear'] }, [0, 0, 0]);
    // Seat 0: Goblin 1. Seat 1: Goblin 1 + Bear 3 + Keep 5 = 9. Seat 2: 0.
    expect(r.scores).toEqual([1, 9, 0]);
    expect(r.winner).toBe(1);
  });
});

describe('choose-side setup (R2)', () => {
  const CARDS = [
    ['valley-of-teeth', 'blackspire-keep'], ['sunken-crypt', 'bandits-roost'], ['teeming-warrens', 'whispering-caves'],
    ['silent-fen', 'bubbling-tar-pits'], ['thornwood-thicket', 'misty-ford'], ['gallows-hill', 'hollow-throne'],
  ].map(sorted);
  const pairOf = (options: string[]) => CARDS.findIndex((c) => JSON.stringify(c) === JSON.stringify(sorted(options)));

  const chooseAll = (g: GameState, chooser: number, P: number): { g: GameState; chosen: string[] } => {
    const chosen: string[] = [];
    const used = new Set<number>();
    for (let i = 0; i <= P; i++) {
      const p = g.pending!;
      expect(p.seat).toBe(chooser);
      expect(p.kind).toBe('choose-side');
      const card = pairOf(p.options);
      expect(card).toBeGreaterThanOrEqual(0); // the two sides of one location card
      expect(used.has(card)).toBe(false); // a different card each time
      used.add(card);
      expect(g.locations).toEqual(chosen);
      refused(g, { type: 'choose', seat: (chooser + 1) % P, option: p.options[0]! }, 'not-your-decision');
      refused(g, { type: 'play', seat: chooser, card: `${chooser}:dire-bear`, location: p.options[0]! });
      const side = sorted(p.options)[i % 2]!;
      chosen.push(side);
      g = choose(g, chooser, side);
    }
    return { g, chosen };
  };

  for (const P of [2, 3, 4]) {
    it(`${P} players: the last seat chooses each dealt card's side in column order; then the game is dealt and seat 0 plays`, () => {
      const start = createGame({ players: P, seed: 7 + P, locations: 'choose' });
      expect(start.hero).toBeNull();
      expect(start.hands).toEqual(Array.from({ length: P }, () => []));
      const { g, chosen } = chooseAll(start, P - 1, P);
      expect(g.locations).toEqual(chosen);
      expect(g.hordes).toHaveLength(P + 1);
      expect(g.hands.map((h) => h.length)).toEqual(Array.from({ length: P }, () => HAND_SIZE));
      expect(g.decks.map((d) => d.length)).toEqual(Array.from({ length: P }, () => MINIONS.length - HAND_SIZE));
      expect(g.hero).not.toBeNull();
      expect(g.heroDeck).toHaveLength(P + 2); // P + 3 dealt, one revealed
      expect(new Set([g.hero, ...g.heroDeck]).size).toBe(P + 3);
      expectPlay(g, 0);
    });
  }

  it('the view during choose-side lists the cards still to choose (each as its two sides)', () => {
    let g = createGame({ players: 3, seed: 7, locations: 'choose' });
    const v = view(g, 2);
    expect(v.sides).toHaveLength(4);
    expect(v.sides.map((pair) => pairOf(pair))).not.toContain(-1);
    expect(sorted(v.sides[0]!)).toEqual(sorted(g.pending!.options));
    expect(v.locations.every((l) => l.horde.length === 0)).toBe(true);
    g = choose(g, 2, g.pending!.options[0]!);
    expect(view(g, 2).sides).toHaveLength(3);
  });

  it('with another first seat, the seat that plays last in the first round chooses', () => {
    const start = createGame({
      players: 2, seed: 3, locations: 'choose', first: 1, heroes: ['lark-songweaver'], hands: [['dire-bear'], ['ogre-brute']],
    });
    const { g } = chooseAll(start, 0, 2);
    expect(g.hero).toBe('lark-songweaver');
    expect(g.hands).toEqual([['0:dire-bear'], ['1:ogre-brute']]);
    expectPlay(g, 1);
  });
});

describe('refused actions and hidden information (R24)', () => {
  const g0 = () => game({
    locations: ['valley-of-teeth', 'blackspire-keep', 'silent-fen'], hands: [['dire-bear', 'ogre-brute'], ['moor-wolf']],
  });

  it('refuses, without changing the state: another seat, a card not in hand, an unknown location, a choose instead of a play', () => {
    const g = g0();
    refused(g, { type: 'play', seat: 1, card: '1:moor-wolf', location: 'valley-of-teeth' }, 'not-your-decision');
    refused(g, { type: 'play', seat: 0, card: '0:moor-wolf', location: 'valley-of-teeth' }, 'illegal');
    refused(g, { type: 'play', seat: 0, card: '1:moor-wolf', location: 'valley-of-teeth' }, 'illegal');
    refused(g, { type: 'play', seat: 0, card: '0:dire-bear', location: 'gallows-hill' }, 'illegal');
    refused(g, { type: 'choose', seat: 0, option: 'none' }, 'illegal');
    expect(legalMoves(g)).toHaveLength(2 * 3);
  });

  it('apply never mutates its input', () => {
    const g = g0();
    const before = JSON.stringify(g);
    const r = apply(g, { type: 'play', seat: 0, card: '0:dire-bear', location: 'valley-of-teeth' });
    expect(r.ok).toBe(true);
    expect(JSON.stringify(g)).toBe(before);
    expect(vpOn(g, '0:dire-bear')).toBe(0);
  });

  it('a seat\'s view shows its own hand only, and sizes for the others', () => {
    const g = g0();
    const v1 = view(g, 1);
    expect(v1.hand).toEqual(['1:moor-wolf']);
    expect(JSON.stringify(v1)).not.toContain('0:ogre-brute');
    expect(v1.players.map((p) => p.handSize)).toEqual([2, 1]);
    expect(v1.pending?.options).toBeUndefined();
    expect(view(g, 0).pending?.options).toHaveLength(6);
    expect(view(g, null).hand).toBeUndefined();
  });

  it('peril tokens are conserved through a whole sequence', () => {
    let g = game({
      locations: ['thornwood-thicket', 'blackspire-keep', 'teeming-warrens'], hands: [['moor-wolf'], ['moor-wolf']],
      hordes: { 'thornwood-thicket': ['1:ogre-brute'] },
    });
    g = play(g, 0, 'moor-wolf', 'thornwood-thicket');
    perilConserved(g);
    g = play(g, 1, 'moor-wolf', 'blackspire-keep');
    perilConserved(g);
    expect(g.perilSupply).toBe(8);
  });
});
