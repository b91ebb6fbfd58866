import { userProps } from './property-stores';

/**
 * The user properties every execution reads (settings, the stored credential), read with ONE getProperties() call
 * per execution. Each custom-function cell is its own execution, and Apps Script counts every properties call
 * against 50,000 a day: two getProperty calls per cell let three recalculations of a 10,000-cell column use the
 * day up. Globals live for one execution only, so the snapshot cannot outlive it; writes go through it.
 */
let snapshot: Record<string, string> | null = null;

export function userProperty(key: string): string | null {
  snapshot ??= userProps().getProperties();
  return snapshot[key] ?? null;
}

export function setUserProperty(key: string, value: string): void {
  userProps().setProperty(key, value);
  if (snapshot) snapshot[key] = value;
}

export function deleteUserProperty(key: string): void {
  userProps().deleteProperty(key);
  if (snapshot) delete snapshot[key];
}
