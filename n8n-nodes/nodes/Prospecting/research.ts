import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { newResearchJob, runAsync, runResearch, summarize, ValidationError, type ResearchItem, type ResearchKind, type ResearchTarget } from '../../../shared';
import { resolveDuplicateRecords } from '../../../shared/flow/research-duplicates';
import { readMaxCredits } from '../../../shared/flow/research-limits';
import type { Connection } from './client';
import { errorItemJson, toNodeError } from './errors';
import { badItemsError, reword } from './research-input-errors';
import { maxCreditsFor } from './tool-mode';

/** Wait for Results stops after this long when the Time Limit option was not added (its field default). */
export const DEFAULT_TIME_LIMIT_SECONDS = 600;

interface ResearchOptions {
  maxCredits?: unknown;
  timeLimitSeconds?: unknown;
  skipDeduplicationCheck?: unknown;
  isJobChange?: unknown;
}

/** How the node's messages name an input item: n8n's own item index. */
export const itemRef = (i: number) => `item ${i}`;

/**
 * The detail fields the user filled in. Empty text, null and undefined count as not given (an expression
 * that found nothing); any other value is kept as it is, so the core refuses a number or an object naming
 * the field instead of it being dropped or sent as "[object Object]".
 */
function filled(details: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof details !== 'object' || details === null) return out;
  for (const [k, v] of Object.entries(details)) {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

function targetOf(ctx: IExecuteFunctions, kind: ResearchKind, itemIndex: number): ResearchTarget {
  const by = ctx.getNodeParameter('researchBy', 0) as string;
  // Passed on as given: the core refuses anything but text, naming the item (no String(): "[object Object]").
  if (by === 'searchResult') return { searchResultId: ctx.getNodeParameter('searchResultId', itemIndex) as string };
  const details = filled(ctx.getNodeParameter(kind === 'contacts' ? 'contact' : 'company', itemIndex, {}));
  return (kind === 'contacts' ? { contact: details } : { company: details }) as ResearchTarget;
}

/** A yes/no option: true, false, or their text ("true" from an expression); anything else is refused. */
function flag(options: ResearchOptions, key: 'skipDeduplicationCheck' | 'isJobChange', label: string): true | undefined {
  const v = options[key];
  if (v === undefined || v === false || v === 'false') return undefined;
  if (v === true || v === 'true') return true;
  throw new ValidationError(`Research: ${label}: must be true or false (got ${JSON.stringify(v) ?? typeof v}). Nothing was sent.`, [
    { field: label, rule: 'must be true or false' },
  ]);
}

/** A wait longer than a day is a typo, not a plan: n8n would hold the execution open all that time. */
const MAX_TIME_LIMIT_SECONDS = 86_400;

/** Whole seconds to wait; the option's default when it was never added, so Wait for Results never waits forever. */
function timeLimitMs(options: ResearchOptions): number {
  const v = options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_TIME_LIMIT_SECONDS) {
    const rule = `must be a whole number of seconds from 0 to ${MAX_TIME_LIMIT_SECONDS}`;
    throw new ValidationError(`Research: Time Limit (Seconds): ${rule} (got ${JSON.stringify(v) ?? typeof v}). Nothing was sent.`, [
      { field: 'Time Limit (Seconds)', rule },
    ]);
  }
  return n * 1000;
}

/** The Options collection, checked before anything is sent: a cap or a flag that cannot be read refuses the run. */
function readOptions(ctx: IExecuteFunctions, kind: ResearchKind, byDetails: boolean) {
  const raw = ctx.getNodeParameter('researchOptions', 0, {}) as unknown;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ValidationError('Research: Options: must be a set of options. Nothing was sent.', [{ field: 'Options', rule: 'must be a set of options' }]);
  }
  const options = raw as ResearchOptions;
  const isJobChange = flag(options, 'isJobChange', 'Job Changes Only');
  return {
    // As an AI agent's tool, a conservative cap unless the user set one (tool-mode.ts).
    maxCredits: readMaxCredits(maxCreditsFor(ctx, options.maxCredits), 'Maximum Credits'),
    timeLimitMs: timeLimitMs(options),
    skipDeduplicationCheck: flag(options, 'skipDeduplicationCheck', 'Research Again'),
    isJobChange: kind === 'contacts' && byDetails && isJobChange ? true : undefined,
  };
}

/** Every field the poll item carried (searchResultId, additionalData, ...) as "Get Research Results" shows them. */
function resultJson(kind: ResearchKind, item: ResearchItem): IDataObject {
  const json: IDataObject = {
    ...(item.serviceFields as IDataObject),
    requestId: item.requestId,
    status: item.status,
    outcome: item.outcome,
    message: item.message,
  };
  if ('searchResultId' in item.target) json.searchResultId ??= item.target.searchResultId;
  // A record in an unexpected shape is shown as it came (its JSON text), never as null.
  json[kind === 'contacts' ? 'contact' : 'company'] = (item.record as IDataObject | null) ?? item.recordAsSent ?? null;
  return json;
}

/** A submit that failed (no credits, no license) or may or may not have arrived: not a research result. */
function submitFailed(item: ResearchItem): boolean {
  return item.phase === 'failed' || item.phase === 'unknown';
}

/**
 * Research across items: every valid input item of this execution goes into ONE job, which the core
 * submits in as few requests as the batch limit allows (500 per request) and polls together (100 ids per
 * poll). Output: one item per input item, paired to it, in input order. Duplicates come back as such,
 * with the earlier record, and are never resubmitted.
 */
export async function researchItems(ctx: IExecuteFunctions, conn: Connection, kind: ResearchKind, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const out: (INodeExecutionData | undefined)[] = new Array(items.length);
  const targets: ResearchTarget[] = [];
  const indexes: number[] = [];
  const continueOnFail = ctx.continueOnFail();

  // Each target is checked on its own, so one bad row fails only itself (with Continue on Fail); without it, every
  // bad row is found first and one error counts them and names the first few (research-input-errors.ts).
  const bad: { i: number; error: unknown }[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const target = targetOf(ctx, kind, i);
      newResearchJob(kind, [target], {}, [itemRef(i)]);
      targets.push(target);
      indexes.push(i);
    } catch (error) {
      if (!continueOnFail) bad.push({ i, error });
      else out[i] = { json: errorItemJson(reword(kind, error), i), pairedItem: { item: i } };
    }
  }
  if (bad.length) throw badItemsError(ctx.getNode(), kind, bad, items.length);

  if (targets.length) {
    try {
      const waitForResults = ctx.getNodeParameter('waitForResults', 0, true) === true;
      const options = readOptions(
        ctx,
        kind,
        targets.some((t) => 'contact' in t),
      );
      const job = newResearchJob(
        kind,
        targets,
        { skipDeduplicationCheck: options.skipDeduplicationCheck, isJobChange: options.isJobChange },
        indexes.map(itemRef),
      );
      const startedAt = Date.now();
      const ran = await runAsync(
        runResearch(conn.client, job, { waitForResults, maxCredits: options.maxCredits, maxCreditsLabel: 'Maximum Credits', timeLimitMs: options.timeLimitMs }),
        conn.host,
      );
      // Duplicates get the earlier record within the same time limit, or say why not (research-duplicates.ts).
      const { job: done, missing } = waitForResults
        ? await runAsync(resolveDuplicateRecords(conn.client, ran, startedAt + options.timeLimitMs), conn.host)
        : { job: ran, missing: new Map<number, string>() };
      // Some items not researched (credits ran out, refused on their own, outcome unknown): say so on the run.
      const note = summarize(done).note;
      if (note) ctx.addExecutionHints?.({ message: note, type: 'warning', location: 'outputPane' });
      // The core keeps a run-wide stop (credential refused, rate limit after every retry, polling failed)
      // on the job instead of throwing, so what finished before it is still returned here.
      const stopped = done.lastError?.message;
      const failures: { i: number; message: string }[] = [];
      done.items.forEach((item, k) => {
        const i = indexes[k];
        const notSent = stopped !== undefined && (item.phase === 'unsubmitted' || item.phase === 'submitting');
        if (submitFailed(item) || notSent) {
          const message = notSent ? `Not submitted: ${stopped}` : (item.message ?? item.status);
          failures.push({ i, message });
          // Error fields a following node tests, as on every error item: 'unknown' may have been researched and charged.
          const failed = { outcome: item.phase === 'unknown' ? 'unknown' : 'failed', operation: `${kind}.research`, item: i };
          out[i] = { json: { ...resultJson(kind, item), error: message, ...failed }, pairedItem: { item: i } };
        } else if (stopped !== undefined && item.phase === 'submitted') {
          // Submitted and paid for: keep its request id so a later "Get research results" picks it up.
          const error = `Polling stopped: ${stopped}. Read the result later with its requestId.`;
          out[i] = { json: { ...resultJson(kind, item), error }, pairedItem: { item: i } };
        } else out[i] = { json: { ...resultJson(kind, item), ...(missing.has(k) ? { recordMissing: missing.get(k) } : {}) }, pairedItem: { item: i } };
      });
      // Without Continue on Fail a failure stops the node only when nothing was submitted: once any item
      // has a request id, credits were spent on it, so every item is returned (the failed ones with
      // `error`) rather than thrown away.
      // An `unknown` item may have been accepted (and charged) too: its row must come back, not be thrown away.
      const submitted = done.items.some((item) => item.requestId || item.phase === 'unknown');
      if (failures.length && !continueOnFail && !submitted) {
        throw new NodeOperationError(ctx.getNode(), failures[0].message, { itemIndex: failures[0].i });
      }
    } catch (error) {
      // The run as a whole was refused (credit cap, credential, rate limit after every retry).
      if (!continueOnFail) throw toNodeError(ctx.getNode(), error, indexes[0]);
      for (const i of indexes) out[i] = { json: errorItemJson(error, i), pairedItem: { item: i } };
    }
  }
  return out.filter((item): item is INodeExecutionData => item !== undefined);
}
