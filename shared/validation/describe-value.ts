/** How a wrong value is described in a message: its type, or a short quote of a string. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : `the number ${v}`;
  if (typeof v === 'boolean') return `${v}`;
  if (typeof v === 'string') return v.length > 40 ? `text of ${v.length} characters` : JSON.stringify(v);
  return typeof v === 'object' ? 'an object' : typeof v;
}
