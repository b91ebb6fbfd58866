/**
 * The text content of a tool answer as the service writes it beside structuredContent (public reference, "Where the
 * tools' arguments are shown"): a human-readable markdown table, header and `--- | ---` rule without outer pipes, one
 * line per row, and for a list a "Pagination: total: N" footer. Cell text is written as is, newlines included (the
 * service's are; readers must not split a record on them); only `|` is escaped, so a cell cannot end early.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\|/g, '\\|');
}

function table(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (columns.length === 0) return 'No results.';
  const line = (cells: string[]) => cells.join(' | ');
  return [line(columns), line(columns.map(() => '---')), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n');
}

function totalOf(structured: Record<string, unknown>, shown: number): number {
  const paging = structured.pagination;
  return isRecord(paging) && typeof paging.total === 'number' ? paging.total : shown;
}

export function markdownOf(structured: Record<string, unknown>): string {
  const { results } = structured;
  if (!Array.isArray(results)) return table([structured]);
  const rows = results.filter(isRecord);
  return `${rows.length ? table(rows) : 'No results.'}\n\nPagination: total: ${totalOf(structured, rows.length)}`;
}
