// The generators: the ChaCha20 keystream of new matches (what it draws, resuming where it was,
// rejection sampling), the deal it gives (deterministic, plain JSON, the key gone after the deal),
// and the bots' streams kept apart from the deal's (worker/match/table/clock.ts botRng: test/worker/table/seed.test.ts).
import { chacha20 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import {
  botNonce, createGame, Keystream, legalMoves, seedOfInteger, SetupError, step, type Action, type GameState,
} from '../../shared/engine';
import { wordsOf } from '../../shared/engine/chacha';
import { DEAL_NONCE, HEX_SEED, seedKey, seedWords } from '../../shared/engine/keystream';

const SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff';

const words = (seed: string, nonce: Uint8Array, n: number): number[] => {
  const bytes = chacha20(seedKey(seed), nonce, new Uint8Array(n * 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return Array.from({ length: n }, (_, i) => view.getUint32(4 * i, true));
};

describe('Keystream', () => {
  it('hands out the ChaCha20 keystream (RFC 8439), word by word, little-endian', () => {
    const k = new Keystream(SEED);
    expect(Array.from({ length: 3000 }, () => k.u32())).toEqual(words(SEED, DEAL_NONCE, 3000));
    expect(k.used).toBe(3000);
    // The engine's own block function (chacha.ts) against the library, with a nonce that is not all zero.
    const bot = new Keystream(SEED, botNonce(0xdeadbeef, 3));
    expect(Array.from({ length: 2000 }, () => bot.u32())).toEqual(words(SEED, botNonce(0xdeadbeef, 3), 2000));
  });

  it('reads a seed\'s key words straight from its digits, as the bytes give them, and refuses what the pattern refuses', () => {
    for (const seed of [SEED, SEED.slice(0, 32), SEED.slice(5), 'f'.repeat(64), '0'.repeat(40) + 'abcdef0123456789abcdef01']) {
      expect(Array.from(seedWords(seed)), seed).toEqual(Array.from(wordsOf(seedKey(seed))));
    }
    for (const bad of ['', SEED.slice(0, 31), '0'.repeat(65), SEED.toUpperCase(), SEED.slice(0, 40) + 'g' + SEED.slice(41), SEED.slice(1) + ' ']) {
      expect(HEX_SEED.test(bad), bad).toBe(false);
      expect(() => seedWords(bad), bad).toThrow();
    }
  });

  it('resumes where it was, across block and buffer boundaries', () => {
    const all = words(SEED, DEAL_NONCE, 2500);
    for (const at of [0, 1, 15, 16, 127, 128, 129, 255, 256, 300, 1000, 1151, 1152]) {
      const k = new Keystream(SEED, DEAL_NONCE, at);
      expect(Array.from({ length: 1200 }, () => k.u32()), `from word ${at}`).toEqual(all.slice(at, at + 1200));
    }
  });

  it('draws below(n) without modulo bias: a word past the last whole multiple of n is drawn again', () => {
    const n = 2 ** 31 + 1; // 2^32 mod n = 2^31 - 1: almost half the words are redrawn
    const limit = 2 ** 32 - (2 ** 32 % n);
    const raw = words(SEED, DEAL_NONCE, 4000).filter((x) => x < limit).map((x) => x % n);
    const k = new Keystream(SEED);
    const drawn = Array.from({ length: 1000 }, () => k.below(n));
    expect(drawn).toEqual(raw.slice(0, 1000));
    expect(k.used).toBeGreaterThan(1500); // words were rejected, not folded in
    const six = new Keystream(SEED);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[six.below(6)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
  });

  it('draws again a word equal to the limit itself, and keeps the one just below it', () => {
    // A word at exactly the limit turns up once in 2^32 draws, so no count of draws shows it
    // kept; instead n is made from a word of the stream. For n > 2^31 the last whole multiple
    // of n below 2^32 is n itself: a stream whose next word is n must not hand out n % n = 0.
    const all = words(SEED, DEAL_NONCE, 64);
    const at = all.findIndex((x) => x > 2 ** 31);
    const n = all[at]!;
    expect(2 ** 32 - (2 ** 32 % n)).toBe(n); // the limit, as below() works it out
    const k = new Keystream(SEED, DEAL_NONCE, at);
    const next = all.slice(at + 1).find((x) => x < n)!;
    expect(k.below(n)).toBe(next);
    expect(k.used).toBe(at + 1 + all.slice(at + 1).indexOf(next) + 1);
    // One more and the same word is the largest one kept: it is handed out as it is.
    const kept = new Keystream(SEED, DEAL_NONCE, at);
    expect(kept.below(n + 1)).toBe(n);
    expect(kept.used).toBe(at + 1);
  });

  it('gives each bot decision (version, seat) a nonce of its own, never the deal\'s', () => {
    const first = (nonce: Uint8Array) => {
      const r = new Keystream(SEED, nonce);
      return [r.u32(), r.u32(), r.u32()];
    };
    expect(first(botNonce(0, 0))).toEqual(words(SEED, botNonce(0, 0), 3));
    const streams = [DEAL_NONCE, botNonce(0, 0), botNonce(1, 0), botNonce(0, 1), botNonce(7, 3)].map((n) => String(first(n)));
    expect(new Set(streams).size).toBe(streams.length);
    expect(seedOfInteger(1234)).toMatch(/^[0-9a-f]{64}$/);
    expect(seedOfInteger(1234)).toBe(seedOfInteger(1234));
    expect(seedOfInteger(1234)).not.toBe(seedOfInteger(1235));
    expect(seedOfInteger(-7)).not.toBe(seedOfInteger(7));
  });
});

describe('a deal from a hex seed', () => {
  const play = (g: GameState): GameState => {
    while (!g.over) step(g, { ...legalMoves(g)[0]!, seat: g.pending!.seat } as Action);
    return g;
  };

  it('is the same for the same seed, another for another, and keeps no key once dealt', () => {
    const a = createGame({ players: 4, seed: SEED });
    expect(createGame({ players: 4, seed: SEED })).toEqual(a);
    expect(createGame({ players: 4, seed: SEED.replace(/^0f/, '10') }).hands).not.toEqual(a.hands);
    expect(a.rng).toBeNull();
    expect(JSON.stringify(a)).not.toContain(SEED);
    expect(play(structuredClone(a))).toEqual(play(JSON.parse(JSON.stringify(a)) as GameState));
    // A shorter seed (128 bits) is a key too.
    expect(createGame({ players: 2, seed: SEED.slice(0, 32) }).rng).toBeNull();
  });

  it('waits for the location sides as plain JSON, then deals from where the stream stopped', () => {
    const g = createGame({ players: 3, seed: SEED, locations: 'choose' });
    expect(g.rng).toEqual({ key: SEED, used: expect.any(Number) });
    const choose = (s: GameState) => {
      while (s.pending?.kind === 'choose-side') step(s, { type: 'choose', option: s.pending.options[1]!, seat: s.pending.seat });
      return s;
    };
    const direct = choose(structuredClone(g));
    const stored = choose(JSON.parse(JSON.stringify(g)) as GameState);
    expect(stored).toEqual(direct);
    expect(direct.rng).toBeNull();
    expect(direct.hands.every((h) => h.length > 0)).toBe(true);
  });

  it('keeps an integer seed on mulberry32, its state in the game as before', () => {
    const g = createGame({ players: 2, seed: 7 });
    expect(typeof g.rng).toBe('number');
    expect(createGame({ players: 2, seed: 7 })).toEqual(g);
  });

  it.each(['', 'abc', SEED.toUpperCase(), `${SEED}00`, 'zz'.repeat(20)])('refuses the seed %j', (seed) => {
    expect(() => createGame({ players: 2, seed })).toThrow(SetupError);
  });
});
