import type { ResearchKind, ResearchTarget } from '../../../shared';
import { keyOf } from '../cells';
import { headerColumns, runsOf } from '../sheet-io';
import { readStatusCell, rowState, statusColumnOf } from '../research/columns';
import { ALIASES, rowsUnderWay, squash, targetOf } from '../research/targets';
import type { RunConditions } from './sheet-settings';
import { fail } from '../errors';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** On a company sheet `name` is the company's name. */
const COMPANY_ALIASES: Record<string, string[]> = {
  searchResultId: ALIASES.searchResultId,
  companyName: [...ALIASES.companyName, 'name', 'organization', 'organisation', 'account', 'accountname'],
  domain: [...ALIASES.domain, 'url', 'companywebsite'],
};

export interface SheetScan {
  /** One per distinct target, in row order: what is sent, at most one credit each. */
  targets: ResearchTarget[];
  /** The first row of each target. */
  rows: number[];
  /** Per target: later rows with the same target (written with its result, not paid again). */
  copies: number[][];
  invalid: { row: number; reason: string }[];
  /** Rows already done (status done or duplicate), or with any status when only unresearched rows are asked for. */
  alreadyDone: number;
  inProgress: number;
  /** Rows skipped because the chosen column holds a value. */
  notEmpty: number;
  /** Rows that qualified after the per-run credit cap was reached (left for a later run). */
  overCap: number;
  /** The last row looked at before the cap stopped the scan (all rows when no cap was reached). */
  lastExamined: number;
}

/** Where the research fields are read from on this sheet, by header name. */
function inputColumns(headers: Map<string, number>, kind: ResearchKind): Record<string, number> {
  const aliases = kind === 'companies' ? COMPANY_ALIASES : ALIASES;
  const column: Record<string, number> = {};
  for (const [name, col] of headers) {
    for (const [field, names] of Object.entries(aliases)) if (column[field] === undefined && names.includes(squash(name))) column[field] = col;
  }
  return column;
}

/** Text as a key compares it: lower-case, each run of spaces one space. */
function folded(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** Same company or contact twice in a sheet: one key, so it is researched (and paid) once. */
function targetKey(target: ResearchTarget): string {
  if ('searchResultId' in target) return `id:${target.searchResultId}`;
  if ('company' in target) {
    const domain = (target.company.domain ?? '')
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/[/?#].*$/, '');
    return domain ? `domain:${domain}` : `name:${folded(target.company.companyName ?? '')}`;
  }
  const c = target.contact as Record<string, string | undefined>;
  return `contact:${JSON.stringify(
    Object.keys(c)
      .sort()
      .map((k) => [k, folded(String(c[k]))]),
  )}`;
}

/**
 * Cells one read of the scan holds at most: a sheet as wide as a search import (51 columns) read whole at 20,000 rows
 * is a million cells, past the 128 MB an execution may hold (issue 29); blocks of rows keep the scan a block's size.
 */
const SCAN_CELLS = 100_000;

/**
 * Each of `rows` (ascending) with its cells in `columns` (ascending; the line is indexed by column − 1, other
 * columns left out), read a block of rows at a time. Google charges each cell read: a sheet as wide as a search
 * import holds 51 columns, of which the scan needs the few that name the target and the status.
 */
function* rowsRead(sheet: Sheet, rows: number[], columns: readonly number[]): Generator<[number, unknown[]]> {
  // Runs of adjacent columns, [first, count] each: one read per run.
  const runs = runsOf(columns).map((run) => [run[0], run.length]);
  const span = Math.max(1, Math.floor(SCAN_CELLS / Math.max(1, columns.length)));
  for (let i = 0; i < rows.length;) {
    const first = rows[i];
    let j = i;
    while (j < rows.length && rows[j] - first < span) j++;
    const height = rows[j - 1] - first + 1;
    const blocks = runs.map(([column, count]) => sheet.getRange(first, column, height, count).getValues());
    for (; i < j; i++) {
      const line: unknown[] = [];
      runs.forEach(([column, count], k) => {
        const values = blocks[k][rows[i] - first];
        for (let c = 0; c < count; c++) line[column - 1 + c] = values[c];
      });
      yield [rows[i], line];
    }
  }
}

const allColumns = (sheet: Sheet) => Array.from({ length: Math.max(1, sheet.getLastColumn()) }, (_, i) => i + 1);

/**
 * The rows of `rows` that an enrichment of this kind sends, under the run conditions: rows done or under way are
 * never sent again (nothing is paid twice), rows whose `onlyEmptyColumn` cell holds a value are skipped, and at
 * most `maxCredits` distinct targets are taken. Reads the sheet only (free).
 */
export function scanSheet(sheet: Sheet, rows: number[], kind: ResearchKind, conditions: RunConditions, dedupe = true): SheetScan {
  const scan: SheetScan = { targets: [], rows: [], copies: [], invalid: [], alreadyDone: 0, inProgress: 0, notEmpty: 0, overCap: 0, lastExamined: 0 };
  if (rows.length === 0) return scan;
  const headers = headerColumns(sheet);
  const column = inputColumns(headers, kind);
  const statusColumn = statusColumnOf(sheet, headers);
  let emptyColumn: number | undefined;
  if (conditions.onlyEmptyColumn) {
    emptyColumn = [...headers].find(([name]) => squash(name) === squash(conditions.onlyEmptyColumn))?.[1];
    if (emptyColumn === undefined) fail(`onlyEmptyColumn: no column of this sheet is named "${conditions.onlyEmptyColumn}". Nothing was sent.`);
  }
  const underWay = rowsUnderWay(sheet);
  const byKey = new Map<string, number>();
  const needed = [...new Set([...Object.values(column), statusColumn, emptyColumn])].filter((c): c is number => c !== undefined).sort((a, b) => a - b);
  // Rows blank in every column read: skipped when the whole row is blank, else not researchable (read whole after).
  const blank: number[] = [];
  for (const [row, line] of rowsRead(sheet, rows, needed)) {
    const said = statusColumn === undefined ? null : readStatusCell(line[statusColumn - 1]);
    const state = said ? rowState(said) : 'free';
    if (underWay(row) || state === 'under way') {
      scan.inProgress++;
      continue;
    }
    if (state === 'done' || (said && conditions.onlyNotResearched)) {
      scan.alreadyDone++;
      continue;
    }
    if (needed.every((c) => keyOf(line[c - 1]) === '')) {
      blank.push(row);
      continue;
    }
    if (emptyColumn !== undefined && keyOf(line[emptyColumn - 1]) !== '') {
      scan.notEmpty++;
      continue;
    }
    const cell = (field: string) => (column[field] === undefined ? '' : keyOf(line[column[field] - 1]));
    const target = targetOf(cell, column.searchResultId === undefined ? undefined : line[column.searchResultId - 1], kind);
    if (typeof target === 'string') {
      scan.invalid.push({ row, reason: target });
      continue;
    }
    const key = dedupe ? targetKey(target) : String(row);
    const seen = byKey.get(key);
    if (seen !== undefined) {
      scan.copies[seen].push(row);
      continue;
    }
    if (conditions.maxCredits !== null && scan.targets.length >= conditions.maxCredits) {
      scan.overCap++;
      continue;
    }
    byKey.set(key, scan.targets.length);
    scan.targets.push(target);
    scan.rows.push(row);
    scan.copies.push([]);
    scan.lastExamined = row;
  }
  // A row with nothing in the columns read has no target: its reason is that of empty cells.
  const reason = blank.length > 0 ? targetOf(() => '', undefined, kind) : null;
  if (typeof reason === 'string') {
    for (const [row, line] of rowsRead(sheet, blank, allColumns(sheet))) if (line.some((v) => keyOf(v) !== '')) scan.invalid.push({ row, reason });
    scan.invalid.sort((a, b) => a.row - b.row);
  }
  if (scan.overCap === 0) scan.lastExamined = rows[rows.length - 1];
  return scan;
}

/**
 * The fixed enrichment of selected rows: each row with a searchResultId or the contact fields becomes one target
 * (the same contact twice is sent twice: the service answers the second as a free duplicate). Rows done or under
 * way are skipped, so nothing is paid for twice; rows that cannot be researched are reported with the reason.
 */
export function scanTargets(selection: { sheet: Sheet; rows: number[] }): SheetScan {
  return scanSheet(selection.sheet, selection.rows, 'contacts', { onlyEmptyColumn: '', onlyNotResearched: false, maxCredits: null }, false);
}
