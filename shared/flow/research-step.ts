import type { Client } from '../client';
import { nowMs, type Flow } from '../effects';
import { checkSavedJob, indexesIn, summarize, workingCopy, type ResearchJob } from './research-job';
import { readMaxCredits } from './research-limits';
import { pollSweep } from './research-poll';
import { upgradeResearchJob } from './research-upgrade';
import { checkpoint, mark, submitAll, SUBMIT_FAILED, SUBMIT_UNKNOWN, type SubmitOptions } from './research-submit';

export interface ResearchStepOptions extends SubmitOptions {
  /** When the last poll sweep ran (epoch ms); null or absent: never, so a poll is due now. */
  lastPollAt?: number | null;
  /** Refuse, before sending, a submit that could spend more credits than this. */
  maxCredits?: number;
  /** How messages name the cap (the n8n node says `Maximum Credits`); default `maxCredits`. */
  maxCreditsLabel?: string;
}

export interface ResearchStep {
  job: ResearchJob;
  /** What the step did: sent the unsubmitted items, ran one poll sweep, or nothing (no poll due, past the deadline, complete). */
  did: 'submit' | 'poll' | 'nothing';
  /** When this step's poll sweep ran, else the `lastPollAt` it was given: what the next step is handed. */
  lastPollAt: number | null;
}

/**
 * A submit that was under way when a run was cut (Apps Script's time limit) may have been accepted: those
 * items become `unknown`, never resubmitted, so no credit is spent twice.
 */
function settleInterruptedSubmits(job: ResearchJob): void {
  mark(job, indexesIn(job, 'submitting'), {
    ...SUBMIT_UNKNOWN,
    message: 'A run stopped while these items were being submitted; they may have been accepted, so they were not sent again (no credit is spent twice).',
  });
}

/**
 * The credits ran out in an earlier step (some item failed for them) and the balance the service reported since
 * is 0: the items still unsubmitted would only be refused, so they fail now with the same message, nothing sent.
 * With no balance known (a new run) they are sent: a refusal accepts nothing, and the submit handles it.
 */
function failRestAfterCredits(client: Client, job: ResearchJob): void {
  const outOfCredits = job.items.find((item) => item.phase === 'failed' && item.errorCode === 'insufficientCredits');
  const balance = client.state.credits.balance;
  if (!outOfCredits || balance === null || balance > 0) return;
  mark(job, indexesIn(job, 'unsubmitted'), { ...SUBMIT_FAILED, message: outOfCredits.message, errorCode: 'insufficientCredits' });
}

const unsubmitted = (job: ResearchJob) => indexesIn(job, 'unsubmitted').length;

/**
 * Advances a research job by one step within a deadline: submits what was never submitted (as few requests as
 * the batch limit allows, none started after `deadlineMs`, a checkpoint before and after each), or, when
 * everything is submitted, runs one poll sweep if one is due (an interval after `lastPollAt`). The core's own
 * loop, the n8n node and every Sheets entry point call this; they keep only their I/O (saving, the sheet, a lock).
 * A failure that outlasts the retries is kept on the job (`lastError`), not thrown.
 */
export function* advanceResearch(client: Client, given: ResearchJob, opts: ResearchStepOptions = {}): Flow<ResearchStep> {
  const saved = upgradeResearchJob(given);
  checkSavedJob(saved);
  const maxCredits = readMaxCredits(opts.maxCredits, opts.maxCreditsLabel);
  const job = workingCopy(saved);
  const lastPollAt = opts.lastPollAt ?? null;
  settleInterruptedSubmits(job);
  failRestAfterCredits(client, job);
  const open = unsubmitted(job);
  if (open > 0) {
    yield* submitAll(client, job, opts, { value: maxCredits, label: opts.maxCreditsLabel ?? 'maxCredits' });
    return { job, did: unsubmitted(job) < open || job.lastError ? 'submit' : 'nothing', lastPollAt };
  }
  const idle: ResearchStep = { job, did: 'nothing', lastPollAt };
  if (summarize(job).pendingRequestIds.length === 0) return idle;
  if (lastPollAt !== null || opts.deadlineMs !== undefined) {
    const now = yield* nowMs();
    if (lastPollAt !== null && now - lastPollAt < client.settings.pollIntervalMs) return idle;
    if (opts.deadlineMs !== undefined && now >= opts.deadlineMs) return idle;
  }
  const polled = yield* pollSweep(client, job, opts.deadlineMs);
  yield* checkpoint(polled, opts);
  return { job: polled, did: 'poll', lastPollAt: yield* nowMs() };
}
