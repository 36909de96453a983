// Players (worker/edge/players.ts, worker/players/): an identity made once with a name unique across
// the site, its profile, the bearer that proves it and nothing else, deletion, and seats linked by
// joins and quick match so that a finished match is in each identified player's list.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cleanName, nameKey, type PlayerProfile } from '../../../shared/protocol';
import { hashToken } from '../../../worker/shared/ids';
import { FORMER_PLAYER, places } from '../../../worker/players/matches';
import { PAGE } from '../../../worker/players/players';
import { connect, createMatch, driveToEnd, eventually, roomOf, stub } from '../helpers';
import { fresh, me, newPlayer, req } from '../player-helpers';
import { autoplay } from '../../../harness/socket';

const playerCount = async (): Promise<number> => (await env.DB.prepare('SELECT COUNT(*) AS n FROM players').first<{ n: number }>())!.n;

const UNRATED = { rating: 1500, rd: 350, games: 0, provisional: true };

describe('players', () => {
  it('a new player gets an id and a token; only the token\'s hash is stored; the profile starts empty', async () => {
    const name = fresh('Ann');
    const p = await newPlayer(name);
    expect(p.name).toBe(name);
    expect(p.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(p.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const row = await env.DB.prepare('SELECT * FROM players WHERE id = ?').bind(p.id).first<Record<string, unknown>>();
    expect(row!.token_hash).toBe(await hashToken(p.token));
    expect(Object.values(row!)).not.toContain(p.token);
    const mine = await me(p.token);
    expect(mine).toEqual({ id: p.id, name, ratings: { 2: UNRATED, 3: UNRATED, 4: UNRATED }, matches: [], next: null });
    expect((await req('GET', `/api/players/${p.id}`)).json).toEqual(mine);
  });

  it('a name that reads as a taken one is 409 with a free suggestion, and nothing is made', async () => {
    const base = fresh('Kim');
    await newPlayer(base);
    const before = await playerCount();
    // Case folded, a confusable Cyrillic letter, a zero-width space: all read as the same name.
    for (const same of [base.toUpperCase(), base.replace('i', '\u0456'), `${base.slice(0, 1)}\u200B${base.slice(1)}`]) {
      const r = await req('POST', '/api/players', { body: { name: same } });
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe('name-taken');
      // The asked name with the first free number (it reads as `${base} 2`).
      expect(nameKey(r.json.error.suggestion)).toBe(nameKey(`${base} 2`));
      expect(r.json.error.suggestion).toBe(`${cleanName(same)} 2`);
    }
    expect(await playerCount()).toBe(before);
    const taken = await req('POST', '/api/players', { body: { name: base } });
    const free = await req('POST', '/api/players', { body: { name: taken.json.error.suggestion } });
    expect(free.status).toBe(201);
    // Now "2" is taken too: the next suggestion moves on.
    expect((await req('POST', '/api/players', { body: { name: base } })).json.error.suggestion).toBe(`${base} 3`);
  });

  it('with orFree, a taken name gives the free one like it, not a 409 (a first visit asks so)', async () => {
    const base = fresh('Lou');
    await newPlayer(base);
    const r = await req('POST', '/api/players', { body: { name: base.toUpperCase(), orFree: true } });
    expect(r.status).toBe(201);
    expect(r.json.name).toBe(`${base.toUpperCase()} 2`);
    expect((await me(r.json.token)).name).toBe(r.json.name);
    // A free name is taken as asked.
    const own = fresh('Lia');
    expect((await req('POST', '/api/players', { body: { name: own, orFree: true } })).json.name).toBe(own);
  });

  it('refuses bad names and bodies, making nothing', async () => {
    const before = await playerCount();
    expect((await req('POST', '/api/players', { body: { name: ' \u200B ' } })).status).toBe(400);
    expect((await req('POST', '/api/players', { body: { name: 'x'.repeat(25) } })).status).toBe(400);
    expect((await req('POST', '/api/players', { body: {} })).status).toBe(400);
    expect(await playerCount()).toBe(before);
  });

  it('limits new players per address', async () => {
    const ip = `players-flood-${crypto.randomUUID()}`;
    // wrangler.toml's PLAYERS_PER_MINUTE (5).
    for (let i = 0; i < 5; i++) expect((await req('POST', '/api/players', { body: { name: fresh('F') }, ip })).status).toBe(201);
    const over = await req('POST', '/api/players', { body: { name: fresh('F') }, ip });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe('rate-limited');
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await req('POST', '/api/players', { body: { name: fresh('F') } })).status).toBe(201);
  });

  it('a token reads and deletes only its own player; a missing or unknown one is 401', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    expect((await me(a.token)).id).toBe(a.id);
    expect((await me(b.token)).id).toBe(b.id);
    for (const auth of [undefined, 'Bearer nope', `Bearer ${a.token}x`, `Basic ${a.token}`, a.token]) {
      const r = auth === undefined ? await req('GET', '/api/me') : await req('GET', '/api/me', { auth });
      expect(r.status).toBe(401);
      expect(r.json.error.code).toBe('unauthorized');
      expect((await req('DELETE', '/api/me', auth === undefined ? {} : { auth })).status).toBe(401);
    }
    // A's token deletes A, whatever else the request names.
    expect((await req('DELETE', `/api/me?id=${b.id}`, { token: a.token })).status).toBe(204);
    expect((await req('GET', `/api/players/${a.id}`)).status).toBe(404);
    expect((await me(b.token)).name).toBe(b.name);
    expect((await req('GET', `/api/players/${b.id}`)).status).toBe(200);
    // The deleted token proves nothing any more; the name is free again.
    expect((await req('GET', '/api/me', { token: a.token })).status).toBe(401);
    expect((await req('POST', '/api/players', { body: { name: a.name } })).status).toBe(201);
    // Nothing of a deleted player stays but the id: no name, no token's hash.
    const row = await env.DB.prepare('SELECT name, name_key, token_hash, deleted_at FROM players WHERE id = ?').bind(a.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ name: '', name_key: null, token_hash: null });
    expect(row!.deleted_at).toBeTypeOf('number');
  });

  it('an unknown or malformed player id is 404', async () => {
    expect((await req('GET', '/api/players/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await req('GET', '/api/players/not-an-id')).status).toBe(404);
  });

  it('a join or quick match with an unknown token is refused and changes nothing; without one it works as before', async () => {
    const id = await createMatch({ players: 2 });
    const bad = await req('POST', `/api/matches/${id}/join`, { body: { name: 'Zed' }, token: 'unknown-token' });
    expect(bad.status).toBe(401);
    expect((await stub(id).summary())!.seats.every((s) => s.kind === 'open')).toBe(true);
    expect((await req('POST', '/api/quick', { body: { name: 'Zed', players: 2 }, token: 'unknown-token' })).status).toBe(401);
    expect((await env.QUEUE.getByName('quick-2-0').waiting())).toBe(0);
    expect((await req('POST', `/api/matches/${id}/join`, { body: { name: 'Zed' } })).status).toBe(200);
  });

  it('seats joined with tokens are linked; the finished match is in both players\' lists with places from the result', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const id = await createMatch({ players: 3, bots: { 2: 'greedy' }, botDelayMs: 0 });
    // The seat takes the player's own name, whatever the body says.
    const ja = await req('POST', `/api/matches/${id}/join`, { body: { name: 'Someone' }, token: a.token });
    const jb = await req('POST', `/api/matches/${id}/join`, { body: { name: 'Else' }, token: b.token });
    expect([ja.status, jb.status]).toEqual([200, 200]);
    expect((await stub(id).summary())!.seats.map((s) => s.name).slice(0, 2)).toEqual([a.name, b.name]);
    const sa = await connect(id, ja.json.token);
    const sb = await connect(id, jb.json.token);
    autoplay(sa, () => 0);
    autoplay(sb, () => 0);
    const g = await driveToEnd(id);
    // The lists are written before anyone is told: once a socket has the final view, both list it.
    await eventually(() => expect([sa.view?.status, sb.view?.status]).toEqual(['over', 'over']));
    sa.close();
    sb.close();
    const want = places(g.result!.scores, g.result!.winner);
    const [ma, mb] = [await me(a.token), await me(b.token)];
    for (const [p, mine, seat] of [[a, ma, 0], [b, mb, 1]] as const) {
      expect(mine.id).toBe(p.id);
      expect(mine.matches).toHaveLength(1);
      const m = mine.matches[0]!;
      expect(m.id).toBe(id);
      expect(m.place).toBe(want[seat]);
      expect(m.at).toBeGreaterThan(Date.now() - 60_000);
      expect(m.players).toEqual([
        { name: a.name, place: want[0], player: a.id },
        { name: b.name, place: want[1], player: b.id },
        { name: g.names[2], place: want[2] },
      ]);
    }
    // Written once: a write tried again (as after a failure: the mark left, the alarm) adds nothing.
    await runInDurableObject(stub(id), (m, state) => {
      state.storage.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('unrecorded', 'true')`);
      roomOf(m).forget();
    });
    await runInDurableObject(stub(id), (m) => m.alarm());
    expect(await runInDurableObject(stub(id), (_m, state) => state.storage.sql.exec(`SELECT 1 FROM meta WHERE key = 'unrecorded'`).toArray().length)).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM player_matches WHERE match = ?').bind(id).first<{ n: number }>())!.n).toBe(2);
    // B deletes themselves: their seat reads as a former player in A's list, with no link.
    expect((await req('DELETE', '/api/me', { token: b.token })).status).toBe(204);
    expect((await me(a.token)).matches[0]!.players[1]).toEqual({ name: FORMER_PLAYER, place: want[1] });
    expect((await req('GET', `/api/players/${b.id}`)).status).toBe(404);
  });

  it('a list that cannot be written as the match ends is written by the alarm soon after', async () => {
    const a = await newPlayer();
    const id = await createMatch({ players: 2, bots: { 1: 'greedy' }, botDelayMs: 0 });
    const ja = await req('POST', `/api/matches/${id}/join`, { body: { name: a.name }, token: a.token });
    const sa = await connect(id, ja.json.token);
    autoplay(sa, () => 0);
    // D1 fails the write: the table is not there while the match ends.
    await env.DB.exec('ALTER TABLE player_matches RENAME TO player_matches_away');
    try {
      await driveToEnd(id);
      await eventually(() => expect(sa.view?.status).toBe('over'));
    } finally {
      await env.DB.exec('ALTER TABLE player_matches_away RENAME TO player_matches');
    }
    sa.close();
    expect((await me(a.token)).matches).toEqual([]);
    const owed = await runInDurableObject(stub(id), async (_m, state) => ({
      marked: state.storage.sql.exec(`SELECT 1 FROM meta WHERE key = 'unrecorded'`).toArray().length,
      alarm: await state.storage.getAlarm(),
    }));
    expect(owed.marked).toBe(1);
    // Soon (RECORD_RETRY_MS), not at the deletion 90 days on.
    expect(owed.alarm).toBeLessThanOrEqual(Date.now() + 30_000);
    await runInDurableObject(stub(id), (m) => m.alarm());
    expect((await me(a.token)).matches.map((m) => m.id)).toEqual([id]);
    const after = await runInDurableObject(stub(id), async (_m, state) => ({
      marked: state.storage.sql.exec(`SELECT 1 FROM meta WHERE key = 'unrecorded'`).toArray().length,
      alarm: await state.storage.getAlarm(),
    }));
    expect(after.marked).toBe(0);
    expect(after.alarm).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });

  it('a quick match with tokens links both seats and lists the match for both', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const [qa, qb] = await Promise.all([
      req('POST', '/api/quick', { body: { name: 'x', players: 2 }, token: a.token }),
      req('POST', '/api/quick', { body: { name: 'y', players: 2 }, token: b.token }),
    ]);
    expect([qa.status, qb.status]).toEqual([200, 200]);
    expect(qa.json.id).toBe(qb.json.id);
    const id: string = qa.json.id;
    const linked = await runInDurableObject(stub(id), (_m, state) =>
      JSON.parse(state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'players'`).one().value) as Record<string, string>);
    expect(linked).toEqual({ [qa.json.seat]: a.id, [qb.json.seat]: b.id });
    const seats = (await stub(id).summary())!.seats;
    expect(seats[qa.json.seat]!.name).toBe(a.name);
    const sa = await connect(id, qa.json.token);
    const sb = await connect(id, qb.json.token);
    autoplay(sa, () => 0);
    autoplay(sb, () => 0);
    await driveToEnd(id);
    await eventually(() => expect([sa.view?.status, sb.view?.status]).toEqual(['over', 'over']));
    sa.close();
    sb.close();
    for (const p of [a, b]) expect((await me(p.token)).matches.map((m) => m.id)).toEqual([id]);
  });

  it('a profile pages its matches newest first', async () => {
    const p = await newPlayer();
    const total = PAGE + 5;
    // Rows as a match writes them (the writing itself is the test above); equal times order by match id.
    const rows = Array.from({ length: total }, (_, i) => ({ match: `M${String(i).padStart(9, '0')}`, at: 1_000_000 + Math.floor(i / 2) }));
    await env.DB.batch(rows.map((r) => env.DB.prepare('INSERT INTO player_matches (player, match, players, place, at) VALUES (?, ?, ?, 1, ?)')
      .bind(p.id, r.match, JSON.stringify([{ name: p.name, place: 1, player: p.id }]), r.at)));
    const newestFirst = [...rows].sort((x, y) => y.at - x.at || (x.match < y.match ? 1 : -1)).map((r) => r.match);
    const first = await me(p.token);
    expect(first.matches.map((m) => m.id)).toEqual(newestFirst.slice(0, PAGE));
    expect(first.next).not.toBeNull();
    const second = (await req('GET', `/api/players/${p.id}?before=${encodeURIComponent(first.next!)}`)).json as PlayerProfile;
    expect(second.matches.map((m) => m.id)).toEqual(newestFirst.slice(PAGE));
    expect(second.next).toBeNull();
  });

  it('places: the winner first, ties after it share a place', () => {
    expect(places([10, 12, 9], 1)).toEqual([2, 1, 3]);
    // R23 gave the tie to seat 2: seat 0, tied with it, comes second.
    expect(places([12, 5, 12, 5], 2)).toEqual([2, 3, 1, 3]);
  });
});
