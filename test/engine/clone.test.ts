// The engine's copy of a state (apply.ts clone), written key by key: every key of the state, in the
// state's order (its JSON is stored, hashed by the golden games, and read back on a wake), nothing
// mutable shared, the keys that come late (stand-in moves, hints) in whichever order they came.
import { describe, expect, it } from 'vitest';
import { apply, clone, createGame, legalMoves, type Action, type GameState } from '../../shared/engine';

/** `n` first-option moves of a seeded game, the `marks` set on the given move numbers. */
function played(n: number, marks: Record<number, Partial<Action>> = {}): GameState {
  let g = createGame({ players: 3, seed: 41 });
  for (let i = 0; i < n && !g.over; i++) {
    const r = apply(g, { ...legalMoves(g)[0]!, seat: g.pending!.seat, ...marks[i] } as Action);
    if (!r.ok) throw new Error(r.error.message);
    g = r.state;
  }
  return g;
}

describe('clone', () => {
  it.each([
    ['no stand-in move or hint yet', {}],
    ['a stand-in move, then a hint', { 2: { standIn: true }, 5: { hinted: true } }],
    ['a hint, then a stand-in move', { 2: { hinted: true }, 5: { standIn: true } }],
  ])('copies every key in order: %s', (_, marks) => {
    // Right after move 5: the last key came in that step, after the state was copied.
    const g = played(6, marks);
    const c = clone(g);
    expect(Object.keys(c)).toEqual(Object.keys(g));
    expect(JSON.stringify(c)).toBe(JSON.stringify(g));
  });

  it('shares nothing the engine changes in place', () => {
    const g = played(12);
    const before = JSON.stringify(g);
    const c = clone(g);
    c.hands[0]!.push('0:ogre-brute');
    c.hordes[1]!.pop();
    c.heldVP[0]! += 9;
    c.vpOn['0:dire-bear'] = 3;
    c.log.push({ seq: 999, text: 'x' });
    c.locations.reverse();
    expect(JSON.stringify(g)).toBe(before);
  });
});
