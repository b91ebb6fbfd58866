import { argError, flatValues } from '../args';

/** Column paths a user asked for ("email, title, contactLocation.city"), checked against the known ones. */
export function fieldsArg(arg: unknown, known: readonly string[], fallback: readonly string[]): string[] {
  const asked = flatValues(arg)
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (asked.length === 0) return [...fallback];
  const unknown = asked.filter((f) => !known.includes(f));
  if (unknown.length > 0) {
    const named = unknown.map((f) => `"${f}"`).join(', ');
    throw argError('fields', `unknown field ${named}. Known fields include: ${known.slice(0, 12).join(', ')}...`, 'known field names');
  }
  return asked;
}
