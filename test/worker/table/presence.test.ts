// Presence as plain data (worker/match/table/presence.ts), and the alarm's re-arming rule (clock.ts toArm):
// who is away, who is stood in for, their counts and timers, from plain values and `now`. No
// match object, no storage: the Match only stores what these return. (Whole matches doing the
// same over sockets: takeover.test.ts, idle.test.ts, clock.test.ts.)
import { describe, expect, it } from 'vitest';
import { createGame, type GameState } from '../../../shared/engine';
import { nextDue, toArm } from '../../../worker/match/table/clock';
import * as presence from '../../../worker/match/table/presence';
import { ALARM_SLACK_MS, type Due, type MatchConfig, type Presence, type SeatRow } from '../../../worker/shared/config';

const NOW = 1_000_000;

const config = (extra: Partial<MatchConfig> = {}): MatchConfig => ({
  id: 'm', players: 2, bots: {}, clock: null, seed: 1, public: false, botDelayMs: 800,
  takeover: 'search', awayMs: 30_000, idleMs: 60_000, createdAt: 0, ...extra,
});

const people: SeatRow[] = [
  { seat: 0, kind: 'human', name: 'Ann', level: null, tokenHash: 'a' },
  { seat: 1, kind: 'human', name: 'Bo', level: null, tokenHash: 'b' },
];

/** A dealt 2-seat game; seat 0 decides first. */
const game = (): GameState => {
  const g = createGame({ players: 2, seed: 1, names: ['Ann', 'Bo'] });
  expect(g.pending?.seat).toBe(0);
  return g;
};

/** Frozen all the way down: a function that changed its input would throw. */
const frozen = <T>(x: T): T => {
  if (x && typeof x === 'object') {
    for (const v of Object.values(x)) frozen(v);
    Object.freeze(x);
  }
  return x;
};

const p = (extra: Partial<Presence> = {}): Presence => frozen({ leftAt: {}, standIn: [], ...extra });

describe('presence: away and back', () => {
  it('marks a person who joins without a socket away from then, and one already connected not', () => {
    expect(presence.joined(p(), 1, false, NOW)).toEqual({ leftAt: { 1: NOW }, standIn: [] });
    const here = p();
    expect(presence.joined(here, 1, true, NOW)).toBe(here);
  });

  it('starts a grace period when the last socket goes, keeping the others\'', () => {
    expect(presence.gone(p({ leftAt: { 0: 5 } }), 1, NOW)).toEqual({ leftAt: { 0: 5, 1: NOW }, standIn: [] });
  });

  it('has nothing to write for a person who is back but was never away', () => {
    expect(presence.back(p({ leftAt: { 0: 5 } }), 1, game(), NOW)).toEqual({ presence: null, handedBack: false, since: null });
  });

  it('ends the grace period of a person who is back, with no stand-in to hand back', () => {
    const b = presence.back(p({ leftAt: { 0: 5, 1: 6 } }), 1, game(), NOW);
    expect(b).toEqual({ presence: { leftAt: { 0: 5 }, standIn: [] }, handedBack: false, since: null });
  });

  it('hands a stood-in seat back, and restarts the idle time only when it is that seat\'s decision', () => {
    const g = game();
    const deciding = presence.back(p({ leftAt: { 0: 5 }, standIn: [0, 1] }), 0, g, NOW);
    expect(deciding).toEqual({ presence: { leftAt: {}, standIn: [1] }, handedBack: true, since: { version: g.version, at: NOW } });
    const waiting = presence.back(p({ standIn: [1] }), 1, g, NOW);
    expect(waiting).toEqual({ presence: { leftAt: {}, standIn: [] }, handedBack: true, since: null });
  });

  it('ends a grace period never before now, and only for someone away; older matches get the default 30 s', () => {
    const away = p({ leftAt: { 0: NOW - 1000 } });
    expect(presence.awayEndsAt(away, 0, config({ awayMs: 5000 }), NOW)).toBe(NOW + 4000);
    expect(presence.awayEndsAt(away, 0, config({ awayMs: 500 }), NOW)).toBe(NOW);
    expect(presence.awayEndsAt(away, 1, config(), NOW)).toBe(Infinity);
    const { awayMs: _none, ...older } = config();
    expect(presence.awayEndsAt(away, 0, older, NOW)).toBe(NOW - 1000 + 30_000);
  });
});

describe('presence: stand-ins', () => {
  it('puts a stand-in in a seat once, however often it is asked', () => {
    const one = presence.standIn(p(), 1);
    expect(one).toEqual({ leftAt: {}, standIn: [1] });
    expect(presence.standIn(frozen(one), 1)).toBe(one);
  });

  it('hands an idle seat over only once its decision has waited the idle time, and says why not before', () => {
    const g = game();
    const since = { version: g.version, at: NOW - 59_000 };
    const early = presence.handOver(p(), g, people, config(), since, 1, 0, NOW);
    expect(early).toEqual({ refusal: { code: 'illegal', message: expect.stringContaining('once their decision has waited 1 minute') } });
    const late = presence.handOver(p(), g, people, config(), since, 1, 0, NOW + 1000);
    expect(late).toEqual({ presence: { leftAt: {}, standIn: [0] } });
    expect(presence.handOver(p(), g, people, config(), since, null, 0, NOW + 1000)).toEqual({ refusal: expect.objectContaining({ code: 'spectator' }) });
    expect(presence.handOver(p(), g, people, config(), since, 0, 0, NOW + 1000)).toEqual({ refusal: expect.objectContaining({ code: 'bad-request' }) });
  });

  it('counts a stand-in\'s moves per seat, clears them when the person moves, and writes nothing for an ordinary move', () => {
    const once = presence.moved(p(), 1, 'stand-in')!;
    expect(once.botMoves).toEqual({ 1: 1 });
    const twice = presence.moved(frozen(once), 1, 'stand-in')!;
    expect(twice.botMoves).toEqual({ 1: 2 });
    expect(presence.moved(frozen(twice), 1, 'person')!.botMoves).toEqual({ 1: 0 });
    expect(presence.moved(p(), 1, 'person')).toBeNull();
    expect(presence.moved(p({ botMoves: { 1: 0 } }), 1, 'person')).toBeNull();
  });

  it('plays a bot seat at its own level and a person\'s at the match\'s stand-in level (greedy in older matches)', () => {
    const bot: SeatRow = { seat: 1, kind: 'bot', name: 'Random bot 2', level: 'random', tokenHash: null };
    expect(presence.levelFor(bot, config())).toBe('random');
    expect(presence.levelFor(people[0]!, config())).toBe('search');
    const { takeover: _none, ...older } = config();
    expect(presence.levelFor(people[0]!, older)).toBe('greedy');
  });

  it('shows per seat who is stood in for (at what level), their counts, and whom the others may hand over', () => {
    const g = game();
    const since = { version: g.version, at: 0 };
    expect(presence.shown(p({ standIn: [1], botMoves: { 1: 3 } }), g, people, config(), since, NOW))
      .toEqual({ standIn: [null, 'search'], botMoves: [0, 3], canStandIn: [true, false] });
    expect(presence.shown(p(), null, people, config(), null, NOW)).toEqual({ standIn: [null, null], botMoves: [0, 0], canStandIn: [false, false] });
  });
});

describe('presence: timers', () => {
  it('keeps when a decision began while its version stands, and starts anew when it moves on', () => {
    const since = frozen({ version: 4, at: 10 });
    expect(presence.decisionSince(since, 4, NOW)).toBe(since);
    expect(presence.decisionSince(since, 5, NOW)).toEqual({ version: 5, at: NOW });
    expect(presence.decisionSince(null, 0, NOW)).toEqual({ version: 0, at: NOW });
  });

  it('wakes the alarm when an away person\'s grace period ends, and at the bot\'s pace once a stand-in plays', () => {
    const g = game();
    const away = p({ leftAt: { 0: NOW - 10_000 } });
    expect(nextDue(g, people, config(), away, NOW)).toEqual({ version: g.version, seat: 0, kind: 'away', at: NOW + 20_000 });
    const stood = presence.standIn(away, 0);
    expect(nextDue(g, people, config(), stood, NOW)).toEqual({ version: g.version, seat: 0, kind: 'bot', at: NOW + 800 });
    const back = presence.back(stood, 0, g, NOW).presence!;
    expect(nextDue(g, people, config(), back, NOW)).toBeNull();
  });

  it('arms a job strictly after one already due (the alarm that is finishing) and strictly after now, and leaves later ones alone', () => {
    const job = (at: number): Due => ({ version: 3, seat: 0, kind: 'bot', at });
    expect(toArm(job(NOW), job(NOW), NOW)).toEqual(job(NOW + 1));
    expect(toArm(job(NOW - 5), job(NOW + ALARM_SLACK_MS), NOW)).toEqual(job(NOW + ALARM_SLACK_MS + 1));
    expect(toArm(job(NOW + 500), job(NOW), NOW)).toEqual(job(NOW + 500));
    // A job due now (a bot at no delay), or past (a grace period that ended): a millisecond on.
    expect(toArm(job(NOW), job(NOW - 40), NOW)).toEqual(job(NOW + 1));
    expect(toArm(job(NOW), job(NOW + ALARM_SLACK_MS + 1), NOW)).toEqual(job(NOW + 1));
    expect(toArm(job(NOW - 300), null, NOW)).toEqual(job(NOW + 1));
    expect(toArm(job(NOW + 1), null, NOW)).toEqual(job(NOW + 1));
    expect(toArm(null, job(NOW), NOW)).toBeNull();
  });
});
