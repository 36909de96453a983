// Reactions (docs/PROTOCOL.md, "Reactions"): a seat's fixed phrase reaches every
// socket that opted in with ?emotes=1, seats and spectators alike, and no
// other; one per seat per cooldown; nothing in the game changes. Spectators'
// own reactions (`seat: null`, with budgets) are in spectators.test.ts.
import { describe, expect, it } from 'vitest';
import { EMOTE_COOLDOWN_MS } from '../../../shared/protocol';
import { connect, createMatch, join } from '../helpers';

async function table() {
  const id = await createMatch({ players: 2 });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bea');
  const ann = await connect(id, a.token, { emotes: true });
  const bea = await connect(id, b.token, { emotes: true });
  const cy = await connect(id, undefined, { emotes: true });
  const plain = await connect(id, b.token);
  for (const s of [ann, bea, cy, plain]) {
    await s.until((v) => v.status === 'playing' && v.players.every((p) => p.connected));
    while (s.pending) await s.take(); // the views that came with the set-up
  }
  return { ann, bea, cy, plain, all: [ann, bea, cy, plain] };
}

describe('reactions', () => {
  it('reach every opted-in socket, seats and spectators, and no other; the game does not move', async () => {
    const { ann, bea, cy, plain, all } = await table();
    const version = ann.views.at(-1)!.version;
    ann.send({ type: 'emote', emote: 'hello' });
    for (const s of [ann, bea, cy]) expect(await s.take('emote')).toEqual({ type: 'emote', seat: 0, emote: 'hello' });
    // A client that did not opt in never meets the message type; nobody got a new view.
    for (const s of all) await s.expectQuiet();
    expect(plain.raw.some((t) => t.includes('"emote"'))).toBe(false);
    expect(bea.views.at(-1)!.version).toBe(version);
    // Another seat's cooldown is its own.
    bea.send({ type: 'emote', emote: 'gg' });
    expect(await cy.take('emote')).toEqual({ type: 'emote', seat: 1, emote: 'gg' });
    for (const s of all) s.close();
  });

  it(`allows one per seat per ${EMOTE_COOLDOWN_MS / 1000} s, refuses unknown phrases, each with an error`, async () => {
    const { ann, bea, cy, all } = await table();
    ann.send({ type: 'emote', emote: 'wp' });
    for (const s of [ann, bea, cy]) expect((await s.take('emote')).emote).toBe('wp');
    ann.send({ type: 'emote', emote: 'oops' });
    expect(await ann.take('error')).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/One reaction every 3 seconds/) });
    bea.send({ type: 'emote', emote: 'you lose' });
    expect(await bea.take('error')).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/^emote: /) });
    bea.send({ type: 'emote', emote: 'thanks', extra: 'x'.repeat(5000) });
    expect(await bea.take('error')).toMatchObject({ code: 'too-large' });
    // None of the refused ones reached anyone (the ping's pong comes first).
    for (const s of all) await s.expectQuiet();
    expect(bea.raw.filter((t) => t.startsWith('{"type":"emote"')).length).toBe(1);
    for (const s of all) s.close();
  });
});
