// A token bucket in memory: `capacity` at once, refilled at `perSecond`. Losing one to an
// eviction only forgives a little; a flood never lets its object hibernate anyway.
export class Bucket {
  private tokens: number;
  private at: number;

  constructor(readonly capacity: number, readonly perSecond: number, now = Date.now()) {
    this.tokens = capacity;
    this.at = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Takes one token; false when there is none. */
  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whole seconds until the next token (at least 1). */
  retryAfterS(now = Date.now()): number {
    this.refill(now);
    if (this.perSecond <= 0) return 60;
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }

  /** Refilled to capacity: forgetting it loses nothing. */
  full(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}
