// A rematch keeps each person's seat for the person who had it, for a while:
// claimed with their seat token of the finished match (`rematchToken`); anyone
// else gets only seats not held, and held seats open to all once the hold is over.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Holds } from '../../../worker/match/table/holds';
import { hashToken, newMatchId, newToken } from '../../../worker/shared/ids';
import type { Match } from '../../../worker/match/match';
import type { MatchConfig } from '../../../worker/shared/config';
import { call, roomOf, stub } from '../helpers';

const HOLD_MS = 120_000;

/** A match made as a rematch is: seats 0 and 1 held for Ann and Bo (their old tokens given back), the rest as `bots`. */
async function heldMatch(players: number, bots: Record<string, 'greedy'>, people: string[]) {
  const id = newMatchId();
  const old = people.map(() => newToken());
  const holds: Holds = {
    until: Date.now() + HOLD_MS,
    seats: await Promise.all(people.map(async (name, seat) => ({ seat, tokenHash: await hashToken(old[seat]!), name }))),
  };
  const config: MatchConfig = { id, players, bots, clock: null, seed: 1, public: false, botDelayMs: 0, createdAt: Date.now() };
  await stub(id).create(config, holds);
  return { id, old };
}

const joinAs = (id: string, body: Record<string, unknown>) => call('POST', `/api/matches/${id}/join`, body);
const seats = async (id: string) => ((await call('GET', `/api/matches/${id}`)).json.seats as { kind: string; name: string }[])
  .map((s) => (s.kind === 'open' ? 'open' : s.name));

/** The hold ends now (moved on in storage). */
const endHold = (id: string) => runInDurableObject(stub(id), (m: Match) => {
  const store = roomOf(m).store;
  store.setMeta('holds', { ...store.getMeta<Holds>('holds')!, until: Date.now() - 1 });
});

describe('rematch seats are held for their players', () => {
  it('refuses a stranger (409 full) while every person seat is held, and a wrong token (403 bad-token); each player claims their own seat', async () => {
    const { id, old } = await heldMatch(3, { 2: 'greedy' }, ['Ann', 'Bo']);
    const stranger = await joinAs(id, { name: 'Eve' });
    expect(stranger.status).toBe(409);
    expect(stranger.json).toEqual({ error: { code: 'full', message: expect.stringMatching(/held for a player from the last match for another \d+ s/) } });
    expect((await joinAs(id, { name: 'Eve', seat: 1 })).json.error.code).toBe('full');
    const wrong = await joinAs(id, { name: 'Eve', rematchToken: newToken() });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.code).toBe('bad-token');
    expect(await seats(id)).toEqual(['open', 'open', 'Greedy bot 3']);
    // Bo claims his seat (1), even asking for another; Ann hers.
    const bo = await joinAs(id, { name: 'Bo', seat: 0, rematchToken: old[1] });
    expect(bo.status).toBe(200);
    expect(bo.json.seat).toBe(1);
    expect(bo.json.token).not.toBe(old[1]);
    const ann = await joinAs(id, { name: 'Ann', rematchToken: old[0] });
    expect(ann.json.seat).toBe(0);
    expect((await call('GET', `/api/matches/${id}`)).json.status).toBe('playing');
  });

  it('gives a stranger only seats not held, and keeps a held name for its player', async () => {
    const { id, old } = await heldMatch(3, {}, ['Ann']);
    const asked = await joinAs(id, { name: 'Eve', seat: 0 });
    expect(asked.status).toBe(409);
    expect(asked.json.error.message).toMatch(/Seat 0 is held for its player/);
    const posing = await joinAs(id, { name: 'ANN' });
    expect(posing.status).toBe(409);
    expect(posing.json.error.code).toBe('name-taken');
    expect((await joinAs(id, { name: 'Eve' })).json.seat).toBe(1);
    expect(await seats(id)).toEqual(['open', 'Eve', 'open']);
    // Ann's token claims her seat, with her name or a new one.
    const ann = await joinAs(id, { name: 'Annie', rematchToken: old[0] });
    expect(ann.json.seat).toBe(0);
    expect(await seats(id)).toEqual(['Annie', 'Eve', 'open']);
  });

  it('opens unclaimed seats to anyone once the hold is over; a late player with their token sits where there is room', async () => {
    const { id, old } = await heldMatch(3, {}, ['Ann', 'Bo']);
    expect((await joinAs(id, { name: 'Eve' })).json.seat).toBe(2);
    expect((await joinAs(id, { name: 'Cy' })).status).toBe(409);
    await endHold(id);
    expect((await joinAs(id, { name: 'Cy', seat: 1 })).json.seat).toBe(1);
    // Ann's seat is still open: her token takes it; Bo's was taken, and the match is full now.
    expect((await joinAs(id, { name: 'Ann', rematchToken: old[0] })).json.seat).toBe(0);
    expect((await joinAs(id, { name: 'Bo', rematchToken: old[1] })).json.error.code).toBe('full');
  });

  it('refuses a rematch token where no seat was ever held (403 bad-token)', async () => {
    const r = await call('POST', '/api/matches', { players: 2 });
    const j = await joinAs(r.json.id, { name: 'Ann', rematchToken: 'anything' });
    expect(j.status).toBe(403);
    expect(j.json.error.code).toBe('bad-token');
  });
});
