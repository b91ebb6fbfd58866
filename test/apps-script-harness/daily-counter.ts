import type { Clock } from './clock';

/**
 * A count per user and UTC day of the harness clock: how Apps Script's daily quotas are kept (URL Fetch calls,
 * property calls, trigger runtime). A new day starts from zero.
 */
export class DailyCounter {
  /** "user|YYYY-MM-DD" → amount counted. */
  private readonly counts = new Map<string, number>();
  constructor(private readonly clock: Clock) {}

  /** The key of today for `user` (taken when a run starts, a run past midnight counts on the day it started). */
  dayOf(user: string): string {
    return `${user}|${new Date(this.clock.now()).toISOString().slice(0, 10)}`;
  }

  today(user: string): number {
    return this.counts.get(this.dayOf(user)) ?? 0;
  }

  /** Adds `amount` to `day` (today by default). */
  add(user: string, amount: number, day = this.dayOf(user)): void {
    this.counts.set(day, (this.counts.get(day) ?? 0) + amount);
  }

  /** Counts one call, refusing it with `refusal` (counting nothing) past `perDay`. */
  countOne(user: string, perDay: number, refusal: () => Error): void {
    if (this.today(user) + 1 > perDay) throw refusal();
    this.add(user, 1);
  }

  clear(): void {
    this.counts.clear();
  }
}
