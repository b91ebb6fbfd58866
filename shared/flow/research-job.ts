import * as z from '../validation/zod';
import { lazySchema } from '../validation/lazy-schema';
import { researchCompaniesOperation, researchContactsOperation } from '../catalogue/research';
import { researchVerdict, type ResearchOutcome } from '../records/research';
import { ValidationError } from '../errors';
import { fieldPath } from '../validation/format';
import {
  companyResearchItem,
  contactResearchItem,
  describeValue,
  searchResultIdSchema,
  type CompanyResearchItem,
  type ContactResearchItem,
} from '../validation/research-items';
import { isObject, isObjectOrList } from './is-object';
import { refusal } from './refusal';

export type ResearchKind = 'contacts' | 'companies';

/** What one input row asks to research: a search result, or a contact / company by identifiers. */
export type ResearchTarget = { searchResultId: string } | { contact: ContactResearchItem } | { company: CompanyResearchItem };

export type ItemOutcome = ResearchOutcome | 'unsubmitted' | 'unknown';

/**
 * Where an item is, a closed set: every target decides on this, never on status text. `submitting`: saved just
 * before its request is sent (a run cut then may have been accepted); `submitted`: it has a request id and is
 * being researched; `finished`: the service gave its final answer (see `outcome`); `failed`: never researched
 * (refused, no credits; see `errorCode`); `unknown`: may have been accepted, never sent again.
 */
export type ItemPhase = 'unsubmitted' | 'submitting' | 'submitted' | 'finished' | 'failed' | 'unknown';
export const ITEM_PHASES: readonly ItemPhase[] = ['unsubmitted', 'submitting', 'submitted', 'finished', 'failed', 'unknown'];

/** Where the job's items in `phase` are, in item order. */
export const indexesIn = (job: ResearchJob, phase: ItemPhase): number[] => job.items.flatMap((item, i) => (item.phase === phase ? [i] : []));

export interface ResearchItem {
  target: ResearchTarget;
  /** How the user knows this item (`item 3` in n8n, `row 12` in Sheets); messages name it. */
  ref?: string;
  phase: ItemPhase;
  requestId: string | null;
  /** The service's own status text from the last poll answer (an open set, kept as sent); null before one. */
  serviceStatus: string | null;
  /**
   * A label for outputs (n8n's `status` field): the service's status text, or ours before it has one
   * (`unsubmitted`, `submitting`, `queued`, `submit-failed`, `submit-unknown`, `missing`). Nothing decides on it.
   */
  status: string;
  /** The result for outputs: the service's verdict once finished, `error` when failed, else the phase's word. */
  outcome: ItemOutcome;
  message: string | null;
  record: Record<string, unknown> | null;
  /**
   * The poll item's other fields as the service sent them: the published `searchResultId` and `additionalData`,
   * and any field it adds. Every target shows them beside the record, so nothing paid for is dropped.
   */
  serviceFields?: Record<string, unknown>;
  /** A record that came in an unexpected shape (text, a list): kept as its JSON text, since `record` is an object. */
  recordAsSent?: string;
  /** Poll sweeps in a row whose answer left this request id out. */
  missedPolls?: number;
  /** Why a submit failed: `insufficientCredits`, `missingLicense`, `refused` (the item alone), or the error's code. */
  errorCode?: string;
}

/**
 * The whole state of a research run, plain JSON: saved after every submit and poll, so a run cut short
 * (a time limit, Apps Script's 6 minutes) resumes from it without submitting anything twice.
 */
export interface ResearchJob {
  /** 2: items carry `phase` and `serviceStatus` (a version 1 job is upgraded on load: upgradeResearchJob). */
  version: 2;
  kind: ResearchKind;
  options: { skipDeduplicationCheck?: boolean; isJobChange?: boolean };
  items: ResearchItem[];
  /** Why the last run stopped early (auth, rate limit, service failure); the job can be resumed as it is. */
  lastError?: { message: string; code?: string; status?: number } | null;
}

/** A target of one form (`{ contact }`), no other field; built on first use, like every shared schema. */
const only = (form: string, schema: z.ZodMiniType) => lazySchema(() => z.strictObject({ [form]: schema }, { error: () => `give only ${form}` }));
const targetSchemas = {
  searchResultId: only('searchResultId', searchResultIdSchema),
  contact: only('contact', contactResearchItem),
  company: only('company', companyResearchItem),
};

/** The issues of one target, with paths inside it (`contact.title`); empty when it can be sent. */
export function targetIssues(kind: ResearchKind, target: unknown): { field: string; rule: string }[] {
  const forms = ['searchResultId', kind === 'contacts' ? 'contact' : 'company'];
  const rule = `must be an object with one of: ${forms.map((f) => `{ ${f} }`).join(', ')}`;
  if (!isObject(target)) return [{ field: '', rule: `${rule} (got ${describeValue(target)})` }];
  const form = forms.find((f) => f in target);
  if (!form) return [{ field: '', rule: `${rule} (got the fields ${Object.keys(target).join(', ') || 'none'})` }];
  const checked = targetSchemas[form as keyof typeof targetSchemas].safeParse(target);
  return checked.success ? [] : checked.error.issues.map((i) => ({ field: fieldPath(i.path).replace(/^\(input\)$/, ''), rule: i.message }));
}

/** `items[3].contact.title`, or with a label the user knows (`item 3`, `row 12`): `row 12: contact.title`. */
function where(ref: string | undefined, index: number, field: string): string {
  if (ref === undefined) return `items[${index}]${field ? `.${field}` : ''}`;
  return field ? `${ref}: ${field}` : ref;
}

/**
 * Validates every target up front, so nothing is sent on bad input. Errors name each item by `refs[i]`
 * when given (the n8n item, the sheet row), else `items[3].company`. The refs stay on the job's items,
 * so later per-item messages name them too.
 */
export function newResearchJob(
  kind: ResearchKind,
  given: readonly ResearchTarget[],
  options: ResearchJob['options'] = {},
  refs?: readonly string[],
): ResearchJob {
  const title = (kind === 'contacts' ? researchContactsOperation : researchCompaniesOperation).title;
  if (kind !== 'contacts' && kind !== 'companies') throw refusal('Research', 'kind', 'must be contacts or companies', describeValue(kind));
  if (!Array.isArray(given))
    throw new ValidationError(`${title}: items: must be a list of items (got ${describeValue(given)}). Nothing was sent.`, [
      { field: 'items', rule: 'must be a list' },
    ]);
  // Holes of a sparse list become `undefined`, so they are checked (and refused) like any other item.
  const targets = Array.from(given);
  if (targets.length === 0) throw refusal(title, 'items', 'give at least one item to research');
  const issues = targets.flatMap((target, i) => targetIssues(kind, target).map((issue) => ({ field: where(refs?.[i], i, issue.field), rule: issue.rule })));
  if (issues.length) {
    const shown = issues
      .slice(0, 10)
      .map((i) => `${i.field}: ${i.rule}`)
      .join('; ');
    const more = issues.length > 10 ? ` (and ${issues.length - 10} more)` : '';
    throw new ValidationError(`${title}: ${shown}${more}. Nothing was sent.`, issues);
  }
  checkOptions(title, kind, options);
  return {
    version: 2,
    kind,
    options: { ...options },
    items: targets.map((target, i) => ({
      target: normalized(target),
      ...(refs?.[i] !== undefined ? { ref: refs[i] } : {}),
      phase: 'unsubmitted' as const,
      requestId: null,
      serviceStatus: null,
      status: 'unsubmitted',
      outcome: 'unsubmitted',
      message: null,
      record: null,
    })),
  };
}

/** The target as it is sent: trimmed text (the schemas' output). */
function normalized(target: ResearchTarget): ResearchTarget {
  if ('searchResultId' in target) return { searchResultId: searchResultIdSchema.parse(target.searchResultId) };
  if ('contact' in target) return { contact: contactResearchItem.parse(target.contact) };
  return { company: companyResearchItem.parse(target.company) };
}

function checkOptions(title: string, kind: ResearchKind, options: ResearchJob['options']): void {
  if (!isObjectOrList(options)) throw refusal(title, 'options', 'must be an object');
  for (const key of ['skipDeduplicationCheck', 'isJobChange'] as const) {
    const v = options[key];
    if (v !== undefined && typeof v !== 'boolean') throw refusal(title, key, 'must be true or false', describeValue(v));
  }
  if (options.isJobChange !== undefined && kind !== 'contacts') throw refusal(title, 'isJobChange', 'applies only to contact research');
}

/**
 * A saved job handed back to be resumed: checked for the shape runResearch relies on, so a damaged or
 * hand-edited checkpoint is refused with a reason instead of failing halfway (nothing is sent).
 */
export function checkSavedJob(job: unknown): asserts job is ResearchJob {
  const bad = (rule: string) => refusal('Research', 'job', rule);
  if (!isObjectOrList(job)) throw bad('must be a research job made by newResearchJob');
  const j = job as Partial<ResearchJob>;
  if (j.kind !== 'contacts' && j.kind !== 'companies') throw bad('kind must be contacts or companies');
  if (!Array.isArray(j.items) || j.items.length === 0) throw bad('items must be a non-empty list');
  if (!isObjectOrList(j.options)) throw bad('options must be an object');
  j.items.forEach((item, i) => {
    if (!isObjectOrList(item) || typeof item.status !== 'string' || typeof item.outcome !== 'string') throw bad(`items[${i}] is not a research item`);
    if (!ITEM_PHASES.includes(item.phase)) throw bad(`items[${i}].phase must be one of ${ITEM_PHASES.join(', ')}`);
    // The rules of each target are checked again when it is sent (an item that breaks them fails alone).
    const t = item.target as unknown;
    if (!isObjectOrList(t) || !Object.keys(targetSchemas).some((k) => k in t)) throw bad(`items[${i}].target must hold searchResultId, contact or company`);
  });
}

/** A copy of the job to change (each item its own object), without the last run's error. */
export function workingCopy(job: ResearchJob): ResearchJob {
  return { ...job, lastError: null, items: job.items.map((item) => ({ ...item })) };
}

/** The poll item's fields the research item states on its own; every other field is kept in `serviceFields`. */
const STATED_FIELDS = new Set(['requestId', 'status', 'message', 'contact', 'company']);

/**
 * Takes in one poll item (the service's words), keeping the text of unknown statuses, every other field the item
 * carries (the published `searchResultId` and `additionalData`, and any the service adds), and a paid record that
 * came in an unexpected shape (text, a list) as its JSON text instead of dropping it.
 */
export function applyPollItem(
  item: ResearchItem,
  polled: { status: string; message?: string | null; contact?: unknown; company?: unknown } & Record<string, unknown>,
): ResearchItem {
  const verdict = researchVerdict(polled);
  const found = polled.contact ?? polled.company ?? null;
  const isRecord = isObject(found);
  const extra = Object.fromEntries(Object.entries(polled).filter(([k, v]) => !STATED_FIELDS.has(k) && v !== undefined));
  const next: ResearchItem = {
    ...item,
    phase: verdict.outcome === 'pending' ? 'submitted' : 'finished',
    serviceStatus: polled.status,
    status: polled.status,
    outcome: verdict.outcome,
    message: verdict.outcome === 'done' ? (polled.message ?? null) : verdict.detail,
    record: isRecord ? found : item.record,
  };
  if (Object.keys(extra).length) next.serviceFields = { ...item.serviceFields, ...extra };
  if (found !== null && !isRecord) next.recordAsSent = typeof found === 'string' ? found : JSON.stringify(found);
  return next;
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
  /** Items never researched because the research credits ran out (or the license is missing). */
  notResearchedForCredits: number;
  /** Items the service (or our check) refused on their own; the rest of their request was sent. */
  refused: number;
  /** One sentence for the run's status when some items were not researched; null otherwise. */
  note: string | null;
}

export function noteOf(total: number, credits: number, license: number, refused: number, unknown: number): string | null {
  const parts: string[] = [];
  if (credits) parts.push(`${credits} of ${total} items were not researched because the research credits ran out: add credits and research those again`);
  if (license) parts.push(`${license} of ${total} items were not researched: the organization has no active Public API license`);
  if (refused) parts.push(`${refused} item${refused === 1 ? ' was' : 's were'} refused as invalid (see each item's message); the others were sent`);
  if (unknown) parts.push(`${unknown} item${unknown === 1 ? '' : 's'} may or may not have been researched (outcome unknown); they were not sent again`);
  return parts.length ? `${parts.join('. ')}.` : null;
}

export function summarize(job: ResearchJob): ResearchSummary {
  const count = (test: (item: ResearchItem) => boolean) => job.items.filter(test).length;
  const inPhase = (...phases: ItemPhase[]) => count((i) => phases.includes(i.phase));
  // The result of a finished item; a failed one counts as an error.
  const ended = (o: ResearchOutcome) => count((i) => (i.phase === 'finished' && i.outcome === o) || (o === 'error' && i.phase === 'failed'));
  const failedWith = (codes: string[]) => count((i) => i.phase === 'failed' && codes.includes(i.errorCode ?? ''));
  const notResearchedForCredits = failedWith(['insufficientCredits', 'missingLicense']);
  const refused = failedWith(['refused']);
  const pendingRequestIds = [...new Set(job.items.filter((i) => i.phase === 'submitted' && i.requestId).map((i) => i.requestId as string))];
  const unsubmitted = inPhase('unsubmitted', 'submitting');
  return {
    total: job.items.length,
    done: ended('done'),
    duplicate: ended('duplicate'),
    notFound: ended('not-found'),
    error: ended('error'),
    unknown: inPhase('unknown'),
    pending: inPhase('submitted'),
    unsubmitted,
    pendingRequestIds,
    complete: pendingRequestIds.length === 0 && unsubmitted === 0,
    notResearchedForCredits,
    refused,
    note: noteOf(job.items.length, failedWith(['insufficientCredits']), failedWith(['missingLicense']), refused, inPhase('unknown')),
  };
}
