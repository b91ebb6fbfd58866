import { timeLeft } from '../budget';
import { afterWindow } from '../../../shared/flow/incremental-read';
import type { Client, Flow } from '../../../shared';
import { sheetNamed } from '../sheet-io';
import { clearForOverwrite, writeRecords, writesKeyless } from './output';
import { columnsOf, readPage, resolveSavedSearchKind } from './sources';
import type { ImportQuery, ImportReport, ImportTarget, RunState } from './types';

type Run = <T>(flow: Flow<T>) => T;

export interface ImportRun {
  name: string;
  query: ImportQuery;
  target: ImportTarget;
  /** org sources: where the window starts (the end of the last finished run), null for the lookback. */
  orgFrom: string | null;
}

export interface ImportProgress {
  report: ImportReport;
  /** Null when the run finished; otherwise where the next one resumes. */
  state: RunState | null;
  /** org sources: where the next run's window starts, once this one finished. */
  orgFrom: string | null;
  query: ImportQuery;
}

/**
 * Runs (or resumes) one import until it is read to its end or the deadline: page by page, each page written
 * before `checkpoint` saves the cursor after it. A run cut between the two reads that page again, and the
 * output modes never write a key twice, so nothing is lost or doubled. `checkpoint` answers false to stop the run
 * (cancelled from the sidebar) after the page just written.
 */
export function runImport(
  client: Client,
  run: Run,
  job: ImportRun,
  resume: RunState | null,
  deadline: number,
  checkpoint: (p: ImportProgress) => boolean,
): ImportProgress {
  const query = { ...job.query };
  if (query.source === 'savedSearch' && !query.kind) query.kind = resolveSavedSearchKind(client, run, query.savedSearchId ?? '');
  const sheet = sheetNamed(job.target.sheetName);
  const state: RunState = resume ?? { startedAt: Date.now(), cursor: null, cleared: false, rowsRead: 0, appended: 0, updated: 0, requests: 0 };
  if (job.target.mode === 'overwrite' && !state.cleared) {
    clearForOverwrite(sheet);
    state.cleared = true;
  }
  const columns = columnsOf(query);
  const progress = (done: boolean, orgFrom: string | null): ImportProgress => ({
    report: {
      name: job.name,
      sheetName: job.target.sheetName,
      rowsRead: state.rowsRead,
      appended: state.appended,
      updated: state.updated,
      withoutKey: state.withoutKey ?? 0,
      keylessAppended: writesKeyless(job.target.mode, job.target.appendWithoutKey),
      requests: state.requests,
      complete: done,
    },
    state: done ? null : { ...state },
    orgFrom,
    query,
  });
  // overwrite re-reads the whole lookback each run; append and merge read only what changed since the last.
  let orgFrom = job.target.mode === 'overwrite' ? null : job.orgFrom;
  for (;;) {
    if (!timeLeft(deadline)) return progress(false, orgFrom);
    const page = readPage(client, run, query, state.cursor, state.rowsRead, orgFrom);
    const written = writeRecords(sheet, columns, page.rows, job.target.mode, job.target.key, job.target.appendWithoutKey);
    state.rowsRead += page.rows.length;
    state.appended += written.appended;
    state.updated += written.updated;
    state.withoutKey = (state.withoutKey ?? 0) + written.withoutKey;
    state.requests += page.requests;
    state.cursor = page.next;
    if (!page.next) {
      // An org window read to its end: the next run reads only what changed after it.
      if (page.at) orgFrom = afterWindow(page.at);
      const done = progress(true, orgFrom);
      checkpoint(done);
      return done;
    }
    if (!checkpoint(progress(false, orgFrom))) {
      const stopped = progress(true, orgFrom);
      return { ...stopped, report: { ...stopped.report, complete: false, cancelled: true } };
    }
  }
}
