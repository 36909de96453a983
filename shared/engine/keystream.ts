// The deal's and the bots' randomness for new matches: a ChaCha20 keystream
// (RFC 8439) keyed with the match's 256-bit seed. Its words reveal nothing of
// the key, so seeing one's own hand does not let anyone predict the next card,
// as a 32-bit seed did (anyone could try them all against an opening hand).
import { chacha20 } from '@noble/ciphers/chacha.js';
import { chachaBlocks, wordsOf } from './chacha';

/** A seed of a new match: 32 to 64 lowercase hex digits (128 to 256 bits); new matches get 64. */
export const HEX_SEED = /^[0-9a-f]{32,64}$/;

// A young stream makes one block at a time into a one-block buffer: a whole setup draws 40 to 100
// words, so it makes no block it does not use, and 64 bytes is small enough for V8 to keep the
// array on its heap (a larger one costs a separate backing store per game). Past the first
// YOUNG blocks (the bots, whose searches draw thousands) it makes 64 at a time.
const YOUNG = 8;
const BLOCKS = 64;

/** The stream a game's setup draws from (createGame, then the deal once sides are chosen). */
export const DEAL_NONCE = new Uint8Array(12);
const DEAL_WORDS = new Uint32Array(3);

/** A bot's stream for one decision: distinct from the deal's and from every other decision's. */
export function botNonce(version: number, seat: number): Uint8Array {
  const n = new Uint8Array(12);
  const d = new DataView(n.buffer);
  n[0] = 0x62; // 'b': never the deal's all-zero nonce
  d.setUint32(4, version >>> 0, true);
  d.setUint32(8, seat >>> 0, true);
  return n;
}

/** The 32-byte key of a hex seed (a shorter seed is padded with leading zeros). */
export function seedKey(seed: string): Uint8Array {
  if (!HEX_SEED.test(seed)) throw new Error('a seed string is 32 to 64 lowercase hex digits');
  const hex = seed.padStart(64, '0');
  const digit = (i: number) => { const c = hex.charCodeAt(i); return c <= 57 ? c - 48 : c - 87; };
  const key = new Uint8Array(32);
  for (let i = 0; i < 32; i++) key[i] = (digit(2 * i) << 4) | digit(2 * i + 1);
  return key;
}

/**
 * The key of a hex seed as ChaCha20's eight little-endian words, read straight from the digits
 * (no byte array between, no second pass of the pattern): every game's deal starts here. The
 * same words as `wordsOf(seedKey(seed))`, and the same refusal of anything HEX_SEED refuses.
 */
export function seedWords(seed: string): Uint32Array {
  const n = seed.length;
  if (n < 32 || n > 64) throw new Error('a seed string is 32 to 64 lowercase hex digits');
  const pad = 64 - n; // leading zero digits
  const w = new Uint32Array(8);
  for (let i = 0; i < 64; i += 2) {
    let byte = 0;
    for (let j = i; j < i + 2; j++) {
      let d = 0;
      if (j >= pad) {
        const c = seed.charCodeAt(j - pad);
        if (c >= 48 && c <= 57) d = c - 48;
        else if (c >= 97 && c <= 102) d = c - 87;
        else throw new Error('a seed string is 32 to 64 lowercase hex digits');
      }
      byte = (byte << 4) | d;
    }
    const k = i >> 1; // the byte's index: word k >> 2, little-endian
    w[k >> 2] = w[k >> 2]! | (byte << ((k & 3) * 8));
  }
  return w;
}

/**
 * A 256-bit hex seed made from an integer, for what replays by number: old
 * matches' bots, the simulator, the benchmarks and tests. As weak as the
 * integer it comes from; real new matches get crypto.getRandomValues instead.
 */
export function seedOfInteger(n: number): string {
  const nonce = new Uint8Array(12);
  const d = new DataView(nonce.buffer);
  nonce[0] = 0x69; // 'i'
  d.setFloat64(4, n, true); // any safe integer, negative too
  const bytes = chacha20(new Uint8Array(32), nonce, new Uint8Array(32));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

export class Keystream {
  private readonly key: Uint32Array;
  private readonly nonceWords: Uint32Array;
  private words = new Uint32Array(16);
  private i = 0;
  /** Words made in the buffer. */
  private end = 0;
  /** The block after the buffer's last. */
  private block: number;
  /** Words handed out so far (what a stored stream resumes from). */
  used: number;

  constructor(seed: string, nonce: Uint8Array = DEAL_NONCE, used = 0) {
    this.key = seedWords(seed);
    this.nonceWords = nonce === DEAL_NONCE ? DEAL_WORDS : wordsOf(nonce);
    this.used = used;
    this.block = Math.floor(used / 16);
    this.fill();
    this.i = used % 16;
  }

  private fill(): void {
    const blocks = this.block < YOUNG ? 1 : BLOCKS;
    if (this.words.length < blocks * 16) this.words = new Uint32Array(blocks * 16);
    chachaBlocks(this.key, this.nonceWords, this.block, this.words, blocks);
    this.block += blocks;
    this.end = blocks * 16;
    this.i = 0;
  }

  /** The next uniform 32-bit word. */
  u32(): number {
    if (this.i === this.end) this.fill();
    this.used++;
    return this.words[this.i++]!;
  }

  /** A uniform integer in [0, n), 1 <= n <= 2^32: words past the last whole multiple of n are drawn again (no modulo bias). */
  below(n: number): number {
    const limit = 4294967296 - (4294967296 % n);
    let x = this.u32();
    while (x >= limit) x = this.u32();
    return x % n;
  }
}
