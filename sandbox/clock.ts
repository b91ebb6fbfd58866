/**
 * Simulated time driven by real time: now() = Date.now() + offset. The admin API can move it forward,
 * so token expiry, research completion and rate windows can be tested without sleeping.
 */
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }
}
