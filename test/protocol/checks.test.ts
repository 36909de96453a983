// The protocol's own checks, as plain functions (the worker tests meet them through real routes
// and sockets): a match's options, names as PROTOCOL.md allows them and the key that tells two
// names apart, and the words a refusal gives.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  cleanName, ClientMessage, CreateMatchBody, CREATE_DEFAULTS, describeIssues, errorBody, JoinBody, nameKey, nameLength,
  nameProblem, QuickBody, socketError, wellFormed,
} from '../../shared/protocol';
import { parseMessage } from '../../worker/match/sockets/input';

/** The first issue in words, or the parsed output. */
function check<T extends v.GenericSchema>(schema: T, input: unknown): { ok: true; out: v.InferOutput<T> } | { ok: false; why: string } {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, out: r.output } : { ok: false, why: describeIssues(r.issues) };
}

describe('a match\'s options', () => {
  it('fill in the defaults, and take a bot in any seat of the match', () => {
    const r = check(CreateMatchBody, { players: 3, bots: { 2: 'greedy' } });
    expect(r).toEqual({ ok: true, out: { players: 3, bots: { 2: 'greedy' }, ...CREATE_DEFAULTS } });
    expect(check(CreateMatchBody, { players: 2, bots: { 0: 'random' } }).ok).toBe(true);
  });

  it('refuse a bot in a seat the match does not have, and bots given as a list', () => {
    expect(check(CreateMatchBody, { players: 2, bots: { 2: 'greedy' } })).toEqual({ ok: false, why: 'a bot seat must be a seat of this match' });
    expect(check(CreateMatchBody, { players: 4, bots: { 3: 'greedy' } }).ok).toBe(true);
    expect(check(CreateMatchBody, { players: 2, bots: ['greedy'] })).toEqual({ ok: false, why: expect.stringContaining('bots is an object of seat to level') });
  });

  it('take a seed for a private match only, hex lowercased', () => {
    const hex = 'AB'.repeat(16);
    expect(check(CreateMatchBody, { players: 2, seed: hex })).toMatchObject({ ok: true, out: { seed: hex.toLowerCase() } });
    expect(check(CreateMatchBody, { players: 2, seed: hex, public: true })).toEqual({
      ok: false, why: 'a public match is dealt at random: a seed is for private matches only',
    });
    expect(check(CreateMatchBody, { players: 2, public: true }).ok).toBe(true);
  });

  it('want one location side per location: players + 1', () => {
    expect(check(CreateMatchBody, { players: 2, locations: ['a', 'b', 'c'] }).ok).toBe(true);
    for (const locations of [['a', 'b'], ['a', 'b', 'c', 'd']]) {
      expect(check(CreateMatchBody, { players: 2, locations })).toEqual({ ok: false, why: 'locations lists one side id per location: players + 1 of them' });
    }
    expect(check(CreateMatchBody, { players: 2, locations: 'choose' }).ok).toBe(true);
  });

  it('keep a public match to the default pace and stand-in rules, and say which were changed', () => {
    const r = check(CreateMatchBody, { players: 2, public: true, botDelayMs: 0, idleMs: 60_000 });
    expect(r).toEqual({
      ok: false,
      why: 'a public match plays by the defaults (botDelayMs 800, takeover greedy, awayMs 30000, idleMs 300000); leave out botDelayMs, idleMs or make the match private',
    });
    // The defaults said out loud are no change; a private match may change them.
    expect(check(CreateMatchBody, { players: 2, public: true, botDelayMs: 800, takeover: 'greedy' }).ok).toBe(true);
    expect(check(CreateMatchBody, { players: 2, botDelayMs: 0, idleMs: 60_000 }).ok).toBe(true);
  });

  it('never make a match of bots alone public', () => {
    expect(check(CreateMatchBody, { players: 2, public: true, bots: { 0: 'random', 1: 'greedy' } })).toEqual({
      ok: false, why: 'a match of bots only is never public: share its link to watch it, or see /tv',
    });
    expect(check(CreateMatchBody, { players: 2, bots: { 0: 'random', 1: 'greedy' } }).ok).toBe(true);
    expect(check(CreateMatchBody, { players: 2, public: true, bots: { 1: 'greedy' } }).ok).toBe(true);
  });

  it('name the field of the first issue', () => {
    expect(check(CreateMatchBody, { players: 5 })).toEqual({ ok: false, why: expect.stringMatching(/^players: /) });
    expect(check(QuickBody, { name: 'Ann', ticket: 'short' })).toEqual({ ok: false, why: 'ticket: a ticket is 22 to 64 base64url characters' });
    expect(describeIssues([])).toBe('invalid');
  });
});

describe('names', () => {
  it('drop what shows as nothing (controls, bidirectional overrides, blank fillers), keep joiners, and trim', () => {
    expect(cleanName('  A\u202Enn\u200B\u2800 ')).toBe('Ann');
    expect(cleanName('👩\u200D🚀')).toBe('👩\u200D🚀');
    expect(check(JoinBody, { name: ' \u202EAnn\u0007 ' })).toEqual({ ok: true, out: { name: 'Ann' } });
  });

  it('are 1 to 24 code points with something visible', () => {
    expect(nameLength('😀'.repeat(24))).toBe(24);
    expect(nameProblem('😀'.repeat(24))).toBeNull();
    expect(nameProblem('x'.repeat(25))).toBe('a name has at most 24 characters');
    expect(nameProblem('')).toBe('a name needs at least 1 visible character');
    expect(check(JoinBody, { name: '\u200B\u3164 ' })).toEqual({ ok: false, why: 'name: a name needs at least 1 visible character' });
    expect(check(JoinBody, { name: 'y'.repeat(25) })).toEqual({ ok: false, why: 'name: a name has at most 24 characters' });
  });

  it('must be well-formed Unicode: a lone surrogate is refused', () => {
    expect(wellFormed('Ann 😀')).toBe(true);
    expect(wellFormed('Ann \uD83D')).toBe(false);
    expect(check(JoinBody, { name: 'Ann \uDE00' })).toEqual({ ok: false, why: 'name: a name must be Unicode text (it holds a lone surrogate)' });
  });

  it('are compared by a key that folds case, width, spacing, invisible marks and look-alike letters', () => {
    const ann = nameKey('Ann');
    for (const same of ['ANN', 'ａｎｎ', 'A\u200Bnn', 'Аnn' /* Cyrillic А */, ' Ann ']) expect(nameKey(same), same).toBe(ann);
    expect(nameKey('Ann  Lee')).toBe(nameKey('ann lee'));
    expect(nameKey('A\uFE0Fnn')).toBe(ann); // a variation selector: ignorable, though not a format character
    expect(nameKey('Ann Lee')).not.toBe(nameKey('AnnLee')); // a space is one space, not nothing
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('Bo')).not.toBe(ann);
    expect(nameKey('Anna')).not.toBe(ann);
  });
});

describe('messages', () => {
  it('read a socket message by its type, and refuse an unknown one', () => {
    expect(check(ClientMessage, { type: 'choose', option: 'none', version: 3 })).toEqual({ ok: true, out: { type: 'choose', option: 'none', version: 3 } });
    expect(check(ClientMessage, { type: 'stand-in', seat: 4 }).ok).toBe(false);
    expect(check(ClientMessage, { type: 'dance' }).ok).toBe(false);
  });

  it('are read by the match as the schema reads them, a move\'s hand-written check included', () => {
    const base = [
      { type: 'play', card: '2:dire-bear', location: 'haunted-bridge-a', version: 17 },
      { type: 'choose', option: 'none', version: 0 },
    ];
    const variants: unknown[] = [null, 3, 'play', [], [{ type: 'play' }], { type: 'ping' }, { type: 'hint' }, { type: 'log', before: 4 }];
    for (const m of base) {
      variants.push(m, { ...m, extra: 1, seat: 3 }, { ...m, version: '17' }, { ...m, version: null }, { ...m, version: 1.5 }, { ...m, version: -1 });
      for (const k of Object.keys(m)) {
        const { [k]: _, ...rest } = m as Record<string, unknown>;
        variants.push(rest, { ...m, [k]: 7 }, { ...m, [k]: { s: 'x' } }, { ...m, [k]: ['x'] });
      }
      variants.push({ ...m, type: m.type === 'play' ? 'choose' : 'play' });
    }
    for (const data of variants) {
      const r = parseMessage(JSON.stringify(data));
      const want = check(ClientMessage, data);
      const got = r.ok ? { ok: true, out: r.msg } : { ok: false, why: r.refusal.message };
      expect(got, JSON.stringify(data)).toEqual(want);
      // Key for key, in the schema's order: what the match stores is the same text either way.
      if (r.ok && want.ok) expect(JSON.stringify(r.msg)).toBe(JSON.stringify(want.out));
    }
  });

  it('carry an error as PROTOCOL.md shows it, over HTTP and on a socket', () => {
    expect(errorBody('bad-token', 'no seat')).toEqual({ error: { code: 'bad-token', message: 'no seat' } });
    expect(socketError('stale', 'old')).toEqual({ type: 'error', code: 'stale', message: 'old' });
  });
});
