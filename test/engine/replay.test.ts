// The replay's truth: a match rebuilt from its setup and action log (replay.ts) is every position
// the match went through, the start included, each the one apply gave as it was played; a log the
// engine refuses is broken, and says which action broke it.
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, positions, replayed, type Action, type GameState, type Setup } from '../../shared/engine';

/** A whole match, each seat taking the legal move `pick` chooses, with every position as played. */
function played(setup: Setup, pick: (n: number, i: number) => number): { actions: Action[]; states: GameState[] } {
  const states = [createGame(setup)];
  const actions: Action[] = [];
  while (!states.at(-1)!.over) {
    const g = states.at(-1)!;
    const moves = legalMoves(g);
    const action = { ...moves[pick(moves.length, actions.length)]!, seat: g.pending!.seat } as Action;
    const r = apply(g, action);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(action);
    states.push(r.state);
  }
  return { actions, states };
}

describe('a match rebuilt from its log', () => {
  for (const players of [2, 3, 4]) {
    it(`gives every position of a ${players}-player match, the start included, as it was played`, () => {
      const setup: Setup = { players, seed: 40 + players };
      const { actions, states } = played(setup, (n, i) => (i * 7) % n);
      expect(actions.length).toBeGreaterThan(10);
      const rebuilt = positions(setup, actions);
      expect(rebuilt).toHaveLength(actions.length + 1);
      expect(rebuilt[0]).toEqual(createGame(setup));
      for (const [i, g] of rebuilt.entries()) expect(g, `position ${i}`).toEqual(states[i]);
      expect(replayed(setup, actions)).toEqual(states.at(-1));
      expect(replayed(setup, actions).over).toBe(true);
    });
  }

  it('with no action, is the start alone', () => {
    const setup: Setup = { players: 2, seed: 5 };
    expect(positions(setup, [])).toEqual([createGame(setup)]);
    expect(replayed(setup, [])).toEqual(createGame(setup));
  });

  it('does not change the actions it is given, and gives new states each time', () => {
    const setup: Setup = { players: 3, seed: 9 };
    const { actions } = played(setup, () => 0);
    const copy = structuredClone(actions);
    const a = positions(setup, actions);
    const b = positions(setup, actions);
    expect(actions).toEqual(copy);
    expect(a).toEqual(b);
    expect(a.at(-1)).not.toBe(b.at(-1));
  });

  it('refuses a broken log, naming the action that broke it', () => {
    const setup: Setup = { players: 2, seed: 11 };
    const { actions } = played(setup, () => 0);
    // The third action out of turn: the seat that did not decide then.
    const broken = actions.map((a, i) => (i === 2 ? { ...a, seat: 1 - a.seat } : a));
    expect(() => positions(setup, broken)).toThrow(/^action 2 \(\{.*"seat":\d.*\}\) refused on replay: .+/);
    expect(() => replayed(setup, broken)).toThrow(/action 2 /);
    // An action past the end: the match is over.
    const past = [...actions, actions.at(-1)!];
    expect(() => positions(setup, past)).toThrow(new RegExp(`^action ${actions.length} `));
  });
});
