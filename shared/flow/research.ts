import type { Client } from '../client';
import { nowMs, sleep, type Flow } from '../effects';
import { ValidationError } from '../errors';
import { checkSavedJob, summarize, type ResearchJob } from './research-job';
import { describeValue } from '../validation/research-items';
import { readMaxCredits, readTimeLimitMs } from './research-limits';
import { refusal } from './refusal';
import { advanceResearch } from './research-step';
import { upgradeResearchJob } from './research-upgrade';
import { isObject } from './is-object';

export { pollSweep } from './research-poll';
export { advanceResearch, type ResearchStep, type ResearchStepOptions } from './research-step';

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

/** Polls every interval until every item is finished, the time limit, or a failure (kept on the job): one step each. */
function* pollAll(client: Client, job: ResearchJob, opts: ResearchRunOptions, startedAt: number): Flow<ResearchJob> {
  const interval = client.settings.pollIntervalMs;
  const deadline = opts.timeLimitMs === undefined ? Infinity : startedAt + opts.timeLimitMs;
  let current = job;
  while (summarize(current).pendingRequestIds.length > 0 && (yield* nowMs()) + interval <= deadline) {
    yield* sleep(interval);
    current = (yield* advanceResearch(client, current, { checkpointKey: opts.checkpointKey })).job;
    if (current.lastError) break;
  }
  return current;
}

/**
 * Research as one flow: chunk, submit, remember every request id, poll, and return the items in input
 * order with each one's status. Resuming with a saved job submits only what was never submitted and
 * polls only what is pending; duplicates and finished items are never resubmitted. Each submit and each
 * poll is one `advanceResearch` step, the same step the Sheets add-on takes.
 */
export function* runResearch(client: Client, saved: ResearchJob, opts: ResearchRunOptions): Flow<ResearchJob> {
  // Read before anything else: a cap or a limit that cannot be read refuses the run, nothing sent.
  if (!isObject(opts))
    throw new ValidationError('Research: options: must be an object such as { waitForResults: true }. Nothing was sent.', [
      { field: 'options', rule: 'must be an object' },
    ]);
  if (typeof opts.waitForResults !== 'boolean') throw refusal('Research', 'waitForResults', 'must be true or false', describeValue(opts.waitForResults));
  if (opts.checkpointKey !== undefined && (typeof opts.checkpointKey !== 'string' || !opts.checkpointKey))
    throw refusal('Research', 'checkpointKey', 'must be non-empty text');
  const maxCredits = readMaxCredits(opts.maxCredits, opts.maxCreditsLabel);
  readTimeLimitMs(opts.timeLimitMs);
  checkSavedJob(upgradeResearchJob(saved));
  const startedAt = yield* nowMs();
  // The first step submits; it polls nothing, since the first poll is due an interval after the start.
  const stepOptions = { checkpointKey: opts.checkpointKey, maxCredits, maxCreditsLabel: opts.maxCreditsLabel, lastPollAt: startedAt };
  const first = yield* advanceResearch(client, saved, stepOptions);
  return opts.waitForResults && !first.job.lastError ? yield* pollAll(client, first.job, opts, startedAt) : first.job;
}
