import { describeValue } from '../validation/research-items';
import { refusal } from './refusal';

/**
 * Reads a credit cap. A cap that cannot be read refuses the run (the guard must never be off by accident):
 * `undefined` means no cap; a whole number 0 or more is the cap; whole-number text such as "5" is read as
 * 5, since n8n expressions and sheet cells hand numbers over as text (DECISIONS: research limits). NaN,
 * "five", "5.5", -1, null, objects, lists and booleans are refused, naming the field.
 */
export function readMaxCredits(value: unknown, field = 'maxCredits', context = 'Research'): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) {
    const rule = 'must be a whole number of credits, 0 or more';
    throw refusal(context, field, rule, describeValue(value));
  }
  return n;
}

/** A time limit in milliseconds: a positive finite number, or absent (no limit). */
export function readTimeLimitMs(value: unknown, field = 'timeLimitMs', context = 'Research'): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    const rule = 'must be a number of milliseconds, 0 or more';
    throw refusal(context, field, rule, describeValue(value));
  }
  return value;
}
