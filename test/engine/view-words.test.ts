// The words a view carries: a decision in the second person for its decider and
// the third for everyone else; the end of the game told once, with grammar.
import { describe, expect, it } from 'vitest';
import { createGame, moveAt, moveCount, step, view } from '../../shared/engine';

describe('decision prompts', () => {
  it('address the decider, and tell the others who is deciding what', () => {
    const g = createGame({ players: 3, seed: 7, names: ['Ann', 'Bea', 'Cy'] });
    expect(view(g, 0).pending!.prompt).toBe(g.pending!.prompt);
    expect(g.pending!.prompt).toMatch(/your hand/);
    for (const viewer of [1, 2, null]) expect(view(g, viewer).pending!.prompt).toBe('Ann is choosing a minion to play.');
  });

  it('say who chooses the location sides while the last seat chooses them', () => {
    const g = createGame({ players: 2, seed: 3, names: ['Ann', 'Bea'], locations: 'choose' });
    expect(g.pending!.kind).toBe('choose-side');
    expect(view(g, 0).pending!.prompt).toBe('Bea is choosing the location sides.');
    expect(view(g, 1).pending!.prompt).toMatch(/^Choose the side of location 1/);
  });
});

describe('the end of the game in the log', () => {
  it('is said once, then each horde retreats (singular) or retreat (plural) to its haven', () => {
    let seen = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const g = createGame({ players: 2, seed });
      let s = seed;
      while (!g.over) step(g, moveAt(g, (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % moveCount(g)));
      const texts = g.log.map((e) => e.text);
      const at = texts.indexOf('The game ends.');
      expect(at).toBeGreaterThanOrEqual(0);
      expect(texts.filter((t) => t.startsWith('The game ends')).length).toBe(1);
      for (const t of texts.slice(at + 1, -1)) {
        expect(t).toMatch(/^(.+'s [^,]+ retreats|.+, .+ retreat) to [^.]+\.$/);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('a card on its way to the table', () => {
  it('is named in the decider’s view while its place is chosen (the client marks it in the hand)', () => {
    const g = createGame({
      players: 2, seed: 1, locations: ['valley-of-teeth', 'sunken-crypt', 'silent-fen'], heroes: ['lark-songweaver'],
      hands: [['ogre-brute', 'spotted-griffin'], ['dire-bear']], decks: [[], []],
    });
    step(g, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'silent-fen' });
    step(g, { type: 'play', seat: 1, card: '1:dire-bear', location: 'silent-fen' });
    step(g, { type: 'play', seat: 0, card: '0:spotted-griffin', location: 'silent-fen' });
    expect(g.pending?.kind).toBe('griffin-position');
    const mine = view(g, 0);
    expect(mine.hand).toContain('0:spotted-griffin');
    expect((mine.pending!.next!.ctx as { card: string }).card).toBe('0:spotted-griffin');
    expect(mine.pending!.card).toBe('0:spotted-griffin');
    expect(view(g, 1).pending!.next).toBeUndefined();
    expect(view(g, 1).pending!.card).toBeUndefined();
  });
});
