import { cache, parsed, putJson } from './lookup-store';

/**
 * The look-up indexes cells wait for, by base key: what a build needs that the key does not say (the function, the
 * lookback, the fields). A cell that answers "still reading" notes its index here; the sidebar's job reads the
 * noted indexes at the rate bound (sidebar/lookup-job.ts), and forgets one once it is read.
 */
export type Wanted = Record<string, [fn: string, days: number, columns: string[]]>;

const WANTED_KEY = 'pds.lookup.wanted';

export function wanted(): Wanted {
  return parsed<Wanted>(cache().get(WANTED_KEY)) ?? {};
}

/** Notes `base` (one cache read; a write only when it is new). */
export function want(base: string, what: Wanted[string]): void {
  const all = wanted();
  if (!all[base]) putJson(WANTED_KEY, { ...all, [base]: what });
}

export function unwant(base: string): void {
  const { [base]: _gone, ...rest } = wanted();
  putJson(WANTED_KEY, rest);
}
