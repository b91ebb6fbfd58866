import { pollCompanyResearchOperation, pollContactResearchOperation, researchCompaniesOperation, researchContactsOperation } from '../catalogue/research';
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import { nowMs, storePut, type Flow } from '../effects';
import { AuthError, CreditsError, mayHaveActed, ProspectingError, RateLimitError, ValidationError } from '../errors';
import { chunk } from './chunk';
import { namedItems } from './research-refusal';
import type { ResearchItem, ResearchJob } from './research-job';
import { settleAll } from './parallel';
import { send } from './send';

/** What submitting needs of the run's options. */
export interface SubmitOptions {
  /** Save the job under this store key at every checkpoint. */
  checkpointKey?: string;
  /** Handed the job at every checkpoint (before a request is sent, after each answer): a target saves it its own way. */
  onCheckpoint?: (job: ResearchJob) => void;
  /** Epoch ms: no submit request is started at or after it; what is left stays unsubmitted for a later step. */
  deadlineMs?: number;
}

export const ops = {
  contacts: { submit: researchContactsOperation as AnyOperation, poll: pollContactResearchOperation as AnyOperation },
  companies: { submit: researchCompaniesOperation as AnyOperation, poll: pollCompanyResearchOperation as AnyOperation },
};

export function* checkpoint(job: ResearchJob, opts: SubmitOptions): Flow<void> {
  if (opts.checkpointKey) yield* storePut(opts.checkpointKey, JSON.stringify(job));
  opts.onCheckpoint?.(job);
}

/** Requests never mix search results with identifiers (spec: not both), so each kind of target is its own group. */
function submitGroups(job: ResearchJob, limit: number): number[][] {
  const bySearch: number[] = [];
  const byIdentity: number[] = [];
  job.items.forEach((item, index) => {
    if (item.phase !== 'unsubmitted') return;
    ('searchResultId' in item.target ? bySearch : byIdentity).push(index);
  });
  return [...chunk(bySearch, limit), ...chunk(byIdentity, limit)];
}

/** The target's own field for each body field its items go in. */
const TARGET_FIELD = { searchResultIds: 'searchResultId', contacts: 'contact', companies: 'company' } as const;

function bodyFor(job: ResearchJob, indexes: number[]): Record<string, unknown> {
  const field = sentField(job, indexes);
  const body: Record<string, unknown> = { [field]: indexes.map((i) => (job.items[i].target as Record<string, unknown>)[TARGET_FIELD[field]]) };
  if (field === 'contacts' && job.options.isJobChange !== undefined) body.isJobChange = job.options.isJobChange;
  if (job.options.skipDeduplicationCheck !== undefined) body.skipDeduplicationCheck = job.options.skipDeduplicationCheck;
  return body;
}

/** Back to waiting: a refused request accepted nothing, so its items are sent again later. */
const UNSUBMITTED = { phase: 'unsubmitted', status: 'unsubmitted' } as const;
/** May have been accepted (and charged): never sent again. */
export const SUBMIT_UNKNOWN = { phase: 'unknown', status: 'submit-unknown', outcome: 'unknown' } as const;
/** Never researched: the submit failed and accepted nothing (refused, no credits); `errorCode` says why. */
export const SUBMIT_FAILED = { phase: 'failed', status: 'submit-failed', outcome: 'error' } as const;

export function mark(job: ResearchJob, indexes: number[], patch: Partial<ResearchItem>): void {
  for (const i of indexes) job.items[i] = { ...job.items[i], ...patch };
}

export function errorInfo(error: ProspectingError): NonNullable<ResearchJob['lastError']> {
  return { message: error.message, code: error.code, status: error.status };
}

/** Items of one run the service refused one by one before the rest of their request is failed as a whole. */
const MAX_ITEM_REFUSALS = 20;
/** Credit refusals in one run before the rest is failed (each shrinks the request; a stale balance may need two). */
const MAX_CREDIT_REFUSALS = 5;

const refOf = (job: ResearchJob, i: number) => job.items[i].ref ?? `items[${i}]`;
/** `Research contacts`, `Research companies`: the submit operation's title. */
const titleOf = (job: ResearchJob) => ops[job.kind].submit.title;

/** The body field the items of a request go in (what a refusal's path starts with). */
function sentField(job: ResearchJob, indexes: number[]): keyof typeof TARGET_FIELD {
  return 'searchResultId' in job.items[indexes[0]].target ? 'searchResultIds' : job.kind;
}

/**
 * Takes in a 2xx submit answer: one request id per item, in item order (public reference). An answer
 * without ids, or with a different number of them, cannot be paired to the items: they may have been
 * accepted (and charged), so they become `unknown` and are never sent again. An item whose id is not
 * usable text is `unknown` alone.
 */
function settleAccepted(job: ResearchJob, indexes: number[], reply: { data: unknown; status: number }): void {
  const ids = Array.isArray(reply.data) ? (reply.data as unknown[]) : null;
  if (!ids || ids.length !== indexes.length) {
    const got = ids ? `${ids.length} request ids` : 'no list of request ids';
    mark(job, indexes, {
      ...SUBMIT_UNKNOWN,
      message:
        `${titleOf(job)}: the service accepted the request (HTTP ${reply.status}) but answered ${got} for ${indexes.length} items, so no ` +
        `result can be paired to an item. They may have been researched and charged; they were not sent again. Check in the service before trying ` +
        `again.`,
    });
    return;
  }
  indexes.forEach((i, k) => {
    const id = ids[k];
    if (typeof id === 'string' && id.trim() !== '') mark(job, [i], { phase: 'submitted', requestId: id, status: 'queued', outcome: 'pending' });
    else {
      mark(job, [i], {
        ...SUBMIT_UNKNOWN,
        message:
          `${titleOf(job)}: the service accepted the request but answered no usable request id for ${refOf(job, i)}. It may have been ` +
          `researched and charged; it was not sent again.`,
      });
    }
  });
}

function failForCredits(job: ResearchJob, indexes: number[], error: CreditsError): void {
  const why =
    error.code === 'insufficientCredits'
      ? ' Not researched: the research credits ran out before this item (the items before it, in input order, were submitted).'
      : '';
  mark(job, indexes, { ...SUBMIT_FAILED, message: `${error.message}${why}`, errorCode: error.code ?? 'credits' });
}

/**
 * How many items the balance covers after a credit refusal: fewer than were refused, no more than the
 * shortfall leaves, no more than the balance the service reported (X-PublicAPI-Credits on the refusal).
 */
function coverAfterRefusal(size: number, error: CreditsError, balance: number | null): number {
  let cover = size - 1;
  const needed = error.additionalCreditsNeeded;
  if (typeof needed === 'number' && needed > 0) cover = Math.min(cover, size - needed);
  if (balance !== null) cover = Math.min(cover, Math.floor(balance));
  return Math.max(0, cover);
}

/**
 * Submits every unsubmitted item in as few requests as the batch limit allows and records each request id
 * (saved before the first poll). A failure is kept on its items, never retried blindly: after an ambiguous
 * failure the items are marked `unknown`, not resubmitted, so no credit is spent twice. Two refusals are
 * answered by sending less, since a refused request accepted nothing: an item the service names as invalid
 * is taken out (failed with the service's words) and the rest sent again; a credit refusal sends what the
 * balance covers, in input order, and fails the rest with the credits error.
 */
export function* submitAll(client: Client, job: ResearchJob, opts: SubmitOptions, cap: { value: number | undefined; label: string }): Flow<void> {
  const maxCredits = cap.value;
  const { researchBatchLimit, parallelRequests } = client.settings;
  const queue = submitGroups(job, researchBatchLimit);
  const toSpend = queue.reduce((n, g) => n + g.length, 0);
  if (maxCredits !== undefined && toSpend > maxCredits) {
    throw new CreditsError(
      `Research: ${toSpend} items could spend up to ${toSpend} credits, more than the maximum of ${maxCredits} you set (${cap.label}). Nothing was sent.`,
      { additionalCreditsNeeded: toSpend - maxCredits },
      { code: 'maxCreditsExceeded', hint: 'Raise the maximum credits or research fewer items.' },
    );
  }
  let itemRefusals = 0;
  let creditRefusals = 0;
  // After a credit refusal: the items the balance is believed to cover, and the refusal the rest fail with.
  let allowance: number | null = null;
  let creditsError: CreditsError | null = null;
  while (queue.length > 0) {
    // Past the deadline nothing new is started: the rest stays unsubmitted, and a later step sends it.
    if (opts.deadlineMs !== undefined && (yield* nowMs()) >= opts.deadlineMs) break;
    let wave: number[][];
    if (allowance !== null && creditsError) {
      let indexes = queue.shift() as number[];
      if (allowance <= 0) {
        failForCredits(job, [indexes, ...queue].flat(), creditsError);
        break;
      }
      if (allowance < indexes.length) {
        queue.unshift(indexes.slice(allowance));
        indexes = indexes.slice(0, allowance);
      }
      wave = [indexes];
    } else wave = takeWave(queue, client.state.credits.balance, parallelRequests);
    // Saved before sending: if this run is cut mid-request, the next one knows these may be accepted.
    for (const indexes of wave) mark(job, indexes, { phase: 'submitting', status: 'submitting' });
    yield* checkpoint(job, opts);
    const before = client.state.credits;
    const settled = yield* settleAll(
      wave.map((indexes) => () => send(client, ops[job.kind].submit, bodyFor(job, indexes))),
      parallelRequests,
    );
    const again: number[][] = [];
    let stoppedBy: ProspectingError | null = null;
    let failRestWith: CreditsError | null = null;
    for (const [k, indexes] of wave.entries()) {
      const result = settled[k];
      if (result.ok) {
        settleAccepted(job, indexes, result.value);
        // The balance this answer reported (send replaces the credits state when the header is there), else our count.
        const { credits } = client.state;
        if (allowance !== null) allowance = credits !== before && credits.balance !== null ? credits.balance : allowance - indexes.length;
        continue;
      }
      const error = result.error;
      if (error instanceof AuthError || error instanceof RateLimitError) {
        // Nothing was accepted; the rest waits for a later run, which submits it then.
        mark(job, indexes, UNSUBMITTED);
        stoppedBy ??= error;
        continue;
      }
      if (error instanceof CreditsError) {
        // A refusal accepted nothing: send what the balance covers, fail the rest with the service's words.
        const cover =
          error.code === 'insufficientCredits' && creditRefusals < MAX_CREDIT_REFUSALS
            ? coverAfterRefusal(indexes.length, error, client.state.credits.balance)
            : 0;
        creditRefusals++;
        creditsError = error;
        allowance = cover;
        if (cover > 0) {
          mark(job, indexes, UNSUBMITTED);
          again.push(indexes);
        } else {
          // No license, or no credit at all: every remaining request would be refused the same way.
          failForCredits(job, indexes, error);
          failRestWith = error;
        }
        continue;
      }
      if (error instanceof ValidationError && itemRefusals < MAX_ITEM_REFUSALS) {
        const named = namedItems(error, sentField(job, indexes), indexes.length);
        if (named.length > 0 && named.length < indexes.length) {
          itemRefusals += named.length;
          const out = new Set(named.map((n) => n.position));
          for (const n of named) {
            const i = indexes[n.position];
            mark(job, [i], {
              ...SUBMIT_FAILED,
              errorCode: 'refused',
              message:
                `${titleOf(job)}: ${refOf(job, i)}: ${n.rule} (${error.status ? 'the service refused this item' : 'checked before sending'}; ` +
                `the other items were sent without it).`,
            });
          }
          const rest = indexes.filter((_, k) => !out.has(k));
          mark(job, rest, UNSUBMITTED);
          again.push(rest);
          continue;
        }
      }
      if (mayHaveActed(error)) {
        mark(job, indexes, {
          ...SUBMIT_UNKNOWN,
          message: `${(error as Error).message} These items may have been submitted; they were not sent again, so no credit is spent twice.`,
        });
      } else if (error instanceof ProspectingError) {
        mark(job, indexes, {
          ...SUBMIT_FAILED,
          message: renamed(job, indexes, error.message),
          errorCode: error.code,
        });
      } else throw error; // A host failure (time limit): the checkpoint says `submitting`.
    }
    queue.unshift(...again);
    if (stoppedBy) {
      mark(job, queue.flat(), UNSUBMITTED);
      job.lastError = errorInfo(stoppedBy);
    } else if (failRestWith) failForCredits(job, queue.flat(), failRestWith);
    yield* checkpoint(job, opts);
    if (stoppedBy || failRestWith) break;
  }
}

/**
 * The requests sent side by side next: the first in the queue, then more while the credit balance the service last
 * reported covers them all, so which items get the credits never depends on which request arrives first (the
 * input order holds). With no balance known yet, the first request goes alone and its answer tells it.
 */
function takeWave(queue: number[][], balance: number | null, parallel: number): number[][] {
  const wave = [queue.shift() as number[]];
  let items = wave[0].length;
  while (queue.length > 0 && wave.length < parallel && balance !== null && items + queue[0].length <= balance) {
    items += queue[0].length;
    wave.push(queue.shift() as number[]);
  }
  return wave;
}

/** A whole-request message names items by their place in the request: name the user's items instead. */
function renamed(job: ResearchJob, indexes: number[], message: string): string {
  return message.replace(/\b(contacts|companies|searchResultIds)\[(\d+)\]/g, (whole, _field: string, k: string) => {
    const i = indexes[Number(k)];
    return i === undefined ? whole : refOf(job, i);
  });
}
