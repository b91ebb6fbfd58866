import { refuse } from '../sidebar/inputs';
import type { ImportSchedule } from './types';
import { instantAt, isTimeZone, wallClock, WEEKDAYS } from './zoned-time';

const HOUR = 3_600_000;

/** `value` when it is a whole number from 0 to `max`; else refused, naming `field` and `rule`. */
function wholeUpTo(value: unknown, max: number, field: string, rule: string): number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? (value as number) : refuse(field, rule);
}

/**
 * A schedule as the sidebar sends it, checked: hourly, daily at an hour (0-23), weekly on a weekday (0 = Sunday) at an
 * hour, or never. Hours are on the clock of `timeZone` (the spreadsheet's zone, which the schedule keeps).
 */
export function scheduleArg(value: unknown, timeZone = 'UTC'): ImportSchedule {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  if (!value || typeof value !== 'object') refuse('schedule', 'must be an object such as {"every": "day", "hour": 7}');
  const s = value as { every?: unknown; hour?: unknown; weekday?: unknown };
  const hour = () => wholeUpTo(s.hour, 23, 'schedule.hour', 'must be a whole hour from 0 to 23');
  switch (s.every) {
    case 'hour':
      return { every: 'hour' };
    case 'day':
      return { every: 'day', hour: hour(), timeZone: zone };
    case 'week': {
      const weekday = wholeUpTo(s.weekday, 6, 'schedule.weekday', 'must be 0 (Sunday) to 6 (Saturday)');
      return { every: 'week', weekday, hour: hour(), timeZone: zone };
    }
    case 'never':
      return { every: 'never' };
    default:
      return refuse('schedule.every', 'must be hour, day, week or never');
  }
}

/**
 * When the schedule runs next after `after` (ms). The dispatcher fires hourly (add-on time triggers may not
 * run more often), so a run falls due at the first firing at or after this time. Hours are on the schedule's zone.
 */
export function nextRunAfter(schedule: ImportSchedule, after: number): number | null {
  if (schedule.every === 'never') return null;
  if (schedule.every === 'hour') return after + HOUR;
  const zone = schedule.timeZone ?? 'UTC';
  const now = wallClock(after, zone);
  const onDay = (offsetDays: number) => instantAt(now.year, now.month, now.day + offsetDays, schedule.hour, zone);
  if (schedule.every === 'day') return onDay(0) > after ? onDay(0) : onDay(1);
  let days = (schedule.weekday - now.weekday + 7) % 7;
  if (days === 0 && onDay(0) <= after) days = 7;
  return onDay(days);
}

export function describeSchedule(schedule: ImportSchedule): string {
  const named = schedule.every === 'day' || schedule.every === 'week' ? (schedule.timeZone ?? 'UTC') : 'UTC';
  const zone = /^(Etc\/)?(UTC|GMT|UCT|Zulu)$/.test(named) ? 'UTC' : named;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00 ${zone}`;
  if (schedule.every === 'hour') return 'hourly';
  if (schedule.every === 'day') return `daily at ${hh(schedule.hour)}`;
  if (schedule.every === 'week') return `weekly on ${WEEKDAYS[schedule.weekday]} at ${hh(schedule.hour)}`;
  return 'not scheduled';
}
