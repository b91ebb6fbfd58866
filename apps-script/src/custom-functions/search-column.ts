import { paginate, validate, ValidationError, type AnyOperation, type Client, type Flow } from '../../../shared';
import { settleAll } from '../../../shared/flow/parallel';
import { argError, filtersArg, intArg, isBlank } from '../args';
import { customFunctionCell, keyOf, type CellValue } from '../cells';
import { fail, userMessage } from '../errors';
import { recordRow } from '../sheet-io';
import type { Answering } from './answer';
import { BEYOND_RATE_BUDGET, isBeyondBudget, RANGE_WAIT_MS } from './search-budget';
import { readSearchRows, searchRowKeys, storeSearchRows } from './search-rows-cache';

/**
 * One formula for a column of searches: =PDS_SEARCH_CONTACTS(A2:A1001) runs one search per row of a one-column
 * range of filter texts, in one execution, side by side (fetchAll) and paced from the shared budget. New searches
 * start until STOP_STARTING_MS; rows the rate budget and the 30 s leave unanswered show BEYOND_RATE_BUDGET, and the
 * answered ones are cached each on its own, so the next recalculation asks only for the rest.
 */
/** New searches start until then; waits may last until RANGE_WAIT_MS. */
export const STOP_STARTING_MS = 17000;
export const MAX_SEARCH_ROWS = 2000;
export const NO_RESULTS = '(no results)';

type Outcome = { rows: CellValue[][] } | { error: string };

interface Search {
  text: string;
  input: Record<string, unknown>;
}

/** A range of one column is a column of searches; two columns are one search's name | value pairs. */
export function isSearchColumn(filters: unknown): filters is unknown[][] {
  return Array.isArray(filters) && filters.every((row) => Array.isArray(row) && row.length === 1);
}

/** Every row checked before anything is sent: empty rows only after the last filled one, each row a valid search. */
function searchesOf(op: AnyOperation, column: unknown[][]): Search[] {
  const texts = column.map((row) => keyOf(row[0]));
  let end = texts.length;
  while (end > 0 && isBlank(texts[end - 1])) end--;
  if (end === 0) throw argError('filters', 'no filter text', 'not empty');
  if (end > MAX_SEARCH_ROWS) throw argError('filters', `at most ${MAX_SEARCH_ROWS} rows (got ${end}); use the sidebar's job`, `≤ ${MAX_SEARCH_ROWS} rows`);
  const inputs = checkedInputs(op, texts.slice(0, end), (i) => `filters, row ${i + 1}`);
  return inputs.map((input, i) => ({ text: texts[i], input }));
}

/**
 * Searches' filter texts as the operation's inputs, each checked as the core checks it before sending; a bad one is
 * refused naming `where(i)` (a row of the range, a cell of the sheet).
 */
export function checkedInputs(op: AnyOperation, texts: readonly string[], where: (i: number) => string): Record<string, unknown>[] {
  return texts.map((text, i) => {
    try {
      if (!text) throw argError('filters', 'empty (empty rows may only follow the last filled one)', 'not empty');
      const input = filtersArg(text);
      validate(op.input, input, op.title);
      return input;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw argError(where(i), error.message.replace(/^filters: /, ''), error.issues[0]?.rule ?? 'valid filters');
    }
  });
}

/** One search, unless it is too late to start one; an answer the search itself refused is that row's error. */
function* searchOnce(client: Client, op: AnyOperation, columns: readonly string[], input: Record<string, unknown>, max: number, stopAt: number): Flow<Outcome> {
  if (((yield { kind: 'now' }) as number) >= stopAt) fail('rate limit asks to wait past the time left');
  try {
    const pages = yield* paginate<Record<string, unknown>>(client, op, input, { maxItems: max, limit: Math.min(max, 500) });
    return { rows: pages.items.slice(0, max).map((r) => recordRow(r, columns, customFunctionCell)) };
  } catch (error) {
    if (isBeyondBudget(error)) throw error;
    return { error: userMessage(error) };
  }
}

/** The column's table: a "search" column (the row's filter text) then the results, `limit` rows per search (default 1, so rows line up). */
export function searchColumn(a: Answering, op: AnyOperation, columns: readonly string[], filters: unknown[][], limit: unknown): CellValue[][] {
  const max = intArg(limit, 'limit', 1, 1, 100);
  const searches = searchesOf(op, filters);
  const started = Date.now();
  const stopAt = started + STOP_STARTING_MS;
  // The same filter text on several rows is one search.
  const unique = [...new Set(searches.map((s) => s.text))];
  const inputs = new Map(searches.map((s) => [s.text, s.input]));
  const keys = searchRowKeys(a.fn, a.client.identity, unique, max);
  const outcomes = new Map<string, Outcome>();
  readSearchRows(keys).forEach((rows, i) => rows && outcomes.set(unique[i], { rows }));
  const asked = unique.filter((t) => !outcomes.has(t));
  const tasks = asked.map((t) => () => searchOnce(a.client, op, columns, inputs.get(t)!, max, stopAt));
  const settled = a.run(settleAll(tasks, a.client.settings.parallelRequests, true), started + RANGE_WAIT_MS);
  const fresh: [string, CellValue[][]][] = [];
  settled.forEach((s, i) => {
    if (!s?.ok) return;
    outcomes.set(asked[i], s.value);
    if ('rows' in s.value) fresh.push([keys[unique.indexOf(asked[i])], s.value.rows]);
  });
  storeSearchRows(fresh, a.client.addOn.cacheTtlS);
  if (outcomes.size < unique.length || [...outcomes.values()].some((o) => 'error' in o)) a.incomplete();
  return layout(searches, outcomes, columns);
}

function layout(searches: readonly Search[], outcomes: Map<string, Outcome>, columns: readonly string[]): CellValue[][] {
  const pad = (row: CellValue[]) => [...row, ...Array<CellValue>(columns.length + 1 - row.length).fill('')];
  const out: CellValue[][] = [['search', ...columns]];
  for (const { text } of searches) {
    const o = outcomes.get(text);
    if (!o) out.push(pad([text, BEYOND_RATE_BUDGET]));
    else if ('error' in o) out.push(pad([text, `(error) ${o.error}`]));
    else if (o.rows.length === 0) out.push(pad([text, NO_RESULTS]));
    else for (const r of o.rows) out.push([text, ...r]);
  }
  return out;
}
