import { textCaps, maxInputDepth } from './limits';

export interface RawIssue {
  path: (string | number)[];
  rule: string;
}

/**
 * Checks that an input is data the request can carry, before any schema runs: no text over the general
 * cap (a megabyte name or id), no NaN or Infinity (JSON would turn them into null), no bigint, function
 * or symbol (JSON.stringify throws or drops them), no object that contains itself, no absurd nesting.
 * Finds at most one issue per path and stops after a few, so a huge input costs little.
 */
export function jsonSafetyIssues(input: unknown): RawIssue[] {
  const issues: RawIssue[] = [];
  const open = new Set<object>();
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (issues.length >= 5) return;
    if (typeof value === 'string') {
      if (value.length > textCaps.any) issues.push({ path, rule: `is too long: at most ${textCaps.any} characters (got ${value.length})` });
      return;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) issues.push({ path, rule: `must be a finite number (got ${String(value)})` });
      return;
    }
    if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
      issues.push({ path, rule: `must be text, a number, true/false, a list or an object (got a ${typeof value})` });
      return;
    }
    if (value === null || typeof value !== 'object' || value instanceof Date) return;
    if (open.has(value)) {
      issues.push({ path, rule: 'must be plain data: this object contains itself' });
      return;
    }
    if (path.length >= maxInputDepth) {
      issues.push({ path, rule: `is nested too deeply (more than ${maxInputDepth} levels)` });
      return;
    }
    open.add(value);
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], [...path, key]);
    open.delete(value);
  };
  visit(input, []);
  return issues;
}
