/**
 * Wall-clock time in an IANA time zone (the spreadsheet's), with Intl, which Apps Script's V8 carries with its time
 * zone data. A schedule "daily at 7" means 7:00 where the spreadsheet's users are, across daylight-saving changes.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

/** Weekdays by number (0 = Sunday), as Intl names them in en-US and as the sidebar shows a schedule. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function wallClock(ms: number, timeZone: string): WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'long',
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's clock reads year-month-day hour:00 (day may overflow: day 32 is the next month's first). An
 * hour skipped by a daylight-saving jump resolves to the same UTC offset as before the jump (one hour later on the
 * clock), an hour repeated resolves to its first occurrence.
 */
export function instantAt(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetMs(asUtc, timeZone);
  return asUtc - offsetMs(first, timeZone);
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
