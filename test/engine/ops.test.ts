// The state changes a card's handler is given (ops.ts, docs/ADDING-A-CARD.md), each on its own:
// some are used by no card yet (returnPeril), and the cards that do use them reach only some of
// their cases (a partial token move, an empty supply, a seat without a name).
import { describe, expect, it } from 'vitest';
import { addPeril, enter, heroName, moveTokens, returnPeril, say, stripTokens, trimLog, who } from '../../shared/engine/ops';
import { cardOf, instance, instanceId, kindOf, ownerOf } from '../../shared/engine/ids';
import { game } from './helpers';

const position = () => game({
  locations: ['valley-of-teeth', 'bandits-roost', 'silent-fen'],
  hands: [['ogre-brute', 'dire-bear', 'moor-wolf'], ['ogre-brute']],
  hordes: { 'bandits-roost': ['1:dire-bear', '1:moor-wolf'] },
  peril: { '1:dire-bear': 3 },
  vp: { '1:moor-wolf': 2 },
});

describe('the state changes a card may make', () => {
  it('peril back to the supply: one, n at most, or none from a minion without', () => {
    const g = position();
    const supply = g.perilSupply;
    expect(returnPeril(g, '1:dire-bear')).toBe(1);
    expect(g.perilOn['1:dire-bear']).toBe(2);
    expect(g.perilSupply).toBe(supply + 1);
    expect(returnPeril(g, '1:dire-bear', 5)).toBe(2);
    expect('1:dire-bear' in g.perilOn).toBe(false);
    expect(g.perilSupply).toBe(supply + 3);
    expect(returnPeril(g, '1:dire-bear', 5)).toBe(0);
    expect(returnPeril(g, '1:moor-wolf')).toBe(0);
    expect(g.perilSupply).toBe(supply + 3);
  });

  it('tokens from one minion onto another: all, or n at most, the supply untouched', () => {
    const g = position();
    const supply = g.perilSupply;
    expect(moveTokens(g, 'peril', '1:dire-bear', '1:moor-wolf', 2)).toBe(2);
    expect([g.perilOn['1:dire-bear'], g.perilOn['1:moor-wolf']]).toEqual([1, 2]);
    expect(moveTokens(g, 'peril', '1:dire-bear', '1:moor-wolf')).toBe(1);
    expect('1:dire-bear' in g.perilOn).toBe(false);
    expect(g.perilOn['1:moor-wolf']).toBe(3);
    expect(g.perilSupply).toBe(supply);
    expect(moveTokens(g, 'vp', '1:moor-wolf', '1:dire-bear', 0)).toBe(0);
    expect(moveTokens(g, 'vp', '1:dire-bear', '1:moor-wolf')).toBe(0);
    expect(moveTokens(g, 'vp', '1:moor-wolf', '1:dire-bear')).toBe(2);
    expect([g.vpOn['1:dire-bear'], '1:moor-wolf' in g.vpOn]).toEqual([2, false]);
  });

  it('a peril token from the supply, until it is empty', () => {
    const g = position();
    g.perilSupply = 1;
    expect(addPeril(g, '1:moor-wolf')).toBe(true);
    expect([g.perilSupply, g.perilOn['1:moor-wolf']]).toEqual([0, 1]);
    expect(addPeril(g, '1:moor-wolf')).toBe(false);
    expect([g.perilSupply, g.perilOn['1:moor-wolf']]).toEqual([0, 1]);
  });

  it('a minion leaving the zone gives its peril back and its VP to whoever takes it', () => {
    const g = position();
    const supply = g.perilSupply;
    expect(stripTokens(g, '1:dire-bear')).toBe(0);
    expect(g.perilSupply).toBe(supply + 3);
    expect(stripTokens(g, '1:moor-wolf')).toBe(2);
    expect({ ...g.vpOn, ...g.perilOn }).toEqual({});
  });

  it('a played minion enters at its place, the hand closing up behind it', () => {
    const g = position();
    enter(g, '0:dire-bear', 1, 1);
    expect(g.hordes[1]).toEqual(['1:dire-bear', '0:dire-bear', '1:moor-wolf']);
    expect(g.hands[0]).toEqual(['0:ogre-brute', '0:moor-wolf']);
    enter(g, '0:moor-wolf', 1, 3);
    expect(g.hordes[1]).toEqual(['1:dire-bear', '0:dire-bear', '1:moor-wolf', '0:moor-wolf']);
    enter(g, '0:ogre-brute', 0, 0);
    expect([g.hordes[0], g.hands[0]]).toEqual([['0:ogre-brute'], []]);
  });

  it('names a seat by its name, else by its number; a hero by its name, else its id', () => {
    const g = position();
    expect(who(g, 1)).toBe('Seat 2');
    g.names = ['Ann', 'Bea'];
    expect(who(g, 1)).toBe('Bea');
    expect(heroName('sir-roderick')).toBe('Sir Roderick Ironvow');
    expect(heroName('nobody-at-all')).toBe('nobody-at-all');
  });

  it('keeps the last 60 log lines once cut back, and cuts nothing from 60', () => {
    const g = position();
    g.log = [];
    for (let i = 0; i < 60; i++) say(g, `line ${i}`);
    trimLog(g);
    expect(g.log).toHaveLength(60);
    say(g, 'one more');
    trimLog(g);
    expect(g.log).toHaveLength(60);
    expect(g.log[0]!.text).toBe('line 1');
    expect(g.log.at(-1)).toEqual({ seq: g.seq, text: 'one more' });
  });

  it('reads a minion id, and refuses one that names no card of a 2-4 player game', () => {
    expect([ownerOf('3:dire-bear'), kindOf('3:dire-bear'), cardOf('3:dire-bear').name]).toEqual([3, 'dire-bear', 'Dire Bear']);
    expect(instanceId(2, 'moor-wolf')).toBe('2:moor-wolf');
    expect(instance('4:dire-bear')).toBeUndefined();
    expect(instance('0:no-such-card')).toBeUndefined();
    expect(() => ownerOf('4:dire-bear')).toThrow('unknown minion 4:dire-bear');
    expect(() => kindOf('dire-bear')).toThrow('unknown minion dire-bear');
    expect(() => instanceId(0, 'no-such-card')).toThrow('unknown minion 0:no-such-card');
    expect(() => instanceId(4, 'dire-bear')).toThrow('unknown minion 4:dire-bear');
  });
});
