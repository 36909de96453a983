// One name per table: a name that reads the same as a seated one (a person's or a
// bot's) after NFKC, invisible characters and case is refused with 409 name-taken.
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../shared/protocol';
import { call, createMatch, join } from './helpers';

const names = async (id: string) => ((await call('GET', `/api/matches/${id}`)).json.seats as { name: string }[]).map((s) => s.name);

describe('names are unique within a match', () => {
  it.each([
    ['the same letters in another case', 'ann'],
    ['full-width letters', 'ＡＮＮ'],
    ['a zero-width space inside', 'A\u200Bnn'],
    ['spaces around it', '  Ann '],
    ['mathematical letters', '𝐀𝐧𝐧'],
    ['a zero-width joiner inside', 'An\u200Dn'],
    ['a zero-width non-joiner inside', 'A\u200Cnn'],
    ['an emoji variation selector after it', 'Ann\uFE0F'],
    ['an ideographic variation selector after it', 'Ann\u{E0100}'],
    ['a Khmer inherent vowel (U+17B4) inside', 'A\u17B4nn'],
    ['a Cyrillic А', '\u0410nn'],
    ['Greek and Armenian letters that look Latin', '\u0391\u0578n'],
  ])('refuses %s (409 name-taken) and changes nothing', async (_what, name) => {
    const id = await createMatch({ players: 3 });
    await join(id, 'Ann');
    const before = await names(id);
    const r = await call('POST', `/api/matches/${id}/join`, { name });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ error: { code: 'name-taken', message: expect.stringContaining('“Ann”'), suggestion: expect.any(String) } });
    expect(await names(id)).toEqual(before);
    // The free name offered instead is one the table takes.
    expect((await join(id, r.json.error.suggestion)).seat).toBe(1);
    // A name that only looks alike to a person is a different name.
    expect((await join(id, 'Anna')).seat).toBe(2);
  });

  it('offers the next free number with the refusal, counting on from a number the name has, within 24 characters', async () => {
    const id = await createMatch({ players: 4 });
    await join(id, 'Player');
    await join(id, 'player 2');
    const refusal = async (name: string) => (await call('POST', `/api/matches/${id}/join`, { name })).json.error;
    // "Player" and "Player 2" read as taken: the next is 3, whichever of the two was asked for.
    expect(await refusal('PLAYER')).toEqual({ code: 'name-taken', message: 'Someone at this table is called “Player” already; “PLAYER 3” is free.', suggestion: 'PLAYER 3' });
    expect((await refusal('Player 2')).suggestion).toBe('Player 3');
    const long = 'x'.repeat(24);
    await join(id, long);
    // Cut to make room for the number: still at most 24 characters, and free.
    expect((await refusal(long)).suggestion).toBe(`${'x'.repeat(22)} 2`);
    expect(await names(id)).toEqual(['Player', 'player 2', long, '']);
  });

  it("refuses a bot's name, however it is written, and takes one no bot has", async () => {
    const id = await createMatch({ players: 3, bots: { 1: 'greedy' } });
    expect((await names(id))[1]).toBe('Greedy bot 2');
    for (const name of ['Greedy bot 2', 'GREEDY BOT 2', 'greedy  bot\u00A02', 'Ｇｒｅｅｄｙ ｂｏｔ ２']) {
      const r = await call('POST', `/api/matches/${id}/join`, { name });
      expect(r.status, name).toBe(409);
      expect(r.json.error.code).toBe('name-taken');
    }
    // No bot sits in seat 3: the name is free (the client marks bots by kind, never by name).
    expect((await join(id, 'Greedy bot 3')).seat).toBe(0);
    const s = (await call('GET', `/api/matches/${id}`)).json.seats as { name: string; kind: string }[];
    expect(s.map((x) => [x.name, x.kind])).toEqual([['Greedy bot 3', 'human'], ['Greedy bot 2', 'bot'], ['', 'open']]);
  });

  it('refuses a name that is not Unicode text (a lone surrogate) with 400, and stores nothing', async () => {
    const id = await createMatch({ players: 2 });
    for (const name of ['Ann\uD800', '\uDC00Bo', 'x\uDBFF']) {
      const r = await call('POST', `/api/matches/${id}/join`, `{"name":${JSON.stringify(name)}}`);
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.json.error).toEqual({ code: 'bad-request', message: 'name: a name must be Unicode text (it holds a lone surrogate)' });
    }
    expect(await names(id)).toEqual(['', '']);
    // A whole surrogate pair is an ordinary character.
    expect((await join(id, 'Ann \u{1F600}')).seat).toBe(0);
  });

  it("refuses a person who copies a bot's name with invisible characters", async () => {
    const id = await createMatch({ players: 2, bots: { 1: 'greedy' } });
    for (const name of ['Greedy bot 2\u200D', 'Greedy\u200C bot 2', 'Greedy bot 2\uFE0F', 'Greedy bot \u17B42']) {
      const r = await call('POST', `/api/matches/${id}/join`, { name });
      expect(r.status, JSON.stringify(name)).toBe(409);
    }
    expect(await names(id)).toEqual(['', 'Greedy bot 2']);
  });

  it('folds case without a locale, ß with ss and final sigma with sigma', () => {
    expect(nameKey('STRASSE')).toBe(nameKey('Straße'));
    expect(nameKey('ΟΔΥΣΣΕΥΣ')).toBe(nameKey('οδυσσευς'));
    // No Turkish dotless i, whatever the runtime's locale.
    expect(nameKey('ISA')).toBe('isa');
    expect(nameKey('ﬁn')).toBe(nameKey('FIN'));
  });

  it('folds confusables across scripts (UTS #39 skeleton), not accents', () => {
    expect(nameKey('\u0430nn')).toBe(nameKey('ann'));
    expect(nameKey('B\u043Eb')).toBe(nameKey('Bob'));
    expect(nameKey('Bi11')).toBe(nameKey('BILL'));
    expect(nameKey('José')).not.toBe(nameKey('Jose'));
    expect(nameKey('Anna')).not.toBe(nameKey('Ann'));
  });
});
