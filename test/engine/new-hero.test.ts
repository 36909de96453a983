// A hero whose ability asks a choice is its row, its words and its handler, as a minion is. A
// throwaway ninth hero, Tamsin Tokenwright (and a tenth, Hob), is registered at run time with exactly that (her
// decisions' resumers in her handler, their words beside her name), and the engine deals her,
// asks her choices in the middle of an attack, shows them to everyone and plays games with her.
// Registering changes this file's engine only (Vitest gives each test file its own modules).
import { describe, expect, it } from 'vitest';
import { SLOW } from '../slow';
import { createGame, HEROES, view, type CardId, type HeroRow } from '../../shared/engine';
import { ask } from '../../shared/engine/decide';
import type { HeroHooks } from '../../shared/engine/hooks';
import { defeat, heroName, minion, moveTokens, say } from '../../shared/engine/ops';
import { addHero, heroCards, registerHero } from '../../shared/engine/registry';
import type { CardWords } from '../../shared/engine/texts/words';
import type { GameState } from '../../shared/engine/types';
import { BOTS } from '../../shared/bots';
import { playGame } from '../../shared/bots/play';
import { fault, goldenChanged, playRandomGames } from './added-cards';
import { GOLDEN_CARDS } from './golden-games';
import { choose, expectAsk, game, horde, perilConserved, perilOn, play } from './helpers';

// ---- The whole of the new hero: her row, her words, and her handler with its decisions ----

const TAMSIN: HeroRow = { id: 'tamsin-tokenwright', heroType: 'Tinker', threshold: 6, timing: 'attack' };

const TAMSIN_WORDS: CardWords = {
  name: 'Tamsin Token|wright',
  card: 'The active player may move one peril token from a minion of the attacked horde onto a minion in another horde.',
  full: 'Once her defeat is done (before the defeated minions and the others react), the active player may take one peril token off a minion of the attacked horde and put it on a minion standing in another horde.',
  decisions: {
    'tamsin-take': {
      prompt: 'Tamsin Tokenwright: you may move one peril token from a minion of the attacked horde.',
      waiting: 'is deciding whether Tamsin Tokenwright moves a peril token',
      who: 'the active player', options: 'minions of the attacked horde with a peril token, `none`',
    },
    'tamsin-give': {
      prompt: (ctx, _options, name) => `Tamsin Tokenwright: choose the minion that gets the peril token from the ${name(ctx.from)}.`,
      waiting: 'is choosing where Tamsin Tokenwright puts the peril token',
      who: 'the active player', options: 'minions in the other hordes',
    },
  },
};

const elsewhere = (g: GameState, col: number): CardId[] => g.hordes.flatMap((h, c) => (c === col ? [] : h));

const TAMSIN_RULES: HeroHooks = {
  onAttack(g, col) {
    const from = g.hordes[col]!.filter((id) => (g.perilOn[id] ?? 0) > 0);
    if (!from.length || !elsewhere(g, col).length) return;
    ask(g, g.active, 'tamsin-take', [...from, 'none'], 'tamsin-tokenwright', { col });
  },
  decisions: {
    'tamsin-take'(g, ctx: { col: number }, answer) {
      if (answer === 'none') return;
      ask(g, g.active, 'tamsin-give', elsewhere(g, ctx.col), 'tamsin-tokenwright', { from: answer });
    },
    'tamsin-give'(g, ctx: { from: CardId }, answer) {
      moveTokens(g, 'peril', ctx.from, answer, 1);
      say(g, `${heroName(g.hero!)} moves a peril token from ${minion(g, ctx.from)} to ${minion(g, answer)}.`);
    },
  },
};

addHero(TAMSIN, TAMSIN_WORDS);
registerHero(TAMSIN.id, TAMSIN_RULES);

// A second, whose answer defeats: what it defeats reacts in step 3 with the rest.
const HOB: HeroRow = { id: 'hob-headsman', heroType: 'Executioner', threshold: 6, timing: 'attack' };
addHero(HOB, {
  name: 'Hob the Headsman', card: 'The active player may have him defeat one more minion of the attacked horde.',
  full: 'After his defeat, the active player may choose one more minion of the attacked horde, protected or not: he defeats it too.',
  decisions: { 'hob-extra': { prompt: 'Hob: you may have him defeat one more minion.', waiting: 'is deciding whether Hob defeats one more', who: 'the active player', options: 'minions of the attacked horde, `none`' } },
});
registerHero(HOB.id, {
  onAttack(g, col) {
    if (g.hordes[col]!.length) ask(g, g.active, 'hob-extra', [...g.hordes[col]!, 'none'], HOB.id);
  },
  decisions: {
    'hob-extra'(g, _ctx, answer) {
      if (answer === 'none') return;
      const after = defeat(g, answer, true);
      if (after) g.attack!.queue.push(after);
    },
  },
});

// ---- What the engine then does with her ----

const LOCS = ['blackspire-keep', 'teeming-warrens', 'silent-fen'];
/** Seat 0's play sets Tamsin (6) on the keep's horde (3 + 1 + 1 token + 2 = 7): the Ghoul at its back falls. */
const position = (teeming: string[], hero = TAMSIN.id, keep = ['1:ogre-brute', '1:sly-cutpurse', '1:bloated-ghoul']) => game({
  locations: LOCS, heroes: [hero, 'lark-songweaver'], hands: [['dire-bear'], ['vampire-countess']],
  hordes: { 'blackspire-keep': keep, 'teeming-warrens': teeming }, peril: { '1:sly-cutpurse': 1 },
});

describe('a hero added at run time whose ability asks a choice', () => {
  it('joins the hero deck, and the golden games, dealt from the cards of their day, stay as they were', () => {
    expect(heroCards().map((h) => h.id)).toEqual([...HEROES.map((h) => h.id), TAMSIN.id, HOB.id]);
    const dealt = Array.from({ length: 40 }, (_, i) => createGame({ players: 4, seed: 900 + i }).heroDeck);
    expect(dealt.filter((deck) => deck.includes(TAMSIN.id)).length).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) expect(createGame({ players: 4, seed: 900 + i, cards: GOLDEN_CARDS }).heroDeck).not.toContain(TAMSIN.id);
    expect(goldenChanged(30)).toEqual([]);
  }, 60_000);

  it('asks inside her attack, in her words, and the defeated Ghoul reacts only after her choice (R13 step 3)', () => {
    let g = play(position(['0:ogre-brute', '0:cowering-goblin', '0:drifting-wraith']), 0, 'dire-bear', 'silent-fen');
    expect(horde(g, 'blackspire-keep')).toEqual(['1:ogre-brute', '1:sly-cutpurse']);
    expectAsk(g, 0, 'tamsin-take', ['1:sly-cutpurse', 'none']);
    expect(view(g, 0).pending!.prompt).toBe('Tamsin Tokenwright: you may move one peril token from a minion of the attacked horde.');
    expect(view(g, 1).pending!.prompt).toBe('Seat 1 is deciding whether Tamsin Tokenwright moves a peril token.');
    expect(perilOn(g, '0:drifting-wraith')).toBe(0); // the Ghoul has not burst yet
    g = choose(g, 0, '1:sly-cutpurse');
    expectAsk(g, 0, 'tamsin-give', ['0:ogre-brute', '0:cowering-goblin', '0:drifting-wraith', '0:dire-bear']);
    expect(view(g, 0).pending!.prompt).toBe('Tamsin Tokenwright: choose the minion that gets the peril token from the Sly Cutpurse.');
    g = choose(g, 0, '0:drifting-wraith');
    // Her token, then the Ghoul's (the Wraith stood beside it, in another horde).
    expect(perilOn(g, '0:drifting-wraith')).toBe(2);
    expect(perilOn(g, '1:sly-cutpurse')).toBe(0);
    perilConserved(g);
    const log = g.log.map((e) => e.text);
    const moved = log.indexOf("Tamsin Tokenwright moves a peril token from Seat 2's Sly Cutpurse to Seat 1's Drifting Wraith.");
    expect(moved).toBeGreaterThan(log.findIndex((t) => t.startsWith('Tamsin Tokenwright defeats Seat 2\'s Bloated Ghoul')));
    expect(log.findIndex((t) => t.startsWith("Seat 2's Bloated Ghoul bursts"))).toBeGreaterThan(moved);
    expect(g.hero).toBe('lark-songweaver');
    expect(g.pending).toMatchObject({ seat: 1, kind: 'play' });
  });

  it('is declined with none, and a choice of one is made for the player (R7)', () => {
    let g = play(position(['0:drifting-wraith']), 0, 'dire-bear', 'blackspire-keep');
    // The Bear went to the keep: the only minion elsewhere is the Wraith.
    g = choose(g, 0, '1:sly-cutpurse');
    expect(perilOn(g, '0:drifting-wraith')).toBe(1);
    expect(g.pending).toMatchObject({ seat: 1, kind: 'play' });
    const declined = choose(play(position(['0:drifting-wraith']), 0, 'dire-bear', 'silent-fen'), 0, 'none');
    expect(declined.log.some((e) => e.text.includes('moves a peril token'))).toBe(false);
  });

  it("a minion a hero's answer defeats reacts in step 3 like the one step 1 defeated", () => {
    let g = play(position(['0:ogre-brute', '0:drifting-wraith'], HOB.id, ['1:ogre-brute', '1:bloated-ghoul', '1:sly-cutpurse']), 0, 'dire-bear', 'silent-fen');
    expectAsk(g, 0, 'hob-extra', ['1:ogre-brute', '1:bloated-ghoul', 'none']);
    g = choose(g, 0, '1:bloated-ghoul');
    // The Ghoul stood beside the Wraith, in another horde: its burst is not lost in the middle of the attack.
    expect(perilOn(g, '0:drifting-wraith')).toBe(1);
    expect(g.discards[1]).toEqual(expect.arrayContaining(['1:sly-cutpurse', '1:bloated-ghoul']));
    expect(g.heldVP[0]).toBe(4);
    perilConserved(g);
  });

  it('refuses decisions worded in one place and not resumed in the other', () => {
    const row = (id: string): HeroRow => ({ ...TAMSIN, id });
    addHero(row('mute-hero'), { name: 'Mute Hero', card: 'x', full: 'x' });
    expect(() => registerHero('mute-hero', { decisions: { 'mute-ask': () => {} } })).toThrow(/mute-ask of mute-hero has no words/);
    addHero(row('idle-hero'), { ...TAMSIN_WORDS, name: 'Idle Hero', decisions: { 'idle-ask': TAMSIN_WORDS.decisions!['tamsin-take']! } });
    expect(() => registerHero('idle-hero', {})).toThrow(/idle-ask of idle-hero \(texts\/\) has no resumer/);
    expect(() => addHero(TAMSIN, TAMSIN_WORDS)).toThrow(/already in the card set/);
  });

  it('plays many random games to the end with every view valid, and the bots play her', { ...SLOW, timeout: 120_000 }, () => {
    let asked = 0;
    playRandomGames(100, (g) => { if (g.pending!.kind === 'tamsin-take') asked++; });
    expect(asked).toBeGreaterThanOrEqual(10);
    const { state } = playGame({ players: 3, seed: 78, heroes: [TAMSIN.id, 'mad-malis', 'sir-roderick', 'lark-songweaver'] },
      ['search', 'greedy', 'random'].map((b) => BOTS[b as keyof typeof BOTS]), 3);
    expect(state.over).toBe(true);
    expect(state.pastHeroes[0]).toBe(TAMSIN.id);
    expect(fault(state)).toBeNull();
  });
});
