// Figures for the benchmarks: percentiles over samples, printed the same way everywhere.

/** The p-th percentile (0-100) of the samples, nearest rank. */
export function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const median = (xs: number[]): number => pct(xs, 50);

export const ms = (x: number): string => `${x.toFixed(2)} ms`;

/** "ratio ≤ limit: met" lines for a target. */
export function verdict(label: string, value: number, base: number, limit: number): boolean {
  const ratio = value / base;
  const ok = ratio <= limit;
  console.log(`  ${label}: ${ratio.toFixed(2)}× the baseline (target ≤ ${limit}×): ${ok ? 'met' : 'NOT met'}`);
  return ok;
}
