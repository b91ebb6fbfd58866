import { documentId } from '../budget';
import { readJson, userProps, writeJson } from '../property-stores';

/** One search of a job: its filter text and how many results it asks for. */
export type JobSearch = [text: string, limit: number];

/** Where a job of searches stands; saved after each search's rows are written. */
export interface SearchJob {
  kind: 'contacts' | 'companies';
  sheetName: string;
  total: number;
  /** The next search to run (0-based); every one before it is written. */
  next: number;
  /** Property chunks that hold the searches (a property holds at most 9 KB). */
  chunks: number;
  written: number;
  requests: number;
  /** Failed tries of the search at `next`; after a few its row says the error and the job goes on. */
  tries: number;
  error: string | null;
}

/**
 * The document's job of searches (one at a time), in user properties: the dispatcher trigger runs as this user.
 * The searches themselves are written once, as JSON text in parts beside the job (a property holds at most 9 KB:
 * 2,000 characters, whole code points, are at most 8 KB in UTF-8).
 */
const key = () => `pds.searchJob.${documentId()}`;

export function loadSearchJob(): SearchJob | null {
  return readJson<SearchJob>(userProps(), key());
}

export function saveSearchJob(job: SearchJob): void {
  writeJson(userProps(), key(), job);
}

export function createSearchJob(job: Omit<SearchJob, 'chunks'>, searches: readonly JobSearch[]): void {
  deleteSearchJob();
  const chunks = JSON.stringify(searches).match(/[\s\S]{1,2000}/gu) ?? [];
  userProps().setProperties(Object.fromEntries(chunks.map((c, i) => [`${key()}.${i}`, c])));
  saveSearchJob({ ...job, chunks: chunks.length });
}

export function jobSearches(job: SearchJob): JobSearch[] {
  const all = userProps().getProperties();
  return JSON.parse(Array.from({ length: job.chunks }, (_, i) => all[`${key()}.${i}`]).join('')) as JobSearch[];
}

export function deleteSearchJob(): void {
  const job = loadSearchJob();
  for (let i = 0; job && i < job.chunks; i++) userProps().deleteProperty(`${key()}.${i}`);
  userProps().deleteProperty(key());
}
