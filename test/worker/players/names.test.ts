// A player's data (worker/players/names.ts): a rename keeps the old name the player's for 30 days,
// never more than three names held; the whole record downloads as JSON; only the token's own.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { nameKey, type PlayerExport } from '../../../shared/protocol';
import { HELD_NAMES, NAME_HOLD_MS } from '../../../worker/players/names';
import { fresh, me, newPlayer, req } from '../player-helpers';

const rename = (token: string, name: string) => req('PATCH', '/api/me', { body: { name }, token });

describe('renaming', () => {
  it('a new name is the player\'s at once; the old one stays theirs for 30 days, then anyone may take it', async () => {
    const p = await newPlayer();
    const next = fresh('New');
    const r = await rename(p.token, next);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id: p.id, name: next });
    expect((await me(p.token)).name).toBe(next);
    // Someone else asking for the old name (or one that reads as it): taken, with a free one offered.
    const other = await req('POST', '/api/players', { body: { name: p.name.toUpperCase() } });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('name-taken');
    expect(nameKey(other.json.error.suggestion)).not.toBe(nameKey(p.name));
    const q = await newPlayer();
    expect((await rename(q.token, p.name)).status).toBe(409);
    // Its player may take it back.
    expect((await rename(p.token, p.name)).status).toBe(200);
    expect((await me(p.token)).name).toBe(p.name);
    // The name given up just now is held in turn; 30 days on, anyone may have it.
    expect((await req('POST', '/api/players', { body: { name: next } })).status).toBe(409);
    await env.DB.prepare('UPDATE retired_names SET until = ? WHERE player = ?').bind(Date.now() - 1, p.id).run();
    expect((await req('POST', '/api/players', { body: { name: next } })).status).toBe(201);
  });

  it('a name someone has is 409 with a suggestion; case alone changes without a hold', async () => {
    const [p, q] = [await newPlayer(), await newPlayer()];
    const taken = await rename(p.token, q.name);
    expect(taken.status).toBe(409);
    expect(taken.json.error.suggestion).toBeTruthy();
    expect((await me(p.token)).name).toBe(p.name);
    expect((await rename(p.token, p.name.toUpperCase())).json.name).toBe(p.name.toUpperCase());
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM retired_names WHERE player = ?').bind(p.id).first<{ n: number }>())!.n).toBe(0);
  });

  it(`holds at most ${HELD_NAMES} names given up: another rename waits for the oldest hold to end`, async () => {
    const p = await newPlayer();
    for (let i = 0; i < HELD_NAMES; i++) expect((await rename(p.token, fresh('R'))).status).toBe(200);
    const over = await rename(p.token, fresh('R'));
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe('rate-limited');
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(NAME_HOLD_MS / 1000 - 60);
    // Taking back a held name is always allowed (it frees its own hold).
    const held = (await env.DB.prepare('SELECT name FROM retired_names WHERE player = ? ORDER BY until').bind(p.id).all<{ name: string }>()).results;
    expect(held).toHaveLength(HELD_NAMES);
    expect((await rename(p.token, held[0]!.name)).status).toBe(200);
  });

  it('needs the player\'s own token, and a good name', async () => {
    const p = await newPlayer();
    expect((await req('PATCH', '/api/me', { body: { name: fresh('X') } })).status).toBe(401);
    expect((await req('PATCH', '/api/me', { body: { name: fresh('X') }, token: 'nope' })).status).toBe(401);
    for (const name of ['', 'x'.repeat(25), 42]) expect((await rename(p.token, name as string)).status).toBe(400);
    expect((await me(p.token)).name).toBe(p.name);
  });
});

describe('downloading your data', () => {
  it('is everything kept about the player, as a file, and only for its own token', async () => {
    const p = await newPlayer();
    await env.DB.prepare('INSERT INTO ratings (player, size, rating, rd, vol, games) VALUES (?, 3, 1612.5, 120, 0.06, 4)').bind(p.id).run();
    await env.DB.prepare('INSERT INTO player_matches (player, match, players, place, at, rating, rating_change) VALUES (?, ?, ?, 1, ?, 1612.5, 40)')
      .bind(p.id, 'M000000001', JSON.stringify([{ name: p.name, place: 1, player: p.id }, { name: 'Bo', place: 2 }]), 1_700_000_000_000).run();
    const renamed = fresh('Z');
    await rename(p.token, renamed);
    const r = await req('GET', '/api/me/export', { token: p.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Disposition')).toBe(`attachment; filename="darkmoor-${p.id}.json"`);
    const data = r.json as PlayerExport;
    expect(data.player).toMatchObject({ id: p.id, name: renamed });
    expect(data.ratings).toEqual([{ size: 3, rating: 1612.5, rd: 120, vol: 0.06, games: 4 }]);
    expect(data.matches).toEqual([{
      id: 'M000000001', at: new Date(1_700_000_000_000).toISOString(), place: 1, rating: 1612.5, ratingChange: 40,
      players: [{ name: p.name, place: 1, player: p.id }, { name: 'Bo', place: 2 }],
    }]);
    expect(data.heldNames.map((n) => n.name)).toEqual([p.name]);
    // Nothing of the token: not it, not its hash.
    expect(JSON.stringify(data)).not.toContain(p.token);
    const row = await env.DB.prepare('SELECT token_hash FROM players WHERE id = ?').bind(p.id).first<{ token_hash: string }>();
    expect(JSON.stringify(data)).not.toContain(row!.token_hash);
    expect((await req('GET', '/api/me/export')).status).toBe(401);
  });
});
