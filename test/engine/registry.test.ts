// What the card set refuses when a card is added or given rules (registry.ts), each refusal before
// anything changes, so the catalogue's own cards play on as before; and a location card's two
// sides (catalog.ts). Adding a card for real is new-card.test.ts's and new-hero.test.ts's.
import { describe, expect, it } from 'vitest';
// The whole engine first: every card's rules and the turn's decisions registered, as in play.
import '../../shared/engine';
import { HEROES, LOCATION_CARDS, MINIONS, otherSide } from '../../shared/engine/catalog';
import { addHero, addMinionKind, decisionOf, registerDecision, registerHero, registerLocation, registerMinion } from '../../shared/engine/registry';

const said = { name: 'Test Card', card: 'A card of a test.', full: 'A card of a test.' };

describe('the card set refuses, changing nothing', () => {
  it('a minion kind or a hero it holds already', () => {
    const bear = MINIONS.find((m) => m.id === 'dire-bear')!;
    expect(() => addMinionKind({ ...bear }, said)).toThrow('minion kind dire-bear is already in the card set');
    const hero = HEROES[0]!;
    expect(() => addHero({ ...hero }, said)).toThrow(`hero ${hero.id} is already in the card set`);
  });

  it('rules for a card it does not hold', () => {
    expect(() => registerMinion('no-such-kind', {})).toThrow('no minion kind no-such-kind in the card set');
    expect(() => registerHero('no-such-hero', {})).toThrow('no hero no-such-hero in the card set');
    expect(() => registerLocation('no-such-side', {})).toThrow('no location side no-such-side in the catalogue');
  });

  it('a decision another card, or the turn, resumes already', () => {
    const attack = decisionOf('attack-horde');
    expect(() => registerDecision('attack-horde', 'dire-bear', { who: '', options: '', waiting: '' })).toThrow('decision attack-horde is already the turn machinery\'s');
    expect(() => registerDecision('griffin-move', 'dire-bear', { who: '', options: '', waiting: '' })).toThrow('decision griffin-move is already spotted-griffin\'s');
    expect(decisionOf('attack-horde')).toBe(attack);
  });

  it('a decision resumed without words, or worded and never resumed', () => {
    const before = decisionOf('griffin-move');
    expect(() => registerMinion('dire-bear', { decisions: { 'bear-hug': () => {} } }))
      .toThrow('decision bear-hug of dire-bear has no words: add them to its decisions in shared/engine/texts/');
    expect(() => registerMinion('spotted-griffin', { decisions: {} }))
      .toThrow('decision griffin-position of spotted-griffin (texts/) has no resumer in its handler\'s decisions');
    expect(decisionOf('griffin-move')).toBe(before);
    expect(decisionOf('bear-hug' as never)).toBeUndefined();
  });
});

describe('a location card', () => {
  it('has two sides, each the other\'s', () => {
    expect(LOCATION_CARDS.length).toBeGreaterThan(3);
    for (const [a, b] of LOCATION_CARDS) {
      expect(otherSide(a.id)).toBe(b.id);
      expect(otherSide(b.id)).toBe(a.id);
    }
    expect(otherSide('no-such-side')).toBeUndefined();
  });
});
