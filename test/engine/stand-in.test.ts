// Moves a stand-in bot made for a person (actions marked `standIn`): the decision's own log lines
// carry "(bot for <name>)", the state counts them per seat, views and the result show the count,
// and running the same actions again gives the same state (the action log is the replay).
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, view, type Action, type GameState } from '../../shared/engine';
import { act, game } from './helpers';

const named = (g: GameState, names: string[]): GameState => ({ ...g, names });
const texts = (before: GameState, after: GameState) => after.log.filter((e) => e.seq > before.seq).map((e) => e.text);

describe('a stand-in move', () => {
  const spec = {
    locations: ['valley-of-teeth', 'bandits-roost', 'silent-fen'],
    hands: [['scheming-familiar', 'ogre-brute', 'dire-bear'], ['ogre-brute', 'dire-bear']],
  };

  it('marks its own log line and counts for its seat; an unmarked move does neither', () => {
    const g0 = named(game(spec), ['Ann', 'Bea']);
    const g1 = act(g0, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'valley-of-teeth', standIn: true });
    expect(texts(g0, g1)[0]).toBe('Ann plays Ogre Brute at Valley of Teeth (bot for Ann).');
    expect(g1.standInMoves).toEqual([1, 0]);
    expect(view(g1, null).players.map((p) => p.standInMoves)).toEqual([1, 0]);
    expect(view(g1, 1).players.map((p) => p.standInMoves)).toEqual([1, 0]);
    const g2 = act(g1, { type: 'play', seat: 1, card: '1:ogre-brute', location: 'silent-fen' });
    expect(texts(g1, g2).some((t) => t.includes('(bot for'))).toBe(false);
    expect(g2.standInMoves).toEqual([1, 0]);
    // Marked lines stay marked in later states (log entries are replaced, never edited in place).
    expect(g2.log.find((e) => e.text.startsWith('Ann plays'))!.text).toMatch(/\(bot for Ann\)\.$/);
  });

  it('marks only the decision itself, not the turn machinery that runs on after it', () => {
    const g0 = named(game(spec), ['Ann', 'Bea']);
    const g1 = act(g0, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'valley-of-teeth', standIn: true });
    const lines = texts(g0, g1);
    expect(lines.length).toBeGreaterThan(1); // the play, then at least the draw
    expect(lines.slice(1).filter((t) => t.includes('(bot for'))).toEqual([]);
  });

  it('that says nothing by itself gets a line of its own', () => {
    const g0 = named(game(spec), ['Ann', 'Bea']);
    const g1 = act(g0, { type: 'play', seat: 0, card: '0:scheming-familiar', location: 'valley-of-teeth' });
    expect(g1.pending!.kind).toBe('familiar-extra');
    // Choosing the Familiar's second card logs nothing until its location is chosen.
    const g2 = act(g1, { type: 'choose', seat: 0, option: '0:dire-bear', standIn: true });
    expect(texts(g1, g2)).toEqual(['Ann decides (bot for Ann).']);
    expect(g2.standInMoves).toEqual([1, 0]);
  });

  it('a hinted decision: a line before its own, and a count per seat', () => {
    const g0 = named(game(spec), ['Ann', 'Bea']);
    const g1 = act(g0, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'valley-of-teeth', hinted: true });
    expect(texts(g0, g1).slice(0, 2)).toEqual(['Ann used a hint.', 'Ann plays Ogre Brute at Valley of Teeth.']);
    expect(g1.hints).toEqual([1, 0]);
    const g2 = act(g1, { type: 'play', seat: 1, card: '1:ogre-brute', location: 'silent-fen', hinted: true });
    expect(texts(g1, g2)[0]).toBe('Bea used a hint.');
    expect(g2.hints).toEqual([1, 1]);
    const g3 = act(g2, { type: 'play', seat: 0, card: '0:dire-bear', location: 'silent-fen' });
    expect(texts(g2, g3).some((t) => t.includes('hint'))).toBe(false);
    expect(g3.hints).toEqual([1, 1]);
    expect('hints' in act(g0, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'valley-of-teeth' })).toBe(false);
  });

  it('leaves apply unchanged for actions stored before the marker existed', () => {
    const g0 = game(spec);
    const plain = act(g0, { type: 'play', seat: 0, card: '0:ogre-brute', location: 'valley-of-teeth' });
    expect('standInMoves' in plain).toBe(false);
    expect(view(plain, null).players.map((p) => p.standInMoves)).toEqual([0, 0]);
  });
});

describe('stand-in moves over a whole game', () => {
  it('are counted in the result per seat, marked in the log, and replay to the same state', () => {
    for (let seed = 1; seed <= 20; seed++) {
      let g = createGame({ players: 3, seed, names: ['Ann', 'Bea', 'Cy'] });
      const actions: Action[] = [];
      const made = [0, 0, 0];
      let r = seed;
      while (!g.over) {
        const moves = legalMoves(g);
        r = (Math.imul(r, 1103515245) + 12345) >>> 0;
        const seat = g.pending!.seat;
        // Seat 0's every other decision, and all of seat 2's, are a stand-in's.
        const standIn = seat === 2 || (seat === 0 && r % 2 === 0);
        const a = { ...moves[r % moves.length]!, seat, ...(standIn ? { standIn: true } : {}) } as Action;
        const next = apply(g, a);
        if (!next.ok) throw new Error(next.error.message);
        const marked = next.events.filter((e) => e.text.includes('(bot for')).map((e) => e.text);
        if (standIn) {
          made[seat]!++;
          expect(marked.length).toBeGreaterThan(0);
          expect(marked.every((t) => t.includes(`(bot for ${g.names[seat]})`))).toBe(true);
        } else {
          expect(marked).toEqual([]);
        }
        actions.push(a);
        g = next.state;
      }
      expect(g.result!.standInMoves).toEqual(made);
      expect(view(g, null).result!.standInMoves).toEqual(made);
      // The action log is the replay: the same actions give the same state, marks and counts too.
      let again = createGame({ players: 3, seed, names: ['Ann', 'Bea', 'Cy'] });
      for (const a of JSON.parse(JSON.stringify(actions)) as Action[]) {
        const next = apply(again, a);
        if (!next.ok) throw new Error(next.error.message);
        again = next.state;
      }
      expect(JSON.stringify(again)).toBe(JSON.stringify(g));
    }
  });

  it('leave the result without a count when a person made every move', () => {
    let g = createGame({ players: 2, seed: 4 });
    while (!g.over) {
      const next = apply(g, { ...legalMoves(g)[0]!, seat: g.pending!.seat } as Action);
      if (!next.ok) throw new Error(next.error.message);
      g = next.state;
    }
    expect(g.result!.standInMoves).toBeUndefined();
  });
});
