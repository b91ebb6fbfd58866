import { ifDocumentLockFree } from '../doc-lock';
import { timeLeft } from '../budget';
import type { Client, Flow } from '../../../shared';
import { filtersArg } from '../args';
import { userMessage } from '../errors';
import { rethrowTimeUp } from '../host';
import { clearForOverwrite, writeRecords } from '../imports/output';
import { columnsOf, readPage } from '../imports/sources';
import { sheetNamed } from '../sheet-io';
import { deleteSearchJob, jobSearches, loadSearchJob, saveSearchJob, type SearchJob } from './store';

type Run = <T>(flow: Flow<T>) => T;

/** The job as it stands (`next` searches done of `total`), complete or not. */
export interface SearchJobProgress extends SearchJob {
  complete: boolean;
  /** Another run (the sidebar or the trigger) is advancing the job right now. */
  busy?: boolean;
}

/** A search that failed this many times in a row is written with its error, and the job goes on. */
const MAX_TRIES = 3;
/** The key column: "<search number> #<result number>", text Sheets does not read as a number or a date. */
export const SEARCH_ROW = 'searchRow';

/**
 * Runs the document's job of searches on from where it stands until the deadline, one search at a time through the
 * imports' reader and writer (imports/sources.ts readPage, imports/output.ts writeRecords), paced by the client.
 * Each search's rows are written, merged by their searchRow key, before the job saves that it is done: a run cut
 * between the two writes the same rows again, never twice. The sidebar's polling and the hourly trigger both call
 * this; the document lock keeps them from running the same search at once.
 */
export function advanceSearchJob(client: Client, run: Run, deadline: number): SearchJobProgress | null {
  return ifDocumentLockFree(
    () => {
      const job = loadSearchJob();
      if (!job) return null;
      const searches = jobSearches(job);
      const sheet = sheetNamed(job.sheetName);
      const columns = [SEARCH_ROW, 'search', ...columnsOf({ source: 'search', kind: job.kind })];
      if (job.next === 0 && job.tries === 0) clearForOverwrite(sheet);
      while (job.next < job.total && timeLeft(deadline)) {
        const [text, limit] = searches[job.next];
        const n = job.next + 1;
        let rows: Record<string, unknown>[];
        try {
          const page = readPage(client, run, { source: 'search', kind: job.kind, filters: filtersArg(text), limit }, null, 0, null);
          job.requests += page.requests;
          rows = page.rows.map((r, k) => ({ ...r, [SEARCH_ROW]: `${n} #${k + 1}`, search: text }));
          if (rows.length === 0) rows = [{ [SEARCH_ROW]: `${n} #0`, search: text }];
        } catch (error) {
          rethrowTimeUp(error);
          job.error = `Search ${n}: ${userMessage(error)}`;
          if (++job.tries < MAX_TRIES) break;
          rows = [{ [SEARCH_ROW]: `${n} #0`, search: `${text} (not answered: ${job.error})` }];
        }
        job.written += writeRecords(sheet, columns, rows, 'merge', SEARCH_ROW).appended;
        job.next = n;
        job.tries = 0;
        saveSearchJob(job);
      }
      saveSearchJob(job);
      const complete = job.next >= job.total;
      if (complete) deleteSearchJob();
      return { ...job, complete };
    },
    () => {
      const saved = loadSearchJob();
      return saved && { ...saved, complete: false, busy: true };
    },
    1000,
  );
}

/** The dispatcher's part (triggers/jobs.ts): an unfinished job of searches goes on where it stands. */
export const searchJobSchedule = {
  name: 'searchJob',
  pending: () => loadSearchJob() !== null,
  run: ({ client, run, deadline }: { client: Client; run: Run; deadline: number }) => advanceSearchJob(client, run, deadline),
};
