import { timeLeft } from '../budget';
import { busyText, ifDocumentLockFree } from '../doc-lock';
import { newResearchJob, advanceResearch, type Client, type Flow, type ResearchJob, type ResearchStep, type ResearchSummary } from '../../../shared';
import { rethrowTimeUp } from '../host';
import { rowsOfItem, writeLayoutItems } from '../enrichment/layout-write';
import { resultRow } from './columns';
import { writeResultRows } from './result-write';
import { forgetParts, loadJob, loadParts, saveJob, type EnrichmentJob } from './job-store';
import { dropParts, PART_ROWS, partCount, partsOf, sumsOfPart } from './job-parts';
import { addSums, FINAL, partSums, sumOf, summaryOf, writtenCount, type PartSums, type SumKey } from './part-sums';
import { markCopiedRows } from './copied-rows';
import { keepResultsOfDeletedRows } from './recovery';
import { relocate } from './relocate';
import { sheetByName } from '../sheet-io';
import { fail } from '../errors';

export interface Progress extends ResearchSummary {
  jobId: string;
  sheetName: string;
  written: number;
  /** Research credits the service reported last (X-PublicAPI-Credits). */
  credits: number | null;
  setValuesCalls: number;
  /** Rows taken out by a cancel before they were sent. */
  cancelled: number;
  /** Paid results whose row was deleted during the run, kept in the sheet RECOVERY_SHEET (recovery.ts). */
  recovered: number;
  /** The step found the document busy: what holds it and when it ends. */
  running?: string;
  /**
   * In how many ms the job's next poll sweep is due (0: at once); absent when it is complete, when rows are still to
   * be sent, or when the document was busy. The sidebar polls then, not a fixed interval later: a start that ends
   * after its results are due is followed by the poll that writes them at once.
   */
  nextStepInMs?: number;
}

export interface StepRunner {
  run<T>(flow: Flow<T>): T;
  /** Epoch ms after which no new request is started. */
  deadline: number;
}

/**
 * Poll requests of one slice at most: a larger sweep is cut into slices of the items in order, each slice's results
 * written and the job saved before the next, so a 100,000-row job (1,000 poll requests) never holds every record at
 * once, and the sheet fills as it goes instead of at the end. 20 requests (2,000 records, two fetchAll rounds of 10):
 * 60 held 6,000 records (about 18 KB of heap each, answer and row written) and failed a 20,000-row job's first poll
 * under the 128 MB ceiling (issue 29).
 */
const SLICE_REQUESTS = 20;

/** Whether part `p` is saved but not in memory (its rows are holes; `sums` has its sums, one per part). */
const elsewhere = (job: EnrichmentJob, p: number) => !!job.partsIn && !job.partsIn.includes(p);

/** Parts not in memory whose sums say they hold `key` (rows to send, results to write). */
function partsWith(job: EnrichmentJob, key: SumKey): number[] {
  return (job.sums ?? []).flatMap((sums, p) => (elsewhere(job, p) && sumOf(sums, key) > 0 ? [p] : []));
}

/** The sums of the parts this execution does not hold. */
function sumsElsewhere(job: EnrichmentJob): PartSums {
  return (job.sums ?? []).reduce((all: PartSums, sums, p) => (elsewhere(job, p) ? addSums(all, sums) : all), []);
}

/** The items of the sweep's next slice: from where the last slice ended, up to SLICE_REQUESTS requests' worth of ids. */
function pollSlice(job: EnrichmentJob, idsPerRequest: number): [number, number] {
  const items = job.research.items;
  const from = (job.pollFrom ?? 0) < items.length ? (job.pollFrom ?? 0) : 0;
  const budget = SLICE_REQUESTS * idsPerRequest;
  let to = from;
  for (let ids = 0; to < items.length && ids < budget;) {
    const p = Math.floor(to / PART_ROWS);
    if (elsewhere(job, p)) {
      // A part not in memory is passed over by its sums when it fits whole; else it is read.
      const pending = sumOf(job.sums?.[p], 'pending');
      if (to === p * PART_ROWS && ids + pending < budget) {
        ids += pending;
        to = Math.min(items.length, to + PART_ROWS);
        continue;
      }
      loadParts(job, [p]);
    }
    if (items[to].phase === 'submitted') ids++;
    to++;
  }
  loadParts(job, partsOf(from, to));
  return [from, to];
}

/** What the steps of one execution tally: setValues calls, and when the service last answered a submit. */
interface StepTally {
  calls: number;
  answeredAt: number | null;
}

/**
 * One core step (advanceResearch) on the job: it submits what was never submitted, none started after the
 * deadline, or polls one slice of the sweep when a poll is due (the sweep's first slice an interval after the last
 * sweep, the others at once). At each of its checkpoints the job is saved here: before a request
 * is sent its items are saved as `submitting`, so if Apps Script cuts the run mid-request the next step settles
 * them as `unknown` and never sends them again (no row is paid for twice). Right after each answer, `queued` and
 * the request id are written beside the rows just accepted (one setValues), so the sheet shows they are under way.
 */
function step(client: Client, job: EnrichmentJob, r: StepRunner, written: StepTally): ResearchStep['did'] {
  const waiting = new Set(sendSlice(job, sendSliceRows(client)));
  // Nothing left to send: this step polls a slice, and its one checkpoint comes right after it.
  const polling = waiting.size === 0;
  const [from, to] = polling ? pollSlice(job, client.settings.pollIdsLimit) : sendRange(job, waiting);
  const ends = to >= job.research.items.length;
  // The job with the slice's items put back (the whole job is used as it is, as before slices).
  const all = from === 0 && ends;
  // concat, not spread: the rows of parts not in memory stay holes.
  const whole = (part: ResearchJob): ResearchJob =>
    all ? part : { ...part, items: job.research.items.slice(0, from).concat(part.items, job.research.items.slice(to)) };
  let checkpointed: ResearchJob | null = null;
  const onCheckpoint = (research: ResearchJob) => {
    checkpointed = research;
    job.research = whole(research);
    if (polling) {
      // The slice's results go to the sheet first, so the job is saved once, without the records just written.
      job.pollFrom = ends ? undefined : to;
      if (ends) job.lastPollAt = Date.now();
      written.calls += writeFinished(job);
      saveJob(job);
      return;
    }
    // A checkpoint after an answer: the research of the rows it accepted began then, not after the writes below.
    written.answeredAt = Date.now();
    saveJob(job);
    writeQueued(job, waiting);
  };
  const part = { ...job.research, items: job.research.items.slice(from, to) };
  // A slice after the first is due at once; the first waits an interval after the last sweep.
  const lastPollAt = from > 0 ? null : job.lastPollAt;
  const done = r.run(advanceResearch(client, part, { deadlineMs: r.deadline, lastPollAt, onCheckpoint }));
  // A slice's sweep was put back at its checkpoint, its written records dropped: not again from the step's copy.
  if (all || done.job !== checkpointed) job.research = whole(done.job);
  // A slice with nothing left to poll ends the sweep (else it would be due again at once, forever).
  if (polling && done.did === 'nothing' && !part.items.some((item) => item.phase === 'submitted')) job.pollFrom = undefined;
  // After a sweep, the time saved at its checkpoint stands (the saved job then needs no second write).
  if (!polling) job.lastPollAt = done.lastPollAt;
  // Auth, rate limit or polling failed after the retries: the job keeps the failure and is saved, so a later run
  // resumes it; stop rather than asking again at once.
  if (done.job.lastError) fail(done.job.lastError.message);
  return done.did;
}

/**
 * Rows one submit step hands the core at most: one wave of the core's (parallel requests of a batch each), whole
 * batches, and at most SEND_SLICE_MAX, so an execution holds a slice of the rows to send, not all of them (issue 29:
 * a 20,000-row job's first poll read every part with a row to send and passed the 128 MB ceiling).
 */
const SEND_SLICE_MAX = 5000;
function sendSliceRows(client: Client): number {
  const batch = client.settings.researchBatchLimit;
  return Math.max(batch, Math.floor(Math.min(batch * client.settings.parallelRequests, SEND_SLICE_MAX) / batch) * batch);
}

/**
 * The first `limit` rows to send, in order, their parts read in one go: a part not in memory counts by its saved sums,
 * and the slice spans at most the parts `limit` rows fill, however sparse the rows are.
 */
function sendSlice(job: EnrichmentJob, limit: number): number[] {
  const items = job.research.items;
  const toSend = (p: number) => sumOf(elsewhere(job, p) ? job.sums?.[p] : sumsOfPart(job, p), 'unsubmitted');
  const parts: number[] = [];
  for (let p = 0, rows = 0; p < partCount(job) && rows < limit && (parts.length === 0 || p - parts[0] < Math.ceil(limit / PART_ROWS)); p++) {
    const n = toSend(p);
    if (n > 0) parts.push(p);
    rows += n;
  }
  loadParts(job, parts);
  const waiting: number[] = [];
  for (const p of parts)
    for (let k = p * PART_ROWS; k < Math.min(items.length, (p + 1) * PART_ROWS) && waiting.length < limit; k++)
      if (items[k]?.phase === 'unsubmitted') waiting.push(k);
  return waiting;
}

/** Rows not sent yet, in memory or by the saved sums of the parts elsewhere (as progress counts them). */
function unsubmittedCount(job: EnrichmentJob): number {
  return sumOf(
    addSums(
      partSums(
        job.research.items.filter(() => true),
        '',
      ),
      sumsElsewhere(job),
    ),
    'unsubmitted',
  );
}

/** Saves the job and lets go of the parts it holds (when it holds only some), so the next slice is read alone. */
function letGoOfSlice(job: EnrichmentJob): void {
  saveJob(job);
  if (job.partsIn) forgetParts(job.id, dropParts(job));
}

/** The rows a submit step hands the core: from the first row to send to the last (their parts read). */
function sendRange(job: EnrichmentJob, waiting: Set<number>): [number, number] {
  const indexes = [...waiting];
  const from = Math.min(...indexes);
  const to = Math.max(...indexes) + 1;
  loadParts(job, partsOf(from, to));
  return [from, to];
}

/** The columns of the results block (RESULT_HEADERS order) a queued row's write fills: status, message, requestId. */
const QUEUED_COLUMNS = [0, 1, 8];

/** `queued` and the request id beside the rows the service just accepted (one setValues over their span); each row once. */
function writeQueued(job: EnrichmentJob, waiting: Set<number>): number {
  const sheet = sheetByName(job.sheetName);
  // A deleted sheet is reported when the results are written; the job itself is saved.
  if (!sheet) return 0;
  const items = job.research.items;
  const accepted = [...waiting].filter((i) => items[i].phase === 'submitted' && items[i].requestId);
  // Where the rows are now: a collaborator may have inserted, deleted or sorted rows since they were read.
  relocate(sheet, job, accepted);
  const rows = new Map<number, ReturnType<typeof resultRow>>();
  for (const i of accepted) {
    if (job.rows[i] > 0) rows.set(job.rows[i], resultRow(items[i]));
    waiting.delete(i);
  }
  if (accepted.length === 0) return 0;
  if (job.layout) return writeLayoutItems(sheet, job, accepted, false);
  // Status, message and request id: the rest of the block is the result's, written whole when it comes (Google
  // charges each cell written: 11 columns of 5,000 queued rows were 55,000 cells for 15,000 that say anything).
  return writeResultRows(sheet, job, rows, QUEUED_COLUMNS);
}

/**
 * Field-picked jobs send one batch per step: the next batch of held targets joins the research job once the
 * previous one was sent, so a cancel between two steps keeps every later row unsent.
 */
function releaseBatch(job: EnrichmentJob, batch: number): void {
  const held = job.held;
  const research = job.research;
  if (!held || held.targets.length === 0) return;
  if (research.items.some((item) => item.phase === 'unsubmitted' || item.phase === 'submitting')) return;
  if (sumOf(sumsElsewhere(job), 'unsubmitted') > 0) return;
  const n = Math.min(Math.max(1, batch), held.targets.length);
  const first = research.items.length;
  loadParts(job, partsOf(first, first + n));
  const next = newResearchJob(research.kind, held.targets.slice(0, n), research.options, held.refs.slice(0, n));
  // concat, not spread: the rows of parts not in memory stay holes.
  job.research = { ...research, items: research.items.concat(next.items) };
  // Rows, copies and their ids of the batch join the job's; the held lists keep the rest.
  const lists = job as unknown as Record<string, unknown[] | undefined>;
  for (const [key, list] of Object.entries(held)) {
    if (key !== 'targets' && key !== 'refs') lists[key] = (lists[key] ?? new Array<unknown>(first)).concat(list.slice(0, n));
  }
  job.held = Object.fromEntries(Object.entries(held).map(([key, list]) => [key, list.slice(n)])) as typeof held;
  job.written += '0'.repeat(next.items.length);
  saveJob(job);
}

/** Writes every finished, not yet written item beside its row (one setValues for them all), then forgets its record. */
function writeFinished(job: EnrichmentJob): number {
  // Results read by an earlier execution and not written (it stopped in between): their parts are read too.
  loadParts(job, partsWith(job, 'unwritten'));
  const items = job.research.items;
  const writing = items.flatMap((item, i) => (FINAL.includes(item.phase) && job.written[i] !== '1' ? [i] : []));
  if (writing.length === 0) return 0;
  const sheet = sheetByName(job.sheetName);
  if (!sheet) fail(`The sheet "${job.sheetName}" of this enrichment was deleted or renamed.`);
  // Where the rows are now: a collaborator may have inserted, deleted or sorted rows since they were read.
  const byId = relocate(sheet, job, writing);
  const rows = new Map<number, ReturnType<typeof resultRow>>();
  const marks = job.written.split('');
  const orphans: number[] = [];
  for (const i of writing) {
    const live = rowsOfItem(job, i);
    if (live.length === 0) orphans.push(i);
    for (const row of live) rows.set(row, resultRow(items[i]));
    marks[i] = '1';
  }
  // Every row of these results was deleted: the results (paid for) go to the recovery sheet instead.
  job.recovered =
    (job.recovered ?? 0) +
    keepResultsOfDeletedRows(
      job.sheetName,
      orphans.map((i) => items[i]),
    );
  const writes = job.layout ? writeLayoutItems(sheet, job, writing, true) : writeResultRows(sheet, job, rows);
  // The result cells written since relocate read the ids are not ids: its reading stands.
  markCopiedRows(sheet, job, writing, byId);
  job.written = marks.join('');
  // The sheet now holds the result: the job keeps only the status, so it stays small.
  items.forEach((item, i) => {
    if (marks[i] === '1') items[i] = { ...item, record: null };
  });
  return writes;
}

/** One step: submit, poll once, write what finished, checkpoint. Safe to repeat; never spends a credit twice. */
export function advance(client: Client, job: EnrichmentJob, r: StepRunner): Progress {
  const written: StepTally = { calls: 0, answeredAt: null };
  releaseBatch(job, client.settings.researchBatchLimit);
  try {
    // A submit step, then (its results written) a poll step if one is due. The first poll is due an interval after
    // the last submit was answered, as in the core's own loop: polling at once only re-asks for what was just queued
    // (for 20,000 rows that was 200 requests, over three rate windows, before anything could have finished). Counted
    // from the answer, not from the end of the writes after it (5,000 rows: 6 s of Google's time), so a start whose
    // writes outlast the interval polls at once.
    let did = step(client, job, r, written);
    // More rows to send than a slice: the next slice while time remains, each one saved and let go of first.
    for (let left = unsubmittedCount(job); did === 'submit' && left > 0 && timeLeft(r.deadline);) {
      letGoOfSlice(job);
      did = step(client, job, r, written);
      const now = unsubmittedCount(job);
      // A slice that sent nothing (its requests refused or put off) is tried again by a later step, not at once.
      if (now >= left) break;
      left = now;
    }
    if (did === 'submit') {
      job.lastPollAt ??= written.answeredAt ?? Date.now();
      written.calls += writeFinished(job);
      did = step(client, job, r, written);
    }
    // A sweep cut into slices goes on while time remains.
    while (did === 'poll' && job.pollFrom !== undefined && timeLeft(r.deadline)) {
      // The slice just polled is saved; let go of it before the next is read, so memory stays a slice's.
      letGoOfSlice(job);
      did = step(client, job, r, written);
    }
  } catch (error) {
    rethrowTimeUp(error);
    // Keep what was learned before the failure, then report it.
    written.calls += writeFinished(job);
    saveJob(job);
    throw error;
  }
  written.calls += writeFinished(job);
  saveJob(job);
  return progressOf(job, client, written.calls);
}

export function progressOf(job: EnrichmentJob, client: Client, setValuesCalls = 0): Progress {
  // The rows in memory as they are, the other parts by their saved sums.
  const items = job.research.items;
  const { written: writtenElsewhere, ...summary } = summaryOf(
    items.filter(() => true),
    items.length,
    sumsElsewhere(job),
  );
  const held = job.held?.targets.length ?? 0;
  return {
    ...summary,
    // Held targets are part of the job, not yet sent.
    total: summary.total + held,
    unsubmitted: summary.unsubmitted + held,
    complete: summary.complete && held === 0,
    cancelled: job.cancelled ?? 0,
    recovered: job.recovered ?? 0,
    jobId: job.id,
    sheetName: job.sheetName,
    written: writtenCount(job.written) + writtenElsewhere,
    credits: client.state.credits.balance,
    setValuesCalls,
  };
}

/**
 * When a research job's next step can do something: now while rows wait to be sent (or no sweep ran yet, or a sweep is
 * part way), else one poll interval after its last sweep. Null once the job is complete.
 */
function nextStepDueAt(job: EnrichmentJob, progress: Progress, client: Client): number | null {
  if (progress.complete) return null;
  // Rows wait to be sent, no sweep ran yet, or a sweep is part way through its slices.
  if (progress.unsubmitted > 0 || job.lastPollAt === null || job.pollFrom !== undefined) return Date.now();
  return job.lastPollAt + client.settings.pollIntervalMs;
}

/** What advanceExclusive did: the job, its progress, whether the document was busy, and when its next step is due. */
interface ExclusiveStep {
  job: EnrichmentJob;
  progress: Progress;
  busy: boolean;
  dueAt: number | null;
}

/**
 * One step of a saved job while holding the document lock, so the sidebar's polling and the hourly
 * trigger never advance the same job at once (both could otherwise submit the same rows and pay twice).
 * The job is re-read under the lock, since the other run may have just saved it. When the lock is busy
 * nothing is sent: `busy` tells the caller to show the saved progress and try again later. `dueAt`: when the job's
 * next step can do something (null once complete), computed here once for every caller's next run.
 */
export function advanceExclusive(client: Client, jobId: string, r: StepRunner): ExclusiveStep | null {
  return ifDocumentLockFree<ExclusiveStep | null>(
    () => {
      const job = loadJob(jobId);
      if (!job) return null;
      const progress = advance(client, job, r);
      const dueAt = nextStepDueAt(job, progress, client);
      // Only a sweep is hastened: rows still to send keep the sidebar's own interval (a field-picked job sends one batch
      // per step, so that a cancel between two steps keeps every later row unsent).
      if (dueAt !== null && progress.unsubmitted === 0) progress.nextStepInMs = Math.max(0, dueAt - Date.now());
      return { job, progress, busy: false, dueAt };
    },
    () => {
      const saved = loadJob(jobId);
      if (!saved) return null;
      // What holds the document (the scheduled run, in words), for the sidebar's poll to show.
      const progress = { ...progressOf(saved, client), running: busyText() };
      return { job: saved, progress, busy: true, dueAt: nextStepDueAt(saved, progress, client) };
    },
    1000,
  );
}
