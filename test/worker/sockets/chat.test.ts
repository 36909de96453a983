// Table chat (docs/PROTOCOL.md, "Chat"): in a private match a seat's line, cleaned, is stored and
// reaches every socket that opted in (`?chat=1`), spectators included, and no other; a socket that
// connects later gets the lines so far. Refused: spectators' lines, public matches, empty, too long,
// broken text, too fast. Nothing in the game moves.
import { describe, expect, it } from 'vitest';
import { CHAT_MAX, type ChatLine } from '../../../shared/protocol';
import { CHAT_BURST } from '../../../worker/match/sockets/chat';
import { connect, createMatch, join } from '../helpers';

async function table(isPublic = false) {
  const id = await createMatch({ players: 2, public: isPublic });
  const a = await join(id, 'Ann');
  const b = await join(id, 'Bea');
  const chat = { query: { chat: '1' } };
  const ann = await connect(id, a.token, chat);
  const bea = await connect(id, b.token, chat);
  const cy = await connect(id, undefined, chat);
  const plain = await connect(id, b.token);
  for (const s of [ann, bea, cy, plain]) {
    await s.until((v) => v.status === 'playing' && v.players.every((p) => p.connected));
  }
  // A private table's chat sockets heard the (empty) chat so far on connect.
  if (!isPublic) for (const s of [ann, bea, cy]) expect((await s.take('chat')).lines).toEqual([]);
  for (const s of [ann, bea, cy, plain]) while (s.pending) await s.take();
  return { id, a, b, ann, bea, cy, plain, all: [ann, bea, cy, plain] };
}

describe('table chat', () => {
  it('reaches every opted-in socket, spectators too, cleaned; a later socket gets it all; the game does not move', async () => {
    const { id, a, ann, bea, cy, plain, all } = await table();
    const version = ann.views.at(-1)!.version;
    ann.send({ type: 'chat', text: '  good\n luck \u202Eall <b>x</b>  ' });
    for (const s of [ann, bea, cy]) {
      const m = await s.take('chat');
      expect(m.lines).toHaveLength(1);
      expect(m.lines[0]).toMatchObject({ seat: 0, name: 'Ann', text: 'good luck all <b>x</b>' });
    }
    bea.send({ type: 'chat', text: 'thanks' });
    for (const s of [ann, bea, cy]) expect((await s.take('chat')).lines[0]).toMatchObject({ seat: 1, name: 'Bea', text: 'thanks' });
    for (const s of all) await s.expectQuiet();
    expect(plain.raw.some((t) => t.includes('"chat"'))).toBe(false);
    expect(bea.views.at(-1)!.version).toBe(version);
    // A refresh, or a second device: the whole chat so far, in order.
    const again = await connect(id, a.token, { query: { chat: '1' } });
    await again.take('state');
    const seen = (await again.take('chat')).lines;
    expect(seen.map((l) => [l.seat, l.text])).toEqual([[0, 'good luck all <b>x</b>'], [1, 'thanks']]);
    expect(seen[0]!.seq).toBeLessThan(seen[1]!.seq);
    for (const s of [...all, again]) s.close();
  });

  it('refuses empty, too long and broken lines, and a spectator\'s, each with an error and nothing sent', async () => {
    const { ann, bea, cy, all } = await table();
    for (const text of ['', '   \n ', '\u200B\u202E', 'x'.repeat(CHAT_MAX + 1), 'bad \uD800 text']) {
      ann.send({ type: 'chat', text });
      expect((await ann.take('error')).code, JSON.stringify(text)).toBe('bad-request');
    }
    ann.send({ type: 'chat', text: 'é'.repeat(CHAT_MAX) });
    expect((await bea.take('chat')).lines[0]!.text).toHaveLength(CHAT_MAX);
    cy.send({ type: 'chat', text: 'a spectator' });
    expect((await cy.take('error')).code).toBe('spectator');
    await ann.take('chat');
    await cy.take('chat');
    for (const s of all) await s.expectQuiet();
    for (const s of all) s.close();
  });

  it(`allows ${CHAT_BURST} lines at once, then refuses for a while`, async () => {
    const { ann, bea, all } = await table();
    for (let i = 0; i < CHAT_BURST; i++) ann.send({ type: 'chat', text: `line ${i}` });
    // Sent in one tick, the lines may reach the object in another order (seen in workerd under
    // load); each is said once, numbered in the order the table hears them.
    const heard: ChatLine[] = [];
    for (let i = 0; i < CHAT_BURST; i++) heard.push((await bea.take('chat')).lines[0]!);
    expect(heard.map((l) => l.text).sort()).toEqual(Array.from({ length: CHAT_BURST }, (_, i) => `line ${i}`));
    expect(heard.map((l) => l.seq)).toEqual([...heard.map((l) => l.seq)].sort((a, b) => a - b));
    ann.send({ type: 'chat', text: 'one more' });
    expect(await ann.take('error')).toMatchObject({ code: 'rate-limited' });
    for (let i = 0; i < CHAT_BURST; i++) await ann.take('chat');
    await bea.expectQuiet();
    for (const s of all) s.close();
  });

  it('has no chat in a public match: refused, and nothing sent on connect', async () => {
    const { ann, bea, all } = await table(true);
    ann.send({ type: 'chat', text: 'hello stranger' });
    expect(await ann.take('error')).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/private matches/) });
    await bea.expectQuiet();
    for (const s of all) expect(s.raw.some((t) => t.startsWith('{"type":"chat"'))).toBe(false);
    for (const s of all) s.close();
  });
});
