import { documentId } from '../budget';

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
 * The searches themselves are written once, in chunks beside the job.
 */
const CHUNK_CHARS = 8000;
const key = () => `pds.searchJob.${documentId()}`;
const props = () => PropertiesService.getUserProperties();

export function loadSearchJob(): SearchJob | null {
  const raw = props().getProperty(key());
  return raw ? (JSON.parse(raw) as SearchJob) : null;
}

export function saveSearchJob(job: SearchJob): void {
  props().setProperty(key(), JSON.stringify(job));
}

export function createSearchJob(job: Omit<SearchJob, 'chunks'>, searches: readonly JobSearch[]): SearchJob {
  deleteSearchJob();
  const chunks: string[] = [];
  const part: JobSearch[] = [];
  for (const s of searches) {
    if (part.length && JSON.stringify([...part, s]).length > CHUNK_CHARS) chunks.push(JSON.stringify(part.splice(0)));
    part.push(s);
  }
  chunks.push(JSON.stringify(part));
  props().setProperties(Object.fromEntries(chunks.map((c, i) => [`${key()}.${i}`, c])));
  const saved = { ...job, chunks: chunks.length };
  saveSearchJob(saved);
  return saved;
}

export function jobSearches(job: SearchJob): JobSearch[] {
  const all = props().getProperties();
  return Array.from({ length: job.chunks }, (_, i) => JSON.parse(all[`${key()}.${i}`] ?? '[]') as JobSearch[]).flat();
}

export function deleteSearchJob(): void {
  const job = loadSearchJob();
  for (let i = 0; job && i < job.chunks; i++) props().deleteProperty(`${key()}.${i}`);
  props().deleteProperty(key());
}
