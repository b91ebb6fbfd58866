import type { Client } from '../client';
import { nowMs, type Flow } from '../effects';
import { ProspectingError } from '../errors';
import { chunk } from './chunk';
import { pollEntries } from './poll-entries';
import { applyPollItem, summarize, workingCopy, type ResearchJob } from './research-job';
import { errorInfo, ops } from './research-submit';
import { settleAll } from './parallel';
import { send } from './send';

/** Polls in a row that may leave an id out before it counts as lost (the service no longer knows it). */
const MAX_MISSED_POLLS = 3;

/** Where each pending request id sits in the job (an id can stand for several items: duplicates in one request). */
function pendingIndexes(job: ResearchJob): Map<string, number[]> {
  const indexesById = new Map<string, number[]>();
  job.items.forEach((item, i) => {
    if (!item.requestId || item.phase !== 'submitted') return;
    const found = indexesById.get(item.requestId);
    if (found) found.push(i);
    else indexesById.set(item.requestId, [i]);
  });
  return indexesById;
}

/** Takes in one poll answer; `indexesById` is built once per sweep (each answer names only its own ids). */
function applySweep(job: ResearchJob, indexesById: Map<string, number[]>, asked: string[], answer: unknown): void {
  const { items } = job;
  // As pending when this answer came: an item an earlier answer of the sweep finished is left as it is.
  const touched = new Set<number>();
  const live = (id: string) => (indexesById.get(id) ?? []).filter((i) => touched.has(i) || items[i].phase === 'submitted');
  const answered = new Set<string>();
  for (const entry of pollEntries(answer, asked)) {
    answered.add(entry.requestId);
    for (const i of live(entry.requestId)) {
      touched.add(i);
      // An item without a status still says what the service said (its own `message`), after why it could not be read.
      const said = entry.malformed && entry.message ? `${entry.malformed} The service said: ${entry.message}` : (entry.malformed ?? entry.message);
      const polled = { ...entry.raw, status: entry.status, message: said };
      items[i] = { ...applyPollItem(items[i], polled), missedPolls: 0 };
    }
  }
  for (const id of asked) {
    if (answered.has(id)) continue;
    for (const i of live(id)) {
      const item = items[i];
      const missed = (item.missedPolls ?? 0) + 1;
      items[i] =
        missed >= MAX_MISSED_POLLS
          ? {
              ...item,
              missedPolls: missed,
              // Given up by us, not the service's word: no service status.
              phase: 'finished',
              serviceStatus: null,
              status: 'missing',
              outcome: 'error',
              message: `The service left this request id out of ${missed} polls in a row; it no longer reports it.`,
            }
          : { ...item, missedPolls: missed };
    }
  }
}

/**
 * One poll sweep: every pending id, up to the poll limit per request, the requests sent side by side (a poll is
 * safe to repeat and its answers do not depend on order). Stops starting requests at `deadlineMs` (Apps Script's run
 * budget). A failure that outlasts the retries is kept on the job (`lastError`), not thrown: the pending ids stay,
 * and a later sweep picks them up, so the credits already spent are not lost.
 */
export function* pollSweep(client: Client, job: ResearchJob, deadlineMs = Infinity): Flow<ResearchJob> {
  const next = workingCopy(job);
  const sweeps = chunk(summarize(next).pendingRequestIds, client.settings.pollIdsLimit);
  const tasks = sweeps.map(
    (ids) =>
      function* (): Flow<unknown> {
        if ((yield* nowMs()) >= deadlineMs) return SKIPPED;
        return (yield* send(client, ops[next.kind].poll, { requestIds: ids })).data;
      },
  );
  const settled = yield* settleAll(tasks, client.settings.parallelRequests, true);
  const indexesById = pendingIndexes(next);
  settled.forEach((result, k) => {
    if (!result) return; // not started after a failure
    if (!result.ok) {
      if (!(result.error instanceof ProspectingError)) throw result.error;
      next.lastError ??= errorInfo(result.error);
      return;
    }
    if (result.value !== SKIPPED) applySweep(next, indexesById, sweeps[k], result.value);
  });
  return next;
}

/** A request not started because the deadline had passed. */
const SKIPPED = Symbol('skipped');
