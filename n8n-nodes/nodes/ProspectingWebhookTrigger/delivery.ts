import type { IDataObject } from 'n8n-workflow';

/** Ids of deliveries already emitted, newest last, kept in the workflow's static data. */
export interface DeliveryState {
  seen?: string[];
}

/** Enough to cover the service's retries (5 attempts over seconds to minutes) with room to spare. */
export const MAX_REMEMBERED = 2000;

/** Compares in time independent of where the first difference is, so the secret can't be guessed byte by byte. */
export function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  const value = Array.isArray(given) ? given[0] : given;
  if (!expected || typeof value !== 'string' || value.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < value.length; i++) diff |= value.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

/** The X-Webhook-Event header, or a guess from the record when a sender leaves it out. */
export function eventOf(header: string | string[] | undefined, body: IDataObject): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value;
  return 'contactId' in body ? 'contact-researched' : 'company-researched';
}

/** Records a delivery; false when this research was already emitted (a repeated delivery). */
export function rememberDelivery(state: DeliveryState, event: string, body: IDataObject): boolean {
  const id = typeof body.apiResearchId === 'string' && body.apiResearchId ? `${event}:${body.apiResearchId}` : null;
  // Without an id there is nothing to dedupe on: emit it.
  if (!id) return true;
  const seen = state.seen ?? [];
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
const RECENT_MAX = 10000;

export function claimInProcess(scope: string, event: string, body: IDataObject, now: number): boolean {
  const researchId = typeof body.apiResearchId === 'string' && body.apiResearchId ? body.apiResearchId : null;
  if (!researchId) return true;
  const key = `${scope}|${event}:${researchId}`;
  const until = recentInProcess.get(key);
  if (until !== undefined && until > now) return false;
  recentInProcess.set(key, now + RECENT_MS);
  // Bounded: drop the oldest entries (a Map keeps insertion order) once over the cap.
  for (const oldest of recentInProcess.keys()) {
    if (recentInProcess.size <= RECENT_MAX) break;
    recentInProcess.delete(oldest);
  }
  return true;
}
