// Asking a decision and resuming the rule that asked it (decide.ts): a mandatory choice of one
// option is made at once (R7), an optional one always asked; the prompt is the one said where it
// is asked, else the card's own words (a text, or words made from the options); a kind nobody
// resumes, or resumed by another card, fails where it is asked.
import { describe, expect, it } from 'vitest';
import { clone, type GameState } from '../../shared/engine';
import { answer, ask } from '../../shared/engine/decide';
import { game } from './helpers';

const LOCATIONS = ['valley-of-teeth', 'bandits-roost', 'silent-fen'];

/** A position with nothing pending, so what ask leaves is its own. */
function position(): GameState {
  const g = game({ locations: LOCATIONS, hands: [['ogre-brute', 'dire-bear'], ['ogre-brute', 'dire-bear']] });
  g.pending = null;
  return g;
}

describe('asking a decision', () => {
  it('makes a mandatory choice of one option at once: the same as asking it with more and answering that one', () => {
    const once = position();
    ask(once, 0, 'attack-horde', ['bandits-roost'], '', null, 'Choose a horde.');
    expect(once.pending).toBeNull();
    expect(once).not.toEqual(position());
    const asked = position();
    ask(asked, 0, 'attack-horde', ['bandits-roost', 'silent-fen'], '', null, 'Choose a horde.');
    expect(asked.pending).toEqual({
      seat: 0, kind: 'attack-horde', options: ['bandits-roost', 'silent-fen'], prompt: 'Choose a horde.', by: '', ctx: null,
    });
    answer(asked, 'bandits-roost');
    expect(asked).toEqual(once);
    // Another answer resumes with that one.
    const other = position();
    ask(other, 0, 'attack-horde', ['bandits-roost', 'silent-fen'], '', null, 'Choose a horde.');
    answer(other, 'silent-fen');
    expect(other.pending).toBeNull();
    expect(other).not.toEqual(once);
  });

  it('always asks an optional one, even when declining is all there is', () => {
    const g = position();
    ask(g, 1, 'griffin-move', ['none'], 'spotted-griffin', { card: '1:spotted-griffin' });
    expect(g.pending).toEqual({
      seat: 1, kind: 'griffin-move', options: ['none'], by: 'spotted-griffin', ctx: { card: '1:spotted-griffin' },
      prompt: 'Spotted Griffin: you may move one other minion of this horde to its back.',
    });
  });

  it('says the card\'s words, made from the options where they depend on them, unless the asker says its own', () => {
    const g = position();
    ask(g, 0, 'griffin-position', ['0', '1', '2'], 'spotted-griffin', { card: '0:spotted-griffin', col: 1 });
    expect(g.pending!.prompt).toBe('Spotted Griffin: choose its place in the horde (0 = front, 2 = back).');
    const own = position();
    ask(own, 0, 'griffin-position', ['0', '1'], 'spotted-griffin', { card: '0:spotted-griffin', col: 1 }, 'Where?');
    expect(own.pending!.prompt).toBe('Where?');
  });

  it('fails where it is asked for a kind nobody resumes, resumed by another, or with no words at all', () => {
    const g = position();
    const before = clone(g);
    expect(() => ask(g, 0, 'no-such-kind' as never, ['a', 'b'], '')).toThrow('no handler resumes no-such-kind for the turn');
    expect(() => ask(g, 0, 'attack-horde', ['bandits-roost', 'silent-fen'], 'spotted-griffin')).toThrow('no handler resumes attack-horde for spotted-griffin');
    expect(() => ask(g, 0, 'griffin-move', ['none'], '')).toThrow('no handler resumes griffin-move for the turn');
    // The turn's own decisions say their words where they ask: without them, nothing to show.
    expect(() => ask(g, 0, 'attack-horde', ['bandits-roost', 'silent-fen'], '')).toThrow('decision attack-horde has no prompt');
    // Even a choice made at once is looked up first.
    expect(() => ask(g, 0, 'attack-horde', ['bandits-roost'], 'spotted-griffin')).toThrow('no handler resumes attack-horde for spotted-griffin');
    expect(g).toEqual(before);
  });
});
