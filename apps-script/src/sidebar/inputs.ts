import { argError, intArg } from '../args';

/**
 * Arguments of the sidebar's server functions as google.script.run hands them: any JSON value, whatever the
 * sidebar meant to send. Each check names the argument and the rule; nothing is read, written or sent before.
 */
export function refuse(name: string, rule: string): never {
  throw argError(name, `${rule}.`, rule);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** An object argument (a request, unless named otherwise): its properties are checked by the core or by the helpers below. */
export function requestArg<T extends object>(value: unknown, name = 'request'): T {
  if (!value || typeof value !== 'object' || Array.isArray(value)) refuse(name, `must be an object, not ${describe(value)}`);
  return value as T;
}

/** Optional text (an id, an address): text or a number as typed; blank is undefined. */
export function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') refuse(name, `must be text, not ${describe(value)}`);
  return value.trim() ? value : undefined;
}

/** Sheets refuses longer sheet names. */
const MAX_SHEET_NAME = 100;

/** A sheet name to write to: text of at most 100 characters; blank means the default. */
export function sheetNameArg(value: unknown, fallback: string, name = 'sheetName'): string {
  const text = optionalText(value, name)?.trim();
  if (!text) return fallback;
  if (text.length > MAX_SHEET_NAME) refuse(name, `must be at most ${MAX_SHEET_NAME} characters`);
  if (/[\u0000-\u001f]/.test(text)) refuse(name, 'must not contain line breaks or control characters');
  return text;
}

/** true or false (also as text); blank is the fallback. */
export function flagArg(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return refuse(name, `must be true or false, not ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describe(value)}`);
}

/** A whole number in a range (blank is the fallback), as the custom functions read theirs. */
export function countArg(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value !== undefined && value !== null && value !== '' && typeof value !== 'number' && typeof value !== 'string') {
    refuse(name, `must be a whole number from ${min} to ${max}, not ${describe(value)}`);
  }
  return intArg(value, name, fallback, min, max);
}
