import { budgeted } from './budgeted';
import { answering } from '../custom-functions/answer';
import { companyKind, contactKind } from '../custom-functions/lookup';
import { buildPart } from '../custom-functions/lookup-build';
import { claim, release } from '../custom-functions/lookup-lease';
import { buildKey, cache, headKey, parsed, type BuildState } from '../custom-functions/lookup-store';
import { unwant, wanted } from '../custom-functions/lookup-wanted';
import { WAIT_REFUSED } from '../host';
import { activeBook } from '../sheet-io';

/**
 * Issue 29: an organization too big for cells to read in their 30 s. The sidebar's job reads the index the cells
 * noted (lookup-wanted.ts) in one execution at a time, holding the build's lease, so its pages come at the service's
 * rate instead of a few seconds per cell; the cells meanwhile answer from what it stored. Once read, the look-up
 * formulas are entered again so Sheets recalculates them: each answers from the index, no page read.
 */

/** One sidebar call reads this long, then the panel shows progress and calls again. */
const SLICE_MS = 90000;
/** Storing a round and answering the panel take this long at most. */
const STORE_MARGIN_MS = 10000;

export interface LookupJobProgress {
  /** Indexes still to read, this one included. */
  waiting: number;
  /** Records of the index being read, read so far. */
  records: number;
  /** Look-up formulas entered again (once an index is read). */
  refreshed: number;
}

/** One slice of the job: reads the first noted index until it is read or the slice ends. */
export function readLookupIndexNow(): LookupJobProgress {
  const all = Object.entries(wanted());
  if (!all.length) return { waiting: 0, records: 0, refreshed: 0 };
  const [base, [fn, days, columns]] = all[0];
  if (!cache().get(headKey(base))) readPart(base, fn, days, columns);
  const state = parsed<BuildState>(cache().get(buildKey(base)));
  if (!cache().get(headKey(base))) return { waiting: all.length, records: state?.records ?? 0, refreshed: 0 };
  unwant(base);
  return { waiting: all.length - 1, records: 0, refreshed: enterAgain(fn) };
}

/** Reads the index while the lease is this execution's (a cell that holds it ends within its 30 s: called again). */
function readPart(base: string, fn: string, days: number, columns: string[]): void {
  const { client, deadline } = budgeted(SLICE_MS);
  const claimed = claim(base, client.addOn.cacheTtlS * 1000);
  if (claimed.kind !== 'mine') return;
  const a = answering(fn, client, deadline, () => undefined);
  try {
    const kind = fn === 'PDS_LOOKUP_COMPANY' ? companyKind : contactKind;
    buildPart({ base, token: claimed.token, kind, a, days, columns }, 0, deadline - STORE_MARGIN_MS);
  } catch (error) {
    // A rate wait past the slice: what was stored stands, the next call goes on.
    if (!WAIT_REFUSED.test(String(error))) throw error;
  } finally {
    release(base, claimed.token);
  }
}

/**
 * Enters every `fn` formula of the workbook again (cleared, applied, entered) so Sheets recalculates them: a custom
 * function is recalculated only when its arguments change. Returns how many cells.
 */
function enterAgain(fn: string): number {
  const calls = new RegExp(`^=.*\\b${fn}\\s*\\(`, 'i');
  const cells = activeBook()
    .getSheets()
    // The data range starts at A1: formula (r, c) is the cell (r + 1, c + 1).
    .flatMap((sheet) =>
      sheet
        .getDataRange()
        .getFormulas()
        .flatMap((row, r) => row.flatMap((f, c) => (calls.test(f) ? [{ cell: sheet.getRange(r + 1, c + 1), f }] : []))),
    );
  cells.forEach(({ cell }) => cell.clearContent());
  SpreadsheetApp.flush();
  cells.forEach(({ cell, f }) => cell.setFormula(f));
  return cells.length;
}
