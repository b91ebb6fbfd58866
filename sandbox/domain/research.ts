/**
 * Asynchronous research (spec 3.5, 4.10, 4.12; DECISIONS: research). A job's status is derived from its
 * submit time and the configured latency whenever it is looked at; no per-job timers. Settling a finished
 * job (writing the org record, refunding a failed item, queueing webhooks) happens once, lazily, in
 * finish order, the first time anything looks at research or org data after it finished.
 */
import { refundCredit, requireLicense, reserveCredits } from '../credits';
import { HttpError } from '../errors';
import type { AuthedIdentity } from '../router';
import { buildOrgCompany, buildOrgContact } from '../seed/org-records';
import { registerCompany } from '../seed/universe';
import type { Services } from '../services';
import { nextSeq, type State } from '../state/store';
import type { OrgCompany, OrgContact, ResearchJob, ResearchKind } from '../state/types';
import type { ResearchBody } from './research-input';

export const PRODUCT_CATEGORY: Record<ResearchKind, string> = { contact: 'contactResearch', company: 'companyResearch' };

/** Submits one research request; all-or-nothing on credits. Returns request ids in item order. */
export function submitResearch(services: Services, who: AuthedIdentity, kind: ResearchKind, req: ResearchBody): string[] {
  const { state, clock } = services;
  requireLicense(who.org, PRODUCT_CATEGORY[kind]);
  settleDue(services);
  const now = clock.now();
  const { queuedMs, researchingMs, dedupeWindowMs } = state.config.research;
  // Decide duplicates first without touching state, so a refused request leaves nothing behind.
  const seenInRequest = new Map<number, string>();
  const seenNewInRequest = new Map<string, string>();
  const plans = req.items.map((item): { item: typeof item; requestId: string; duplicateOf: string | undefined } => {
    const requestId = `${kind === 'contact' ? 'cr' : 'co'}_${nextSeq(state, `research-${kind}`).toString(36).padStart(6, '0')}_${Math.floor(
      Math.random() * 0xffffff,
    )
      .toString(16)
      .padStart(6, '0')}`;
    let duplicateOf: string | undefined;
    if (item.index >= 0 && !req.skipDedupe) {
      const earlier = seenInRequest.get(item.index) ?? recentResearch(state, who.org.id, kind, item.index, now, dedupeWindowMs);
      duplicateOf = earlier;
    }
    if (item.index >= 0 && !seenInRequest.has(item.index)) seenInRequest.set(item.index, requestId);
    if (item.create) {
      // The same new company twice in one request: the second is a duplicate of the first.
      const key = newCompanyKey(item.create);
      if (!req.skipDedupe) duplicateOf = seenNewInRequest.get(key);
      if (!seenNewInRequest.has(key)) seenNewInRequest.set(key, requestId);
    }
    return { item, requestId, duplicateOf };
  });
  reserveCredits(who.org, plans.filter((p) => !p.duplicateOf).length, PRODUCT_CATEGORY[kind]);
  // Credits are taken: only now does a named company the service did not know join the universe.
  const created = new Map<string, number>();
  for (const plan of plans) {
    if (!plan.item.create) continue;
    const key = newCompanyKey(plan.item.create);
    if (!created.has(key)) created.set(key, registerCompany(state.universe, plan.item.create.name, plan.item.create.domain, now).index);
    plan.item = { ...plan.item, index: created.get(key)! };
  }

  for (const { item, requestId, duplicateOf } of plans) {
    const label = kind === 'contact' ? 'contact' : 'company';
    let outcome: ResearchJob['outcome'] = 'done';
    let message = `Research complete`;
    if (duplicateOf) {
      outcome = 'duplicate';
      message = `This ${label} was already researched recently (request ${duplicateOf}); do not resubmit`;
    } else if (item.domainOnlyUnknown !== undefined) {
      outcome = 'error';
      message = `No company is known for domain ${item.domainOnlyUnknown}`;
    } else if (item.index < 0) {
      // The public reference's company statuses are missing, researching, done, error: no "not found".
      outcome = kind === 'company' ? 'error' : 'not found';
      message = item.searchResultId ? `No ${label} found for searchResultId ${item.searchResultId}` : `No matching ${label} found`;
    }
    const job: ResearchJob = {
      requestId,
      kind,
      orgId: who.org.id,
      userId: who.user.id,
      searchResultId: item.searchResultId,
      targetIndex: item.index,
      submittedAt: now,
      finishAt: duplicateOf ? now : now + queuedMs + researchingMs,
      outcome,
      message,
      duplicateOf,
      isJobChange: req.isJobChange,
      settled: Boolean(duplicateOf),
      input: item.input,
    };
    state.jobs.set(requestId, job);
    if (!duplicateOf) {
      insertPending(state, job);
      if (item.index >= 0) state.lastResearch.set(`${who.org.id}|${kind}|${item.index}`, { at: now, requestId });
    }
  }
  services.webhooks.wakeForResearch();
  return plans.map((p) => p.requestId);
}

function newCompanyKey(c: { name: string; domain: string | null }): string {
  return `${c.name.toLowerCase().replace(/\s+/g, ' ')}|${c.domain ?? ''}`;
}

function recentResearch(state: State, orgId: string, kind: ResearchKind, index: number, now: number, windowMs: number): string | undefined {
  const last = state.lastResearch.get(`${orgId}|${kind}|${index}`);
  return last && now - last.at < windowMs ? last.requestId : undefined;
}

function insertPending(state: State, job: ResearchJob): void {
  const list = state.pendingJobs;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].finishAt <= job.finishAt) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, job);
}

/** Settles every job whose finish time has passed, in finish order. Cheap when nothing is due. */
export function settleDue(services: Services): void {
  const { state } = services;
  const list = state.pendingJobs;
  if (list.length === 0) return;
  const now = services.clock.now();
  let n = 0;
  while (n < list.length && list[n].finishAt <= now) settle(services, list[n++]);
  if (n > 0) list.splice(0, n);
}

function settle(services: Services, job: ResearchJob): void {
  const { state } = services;
  job.settled = true;
  const org = state.orgs.get(job.orgId)!;
  if (job.outcome !== 'done') {
    refundCredit(org);
    return;
  }
  const user = state.users.get(job.userId)!;
  state.lastResearch.set(`${job.orgId}|${job.kind}|${job.targetIndex}`, { at: job.finishAt, requestId: job.requestId });
  if (job.kind === 'contact') {
    const record = writeContact(state, job, user.email);
    services.webhooks.deliver(job.orgId, 'contact-researched', job.requestId, record);
  } else {
    const record = writeCompany(state, job);
    services.webhooks.deliver(job.orgId, 'company-researched', job.requestId, record);
  }
}

function writeContact(state: State, job: ResearchJob, username: string): OrgContact {
  const records = state.orgContacts.get(job.orgId)!;
  const person = state.universe.people[job.targetIndex];
  const existing = records.byIndex.get(job.targetIndex);
  const contactId = existing?.contactId ?? String(nextSeq(state, 'contact', 10001));
  const createdAt = existing ? Date.parse(existing.createdAt as string) : job.finishAt;
  const record = buildOrgContact(person, state.universe.companies[person.companyIndex], {
    contactId,
    username,
    createdAt,
    updatedAt: job.finishAt,
    apiResearchId: job.requestId,
  }) as OrgContact;
  Object.defineProperty(record, 'personIndex', { value: job.targetIndex, enumerable: false });
  records.upsert(contactId, job.targetIndex, record);
  return record;
}

function writeCompany(state: State, job: ResearchJob): OrgCompany {
  const records = state.orgCompanies.get(job.orgId)!;
  const existing = records.byIndex.get(job.targetIndex);
  const companyId = existing?.companyId ?? String(nextSeq(state, 'company', 50001));
  const createdAt = existing ? Date.parse(existing.createdAt as string) : job.finishAt;
  const record = buildOrgCompany(state.universe.companies[job.targetIndex], {
    companyId,
    createdAt,
    updatedAt: job.finishAt,
    apiResearchId: job.requestId,
  }) as OrgCompany;
  Object.defineProperty(record, 'companyIndex', { value: job.targetIndex, enumerable: false });
  records.upsert(companyId, job.targetIndex, record);
  return record;
}

/** The status a job shows now (spec 3.5; DECISIONS: queued -> researching -> final). */
export function statusOf(job: ResearchJob, now: number, queuedMs: number): string {
  if (job.settled || now >= job.finishAt) return job.outcome;
  // Company research has no `queued` in the public reference's status list: it is `researching` at once.
  if (job.kind === 'company') return 'researching';
  return now < job.submittedAt + queuedMs ? 'queued' : 'researching';
}

export function parsePollIds(raw: string | null, maxIds: number): string[] {
  if (raw === null || raw.trim() === '') throw new HttpError(400, 'requestIds: required query parameter (comma-separated request ids)');
  const ids = raw.split(',').map((s) => s.trim());
  if (ids.some((id) => id === '')) throw new HttpError(400, 'requestIds: empty id in the comma-separated list');
  if (ids.length > maxIds) throw new HttpError(400, `requestIds: at most ${maxIds} ids per call (got ${ids.length})`);
  return ids;
}

/** A poll item; `searchResultId` only when the research was from a search (published items omit it otherwise). */
export interface PollRow {
  requestId: string;
  searchResultId?: string;
  status: string;
  message: string;
  contact?: unknown;
  company?: unknown;
}

/** Poll rows in the order asked; an id unknown to the organization (or of the other kind) is `missing`. */
export function poll(services: Services, who: AuthedIdentity, kind: ResearchKind, ids: string[]): PollRow[] {
  settleDue(services);
  const { state } = services;
  const now = services.clock.now();
  const queuedMs = state.config.research.queuedMs;
  return ids.map((requestId) => {
    const job = state.jobs.get(requestId);
    if (!job || job.orgId !== who.org.id || job.kind !== kind) {
      return { requestId, status: 'missing', message: `No ${kind} research request ${requestId} in this organization` };
    }
    const status = statusOf(job, now, queuedMs);
    const fromSearch = job.searchResultId !== null ? { searchResultId: job.searchResultId } : {};
    const row: PollRow = { requestId, ...fromSearch, status, message: messageFor(job, status) };
    const record = status === 'done' || status === 'duplicate' ? recordFor(services, job) : undefined;
    if (record !== undefined) {
      if (kind === 'contact') row.contact = record;
      else row.company = record;
    }
    return row;
  });
}

function messageFor(job: ResearchJob, status: string): string {
  if (status === 'queued') return 'Queued for research';
  if (status === 'researching') return 'Research in progress';
  return job.message;
}

/**
 * The org record a done job wrote, or for a duplicate the organization's current record of that target.
 * A duplicate of a research still in progress has no record yet (it has no contactId to give): the poll
 * item then carries none, and the record arrives with the earlier request.
 */
function recordFor(services: Services, job: ResearchJob): unknown {
  const records = job.kind === 'contact' ? services.state.orgContacts.get(job.orgId)! : services.state.orgCompanies.get(job.orgId)!;
  return records.byIndex.get(job.targetIndex);
}

/** The earliest finish time among unsettled jobs (the webhook scheduler wakes then). */
export function nextFinishAt(state: State): number | null {
  return state.pendingJobs.length > 0 ? state.pendingJobs[0].finishAt : null;
}
