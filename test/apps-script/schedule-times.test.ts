/** Issue 12: a saved import's "daily at 7" / "weekly on Monday at 7" is 7:00 on the spreadsheet's clock, across DST. */
import { describeSchedule, nextRunAfter, scheduleArg } from '../../apps-script/src/imports/schedule-times';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => new Date(ms!).toISOString();

describe('schedule hours are on the spreadsheet time zone', () => {
  it('daily at 7 in New York is 11:00 UTC in summer and 12:00 UTC in winter', () => {
    const daily = scheduleArg({ every: 'day', hour: 7 }, 'America/New_York');
    expect(describeSchedule(daily)).toBe('daily at 07:00 America/New_York');
    expect(iso(nextRunAfter(daily, at('2026-07-01T08:00:00Z')))).toBe('2026-07-01T11:00:00.000Z');
    expect(iso(nextRunAfter(daily, at('2026-07-01T11:00:00Z')))).toBe('2026-07-02T11:00:00.000Z');
    expect(iso(nextRunAfter(daily, at('2026-12-01T08:00:00Z')))).toBe('2026-12-01T12:00:00.000Z');
  });

  it('across the spring-forward night the next 7:00 keeps the new offset', () => {
    const daily = scheduleArg({ every: 'day', hour: 7 }, 'America/New_York');
    // 2026-03-08 02:00 → 03:00 in New York: the day before, 7:00 was 12:00 UTC; that day it is 11:00 UTC.
    expect(iso(nextRunAfter(daily, at('2026-03-07T12:30:00Z')))).toBe('2026-03-08T11:00:00.000Z');
  });

  it('weekly on Monday at 9 in Tokyo (UTC+9) falls on Monday Tokyo time, Sunday in UTC', () => {
    const weekly = scheduleArg({ every: 'week', weekday: 1, hour: 9 }, 'Asia/Tokyo');
    // Wednesday 2026-11-25 in Tokyo: the next Monday 09:00 JST is Monday 2026-11-30 00:00 UTC.
    expect(iso(nextRunAfter(weekly, at('2026-11-25T03:00:00Z')))).toBe('2026-11-30T00:00:00.000Z');
    // At that very moment, the next one is a week later.
    expect(iso(nextRunAfter(weekly, at('2026-11-30T00:00:00Z')))).toBe('2026-12-07T00:00:00.000Z');
  });

  it('a schedule saved before zones were kept (no timeZone) stays UTC; an unknown zone name falls back to UTC', () => {
    expect(iso(nextRunAfter({ every: 'day', hour: 6 }, at('2026-11-23T05:00:00Z')))).toBe('2026-11-23T06:00:00.000Z');
    expect(scheduleArg({ every: 'day', hour: 6 }, 'Mars/Olympus')).toEqual({ every: 'day', hour: 6, timeZone: 'UTC' });
    expect(describeSchedule(scheduleArg({ every: 'day', hour: 6 }, 'Etc/UTC'))).toBe('daily at 06:00 UTC');
  });
});
