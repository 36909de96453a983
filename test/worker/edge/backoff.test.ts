// The worker's memory of a match's churn refusals (worker/edge/backoff.ts): a client inside the
// window is told to wait what is left of it, and nothing once it has passed.
import { describe, expect, it } from 'vitest';
import { remember, waitLeft } from '../../../worker/edge/backoff';

describe('backoff windows', () => {
  it('answers what is left of a window for that match and address only, then forgets it', () => {
    const t = 1_000_000;
    expect(waitLeft('m1', '198.51.100.1', t)).toBe(0);
    remember('m1', '198.51.100.1', 3, t);
    expect(waitLeft('m1', '198.51.100.1', t)).toBe(3);
    expect(waitLeft('m1', '198.51.100.1', t + 1500)).toBe(2);
    expect(waitLeft('m2', '198.51.100.1', t)).toBe(0);
    expect(waitLeft('m1', '198.51.100.2', t)).toBe(0);
    expect(waitLeft('m1', '198.51.100.1', t + 3000)).toBe(0);
    // Gone once ended: a later, shorter window is not mistaken for the old one.
    remember('m1', '198.51.100.1', 1, t + 5000);
    expect(waitLeft('m1', '198.51.100.1', t + 5500)).toBe(1);
  });

  it('ignores a missing or bad Retry-After', () => {
    remember('m3', '198.51.100.3', Number(null), 0);
    remember('m3', '198.51.100.3', Number('soon'), 0);
    expect(waitLeft('m3', '198.51.100.3', 0)).toBe(0);
  });

  it('stays bounded however many addresses are refused', () => {
    const t = 2_000_000;
    for (let i = 0; i < 10_050; i++) remember('flood', `a${i}`, 60, t);
    // The newest are kept; the oldest made room.
    expect(waitLeft('flood', 'a10049', t)).toBe(60);
    expect(waitLeft('flood', 'a0', t)).toBe(0);
  });
});
