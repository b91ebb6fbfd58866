import { z } from 'zod';
import { companyResearchItem, contactResearchItem } from '../catalogue/research';
import { researchVerdict, type ResearchOutcome } from '../records/research';
import { ValidationError } from '../errors';
import { validate } from '../validation/format';

export type ResearchKind = 'contacts' | 'companies';

/** What one input row asks to research: a search result, or a contact / company by identifiers. */
export type ResearchTarget =
  | { searchResultId: string }
  | { contact: z.input<typeof contactResearchItem> }
  | { company: z.input<typeof companyResearchItem> };

export type ItemOutcome = ResearchOutcome | 'unsubmitted' | 'unknown';

export interface ResearchItem {
  target: ResearchTarget;
  requestId: string | null;
  /** The service's status text, or ours before it has one (`unsubmitted`, `submit-failed`, `submit-unknown`). */
  status: string;
  outcome: ItemOutcome;
  message: string | null;
  record: Record<string, unknown> | null;
  /** Poll sweeps in a row whose answer left this request id out. */
  missedPolls?: number;
}

/**
 * The whole state of a research run, plain JSON: saved after every submit and poll, so a run cut short
 * (a time limit, Apps Script's 6 minutes) resumes from it without submitting anything twice.
 */
export interface ResearchJob {
  version: 1;
  kind: ResearchKind;
  options: { skipDeduplicationCheck?: boolean; isJobChange?: boolean };
  items: ResearchItem[];
  /** Why the last run stopped early (auth, rate limit, service failure); the job can be resumed as it is. */
  lastError?: { message: string; code?: string; status?: number } | null;
}

const targetSchema = {
  contacts: z.union([
    z.object({ searchResultId: z.string().trim().min(1, 'must not be empty') }).strict(),
    z.object({ contact: contactResearchItem }).strict(),
  ]),
  companies: z.union([
    z.object({ searchResultId: z.string().trim().min(1, 'must not be empty') }).strict(),
    z.object({ company: companyResearchItem }).strict(),
  ]),
};

/** Validates every target up front (an error names `items[3].company`), so nothing is sent on bad input. */
export function newResearchJob(kind: ResearchKind, targets: readonly ResearchTarget[], options: ResearchJob['options'] = {}): ResearchJob {
  const title = kind === 'contacts' ? 'Research contacts' : 'Research companies';
  const parsed = validate(z.object({ items: z.array(targetSchema[kind]).min(1, 'give at least one item to research') }), { items: targets }, title);
  if (options.isJobChange !== undefined && kind !== 'contacts') {
    throw new ValidationError(`${title}: isJobChange: applies only to contact research. Nothing was sent.`, [{ field: 'isJobChange', rule: 'applies only to contact research' }]);
  }
  return {
    version: 1,
    kind,
    options: { ...options },
    items: parsed.items.map((target) => ({ target: target as ResearchTarget, requestId: null, status: 'unsubmitted', outcome: 'unsubmitted', message: null, record: null })),
  };
}

/** Takes in one poll item (the service's words), keeping the text of unknown statuses. */
export function applyPollItem(item: ResearchItem, polled: { status: string; message?: string | null; contact?: unknown; company?: unknown }): ResearchItem {
  const verdict = researchVerdict(polled);
  const record = (polled.contact ?? polled.company ?? null) as Record<string, unknown> | null;
  return {
    ...item,
    status: polled.status,
    outcome: verdict.outcome,
    message: verdict.outcome === 'done' ? (polled.message ?? null) : verdict.detail,
    record: record ?? item.record,
  };
}

export interface ResearchSummary {
  total: number;
  done: number;
  duplicate: number;
  notFound: number;
  error: number;
  unknown: number;
  pending: number;
  unsubmitted: number;
  /** Request ids still researching: what a later run polls. */
  pendingRequestIds: string[];
  complete: boolean;
}

export function summarize(job: ResearchJob): ResearchSummary {
  const count = (o: ItemOutcome) => job.items.filter((i) => i.outcome === o).length;
  const pendingRequestIds = [...new Set(job.items.filter((i) => i.outcome === 'pending' && i.requestId).map((i) => i.requestId as string))];
  return {
    total: job.items.length,
    done: count('done'),
    duplicate: count('duplicate'),
    notFound: count('not-found'),
    error: count('error'),
    unknown: count('unknown'),
    pending: count('pending'),
    unsubmitted: count('unsubmitted'),
    pendingRequestIds,
    complete: pendingRequestIds.length === 0 && count('unsubmitted') === 0,
  };
}
