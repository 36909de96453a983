// Every scenario in test/scenarios (the format: docs/SCENARIOS.md; the rulings
// they prove: docs/RULES.md), and the runner's own promise: a file it cannot
// read is a failure with a reason, never a crash, and every kind of expectation
// fails with a message that says what differed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFile, runScenario, scenarioFiles } from '../../harness/conformance';

const dir = join(import.meta.dirname, '..', 'scenarios');

describe('conformance scenarios', () => {
  const files = scenarioFiles(dir);
  it('finds every case', () => expect(files.length).toBeGreaterThanOrEqual(100));
  it.each(files.map((f) => [f.split('/').pop()!, f]))('%s', (_name, file) => {
    const r = runFile(file, dir);
    expect(r.why ?? 'ok').toBe('ok');
  });
});

describe('conformance runner', () => {
  const base = {
    name: 'x', players: 2, locations: ['valley-of-teeth', 'blackspire-keep', 'silent-fen'],
    heroes: ['lark-songweaver'], hands: [['dire-bear'], ['ogre-brute']],
  };
  it('reports unreadable JSON as a failure', () => {
    const d = mkdtempSync(join(tmpdir(), 'conf-'));
    writeFileSync(join(d, 'bad.json'), '{ not json');
    const r = runFile(join(d, 'bad.json'), d);
    expect(r.ok).toBe(false);
    expect(r.why).toMatch(/cannot read/);
  });
  it('reports an unknown card as a failure', () => {
    const r = runScenario({ ...base, hands: [['dire-wolf'], []] });
    expect(r.ok).toBe(false);
    expect(r.why).toMatch(/unknown minion dire-wolf/);
  });
  it('fails an action the file says is legal but the engine refuses', () => {
    const r = runScenario({ ...base, actions: [{ seat: 1, type: 'play', card: '1:ogre-brute', location: 'silent-fen' }] });
    expect(r.ok).toBe(false);
    expect(r.why).toMatch(/was refused: not-your-decision/);
  });
  it('fails an action marked illegal that the engine accepts', () => {
    const r = runScenario({ ...base, actions: [{ seat: 0, type: 'play', card: '0:dire-bear', location: 'silent-fen', illegal: true }] });
    expect(r.ok).toBe(false);
    expect(r.why).toMatch(/should be illegal/);
  });
  it('skips a seat whose expected hand is null, and fails a malformed expectation without throwing', () => {
    // Seat 0's deck is empty, so its hand stays empty after the play.
    const played = { ...base, decks: [[], null], actions: [{ seat: 0, type: 'play', card: '0:dire-bear', location: 'silent-fen' }] };
    expect(runScenario({ ...played, expect: { hands: [[], null] } })).toEqual({ name: 'x', ok: true });
    expect(runScenario({ ...played, expect: { hands: [['0:dire-bear'], null] } }).why).toMatch(/^hand of seat 0: expected/);
    for (const bad of [{ hands: 'none' }, { hands: [7] }, { discards: [[], 'x'] }, { hordes: 5 }, { tokensOn: { '0:dire-bear': null } }]) {
      const r = runScenario({ ...played, expect: bad });
      expect(r.ok).toBe(false);
      expect(r.why).toMatch(/^bad expectation: |expected/);
    }
  });
  it('names the first expectation that does not hold', () => {
    const r = runScenario({ ...base, actions: [{ seat: 0, type: 'play', card: '0:dire-bear', location: 'silent-fen' }],
      expect: { hordes: { 'silent-fen': ['0:dire-bear'] }, vp: [1, 0] } });
    expect(r).toEqual({ name: 'x', ok: false, why: 'held VP: expected [1,0], got [0,0]' });
  });
});

describe('conformance runner: boards, options on the way, chosen sides', () => {
  const locations = ['valley-of-teeth', 'blackspire-keep', 'silent-fen'];
  // Seat 0 plays the Wolf behind a Bear that holds a peril token; Lark (6) attacks the Valley,
  // the Wolf is defeated, and the Bear and Tortoise escape with their tokens cashed in.
  const board = {
    name: 'b', players: 2, locations, heroes: ['lark-songweaver', 'mad-malis'], hands: [['moor-wolf'], ['ogre-brute']],
    board: { hordes: { 'valley-of-teeth': ['0:dire-bear', '1:ironshell-tortoise'] }, tokens: { '0:dire-bear': { vp: 1, peril: 1 } }, perilSupply: 1 },
    actions: [{ seat: 0, type: 'play', card: '0:moor-wolf', location: 'valley-of-teeth' }],
  };
  it('runs a prepared board', () => {
    expect(runScenario({ ...board, expect: { vp: [1, 0], perilSupply: 2, havensInOrder: { 'valley-of-teeth': ['0:dire-bear', '1:ironshell-tortoise'] } } }))
      .toEqual({ name: 'b', ok: true });
  });
  it('refuses a board the game could not hold, saying why', () => {
    const bad = (b: object) => runScenario({ ...board, board: b }).why;
    expect(bad({ hordes: { 'valley-of-teeth': ['0:moor-wolf'] } })).toBe('bad setup: board: 0:moor-wolf is in a hand');
    expect(bad({ havens: { 'misty-ford': ['0:dire-bear'] } })).toBe('bad setup: board: misty-ford is not in play');
    expect(bad({ havens: { 'silent-fen': ['0:dire-bear'] }, tokens: { '0:dire-bear': { vp: 1 } } }))
      .toBe('bad setup: board.tokens: 0:dire-bear is not in a horde, so it carries no tokens');
    expect(bad({ hordes: { 'silent-fen': ['0:dire-bear'] }, tokens: { '0:dire-bear': { peril: 4 } }, perilSupply: 7 }))
      .toBe('bad setup: board.perilSupply: expected 0 to 6 (4 are on minions), got 7');
    expect(bad({ vp: [1] })).toBe('bad setup: board.vp: expected 2 whole numbers, one per seat');
    expect(bad({ horde: {} })).toBe('bad setup: board: unknown field horde');
    expect(runScenario({ ...board, hands: [[], ['ogre-brute']] }).why).toMatch(/^bad setup: a board is laid when the first seat's play is pending/);
  });
  it('fails a wrong peril supply', () => {
    expect(runScenario({ ...board, expect: { perilSupply: 0 } }).why).toBe('peril tokens in the supply: expected 0, got 2');
  });
  it('fails wrong tokens on a minion in a haven, naming where it is', () => {
    expect(runScenario({ ...board, expect: { tokensOn: { '0:dire-bear': { vp: 1 } } } }).why)
      .toBe('VP tokens on 0:dire-bear (in the haven at valley-of-teeth): expected 1, got 0');
  });
  it('fails a wrong haven order', () => {
    expect(runScenario({ ...board, expect: { havensInOrder: { 'valley-of-teeth': ['1:ironshell-tortoise', '0:dire-bear'] } } }).why)
      .toBe('haven at valley-of-teeth, in arrival order: expected ["1:ironshell-tortoise","0:dire-bear"], got ["0:dire-bear","1:ironshell-tortoise"]');
  });
  it('fails wrong options on the way, before the action is applied', () => {
    const familiar = {
      name: 'f', players: 2, locations, heroes: ['sir-roderick'], hands: [['scheming-familiar', 'dire-bear'], ['ogre-brute']],
      actions: [
        { seat: 0, type: 'play', card: '0:scheming-familiar', location: 'silent-fen' },
        { seat: 0, type: 'choose', option: '0:dire-bear', expectOptions: ['0:dire-bear'] },
      ],
    };
    expect(runScenario(familiar).why)
      .toBe('action 2: options of familiar-extra before it: expected ["0:dire-bear"], got ["0:dire-bear","none"]');
    const right = { ...familiar.actions[1], expectOptions: ['none', '0:dire-bear'] };
    expect(runScenario({ ...familiar, actions: [familiar.actions[0], right] }).ok).toBe(true);
    expect(runScenario({ ...familiar, actions: [{ ...familiar.actions[0], expectOptions: 'all' }] }).why)
      .toBe('action 1: expectOptions must be a list of option strings');
  });
  it('fails wrong choose-side options, a wrong side and a wrong deal', () => {
    const sides = {
      name: 's', players: 2, locations: 'choose', deal: ['valley-of-teeth', 'bandits-roost', 'silent-fen'],
      heroes: ['sir-roderick'], hands: [['dire-bear'], ['ogre-brute']],
      actions: [{ seat: 1, type: 'choose', option: 'blackspire-keep', expectOptions: ['valley-of-teeth', 'bandits-roost'] }],
    };
    expect(runScenario(sides).why)
      .toBe('action 1: options of choose-side before it: expected ["bandits-roost","valley-of-teeth"], got ["blackspire-keep","valley-of-teeth"]');
    const chosen = { ...sides, actions: [{ seat: 1, type: 'choose', option: 'blackspire-keep' }] };
    expect(runScenario({ ...chosen, expect: { locations: ['valley-of-teeth'] } }).why)
      .toBe('locations in play: expected ["valley-of-teeth"], got ["blackspire-keep"]');
    expect(runScenario({ ...chosen, actions: [{ seat: 0, type: 'choose', option: 'blackspire-keep' }] }).why)
      .toMatch(/^action 1 .* was refused: not-your-decision/);
    expect(runScenario({ ...sides, deal: ['valley-of-teeth', 'blackspire-keep', 'silent-fen'] }).why).toBe('bad setup: deal: a location card is dealt twice');
    expect(runScenario({ ...sides, deal: ['valley-of-teeth'] }).why).toBe('bad setup: deal: expected the 3 location cards dealt, left to right');
    expect(runScenario({ ...sides, locations: locations }).why).toBe('bad setup: deal is only for "locations": "choose"');
  });
});

describe('conformance runner, format 3: checks between actions, the log, orders, where the game starts', () => {
  const locations = ['blackspire-keep', 'teeming-warrens', 'silent-fen'];
  const base = {
    name: 'v3', players: 2, locations, heroes: ['lark-songweaver', 'sir-roderick'],
    hands: [['dire-bear', 'ogre-brute', 'cowering-goblin', 'restless-bones', 'carrion-ghast'], ['moor-wolf']], decks: [['sly-cutpurse', 'tunnel-smuggler'], []],
  };
  const bear = { seat: 0, type: 'play', card: '0:dire-bear', location: 'silent-fen' };
  it('fails on a field it does not know, wherever it is, instead of ignoring it', () => {
    expect(runScenario({ ...base, expectt: {} }).why).toBe('unknown field expectt');
    expect(runScenario({ ...base, actions: [{ ...bear, why: 'a note', optoin: 'x' }] }).why).toBe('action 1: unknown field optoin');
    expect(runScenario({ ...base, actions: [{ expect: {}, note: 'x' }] }).why).toBe('check at entry 1: unknown field note');
    expect(runScenario({ ...base, expect: { hand: [] } }).why).toBe('bad expectation: unknown field hand');
    expect(runScenario({ ...base, expect: { pending: { seat: 0, knd: 'play' } } }).why).toBe('bad expectation: pending: unknown field knd');
    expect(runScenario({ ...base, expect: { tokensOn: { '0:dire-bear': { vps: 1 } } } }).why).toBe('bad expectation: tokensOn.0:dire-bear: unknown field vps');
  });
  it('checks the state between two actions, naming the entry', () => {
    const hand = ['0:ogre-brute', '0:cowering-goblin', '0:restless-bones', '0:carrion-ghast', '0:sly-cutpurse'];
    const actions = [bear, { expect: { handsInOrder: [hand, null], decks: [['0:tunnel-smuggler'], null] } }];
    expect(runScenario({ ...base, actions }).ok).toBe(true);
    const wrong = [bear, { expect: { handsInOrder: [[...hand].reverse(), null] } }];
    expect(runScenario({ ...base, actions: wrong }).why)
      .toBe(`check at entry 2: hand, in order of seat 0: expected ${JSON.stringify([...hand].reverse())}, got ${JSON.stringify(hand)}`);
    expect(runScenario({ ...base, actions: [bear, { expect: { decks: [['0:sly-cutpurse'], null] } }] }).why)
      .toBe('check at entry 2: deck, top first of seat 0: expected ["0:sly-cutpurse"], got ["0:tunnel-smuggler"]');
  });
  it('checks the log written since the previous check, whole or as lines in order', () => {
    const lines = ['Seat 1 plays Dire Bear at Silent Fen.', 'Seat 1 draws 1 card.'];
    expect(runScenario({ ...base, actions: [bear, { expect: { log: lines } }], expect: { log: [] } }).ok).toBe(true);
    expect(runScenario({ ...base, actions: [bear], expect: { logIncludes: [lines[1]] } }).ok).toBe(true);
    expect(runScenario({ ...base, actions: [bear], expect: { logIncludes: [lines[1], lines[0]] } }).why)
      .toBe(`lines in this order in the log since the previous check: expected ${JSON.stringify([lines[1], lines[0]])}, got ${JSON.stringify(lines)}`);
    expect(runScenario({ ...base, actions: [bear], expect: { log: 'x' } }).why).toBe('bad expectation: log: expected a list of log lines, got "x"');
  });
  it('checks the heroes to come, top first', () => {
    expect(runScenario({ ...base, expect: { heroDeck: ['sir-roderick'] } }).ok).toBe(true);
    expect(runScenario({ ...base, expect: { heroDeck: [] } }).why).toBe('heroes to come, top first: expected [], got ["sir-roderick"]');
  });
  it('starts inside an attack only on a horde that qualifies, and at a reveal only with a hero to reveal', () => {
    const board = { hordes: { 'blackspire-keep': ['1:ogre-brute', '1:barrow-colossus'] } };
    expect(runScenario({ ...base, board, start: { attack: 'blackspire-keep' }, expect: { havens: { 'blackspire-keep': ['1:ogre-brute'] }, vp: [2, 0] } }).ok).toBe(true);
    expect(runScenario({ ...base, board, start: { attack: 'teeming-warrens' } }).why)
      .toBe('bad setup: start.attack: the horde at teeming-warrens does not qualify for Lark Songweaver\'s attack (peril 0 of 6)');
    expect(runScenario({ ...base, start: { attack: 'misty-ford' } }).why).toBe('bad setup: start.attack: misty-ford is not in play');
    expect(runScenario({ ...base, start: 'attack' }).why).toMatch(/^bad setup: start: expected "play", "reveal" or/);
    expect(runScenario({ ...base, heroes: [], start: 'reveal' }).why).toBe('bad setup: start "reveal": there is no hero to reveal');
    const waits = { hordes: { 'blackspire-keep': ['1:ogre-brute', '1:barrow-colossus'] }, hero: 'lark-songweaver', pending: { seat: 1, kind: 'play' } };
    expect(runScenario({ ...base, board, start: 'reveal', expect: waits }).ok).toBe(true);
  });
  it('lays a board on chosen sides once the last one is chosen, and says so when no action chooses it', () => {
    const sides = {
      name: 's', players: 2, locations: 'choose', deal: ['valley-of-teeth', 'teeming-warrens', 'silent-fen'],
      heroes: ['sir-roderick'], hands: [['dire-bear'], ['ogre-brute']], board: { hordes: { 'whispering-caves': ['1:moor-wolf'] } },
    };
    const chosen = ['valley-of-teeth', 'whispering-caves', 'silent-fen'].map((option) => ({ seat: 1, type: 'choose', option }));
    expect(runScenario({ ...sides, actions: chosen, expect: { hordes: { 'whispering-caves': ['1:moor-wolf'] } } }).ok).toBe(true);
    expect(runScenario({ ...sides, actions: chosen.slice(0, 2) }).why).toBe('bad setup: the board waits for the last location side, and no action chose it');
    expect(runScenario({ ...sides, actions: [chosen[0], { ...chosen[1], option: 'teeming-warrens' }, chosen[2]] }).why)
      .toBe('bad setup: board: whispering-caves is not in play');
  });
});
