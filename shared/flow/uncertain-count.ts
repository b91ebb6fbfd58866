import type { HttpResponse } from '../effects';
import { isObject } from './is-object';

/**
 * Issue 21: a safe operation that reports a count (`lists.addContacts` → contactsAdded) and was repeated after an
 * attempt that may have acted counts only what the repeat changed. The result then says so instead of stating a
 * count that may be short: `countUncertain: true` and a sentence in `countNote`.
 */
export interface UncertainCount {
  countUncertain: true;
  countNote: string;
}

export function markUncertainCount(
  op: { title: string; countsUncertainAfterRepeat?: readonly string[] },
  response: HttpResponse,
  data: unknown,
): { data: unknown; warning: string | null } {
  const fields = op.countsUncertainAfterRepeat ?? [];
  if (!response.repeatOfMaybeActed || !fields.length || !isObject(data)) return { data, warning: null };
  const note = `${op.title}: repeated after an attempt that may have acted; ${fields.join(', ')} may be lower than what was done (read the record back).`;
  const marked: UncertainCount = { countUncertain: true, countNote: note };
  return { data: { ...data, ...marked }, warning: note };
}
