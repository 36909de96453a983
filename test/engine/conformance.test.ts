// The public conformance scenarios (copied from shared/darkmoor/conformance into
// test/scenarios), our own in test/scenarios/rules (edge cases written from
// CARDS.md, each citing its rule or card), and the runner's own promise: a file
// it cannot read is a failure with a reason, never a crash.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFile, runScenario, scenarioFiles } from '../conformance';

const dir = join(import.meta.dirname, '..', 'scenarios');

describe('conformance scenarios', () => {
  const files = scenarioFiles(dir);
  it('finds the public cases', () => expect(files.length).toBeGreaterThanOrEqual(11));
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
