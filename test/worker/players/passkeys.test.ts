// Passkeys (worker/players/passkeys.ts, worker/edge/passkeys.ts): the ceremonies' refusals and what
// they keep. The whole round trip, with a real authenticator, is the browser test's
// (test/e2e/players.test.ts: Chromium's virtual authenticator on a second device).
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../../worker/shared/ids';
import { me, newPlayer, req } from '../player-helpers';

const answer = (id: string) => ({ id, rawId: id, type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} });

describe('passkeys', () => {
  it('registering one is the player\'s own: options carry a one-use challenge for them, on the site\'s name', async () => {
    const p = await newPlayer();
    expect((await req('POST', '/api/me/passkeys/options')).status).toBe(401);
    const r = await req('POST', '/api/me/passkeys/options', { token: p.token });
    expect(r.status).toBe(200);
    expect(r.json.rp).toEqual({ name: 'Darkmoor Online', id: 'darkmoor.test' });
    expect(r.json.user.name).toBe(p.name);
    expect(r.json.authenticatorSelection.residentKey).toBe('required');
    const kept = await env.DB.prepare('SELECT player, expires FROM passkey_challenges WHERE challenge = ?').bind(r.json.challenge).first<{ player: string; expires: number }>();
    expect(kept!.player).toBe(p.id);
    expect(kept!.expires).toBeGreaterThan(Date.now());
  });

  it('an answer that does not hold keeps nothing and signs nobody in', async () => {
    const p = await newPlayer();
    const bad = await req('POST', '/api/me/passkeys', { token: p.token, body: answer('AAAA') });
    expect(bad.status).toBe(400);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE player = ?').bind(p.id).first<{ n: number }>())!.n).toBe(0);
    const stranger = await req('POST', '/api/passkeys/sign-in', { body: answer('bm9ib2R5') });
    expect(stranger.status).toBe(401);
    expect(stranger.json.error.code).toBe('unauthorized');
    for (const body of [{}, { ...answer('x'), type: 'other' }, { ...answer('not base64url!') }]) {
      expect((await req('POST', '/api/passkeys/sign-in', { body })).status).toBe(400);
    }
  });

  it('needs the site\'s name: at an IP address every ceremony is refused, saying where to go', async () => {
    const res = await exports.default.fetch('http://127.0.0.1/api/passkeys/options', { method: 'POST', headers: { 'CF-Connecting-IP': 'passkey-ip-test' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/localhost/);
  });

  it('a token a passkey made is the player\'s as much as the first; deleting the player ends both', async () => {
    const p = await newPlayer();
    const other = newToken();
    await env.DB.prepare('INSERT INTO player_tokens (token_hash, player, created_at) VALUES (?, ?, ?)').bind(await hashToken(other), p.id, Date.now()).run();
    expect((await me(other)).id).toBe(p.id);
    expect((await req('DELETE', '/api/me', { token: other })).status).toBe(204);
    for (const t of [p.token, other]) expect((await req('GET', '/api/me', { token: t })).status).toBe(401);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM player_tokens WHERE player = ?').bind(p.id).first<{ n: number }>())!.n).toBe(0);
  });
});
