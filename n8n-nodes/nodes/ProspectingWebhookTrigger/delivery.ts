import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { records as recordHelpers } from '../../../shared';

/** Ids of deliveries already emitted, newest last, kept in the workflow's static data. */
export interface DeliveryState {
  seen?: string[];
}

/** Enough to cover the service's retries (5 attempts over seconds to minutes) with room to spare. */
export const MAX_REMEMBERED = 2000;

/**
 * Largest delivery accepted (413 above). A researched record is a few kilobytes (a company with its news
 * a few tens); 512 KiB leaves ample room and keeps a hostile sender from making every run carry megabytes.
 */
export const MAX_BODY_BYTES = 512 * 1024;

export type WebhookEvent = 'contact-researched' | 'company-researched';

// A key of this process: both values are hashed under it, so the comparison always runs over 32 bytes and
// neither the secret's length nor where a guess first differs shows in the time taken.
const compareKey = randomBytes(32);
const digest = (value: string) => createHmac('sha256', compareKey).update(value, 'utf8').digest();

/** Constant-time check of the secret header: HMAC-SHA256 of both, then timingSafeEqual over the digests. */
export function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  const value = Array.isArray(given) ? given[0] : given;
  const same = timingSafeEqual(digest(typeof value === 'string' ? value : ''), digest(expected ?? ''));
  return same && typeof value === 'string' && typeof expected === 'string' && expected.length > 0;
}

/** Why a delivery body cannot be a researched record, or null when it can (a JSON object of bounded size). */
export function bodyProblem(body: unknown, declaredBytes: string | string[] | undefined): { status: 400 | 413; reason: string } | null {
  const declared = Number(Array.isArray(declaredBytes) ? declaredBytes[0] : declaredBytes);
  const size = Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(body ?? null) ?? '');
  if (size > MAX_BODY_BYTES) return { status: 413, reason: `The body is ${size} bytes; a delivery may be at most ${MAX_BODY_BYTES} bytes` };
  if (body === null || body === undefined) return { status: 400, reason: 'The body is empty; a delivery must be the researched record (a JSON object)' };
  if (typeof body !== 'object' || Array.isArray(body)) {
    const kind = Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    return { status: 400, reason: `The body is ${kind}; a delivery must be the researched record (a JSON object)` };
  }
  return null;
}

// Fields only a contact record has (spec 2.8 and the published contact record); a company record has
// `name`, `domain`, `staffCount` ... but none of these.
const CONTACT_KEYS = ['contactId', 'firstName', 'lastName', 'fullName', 'email', 'title', 'contactLocation', 'companyDomain', 'lIProfileUrl'];
const COMPANY_KEYS = ['companyId', 'domain', 'staffCount', 'industries', 'industry', 'foundedOn', 'location', 'revenueRange', 'name'];

/**
 * The event a delivery stands for, read from the record itself (the service sends the bare record and the
 * secret header, nothing else: public reference "Webhooks", published v1 `webhooks`). Null when the body
 * has no field of either record.
 */
export function eventOf(body: IDataObject): WebhookEvent | null {
  if (CONTACT_KEYS.some((k) => k in body)) return 'contact-researched';
  if (COMPANY_KEYS.some((k) => k in body)) return 'company-researched';
  return null;
}

/** The remembered form of a delivery: a fixed-size digest, so memory is bounded whatever the id's length. */
function deliveryKey(event: string, body: IDataObject): string | null {
  const researchId = recordHelpers.researchIdText(body.apiResearchId);
  return researchId ? createHash('sha256').update(`${event}:${researchId}`).digest('base64url').slice(0, 22) : null;
}

/** Records a delivery; false when this research was already emitted (a repeated delivery). */
export function rememberDelivery(state: DeliveryState, event: string, body: IDataObject): boolean {
  const id = deliveryKey(event, body);
  // Without an id there is nothing to dedupe on: emit it.
  if (!id) return true;
  const seen = Array.isArray(state.seen) ? state.seen : [];
  if (seen.includes(id)) return false;
  seen.push(id);
  state.seen = seen.length > MAX_REMEMBERED ? seen.slice(-MAX_REMEMBERED) : seen;
  return true;
}

/**
 * Deliveries seen by this n8n process, across executions. n8n saves a workflow's static data only when
 * an execution ends, so two copies of one delivery arriving together would both pass the static-data
 * check; this check-and-set runs synchronously, before any await, so within one process only one wins.
 */
const recentInProcess = new Map<string, number>();
const RECENT_MS = 60 * 60 * 1000;
export const RECENT_MAX = 10000;

export function claimInProcess(scope: string, event: string, body: IDataObject, now: number): boolean {
  const id = deliveryKey(event, body);
  if (!id) return true;
  const key = `${scope.slice(0, 200)}|${id}`;
  const until = recentInProcess.get(key);
  if (until !== undefined && until > now) return false;
  recentInProcess.delete(key); // re-inserted last, so the Map's order stays oldest first
  recentInProcess.set(key, now + RECENT_MS);
  // Bounded: drop the oldest entries (a Map keeps insertion order) once over the cap.
  for (const oldest of recentInProcess.keys()) {
    if (recentInProcess.size <= RECENT_MAX) break;
    recentInProcess.delete(oldest);
  }
  return true;
}

/** How many deliveries this process remembers (tests check the bound). */
export function inProcessSize(): number {
  return recentInProcess.size;
}
