import type { Client } from '../client';
import { nowMs, sleep, type Flow } from '../effects';
import { ProspectingError, ValidationError } from '../errors';
import { endpointKey } from '../request/build';
import { chunk } from './chunk';
import { applyPollItem, checkSavedJob, summarize, type ResearchJob } from './research-job';
import { describeValue } from '../validation/research-items';
import { readMaxCredits, readTimeLimitMs } from './research-limits';
import { checkpoint, errorInfo, ops, submitAll } from './research-submit';
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
  /** How messages name the cap (the n8n node says `Maximum Credits`); default `maxCredits`. */
  maxCreditsLabel?: string;
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

/** Takes in one poll answer: finished items, and ids the answer left out (counted, then given up on). */
type PolledEntry = { requestId?: unknown; status?: unknown; message?: unknown; contact?: unknown; company?: unknown };

function applySweep(job: ResearchJob, asked: string[], answer: unknown): void {
  const indexesById = new Map<string, number[]>();
  job.items.forEach((item, i) => {
    if (item.requestId && item.outcome === 'pending') indexesById.set(item.requestId, [...(indexesById.get(item.requestId) ?? []), i]);
  });
  const answered = new Set<string>();
  for (const raw of (Array.isArray(answer) ? answer : []) as PolledEntry[]) {
    // An entry the service garbled is skipped: its id counts as left out, and is given up after a few polls.
    if (typeof raw !== 'object' || raw === null || typeof raw.requestId !== 'string') continue;
    const status = typeof raw.status === 'string' ? raw.status : `unreadable status (${JSON.stringify(raw.status) ?? 'none'})`;
    const polled = { ...raw, requestId: raw.requestId, status, message: typeof raw.message === 'string' ? raw.message : null };
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
      applySweep(next, ids, reply.data);
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
  // Read before anything else: a cap or a limit that cannot be read refuses the run, nothing sent.
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) throw new ValidationError('Research: options: must be an object such as { waitForResults: true }. Nothing was sent.', [{ field: 'options', rule: 'must be an object' }]);
  if (typeof opts.waitForResults !== 'boolean') throw new ValidationError(`Research: waitForResults: must be true or false (got ${describeValue(opts.waitForResults)}). Nothing was sent.`, [{ field: 'waitForResults', rule: 'must be true or false' }]);
  if (opts.checkpointKey !== undefined && (typeof opts.checkpointKey !== 'string' || !opts.checkpointKey)) throw new ValidationError('Research: checkpointKey: must be non-empty text. Nothing was sent.', [{ field: 'checkpointKey', rule: 'must be non-empty text' }]);
  const maxCredits = readMaxCredits(opts.maxCredits, opts.maxCreditsLabel);
  readTimeLimitMs(opts.timeLimitMs);
  checkSavedJob(saved);
  const job: ResearchJob = { ...saved, lastError: null, items: saved.items.map((item) => ({ ...item })) };
  const startedAt = yield* nowMs();
  settleInterruptedSubmits(job);
  yield* submitAll(client, job, opts, { value: maxCredits, label: opts.maxCreditsLabel ?? 'maxCredits' });
  return opts.waitForResults && !job.lastError ? yield* pollAll(client, job, opts, startedAt) : job;
}
