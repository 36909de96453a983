// Hints (shared/bots/hint.ts): the search bot's choice from the deciding seat's own view only.
import { describe, expect, it } from 'vitest';
import { BOTS } from '../../shared/bots';
import { hintFor } from '../../shared/bots/hint';
import { playGame } from '../../shared/bots/play';
import { positions, seedOfInteger, view, type GameState } from '../../shared/engine';

const setup = { players: 3, seed: seedOfInteger(11) };
const played = playGame(setup, [BOTS.greedy, BOTS.greedy, BOTS.greedy], 11, true);
const states = positions(setup, played.actions);
const KEY = 'ab'.repeat(32);
const budget = { candidates: 3, work: 200, worlds: 12, ms: 0 };

/** The same position with every card the seat cannot see moved about: other hands and decks, its own deck. */
function reshuffled(g: GameState, seat: number): GameState {
  const h = structuredClone(g);
  for (let s = 0; s < h.players; s++) {
    if (s !== seat && h.hands[s]!.length && h.decks[s]!.length) [h.hands[s]![0], h.decks[s]![0]] = [h.decks[s]![0]!, h.hands[s]![0]!];
    h.decks[s]!.reverse();
  }
  return h;
}

describe('a hint', () => {
  const at = states.map((g, i) => ({ g, i })).filter(({ g }) => g.pending && !g.over && g.pending.kind !== 'choose-side' && g.decks[1]!.length > 1 && g.hands[2]!.length > 0);
  it('is one of the options the seat has', () => {
    expect(at.length).toBeGreaterThan(5);
    for (const { g } of at.slice(0, 6)) {
      const v = view(g, g.pending!.seat);
      expect(v.pending!.options).toContainEqual(hintFor(v, KEY, budget));
    }
  });

  it('depends on nothing the seat cannot see: hidden cards moved about give the same view and the same hint', () => {
    let differed = 0;
    for (const { g } of at.slice(0, 6)) {
      const seat = g.pending!.seat;
      const h = reshuffled(g, seat);
      if (JSON.stringify(h.hands) !== JSON.stringify(g.hands) || JSON.stringify(h.decks) !== JSON.stringify(g.decks)) differed++;
      expect(view(h, seat)).toEqual(view(g, seat));
      expect(hintFor(view(h, seat), KEY, budget)).toEqual(hintFor(view(g, seat), KEY, budget));
    }
    expect(differed).toBe(6); // the hidden cards really were moved
  });

  it("is refused without a decision of the viewer's own", () => {
    const g = at[0]!.g;
    const other = (g.pending!.seat + 1) % 3;
    expect(() => hintFor(view(g, other), KEY, budget)).toThrow(/no decision of yours/);
    expect(() => hintFor(view(g, null), KEY, budget)).toThrow(/no decision of yours/);
  });
});
