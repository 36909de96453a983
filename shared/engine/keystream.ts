// The deal's and the bots' randomness for new matches: a ChaCha20 keystream
// (RFC 8439) keyed with the match's 256-bit seed. Its words reveal nothing of
// the key, so seeing one's own hand does not let anyone predict the next card,
// as a 32-bit seed did (anyone could try them all against an opening hand).
import { chacha20 } from '@noble/ciphers/chacha.js';
import { chachaBlocks, wordsOf } from './chacha';

/** A seed of a new match: 32 to 64 lowercase hex digits (128 to 256 bits); new matches get 64. */
export const HEX_SEED = /^[0-9a-f]{32,64}$/;

// Each chacha20 call costs a few microseconds before its first block, so words are drawn a
// buffer at a time: 8 blocks first (a whole setup draws about a hundred words), then 64 at a
// time for the bots, whose searches draw thousands.
const FIRST_BLOCKS = 8;
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
  private words = new Uint32Array(FIRST_BLOCKS * 16);
  private i = 0;
  /** The block after the buffer's last. */
  private block: number;
  /** Words handed out so far (what a stored stream resumes from). */
  used: number;

  constructor(seed: string, nonce: Uint8Array = DEAL_NONCE, used = 0) {
    this.key = wordsOf(seedKey(seed));
    this.nonceWords = nonce === DEAL_NONCE ? DEAL_WORDS : wordsOf(nonce);
    this.used = used;
    this.block = Math.floor(used / 16);
    this.fill();
    this.i = used % 16;
  }

  private fill(): void {
    if (this.block > 0 && this.words.length < BLOCKS * 16) this.words = new Uint32Array(BLOCKS * 16);
    const blocks = this.words.length / 16;
    chachaBlocks(this.key, this.nonceWords, this.block, this.words, blocks);
    this.block += blocks;
    this.i = 0;
  }

  /** The next uniform 32-bit word. */
  u32(): number {
    if (this.i === this.words.length) this.fill();
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
