import { upgradeResearchJob } from '../../../shared/flow/research-upgrade';
import { runsOf, sheetByName, sheetNamed, writeBlock } from '../sheet-io';
import { emptyJob, fillParts, joinJob, splitJob, type JobHead } from './job-parts';
import type { EnrichmentJob } from './job-types';
import { fail } from '../errors';

export type { EnrichmentJob, JobLayout } from './job-types';

/**
 * Enrichment jobs are too large for properties (9 KB a value, 500 KB a store: 5,000 rows need about
 * 1 MB), and they hold no secret (the targets come from this sheet, the request ids are useless without
 * the credential). Decision: a job is stored in rows of a hidden sheet in the same spreadsheet: its head (row key =
 * the job's id) and its parts (job-parts.ts; key `id#t3`, `id#s3`), each text split over cells of 45,000
 * characters. A save writes only the rows whose text changed since this execution read or wrote them.
 */
export const STATE_SHEET = '_pds_jobs';
const CHUNK = 45000;
// A leading mark keeps every chunk plain text (a chunk may start with "-" or a digit).
const MARK = '~';
const FIXED = 4; // key, owner (heads only), updatedAt, chunk count

function stateSheet(create: boolean): GoogleAppsScript.Spreadsheet.Sheet | null {
  if (!create) return sheetByName(STATE_SHEET);
  return sheetNamed(STATE_SHEET, (sheet) => {
    // Hidden where the runtime offers it; the sheet only holds job state, never a secret.
    (sheet as unknown as { hideSheet?: () => void }).hideSheet?.();
  });
}

/** A stored key or chunk without its mark. */
const unmarked = (cell: unknown) => String(cell).slice(MARK.length);

/** Column A: each stored row's key (its mark taken off). */
function keys(sheet: GoogleAppsScript.Spreadsheet.Sheet): string[] {
  const last = sheet.getLastRow();
  return last === 0
    ? []
    : sheet
        .getRange(1, 1, last, 1)
        .getValues()
        .map((r) => unmarked(r[0]));
}

/**
 * The text of each stored row (head or part) as this execution last read or wrote it (a new execution starts
 * empty): a save writes only what differs from it, so a checkpoint costs the rows it changed, not the job.
 */
const known = new Map<string, string>();

const chunkCount = (text: string) => Math.ceil(text.length / CHUNK);

export function saveJob(job: EnrichmentJob): void {
  const { head, parts } = splitJob(job);
  // The head first, then the state parts, then the targets: a small job's checkpoint (head and state) is one block.
  const named = [...parts].sort(([a], [b]) => (a[0] === b[0] ? 0 : a[0] === 's' ? -1 : 1));
  const texts: [string, string][] = [[job.id, JSON.stringify(head)], ...named.map(([name, text]): [string, string] => [`${job.id}#${name}`, text])];
  const changed = texts.filter(([key, text]) => known.get(key) !== text);
  if (changed.length === 0) return;
  const sheet = stateSheet(true) as GoogleAppsScript.Spreadsheet.Sheet;
  const stored = keys(sheet);
  let next = stored.length + 1;
  const rows = changed.map(([key, text]) => {
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += CHUNK) chunks.push(MARK + text.slice(i, i + CHUNK));
    const at = stored.indexOf(key);
    const before = known.get(key);
    known.set(key, text);
    // Cover the old row's width too, so a shorter text leaves no stale chunk behind.
    const width = Math.max(FIXED + chunks.length, at < 0 ? 0 : before === undefined ? sheet.getLastColumn() : FIXED + chunkCount(before));
    const values: (string | number)[] = [MARK + key, key === job.id ? MARK + job.owner : '', Date.now(), chunks.length, ...chunks];
    return { row: at >= 0 ? at + 1 : next++, values, width };
  });
  const byRow = new Map(rows.map((r) => [r.row, r]));
  // Adjacent rows go in one setValues.
  for (const run of runsOf([...byRow.keys()])) {
    const block = run.map((row) => byRow.get(row)!);
    const width = Math.max(...block.map((r) => r.width));
    writeBlock(
      sheet,
      run[0],
      1,
      block.map((r) => r.values.concat(Array(width - r.values.length).fill(''))),
    );
  }
}

/**
 * The texts of the stored rows `prefix` + each of `wanted`, by their name in `wanted` (a row without text left out),
 * read in one getRange per run of adjacent rows; each text remembered as this execution's.
 */
function readRows(sheet: GoogleAppsScript.Spreadsheet.Sheet, stored: string[], wanted: readonly string[], prefix = ''): Map<string, string> {
  const rows = wanted.map((name) => stored.indexOf(prefix + name)).filter((i) => i >= 0);
  const width = sheet.getLastColumn();
  const out = new Map<string, string>();
  for (const run of runsOf(rows)) {
    for (const row of sheet.getRange(run[0] + 1, 1, run.length, width).getValues()) {
      // Its chunks joined; a row without a count of at least one chunk holds no text.
      const count = Number(row[3]);
      if (!Number.isInteger(count) || count < 1) continue;
      const key = unmarked(row[0]);
      const text = row
        .slice(FIXED, FIXED + count)
        .map(unmarked)
        .join('');
      out.set(key.slice(prefix.length), text);
      known.set(key, text);
    }
  }
  return out;
}

/**
 * The job `id`. A job stored with its parts' sums is read as its head alone (every per-row list a hole per row): the
 * execution then reads the parts of the slice it works on (loadParts), so it holds a slice, not the job (issue 29).
 * `whole`: every part now (a cancel re-numbers the job's rows; an earlier version's job is always read whole).
 */
export function loadJob(id: string, whole = false): EnrichmentJob | null {
  const sheet = stateSheet(false);
  return sheet ? readJob(sheet, keys(sheet), id, whole) : null;
}

/** loadJob with the state sheet's keys (column A) already read: a look over every job reads them once. */
function readJob(sheet: GoogleAppsScript.Spreadsheet.Sheet, stored: string[], id: string, whole: boolean): EnrichmentJob | null {
  if (!stored.includes(id)) return null;
  const headText = readRows(sheet, stored, [id]).get(id);
  let head: JobHead | EnrichmentJob;
  try {
    head = JSON.parse(headText ?? '') as JobHead | EnrichmentJob;
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null) return null;
  let job: EnrichmentJob | null;
  if (whole || !('store' in head) || !head.sums) {
    // Every part, or the job whole as an earlier version saved it.
    const prefix = `${id}#`;
    const parts = readRows(
      sheet,
      stored,
      stored.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)),
      prefix,
    );
    try {
      job = 'store' in head && head.store === 2 ? joinJob(head, parts) : (head as EnrichmentJob);
    } catch {
      return null;
    }
  } else job = emptyJob(head);
  // A job saved by the previous version (items without `phase`) reads as this version's; nothing is sent twice.
  if (job) job.research = upgradeResearchJob(job.research);
  return job;
}

/** Reads parts `wanted` of a job loaded by loadJob (those it does not hold yet); throws when one is missing. */
export function loadParts(job: EnrichmentJob, wanted: readonly number[]): void {
  const missing = wanted.filter((p) => job.partsIn && !job.partsIn.includes(p));
  if (missing.length === 0) return;
  const sheet = stateSheet(false);
  const names = missing.flatMap((p) => [`t${p}`, `s${p}`]);
  const parts = sheet ? readRows(sheet, keys(sheet), names, `${job.id}#`) : new Map<string, string>();
  if (!fillParts(job, parts, missing)) fail(`Part of the saved enrichment ${job.id} is missing from the sheet "${STATE_SHEET}".`);
}

/** Forgets what this execution read or wrote of the parts it let go of (dropParts), so it holds no copy of them. */
export function forgetParts(id: string, names: readonly string[]): void {
  for (const name of names) known.delete(`${id}#${name}`);
}

/** Forgets what this execution wrote or read of every part of job `id` (a new job's parts, just saved). */
export function forgetJobParts(id: string): void {
  for (const key of [...known.keys()]) if (key.startsWith(`${id}#`)) known.delete(key);
}

/**
 * Every job of `owner` (or everyone's) as its head alone when stored with sums (per-row lists empty, `partsIn` []),
 * so a run that looks for work reads each job's head row, not the job (issue 29); an earlier version's job whole.
 */
export function jobHeads(owner?: string): EnrichmentJob[] {
  const sheet = stateSheet(false);
  if (!sheet || sheet.getLastRow() === 0) return [];
  const both = sheet.getRange(1, 1, sheet.getLastRow(), 2).getValues();
  const stored = both.map((row) => unmarked(row[0]));
  return both
    .filter((row, i) => !stored[i].includes('#') && (owner === undefined || String(row[1]) === MARK + owner))
    .map((row) => readJob(sheet, stored, unmarked(row[0]), false))
    .filter((j): j is EnrichmentJob => j !== null);
}

/** Every job of this owner still in the state sheet (heads: see jobHeads). */
export function jobsOf(owner: string): EnrichmentJob[] {
  return jobHeads(owner);
}

/** Every job in the state sheet, whoever owns it, whole (only those of `sheetName` when given): rows under way in any of them must not be submitted again. */
export function allJobs(sheetName?: string): EnrichmentJob[] {
  return jobHeads()
    .filter((head) => sheetName === undefined || head.sheetName === sheetName)
    .map((head) => (head.partsIn ? loadJob(head.id, true) : head))
    .filter((j): j is EnrichmentJob => j !== null);
}

/** Deletes the job's head and parts (each run of adjacent rows at once, from the bottom so rows stay put). */
export function deleteJob(id: string): void {
  const sheet = stateSheet(false);
  if (!sheet) return;
  const stored = keys(sheet);
  const ofJob = (key: string) => key === id || key.startsWith(`${id}#`);
  for (let i = stored.length - 1; i >= 0; i--) {
    if (!ofJob(stored[i])) continue;
    let first = i;
    while (first > 0 && ofJob(stored[first - 1])) first--;
    sheet.deleteRows(first + 1, i - first + 1);
    for (let k = first; k <= i; k++) known.delete(stored[k]);
    i = first;
  }
}
