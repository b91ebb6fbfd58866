/**
 * The harness clock: real time plus an offset tests can move (to expire cache entries or make triggers due without
 * waiting). The offset lives in a SharedArrayBuffer so `Date.now()` inside running executions sees a move at once.
 * Utilities.sleep really waits, so it advances this clock by exactly the time slept.
 */
export class Clock {
  readonly shared = new SharedArrayBuffer(8);
  private readonly offset = new Float64Array(this.shared);

  now(): number {
    return Date.now() + this.offset[0];
  }
  date(): Date {
    return new Date(this.now());
  }
  /** Jump forward (or back, with a negative value) without waiting. */
  advance(ms: number): void {
    this.offset[0] += ms;
  }
  /** Make the harness clock read `at` now. */
  set(at: Date | number): void {
    this.offset[0] = (typeof at === 'number' ? at : at.getTime()) - Date.now();
  }
}
