// Seeded RNG whose whole state is one uint32 kept in GameState.rng, so a game
// replays identically anywhere (mulberry32).

export interface Rng { s: number }

export function next(r: Rng): number {
  let t = (r.s = (r.s + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [0, n). */
export const below = (r: Rng, n: number): number => Math.floor(next(r) * n);

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
