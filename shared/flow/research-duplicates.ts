/**
 * Duplicates with their record. The service answers `duplicate` for a person or company the organization
 * researched recently, with the earlier record; but while that earlier research is still running (in the same run,
 * or another), the duplicate's poll answer carries no record. Within the run's time limit, each such item gets the
 * earlier record:
 * 1. from the same run: an item with the same target that finished with a record (no request);
 * 2. else by polling the duplicate's own request id again every poll interval: the service gives the record once
 *    the earlier research has ended.
 * A duplicate still without a record when the time is up (or when polling fails) is listed in `missing`, with why.
 */
import type { Client } from '../client';
import { nowMs, sleep, type Flow } from '../effects';
import { ProspectingError } from '../errors';
import { chunk } from './chunk';
import { isObject, isObjectOrList } from './is-object';
import type { ResearchItem, ResearchJob, ResearchTarget } from './research-job';
import { ops } from './research-submit';
import { send } from './send';

export interface DuplicateRecords {
  job: ResearchJob;
  /** Item index → why that duplicate has no record. */
  missing: Map<number, string>;
}

/** One key per thing researched: the search result, or the identifiers given (case and order do not matter). */
export function targetKey(target: ResearchTarget): string {
  if ('searchResultId' in target) return `searchResultId:${target.searchResultId}`;
  const [form, fields] = 'contact' in target ? ['contact', target.contact] : ['company', target.company];
  const entries = Object.entries(fields as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v).trim().toLowerCase()])
    .sort(([a], [b]) => a.localeCompare(b));
  return `${form}:${JSON.stringify(entries)}`;
}

const needsRecord = (item: ResearchItem) => item.phase === 'finished' && item.outcome === 'duplicate' && item.record === null;

/** Gives each duplicate without a record the record of a finished item of the same target in this run. */
function fromSameRun(items: ResearchItem[]): void {
  const byTarget = new Map<string, Record<string, unknown>>();
  for (const item of items) if (item.record && item.phase === 'finished') byTarget.set(targetKey(item.target), item.record);
  items.forEach((item, i) => {
    const record = needsRecord(item) ? byTarget.get(targetKey(item.target)) : undefined;
    if (record) items[i] = { ...item, record };
  });
}

/** Takes the records a poll answer carries for the duplicates that lack one. */
function fromPollAnswer(items: ResearchItem[], answer: unknown): void {
  for (const entry of (Array.isArray(answer) ? answer : []) as Record<string, unknown>[]) {
    if (!isObjectOrList(entry) || typeof entry.requestId !== 'string') continue;
    const found = entry.contact ?? entry.company;
    if (!isObject(found)) continue;
    items.forEach((item, i) => {
      if (needsRecord(item) && item.requestId === entry.requestId) items[i] = { ...item, record: found as Record<string, unknown> };
    });
  }
}

/**
 * Fills in the records of duplicates (see the file's comment) until `deadlineMs`. Polls only request ids of
 * duplicates still without a record, up to the poll limit per request; polling is free and safe to repeat.
 */
export function* resolveDuplicateRecords(client: Client, job: ResearchJob, deadlineMs: number): Flow<DuplicateRecords> {
  const items = job.items.map((item) => ({ ...item }));
  const noun = job.kind === 'contacts' ? 'person' : 'company';
  fromSameRun(items);
  let failure: string | undefined;
  const waiting = () => [...new Set(items.filter((item) => needsRecord(item) && item.requestId).map((item) => item.requestId!))];
  while (waiting().length && failure === undefined && (yield* nowMs()) + client.settings.pollIntervalMs <= deadlineMs) {
    yield* sleep(client.settings.pollIntervalMs);
    for (const ids of chunk(waiting(), client.settings.pollIdsLimit)) {
      try {
        fromPollAnswer(items, (yield* send(client, ops[job.kind].poll, { requestIds: ids })).data);
      } catch (error) {
        if (!(error instanceof ProspectingError)) throw error;
        failure = `Could not read the earlier record: ${error.message}`;
        break;
      }
    }
    fromSameRun(items);
  }
  const missing = new Map<number, string>();
  items.forEach((item, i) => {
    if (!needsRecord(item)) return;
    missing.set(
      i,
      failure ??
        `The earlier research of this ${noun} was still running when the time limit ended, so its record is not here yet: ` +
          `read this request id again later (it then carries the record).`,
    );
  });
  return { job: { ...job, items }, missing };
}
