// A card is its data, its words, one handler and its scenarios. A throwaway 19th minion, the
// Lantern Imp, is registered at run time with nothing but what a new card brings (its catalogue
// row, its words as texts/ would hold them, its handler with its decision's resumer), and the
// engine deals it into every deck, asks its decision, shows it to everyone and plays many games
// with it to the end.
// Registering changes this file's engine only (Vitest gives each test file its own modules).
import { describe, expect, it } from 'vitest';
import { SLOW } from '../slow';
import { createGame, HAND_SIZE, MINIONS, PERIL_SUPPLY, view, type MinionRow } from '../../shared/engine';
import { adjacentIds, besideInHorde } from '../../shared/engine/board';
import { ask } from '../../shared/engine/decide';
import type { MinionHooks } from '../../shared/engine/hooks';
import type { CardWords } from '../../shared/engine/texts/words';
import { ownerOf } from '../../shared/engine/ids';
import { minion, returnPeril, say } from '../../shared/engine/ops';
import { addMinionKind, decisionOf, minionKinds, registerDecision, registerMinion } from '../../shared/engine/registry';
import { BOTS } from '../../shared/bots';
import { playGame } from '../../shared/bots/play';
import { fault, goldenChanged, playRandomGames } from './added-cards';
import { GOLDEN_CARDS } from './golden-games';
import { choose, expectAsk, game, play, perilConserved } from './helpers';

// ---- The whole of the new card: its row, its words, and its handler with its decision ----

const IMP: MinionRow = { id: 'lantern-imp', type: 'beast', peril: 1, vp: 2, timing: 'immediate' };

const IMP_WORDS: CardWords = {
  name: 'Lantern Imp',
  card: 'You may return one peril token from an adjacent minion to the supply. The minions directly in front of and behind it, in its horde, each have +1 peril.',
  full: 'You may take one peril token off a minion adjacent to this one and put it back in the supply. The minions just in front of and just behind it, in its own horde, each have 1 more peril.',
  decisions: {
    'imp-snuff': {
      prompt: 'Lantern Imp: you may return a peril token from an adjacent minion to the supply.',
      waiting: 'is deciding whether the Lantern Imp snuffs out a peril token',
      who: 'the Imp\'s owner', options: 'adjacent minions with a peril token, `none`',
    },
  },
};

const IMP_RULES: MinionHooks = {
  perilAura: (_g, self, target) => (besideInHorde(self, target) ? 1 : 0),
  immediate(g, card) {
    const options = adjacentIds(g, card).filter((id) => (g.perilOn[id] ?? 0) > 0);
    if (!options.length) return;
    ask(g, ownerOf(card), 'imp-snuff', [...options, 'none'], 'lantern-imp', { card });
  },
  decisions: {
    'imp-snuff'(g, ctx: { card: string }, answer) {
      if (answer === 'none') return;
      returnPeril(g, answer);
      say(g, `${minion(g, ctx.card)} snuffs out a peril token on ${minion(g, answer)}.`);
    },
  },
};

addMinionKind(IMP, IMP_WORDS);
registerMinion(IMP.id, IMP_RULES);

// ---- What the engine then does with it ----

const DECK = MINIONS.length + 1;
const LOCS = ['blackspire-keep', 'teeming-warrens', 'silent-fen'];

describe('a minion added at run time', () => {
  it('joins the card set: every deck holds one more card, dealt like the others', () => {
    expect(minionKinds().map((c) => c.id)).toEqual([...MINIONS.map((c) => c.id), IMP.id]);
    for (const players of [2, 3, 4]) {
      const g = createGame({ players, seed: 11 });
      expect(g.hands.map((h) => h.length)).toEqual(Array(players).fill(HAND_SIZE));
      expect(g.decks.map((d) => d.length)).toEqual(Array(players).fill(DECK - HAND_SIZE));
      expect(fault(g)).toBeNull();
    }
  });

  it('asks its own decision, which onlookers read in its own words, and its aura counts', () => {
    let g = game({
      locations: LOCS, hands: [['lantern-imp'], ['dire-bear']],
      hordes: { 'blackspire-keep': ['1:ogre-brute', '1:sly-cutpurse'] }, peril: { '1:sly-cutpurse': 2 },
    });
    g = play(g, 0, 'lantern-imp', 'blackspire-keep');
    expectAsk(g, 0, 'imp-snuff', ['1:sly-cutpurse', 'none']);
    expect(view(g, 1).pending!.prompt).toBe('Seat 1 is deciding whether the Lantern Imp snuffs out a peril token.');
    expect(view(g, 0).pending!.prompt).toMatch(/^Lantern Imp: you may/);
    // The Cutpurse beside it: printed 1, two tokens, +1 from the Imp.
    expect(view(g, null).locations[0]!.horde.map((m) => m.total)).toEqual([3, 4, 1]);
    g = choose(g, 0, '1:sly-cutpurse');
    expect(g.perilOn['1:sly-cutpurse']).toBe(1);
    expect(g.perilSupply).toBe(PERIL_SUPPLY - 1);
    perilConserved(g);
    expect(g.log.map((e) => e.text)).toContain("Seat 1's Lantern Imp snuffs out a peril token on Seat 2's Sly Cutpurse.");
  });

  it('refuses a decision nobody declared where it is asked, and a second owner for a kind', () => {
    const g = game({ locations: LOCS, hands: [['lantern-imp'], ['dire-bear']] });
    expect(() => ask(g, 0, 'imp-blink', ['a', 'b'], 'lantern-imp')).toThrow(/no handler resumes imp-blink/);
    expect(() => ask(g, 0, 'imp-snuff', ['a', 'b'], 'dire-bear')).toThrow(/no handler resumes imp-snuff for dire-bear/);
    expect(g.pending!.kind).toBe('play');
    expect(() => registerDecision('imp-snuff', 'dire-bear', { who: 'the Bear\'s owner', options: 'none', waiting: 'is snuffing', resume: () => {} })).toThrow(/already lantern-imp's/);
    expect(decisionOf('imp-snuff')!.by).toBe('lantern-imp');
  });

  it('plays many random games to the end with every view valid', { ...SLOW, timeout: 120_000 }, () => {
    let played = 0;
    let asked = 0;
    playRandomGames(150, (g, a) => {
      if (g.pending!.kind === 'imp-snuff') asked++;
      if (a.type === 'play' && a.card.endsWith(':lantern-imp')) played++;
    });
    // The card was really in these games, and its decision was really asked.
    expect(played).toBeGreaterThan(300);
    expect(asked).toBeGreaterThanOrEqual(10);
  });

  it('leaves the golden games as they were: they are dealt from the cards of their day', () => {
    expect(goldenChanged(30)).toEqual([]);
    for (const players of [2, 3, 4]) {
      const pinned = createGame({ players, seed: 11, cards: GOLDEN_CARDS });
      expect([...pinned.hands, ...pinned.decks].flat().some((id) => id.endsWith(':lantern-imp'))).toBe(false);
    }
  }, 60_000);

  it('is played by the bots, which deal their possible worlds with it', () => {
    for (const [players, line] of [[2, ['greedy', 'search']], [3, ['search', 'greedy', 'random']]] as const) {
      const { state } = playGame({ players, seed: 77 }, line.map((b) => BOTS[b]), 3);
      expect(state.over).toBe(true);
      expect(fault(state)).toBeNull();
    }
  }, 60_000);
});
