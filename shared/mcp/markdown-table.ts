/**
 * Reads the service's human-readable tool answer (its text content, when a tool sends no structuredContent): a
 * markdown table, `a | b` header, `--- | ---` rule, one row per record, and a "Pagination: total: N" footer.
 *
 * The service writes cell text as is, so a value may hold a newline: a record is never split on one. Cells are
 * separated by " | "; a row ends at the newline just before the next row's first cell, so a newline inside a row's
 * last cell stays in that cell (the first column, the id, holds none). The footer is the total, never a row. Values
 * stay text (ids keep every digit); only JSON objects and arrays, true, false and empty cells (null) are read.
 */
export interface MarkdownAnswer {
  results: Record<string, unknown>[];
  pagination: { total: number };
}

const FOOTER = /^\s*Pagination:\s*total:\s*(\d+)\s*$/i;
const RULE = /^\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*$/;
const SEPARATOR = ' | ';

function valueOf(raw: string): unknown {
  const text = raw.replace(/\r$/, '').replace(/\\\|/g, '|');
  if (text === '') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the text itself.
    }
  }
  return text;
}

/** The body's cells, row by row, for a table of `width` columns. */
function rowsOf(body: string, width: number): string[][] {
  if (width === 1) return body.split('\n').map((line) => [line]);
  const tokens = body.split(SEPARATOR);
  const rows: string[][] = [];
  let row: string[] = [];
  tokens.forEach((token, i) => {
    if (row.length < width - 1) {
      row.push(token);
      return;
    }
    // The last cell; a further " | " before the row's end belongs to it.
    if (row.length === width - 1) row.push(token);
    else row[width - 1] += SEPARATOR + token;
    const cut = i === tokens.length - 1 ? -1 : row[width - 1].lastIndexOf('\n');
    if (cut < 0) return;
    // The next row's first cell follows the row's last newline.
    const next = row[width - 1].slice(cut + 1);
    row[width - 1] = row[width - 1].slice(0, cut);
    rows.push(row);
    row = [next];
  });
  if (row.length) rows.push(row);
  return rows;
}

/** The rows and total of a markdown answer, or null when the text is not one (no table and no footer). */
export function readMarkdownTable(text: string): MarkdownAnswer | null {
  const lines = text.split('\n');
  const footerAt = lines.findIndex((l) => FOOTER.test(l));
  const total = footerAt >= 0 ? Number(FOOTER.exec(lines[footerAt])![1]) : undefined;
  const table = footerAt >= 0 ? lines.slice(0, footerAt) : lines;
  const ruleAt = table.findIndex((l, i) => i > 0 && RULE.test(l) && table[i - 1].trim() !== '');
  if (ruleAt < 0) return total === undefined ? null : { results: [], pagination: { total } };
  const columns = table[ruleAt - 1].split(SEPARATOR).map((c) => c.trim());
  // Blank lines before the footer go; a row ending in an empty cell keeps its separator even if its space was trimmed.
  const body = table
    .slice(ruleAt + 1)
    .join('\n')
    .replace(/[\r\n]+$/, '')
    .replace(/ \|(?=\n|$)/g, SEPARATOR);
  const results = body === '' ? [] : rowsOf(body, columns.length).map((cells) => Object.fromEntries(columns.map((c, i) => [c, valueOf(cells[i] ?? '')])));
  return { results, pagination: { total: total ?? results.length } };
}
