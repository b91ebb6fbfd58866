import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { newResearchJob, runAsync, runResearch, type ResearchItem, type ResearchKind, type ResearchTarget } from '../../../shared';
import type { Connection } from './client';
import { errorItemJson, toNodeError } from './errors';

/** Wait for Results stops after this long when the Time Limit option was not added (its field default). */
export const DEFAULT_TIME_LIMIT_SECONDS = 600;

interface ResearchOptions {
  maxCredits?: number;
  timeLimitSeconds?: number;
  skipDeduplicationCheck?: boolean;
  isJobChange?: boolean;
}

/** Drops empty detail fields so the core's "needs one of ..." rule sees only what the user gave. */
function filled(details: IDataObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(details)) if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  return out;
}

function targetOf(ctx: IExecuteFunctions, kind: ResearchKind, itemIndex: number): ResearchTarget {
  const by = ctx.getNodeParameter('researchBy', 0) as string;
  if (by === 'searchResult') return { searchResultId: String(ctx.getNodeParameter('searchResultId', itemIndex) ?? '') };
  const details = filled(ctx.getNodeParameter(kind === 'contacts' ? 'contact' : 'company', itemIndex, {}) as IDataObject);
  return kind === 'contacts' ? { contact: details } : { company: details };
}

function resultJson(kind: ResearchKind, item: ResearchItem): IDataObject {
  const json: IDataObject = { requestId: item.requestId, status: item.status, outcome: item.outcome, message: item.message };
  if ('searchResultId' in item.target) json.searchResultId = item.target.searchResultId;
  json[kind === 'contacts' ? 'contact' : 'company'] = item.record as IDataObject | null;
  return json;
}

/** A submit that failed (no credits, no license) or may or may not have arrived: not a research result. */
function submitFailed(item: ResearchItem): boolean {
  return item.status === 'submit-failed' || item.status === 'submit-unknown';
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

  // Each target is checked on its own, so one bad row fails only itself (with Continue on Fail).
  for (let i = 0; i < items.length; i++) {
    try {
      const target = targetOf(ctx, kind, i);
      newResearchJob(kind, [target]);
      targets.push(target);
      indexes.push(i);
    } catch (error) {
      if (!continueOnFail) throw toNodeError(ctx.getNode(), error, i);
      out[i] = { json: errorItemJson(error), pairedItem: { item: i } };
    }
  }

  if (targets.length) {
    const waitForResults = ctx.getNodeParameter('waitForResults', 0, true) as boolean;
    const options = ctx.getNodeParameter('researchOptions', 0, {}) as ResearchOptions;
    const byDetails = targets.some((t) => 'contact' in t);
    const job = newResearchJob(kind, targets, {
      skipDeduplicationCheck: options.skipDeduplicationCheck || undefined,
      isJobChange: kind === 'contacts' && byDetails && options.isJobChange ? true : undefined,
    });
    try {
      const done = await runAsync(
        runResearch(conn.client, job, {
          waitForResults,
          maxCredits: options.maxCredits,
          // The option's default also when it was never added: Wait for Results never waits forever.
          timeLimitMs: (options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS) * 1000,
        }),
        conn.host,
      );
      // The core keeps a run-wide stop (credential refused, rate limit after every retry, polling failed)
      // on the job instead of throwing, so what finished before it is still returned here.
      const stopped = done.lastError?.message;
      const failures: { i: number; message: string }[] = [];
      done.items.forEach((item, k) => {
        const i = indexes[k];
        const notSent = stopped !== undefined && item.outcome === 'unsubmitted';
        if (submitFailed(item) || notSent) {
          const message = notSent ? `Not submitted: ${stopped}` : (item.message ?? item.status);
          failures.push({ i, message });
          out[i] = { json: { ...resultJson(kind, item), error: message }, pairedItem: { item: i } };
        } else if (stopped !== undefined && item.outcome === 'pending') {
          // Submitted and paid for: keep its request id so a later "Get research results" picks it up.
          const error = `Polling stopped: ${stopped}. Read the result later with its requestId.`;
          out[i] = { json: { ...resultJson(kind, item), error }, pairedItem: { item: i } };
        } else out[i] = { json: resultJson(kind, item), pairedItem: { item: i } };
      });
      // Without Continue on Fail a failure stops the node only when nothing was submitted: once any item
      // has a request id, credits were spent on it, so every item is returned (the failed ones with
      // `error`) rather than thrown away.
      const submitted = done.items.some((item) => item.requestId);
      if (failures.length && !continueOnFail && !submitted) {
        throw new NodeOperationError(ctx.getNode(), failures[0].message, { itemIndex: failures[0].i });
      }
    } catch (error) {
      // The run as a whole was refused (credit cap, credential, rate limit after every retry).
      if (!continueOnFail) throw toNodeError(ctx.getNode(), error, indexes[0]);
      for (const i of indexes) out[i] = { json: errorItemJson(error), pairedItem: { item: i } };
    }
  }
  return out.filter((item): item is INodeExecutionData => item !== undefined);
}
