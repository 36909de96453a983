// The engine's and the bots' randomness. New matches draw from a ChaCha20
// keystream (keystream.ts). Mulberry32, a plain `{ s }` of one uint32, is kept
// only for games seeded with an integer (matches stored before, scenario
// files, tests), so those replay exactly as they always did.
import { Keystream } from './keystream';

/** Legacy: mulberry32's whole state. */
export interface Mulberry32 { s: number }
export type Rng = Mulberry32 | Keystream;

function mulberry32(r: Mulberry32): number {
  let t = (r.s = (r.s + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A number in [0, 1). */
export const next = (r: Rng): number => (r instanceof Keystream ? r.u32() / 4294967296 : mulberry32(r));

/** An integer in [0, n). */
export const below = (r: Rng, n: number): number => (r instanceof Keystream ? r.below(n) : Math.floor(mulberry32(r) * n));

/** Fisher–Yates, in place. */
export function shuffle<T>(r: Rng, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = below(r, i + 1);
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
  }
  return a;
}
