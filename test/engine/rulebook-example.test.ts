// The printed rulebook's worked example (Play a Card, 2A, 2B, 2C; also
// test/scenarios/rulebook-example-*.json), line by line: Denice = seat 0, Justin = seat 1, Stuart = seat 2, every card
// played at the Valley of Teeth (V), Mad Malis (6) revealed.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../shared/engine';
import { choose, discards, expectAsk, expectPlay, game, haven, horde, peril, play, sorted } from './helpers';

const V = 'valley-of-teeth';
const setup = (heroes: string[]) => game({
  players: 3,
  locations: [V, 'sunken-crypt', 'teeming-warrens', 'silent-fen'],
  heroes,
  hands: [
    ['scheming-familiar', 'dire-bear', 'ogre-brute', 'cowering-goblin', 'sly-cutpurse'],
    ['charging-minotaur', 'ogre-brute', 'cowering-goblin', 'tunnel-smuggler', 'barrow-colossus'],
    ['spotted-griffin', 'ogre-brute', 'cowering-goblin', 'tunnel-smuggler', 'barrow-colossus'],
  ],
});
const MALIS = ['mad-malis', 'lark-songweaver', 'vesper-nightstep', 'dame-orlaith', 'hulda-axebreaker', 'fenwick-thornbow'];

/** The horde at V as "minion [VP tokens]" entries, front first, like the table. */
const row = (g: GameState) => horde(g, V).map((id) => `${id} [${g.vpOn[id] ?? 0}]`);

/** T1 and T2 of the table, with every observable line checked. */
function firstTwoTurns(g: GameState): GameState {
  // T1. Denice plays the Familiar to V (no horde: it starts one); Valley of Teeth: a beast, a
  // 1-VP token. Both happen inside the play, before the Familiar's own decision.
  g = play(g, 0, 'scheming-familiar', V);
  expect(row(g)).toEqual(['0:scheming-familiar [1]']);
  expect(peril(g, V)).toBe(1);
  expectAsk(g, 0, 'familiar-extra', ['0:dire-bear', '0:ogre-brute', '0:cowering-goblin', '0:sly-cutpurse', 'none']);
  g = choose(g, 0, '0:dire-bear');
  expectAsk(g, 0, 'familiar-location', [V, 'sunken-crypt', 'teeming-warrens', 'silent-fen']);
  expect(row(g)).toEqual(['0:scheming-familiar [1]']);
  g = choose(g, 0, V);
  // The Bear goes to the back; Valley: a token on it (no Bear ability). 1 + 2 = 3 < 6: no attack.
  expect(row(g)).toEqual(['0:scheming-familiar [1]', '0:dire-bear [1]']);
  expect(peril(g, V)).toBe(3);
  expect(g.attacks).toBe(0);
  // Denice played two cards and draws two (her deck: the rest in catalogue order).
  expect(sorted(g.hands[0]!)).toEqual(sorted(['0:ogre-brute', '0:cowering-goblin', '0:sly-cutpurse', '0:charging-minotaur', '0:spotted-griffin']));
  expectPlay(g, 1);

  // T2. Justin plays the Minotaur to the back; Valley token. 5 < 6: no attack; he draws 1.
  g = play(g, 1, 'charging-minotaur', V);
  expect(row(g)).toEqual(['0:scheming-familiar [1]', '0:dire-bear [1]', '1:charging-minotaur [1]']);
  expect(peril(g, V)).toBe(5);
  expect(g.attacks).toBe(0);
  expect(g.hands[1]).toHaveLength(5);
  expect(g.hands[1]).toContain('1:scheming-familiar');
  expectPlay(g, 2);
  return g;
}

describe('the rulebook worked example', () => {
  it('T1-T3 and the attack, exactly as in the table and the walk-through', () => {
    let g = setup(MALIS);
    expect(g.hero).toBe('mad-malis');
    g = firstTwoTurns(g);

    // T3. Stuart plays the Griffin to V: griffin-position over the horde of 3.
    g = play(g, 2, 'spotted-griffin', V);
    expectAsk(g, 2, 'griffin-position', ['0', '1', '2', '3']);
    expect(peril(g, V)).toBe(5);
    g = choose(g, 2, '0');
    // Placed at position 0, the others shift back; then the Valley's token on the Griffin.
    expect(row(g)).toEqual(['2:spotted-griffin [1]', '0:scheming-familiar [1]', '0:dire-bear [1]', '1:charging-minotaur [1]']);
    expect(peril(g, V)).toBe(6);
    // Griffin (b): candidates are the other movable minions not at the back. No attack yet:
    // step 2A waits until the whole play is over.
    expectAsk(g, 2, 'griffin-move', ['0:scheming-familiar', '0:dire-bear', 'none']);
    expect(g.attacks).toBe(0);
    expect(g.hero).toBe('mad-malis');
    g = choose(g, 2, '0:scheming-familiar');

    // (The table's line "Griffin (b) ... → back": Griffin, Bear, Minotaur, Familiar, peril 6,
    // is checked below in the branch where the hero cannot attack yet.)
    // 2A: 1 + 2 + 2 + 1 = 6 >= 6: Mad Malis attacks V, the only horde.
    // 2B.1: the back-most unprotected minion is the Familiar: defeated, its token discarded;
    //       Denice is an opponent of the active Stuart: Stuart +2.
    // 2B.2: a beast: Malis's ability does nothing. 2B.3: the Familiar has no "when defeated".
    // 2B.4: snapshot Minotaur, Bear, Griffin. The Minotaur's only neighbour is the Bear (VP 3):
    //       defeated by an ability, nobody scores, its token is discarded. 2B.5: no other horde.
    // 2B.6: Malis leaves; the Familiar and the Bear go to Denice's discard pile.
    // 2C: Griffin and Minotaur escape: Stuart and Justin collect their tokens.
    expect(g.attacks).toBe(1);
    expect(discards(g)).toEqual([['0:dire-bear', '0:scheming-familiar'], [], []]);
    expect(horde(g, V)).toEqual([]);
    expect(g.hordes).toEqual([[], [], [], []]);
    expect(haven(g, V)).toEqual(['1:charging-minotaur', '2:spotted-griffin']);
    expect(g.havens.slice(1)).toEqual([[], [], []]);
    expect(g.vpOn).toEqual({});
    expect(g.heldVP).toEqual([0, 1, 3]);
    expect(peril(g, V)).toBe(0);
    // Step 3: the next hero is revealed. Step 4: Stuart draws 1.
    expect(g.hero).toBe('lark-songweaver');
    expect(g.heroDeck).toEqual(['vesper-nightstep', 'dame-orlaith', 'hulda-axebreaker', 'fenwick-thornbow']);
    expect(g.hands[2]).toHaveLength(5);
    expect(g.hands[2]).toContain('2:scheming-familiar');
    expect(g.perilSupply).toBe(10);
    expectPlay(g, 0);
  });

  it('the line hidden inside the last action: after the Griffin\'s move the horde is Griffin, Bear, Minotaur, Familiar (peril 6)', () => {
    // Same plays with Sir Roderick (9) on top, so that nothing attacks after the move.
    let g = firstTwoTurns(setup(['sir-roderick', 'lark-songweaver', 'vesper-nightstep', 'dame-orlaith', 'hulda-axebreaker', 'fenwick-thornbow']));
    g = play(g, 2, 'spotted-griffin', V);
    g = choose(g, 2, '0');
    g = choose(g, 2, '0:scheming-familiar');
    expect(row(g)).toEqual(['2:spotted-griffin [1]', '0:dire-bear [1]', '1:charging-minotaur [1]', '0:scheming-familiar [1]']);
    expect(peril(g, V)).toBe(6);
    expect(g.attacks).toBe(0);
    expectPlay(g, 0);
  });
});
