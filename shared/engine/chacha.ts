// ChaCha20's block function (RFC 8439 §2.3), writing keystream words straight into a
// Uint32Array. The library's chacha20 is built for encrypting bytes: each call makes views,
// copies and XORs a zero buffer, which cost a game's setup more than the rounds themselves.
// Words are the state words, so they are the same on any platform (RFC: little-endian bytes).
// test/engine/rng.test.ts checks the stream against @noble/ciphers byte for byte.

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

/** `count` blocks from block number `counter` into `out` (16 words each), for an 8-word key and a 3-word nonce. */
export function chachaBlocks(key: Uint32Array, nonce: Uint32Array, counter: number, out: Uint32Array, count: number): void {
  const k0 = key[0]!, k1 = key[1]!, k2 = key[2]!, k3 = key[3]!, k4 = key[4]!, k5 = key[5]!, k6 = key[6]!, k7 = key[7]!;
  const n0 = nonce[0]!, n1 = nonce[1]!, n2 = nonce[2]!;
  for (let b = 0; b < count; b++) {
    const c = (counter + b) | 0;
    let x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
    let x4 = k0, x5 = k1, x6 = k2, x7 = k3, x8 = k4, x9 = k5, x10 = k6, x11 = k7;
    let x12 = c, x13 = n0, x14 = n1, x15 = n2;
    for (let r = 0; r < 10; r++) {
      // Columns.
      x0 = (x0 + x4) | 0; x12 = rotl(x12 ^ x0, 16); x8 = (x8 + x12) | 0; x4 = rotl(x4 ^ x8, 12);
      x0 = (x0 + x4) | 0; x12 = rotl(x12 ^ x0, 8); x8 = (x8 + x12) | 0; x4 = rotl(x4 ^ x8, 7);
      x1 = (x1 + x5) | 0; x13 = rotl(x13 ^ x1, 16); x9 = (x9 + x13) | 0; x5 = rotl(x5 ^ x9, 12);
      x1 = (x1 + x5) | 0; x13 = rotl(x13 ^ x1, 8); x9 = (x9 + x13) | 0; x5 = rotl(x5 ^ x9, 7);
      x2 = (x2 + x6) | 0; x14 = rotl(x14 ^ x2, 16); x10 = (x10 + x14) | 0; x6 = rotl(x6 ^ x10, 12);
      x2 = (x2 + x6) | 0; x14 = rotl(x14 ^ x2, 8); x10 = (x10 + x14) | 0; x6 = rotl(x6 ^ x10, 7);
      x3 = (x3 + x7) | 0; x15 = rotl(x15 ^ x3, 16); x11 = (x11 + x15) | 0; x7 = rotl(x7 ^ x11, 12);
      x3 = (x3 + x7) | 0; x15 = rotl(x15 ^ x3, 8); x11 = (x11 + x15) | 0; x7 = rotl(x7 ^ x11, 7);
      // Diagonals.
      x0 = (x0 + x5) | 0; x15 = rotl(x15 ^ x0, 16); x10 = (x10 + x15) | 0; x5 = rotl(x5 ^ x10, 12);
      x0 = (x0 + x5) | 0; x15 = rotl(x15 ^ x0, 8); x10 = (x10 + x15) | 0; x5 = rotl(x5 ^ x10, 7);
      x1 = (x1 + x6) | 0; x12 = rotl(x12 ^ x1, 16); x11 = (x11 + x12) | 0; x6 = rotl(x6 ^ x11, 12);
      x1 = (x1 + x6) | 0; x12 = rotl(x12 ^ x1, 8); x11 = (x11 + x12) | 0; x6 = rotl(x6 ^ x11, 7);
      x2 = (x2 + x7) | 0; x13 = rotl(x13 ^ x2, 16); x8 = (x8 + x13) | 0; x7 = rotl(x7 ^ x8, 12);
      x2 = (x2 + x7) | 0; x13 = rotl(x13 ^ x2, 8); x8 = (x8 + x13) | 0; x7 = rotl(x7 ^ x8, 7);
      x3 = (x3 + x4) | 0; x14 = rotl(x14 ^ x3, 16); x9 = (x9 + x14) | 0; x4 = rotl(x4 ^ x9, 12);
      x3 = (x3 + x4) | 0; x14 = rotl(x14 ^ x3, 8); x9 = (x9 + x14) | 0; x4 = rotl(x4 ^ x9, 7);
    }
    const o = b * 16;
    out[o] = x0 + 0x61707865; out[o + 1] = x1 + 0x3320646e; out[o + 2] = x2 + 0x79622d32; out[o + 3] = x3 + 0x6b206574;
    out[o + 4] = x4 + k0; out[o + 5] = x5 + k1; out[o + 6] = x6 + k2; out[o + 7] = x7 + k3;
    out[o + 8] = x8 + k4; out[o + 9] = x9 + k5; out[o + 10] = x10 + k6; out[o + 11] = x11 + k7;
    out[o + 12] = x12 + c; out[o + 13] = x13 + n0; out[o + 14] = x14 + n1; out[o + 15] = x15 + n2;
  }
}

/** Little-endian 32-bit words of a byte string whose length is a multiple of 4. */
export function wordsOf(bytes: Uint8Array): Uint32Array {
  const w = new Uint32Array(bytes.length >> 2);
  for (let i = 0; i < w.length; i++) {
    const j = i * 4;
    w[i] = bytes[j]! | (bytes[j + 1]! << 8) | (bytes[j + 2]! << 16) | (bytes[j + 3]! << 24);
  }
  return w;
}
