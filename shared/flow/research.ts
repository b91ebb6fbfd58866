import { pollCompanyResearchOperation, pollContactResearchOperation, researchCompaniesOperation, researchContactsOperation } from '../catalogue/research';
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import { nowMs, sleep, storePut, type Flow } from '../effects';
import { AuthError, CreditsError, NetworkError, ProspectingError, RateLimitError, ServerError, UnexpectedResponseError, ValidationError } from '../errors';
import { endpointKey } from '../request/build';
import { chunk } from './chunk';
import { applyPollItem, summarize, type ResearchItem, type ResearchJob } from './research-job';
import { send } from './send';

export interface ResearchRunOptions {
  /** false: submit and return the request ids; true: poll until every item is finished or the time limit. */
  waitForResults: boolean;
  /** Stop polling when the next poll would end after this long; what finished is returned, the rest stays pending. */
  timeLimitMs?: number;
  /** Refuse, before sending, a run that could spend more credits than this (every submitted item may cost one). */
  maxCredits?: number;
  /** Save the job under this store key after every submit and poll. */
  checkpointKey?: string;
}

const ops = {
  contacts: { submit: researchContactsOperation as AnyOperation, poll: pollContactResearchOperation as AnyOperation },
  companies: { submit: researchCompaniesOperation as AnyOperation, poll: pollCompanyResearchOperation as AnyOperation },
};

function* checkpoint(job: ResearchJob, key: string | undefined): Flow<void> {
  if (key) yield* storePut(key, JSON.stringify(job));
}

/** Requests never mix search results with identifiers (spec: not both), so each kind of target is its own group. */
function submitGroups(job: ResearchJob, limit: number): number[][] {
  const bySearch: number[] = [];
  const byIdentity: number[] = [];
  job.items.forEach((item, index) => {
    if (item.outcome !== 'unsubmitted') return;
    ('searchResultId' in item.target ? bySearch : byIdentity).push(index);
  });
  return [...chunk(bySearch, limit), ...chunk(byIdentity, limit)];
}

function bodyFor(job: ResearchJob, indexes: number[]): Record<string, unknown> {
  const targets = indexes.map((i) => job.items[i].target);
  const body: Record<string, unknown> = {};
  if ('searchResultId' in targets[0]) body.searchResultIds = targets.map((t) => (t as { searchResultId: string }).searchResultId);
  else if (job.kind === 'contacts') {
    body.contacts = targets.map((t) => (t as { contact: unknown }).contact);
    if (job.options.isJobChange !== undefined) body.isJobChange = job.options.isJobChange;
  } else body.companies = targets.map((t) => (t as { company: unknown }).company);
  if (job.options.skipDeduplicationCheck !== undefined) body.skipDeduplicationCheck = job.options.skipDeduplicationCheck;
  return body;
}

function mark(job: ResearchJob, indexes: number[], patch: Partial<ResearchItem>): void {
  for (const i of indexes) job.items[i] = { ...job.items[i], ...patch };
}

function errorInfo(error: ProspectingError): NonNullable<ResearchJob['lastError']> {
  return { message: error.message, code: error.code, status: error.status };
}

/** Polls in a row that may leave an id out before it counts as lost (the service no longer knows it). */
const MAX_MISSED_POLLS = 3;

/**
 * A submit that was under way when a run was cut (Apps Script's time limit) may have been accepted: those
 * items become `unknown`, never resubmitted, so no credit is spent twice.
 */
function settleInterruptedSubmits(job: ResearchJob): void {
  job.items.forEach((item, i) => {
    if (item.status !== 'submitting') return;
    job.items[i] = {
      ...item,
      status: 'submit-unknown',
      outcome: 'unknown',
      message: 'A run stopped while these items were being submitted; they may have been accepted, so they were not sent again (no credit is spent twice).',
    };
  });
}

/**
 * Submits every unsubmitted item in as few requests as the batch limit allows and records each request id
 * (saved before the first poll). A failure is kept on its items, never retried blindly: after an ambiguous
 * failure the items are marked `unknown`, not resubmitted, so no credit is spent twice.
 */
function* submitAll(client: Client, job: ResearchJob, opts: ResearchRunOptions): Flow<void> {
  const groups = submitGroups(job, client.settings.researchBatchLimit);
  const toSpend = groups.reduce((n, g) => n + g.length, 0);
  if (opts.maxCredits !== undefined && toSpend > opts.maxCredits) {
    throw new CreditsError(
      `Research: ${toSpend} items could spend up to ${toSpend} credits, more than the maximum of ${opts.maxCredits} you set. Nothing was sent.`,
      { additionalCreditsNeeded: toSpend - opts.maxCredits },
      { code: 'maxCreditsExceeded', hint: 'Raise the maximum credits or research fewer items.' },
    );
  }
  for (const [n, indexes] of groups.entries()) {
    // Saved before sending: if this run is cut mid-request, the next one knows these may be accepted.
    mark(job, indexes, { status: 'submitting' });
    yield* checkpoint(job, opts.checkpointKey);
    try {
      const reply = yield* send(client, ops[job.kind].submit, bodyFor(job, indexes));
      const ids = reply.data as string[];
      if (ids.length !== indexes.length) {
        throw new UnexpectedResponseError(`Research: sent ${indexes.length} items but the service answered ${ids.length} request ids.`);
      }
      indexes.forEach((itemIndex, k) => (job.items[itemIndex] = { ...job.items[itemIndex], requestId: ids[k], status: 'queued', outcome: 'pending' }));
    } catch (error) {
      if (error instanceof AuthError || error instanceof RateLimitError) {
        // Nothing was accepted; the rest waits for a later run, which submits it then.
        mark(job, groups.slice(n).flat(), { status: 'unsubmitted' });
        job.lastError = errorInfo(error);
        yield* checkpoint(job, opts.checkpointKey);
        return;
      }
      if (error instanceof CreditsError) {
        // No credits or no license: the remaining groups would be refused the same way.
        const rest = groups.slice(n).flat();
        mark(job, rest, { status: 'submit-failed', outcome: 'error', message: error.message });
        break;
      }
      const ambiguous = (error instanceof NetworkError && error.maybeSent) || error instanceof ServerError || error instanceof UnexpectedResponseError;
      if (ambiguous) {
        mark(job, indexes, {
          status: 'submit-unknown',
          outcome: 'unknown',
          message: `${(error as Error).message} These items may have been submitted; they were not sent again, so no credit is spent twice.`,
        });
      } else if (error instanceof ValidationError || error instanceof ProspectingError) {
        mark(job, indexes, { status: 'submit-failed', outcome: 'error', message: error.message });
      } else throw error; // A host failure (time limit): the checkpoint says `submitting`.
    }
    yield* checkpoint(job, opts.checkpointKey);
  }
}

/** Takes in one poll answer: finished items, and ids the answer left out (counted, then given up on). */
function applySweep(job: ResearchJob, asked: string[], answer: { requestId: string; status: string; message?: string | null }[]): void {
  const indexesById = new Map<string, number[]>();
  job.items.forEach((item, i) => {
    if (item.requestId && item.outcome === 'pending') indexesById.set(item.requestId, [...(indexesById.get(item.requestId) ?? []), i]);
  });
  const answered = new Set<string>();
  for (const polled of answer) {
    answered.add(polled.requestId);
    for (const i of indexesById.get(polled.requestId) ?? []) job.items[i] = { ...applyPollItem(job.items[i], polled), missedPolls: 0 };
  }
  for (const id of asked) {
    if (answered.has(id)) continue;
    for (const i of indexesById.get(id) ?? []) {
      const missed = (job.items[i].missedPolls ?? 0) + 1;
      job.items[i] =
        missed >= MAX_MISSED_POLLS
          ? { ...job.items[i], missedPolls: missed, status: 'missing', outcome: 'error', message: `The service left this request id out of ${missed} polls in a row; it no longer reports it.` }
          : { ...job.items[i], missedPolls: missed };
    }
  }
}

/**
 * One poll sweep: every pending id, up to the poll limit per request. Stops early at `deadlineMs` (Apps
 * Script's run budget). A failure that outlasts the retries is kept on the job (`lastError`), not thrown:
 * the pending ids stay, and a later sweep picks them up, so the credits already spent are not lost.
 */
export function* pollSweep(client: Client, job: ResearchJob, deadlineMs = Infinity): Flow<ResearchJob> {
  const next: ResearchJob = { ...job, lastError: null, items: job.items.map((item) => ({ ...item })) };
  for (const ids of chunk(summarize(next).pendingRequestIds, client.settings.pollIdsLimit)) {
    if ((yield* nowMs()) >= deadlineMs) break;
    try {
      const reply = yield* send(client, ops[next.kind].poll, { requestIds: ids });
      applySweep(next, ids, reply.data as { requestId: string; status: string; message?: string | null }[]);
    } catch (error) {
      if (!(error instanceof ProspectingError)) throw error;
      next.lastError = errorInfo(error);
      break;
    }
  }
  return next;
}

/** Polls every interval until every item is finished, the time limit, or a failure (kept on the job). */
function* pollAll(client: Client, job: ResearchJob, opts: ResearchRunOptions, startedAt: number): Flow<ResearchJob> {
  const interval = client.settings.pollIntervalMs;
  const deadline = opts.timeLimitMs === undefined ? Infinity : startedAt + opts.timeLimitMs;
  let current = job;
  while (summarize(current).pendingRequestIds.length > 0 && (yield* nowMs()) + interval <= deadline) {
    client.onEvent?.({ type: 'wait', endpoint: endpointKey(ops[job.kind].poll), ms: interval, reason: 'poll' });
    yield* sleep(interval);
    current = yield* pollSweep(client, current);
    yield* checkpoint(current, opts.checkpointKey);
    if (current.lastError) break;
  }
  return current;
}

/**
 * Research as one flow: chunk, submit, remember every request id, poll, and return the items in input
 * order with each one's status. Resuming with a saved job submits only what was never submitted and
 * polls only what is pending; duplicates and finished items are never resubmitted.
 */
export function* runResearch(client: Client, saved: ResearchJob, opts: ResearchRunOptions): Flow<ResearchJob> {
  const job: ResearchJob = { ...saved, lastError: null, items: saved.items.map((item) => ({ ...item })) };
  const startedAt = yield* nowMs();
  settleInterruptedSubmits(job);
  yield* submitAll(client, job, opts);
  return opts.waitForResults && !job.lastError ? yield* pollAll(client, job, opts, startedAt) : job;
}
