// Ratings (worker/players/ratings.ts): Glicko-2 per table size, a match's result read as every
// pair's outcome by place; quick matches of identified people and private matches that ask are
// rated, once, before anyone is told the match is over; the leaderboard reads them.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Leaderboard, PlayerCreated, View } from '../../../shared/protocol';
import { places } from '../../../worker/players/matches';
import { GLICKO, rate, UNRATED } from '../../../worker/players/ratings';
import { autoplay } from '../../../harness/socket';
import { connect, createMatch, driveToEnd, eventually, roomOf, stub, type Sock } from '../helpers';
import { me, newPlayer, req } from '../player-helpers';

const stored = async (player: string, size: number) =>
  env.DB.prepare('SELECT rating, rd, vol, games FROM ratings WHERE player = ? AND size = ?').bind(player, size).first<{ rating: number; rd: number; vol: number; games: number }>();

/** Both players' sockets play the match to its end; the final views. */
async function playAll(id: string, tokens: string[]): Promise<View[]> {
  const sockets: Sock[] = [];
  for (const t of tokens) sockets.push(await connect(id, t));
  for (const s of sockets) autoplay(s, () => 0);
  await driveToEnd(id);
  await eventually(() => expect(sockets.map((s) => s.view?.status)).toEqual(sockets.map(() => 'over')));
  const views = sockets.map((s) => s.view!);
  for (const s of sockets) s.close();
  return views;
}

describe('the rating of one match', () => {
  it('is Glickman\'s own example: 1500 beats 1400, loses to 1550 and 1700 (a 4-player table read pairwise)', () => {
    const [first, second, third, fourth] = rate([
      { rating: 1700, rd: 300, vol: 0.06, games: 0 }, { rating: 1550, rd: 100, vol: 0.06, games: 0 },
      { rating: 1500, rd: 200, vol: 0.06, games: 3 }, { rating: 1400, rd: 30, vol: 0.06, games: 0 },
    ], [1, 2, 3, 4]);
    // glicko.net/glicko/glicko2.pdf, section 3: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    expect(third!.rating).toBeCloseTo(1464.06, 1);
    expect(third!.rd).toBeCloseTo(151.52, 1);
    expect(third!.vol).toBeCloseTo(0.05999, 4);
    expect(third!.games).toBe(4);
    expect(first!.rating).toBeGreaterThan(1700);
    expect(second!.rating).toBeGreaterThan(1550);
    expect(fourth!.rating).toBeLessThan(1400);
  });

  it('moves two new players apart by the same amount; a shared place is a draw', () => {
    const [w, l] = rate([UNRATED, UNRATED], [1, 2]);
    expect(w!.rating - GLICKO.rating).toBeGreaterThan(100);
    expect(w!.rating - GLICKO.rating).toBeCloseTo(GLICKO.rating - l!.rating, 6);
    expect(w!.rd).toBeLessThan(GLICKO.rd);
    const [a, b, c] = rate([UNRATED, UNRATED, UNRATED], [1, 2, 2]);
    expect(b!.rating).toBeCloseTo(c!.rating, 6);
    expect(a!.rating).toBeGreaterThan(GLICKO.rating);
    expect(b!.rating).toBeLessThan(GLICKO.rating);
    const [d, e] = rate([UNRATED, UNRATED], [1, 1]);
    expect([d!.rating, e!.rating]).toEqual([GLICKO.rating, GLICKO.rating]);
  });
});

describe('rated matches', () => {
  it('a quick match of two identified people is rated once, shown on the seats, in both lists and on the leaderboard', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const [qa, qb] = await Promise.all([
      req('POST', '/api/quick', { body: { name: 'x', players: 2 }, token: a.token }),
      req('POST', '/api/quick', { body: { name: 'y', players: 2 }, token: b.token }),
    ]);
    expect(qa.json.id).toBe(qb.json.id);
    const id: string = qa.json.id;
    const seatOf = (p: PlayerCreated) => (p === a ? qa.json.seat : qb.json.seat) as number;
    const views = await playAll(id, [qa.json.token, qb.json.token]);
    const g = views[0]!;
    expect(g.rated).toBe(true);
    const place = places(g.result!.scores, g.result!.winner);
    const winner = place[seatOf(a)] === 1 ? a : b;
    const loser = winner === a ? b : a;
    const [rw, rl] = [await stored(winner.id, 2), await stored(loser.id, 2)];
    expect(rw!.games).toBe(1);
    expect(rl!.games).toBe(1);
    expect(rw!.rating).toBeGreaterThan(GLICKO.rating);
    expect(rl!.rating).toBeLessThan(GLICKO.rating);
    // The final view (sent after the write) shows each seat its new rating, provisional, and the change.
    for (const [p, r] of [[winner, rw!], [loser, rl!]] as const) {
      const seat = g.players[seatOf(p)]!;
      expect(seat.rating).toEqual({ rating: Math.round(r.rating), provisional: true, change: Math.round(r.rating) - GLICKO.rating });
      const listed = (await me(p.token)).matches[0]!;
      expect(listed.id).toBe(id);
      expect(listed.rating).toBe(Math.round(r.rating));
      expect(listed.ratingChange).toBe(Math.round(r.rating - GLICKO.rating));
      expect((await me(p.token)).ratings[2]).toEqual({ rating: r.rating, rd: r.rd, games: 1, provisional: true });
    }
    // Written once: the write tried again (the mark left, the alarm) changes no rating.
    await runInDurableObject(stub(id), (m, state) => {
      state.storage.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('unrecorded', 'true')`);
      roomOf(m).forget();
    });
    await runInDurableObject(stub(id), (m) => m.alarm());
    expect(await stored(winner.id, 2)).toEqual(rw);
    // The leaderboard of 2-player tables lists both, the winner above, provisional.
    const board = (await req('GET', '/api/leaderboard?players=2')).json as Leaderboard;
    const rows = board.players.filter((r) => r.id === a.id || r.id === b.id);
    expect(rows.map((r) => r.id)).toEqual([winner.id, loser.id]);
    expect(rows[0]).toEqual({ id: winner.id, name: winner.name, rating: rw!.rating, rd: rw!.rd, games: 1, provisional: true });
    // A player who deletes themselves leaves it.
    expect((await req('DELETE', '/api/me', { token: loser.token })).status).toBe(204);
    expect(((await req('GET', '/api/leaderboard?players=2')).json as Leaderboard).players.map((r) => r.id)).not.toContain(loser.id);
  });

  it('a quick match with someone unidentified moves no rating', async () => {
    const a = await newPlayer();
    const [qa, qb] = await Promise.all([
      req('POST', '/api/quick', { body: { name: 'x', players: 2 }, token: a.token }),
      req('POST', '/api/quick', { body: { name: 'Anon', players: 2 } }),
    ]);
    expect(qa.json.id).toBe(qb.json.id);
    const [g] = await playAll(qa.json.id, [qa.json.token, qb.json.token]);
    expect(g!.rated).toBeUndefined();
    expect(await stored(a.id, 2)).toBeNull();
    expect((await me(a.token)).matches[0]!.ratingChange).toBeUndefined();
  });

  it('a private match asks to be rated: people only, dealt at random, at the default pace; it seats identified players once each', async () => {
    for (const bad of [{ bots: { 1: 'greedy' } }, { seed: 'ab'.repeat(16) }, { awayMs: 0 }, { takeover: 'random' }, { botDelayMs: 0 }]) {
      const r = await req('POST', '/api/matches', { body: { players: 2, rated: true, ...bad } });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(/rated match/);
    }
    const id = await createMatch({ players: 3, rated: true });
    const a = await newPlayer();
    const b = await newPlayer();
    const anon = await req('POST', `/api/matches/${id}/join`, { body: { name: 'Anon' } });
    expect(anon.status).toBe(401);
    expect(anon.json.error.code).toBe('unauthorized');
    expect((await req('POST', `/api/matches/${id}/join`, { body: { name: 'a' }, token: a.token })).status).toBe(200);
    const twice = await req('POST', `/api/matches/${id}/join`, { body: { name: 'a again' }, token: a.token });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toMatch(/once/);
    expect((await stub(id).summary())!.seats.filter((s) => s.kind === 'human')).toHaveLength(1);
    const jb = await req('POST', `/api/matches/${id}/join`, { body: { name: 'b' }, token: b.token });
    expect(jb.status).toBe(200);
    // Seated players show their rating (none yet: 1500, provisional) before the match starts.
    const s = await connect(id, jb.json.token);
    await eventually(() => expect(s.view?.players[0]!.rating).toEqual({ rating: 1500, provisional: true }));
    expect(s.view!.rated).toBeUndefined(); // a seat is still open
    s.close();
  });

  it('the leaderboard refuses a table size it has not', async () => {
    for (const size of ['1', '5', 'x', '22']) expect((await req('GET', `/api/leaderboard?players=${size}`)).status).toBe(400);
    expect((await req('GET', '/api/leaderboard')).json.size).toBe(2);
  });
});
