// A table in words (titles, the invitation's preview) and the join form's free name: what people
// read about a table before they sit down, never its id.
import { describe, expect, it } from 'vitest';
import { freeName } from '../../shared/protocol/free-name';
import { aboutMinutes, hostOf, linkDescription, linkTitle } from '../../shared/protocol/invitation';
import { tableTitle } from '../../shared/protocol/table-words';
import type { SeatKind, SeatSummary, TableRules } from '../../shared/protocol/view';

const seats = (...s: [string, SeatKind][]): SeatSummary[] => s.map(([name, kind], seat) => ({ seat, name, kind, connected: false }));
const RULES: TableRules = { clock: null, idleMs: 300_000, awayMs: 30_000, takeover: 'greedy', botDelayMs: 800 };

describe('a table in words', () => {
  it('names the people, bots too, then the open seats', () => {
    expect(tableTitle(seats(['Ann', 'human'], ['Bob', 'human']))).toBe('Ann vs Bob');
    expect(tableTitle(seats(['Ann', 'human'], ['Greedy bot 2', 'bot'], ['', 'open']))).toBe('Ann vs Greedy bot 2 and 1 open seat');
    expect(tableTitle(seats(['', 'open'], ['', 'open']))).toBe('2 open seats');
  });

  it('says who invites (the first person seated, not a bot) while a seat is open, else who plays', () => {
    const waiting = { seats: seats(['Greedy bot 1', 'bot'], ['Ann', 'human'], ['', 'open']), status: 'waiting' as const, rules: RULES };
    expect(hostOf(waiting.seats)).toBe('Ann');
    expect(linkTitle(waiting)).toBe('Ann invites you to Darkmoor Online');
    expect(linkDescription(waiting)).toMatch(/^Greedy bot 1 vs Ann and 1 open seat\. Retreat to Darkmoor, a card game for 3 players: about \d+ minutes\./);
    expect(linkTitle({ ...waiting, seats: seats(['Greedy bot 1', 'bot'], ['', 'open']) })).toBe('Greedy bot 1 and 1 open seat · Darkmoor Online');
    const playing = { seats: seats(['Ann', 'human'], ['Bob', 'human']), status: 'playing' as const, rules: RULES };
    expect(linkTitle(playing)).toBe('Ann vs Bob · Darkmoor Online');
    expect(linkDescription({ ...playing, status: 'over' })).toMatch(/^Ann vs Bob played /);
  });

  it('says about how long: longer with more people, shorter with a short clock, at least 5 minutes', () => {
    const people = seats(['Ann', 'human'], ['Bob', 'human'], ['Cy', 'human'], ['', 'open']);
    const bots = seats(['Ann', 'human'], ['B', 'bot'], ['C', 'bot'], ['D', 'bot']);
    expect(aboutMinutes(people, RULES)).toBeGreaterThan(aboutMinutes(bots, RULES));
    expect(aboutMinutes(people, { ...RULES, clock: 5 })).toBeLessThan(aboutMinutes(people, RULES));
    expect(aboutMinutes(seats(['Ann', 'human'], ['B', 'bot']), { ...RULES, botDelayMs: 0 })).toBe(5);
    for (const n of [aboutMinutes(people, RULES), aboutMinutes(bots, RULES)]) expect(n % 5).toBe(0);
  });
});

describe('a free name', () => {
  const table = (...names: string[]) => (n: string) => names.some((t) => t.toLowerCase() === n.toLowerCase());
  it('is the name itself when free, else the next number, counting on from one it has', () => {
    expect(freeName('Ann', table('Bob'))).toBe('Ann');
    expect(freeName('Ann', table('ann'))).toBe('Ann 2');
    expect(freeName('Ann', table('Ann', 'Ann 2', 'Ann 3'))).toBe('Ann 4');
    expect(freeName('Ann 2', table('Ann 2'))).toBe('Ann 3');
    // A name that is only a number is a name, not a number to count on from.
    expect(freeName('42', table('42'))).toBe('42 2');
  });

  it('stays within 24 characters, cutting the name (not the number), by code points', () => {
    const long = '😀'.repeat(24);
    const got = freeName(long, table(long));
    expect([...got]).toHaveLength(24);
    expect(got).toBe(`${'😀'.repeat(22)} 2`);
  });
});
