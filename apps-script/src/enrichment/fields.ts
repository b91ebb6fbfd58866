import { type ResearchItem, type ResearchKind } from '../../../shared';
import * as records from '../../../shared/records';
import { fail } from '../errors';

/**
 * The fields a research result can fill, built from the record schemas (contact research returns an org contact,
 * company research an org company), flattened as the sheets write them (`contactLocation.city`).
 */
export function researchFields(kind: ResearchKind): readonly string[] {
  return [...(kind === 'companies' ? records.orgCompanyColumns : records.orgContactColumns), ...POLL_ITEM_FIELDS];
}

/** The poll item's own published fields beside its record (issue 21: kept on every path), pickable like the record's. */
export const POLL_ITEM_FIELDS = ['searchResultId', 'additionalData'] as const;

/** Chosen by default: the few fields a first enrichment usually wants. */
export const DEFAULT_FIELDS: Record<ResearchKind, string[]> = {
  contacts: ['contactId', 'email', 'contactPhone1', 'title', 'company', 'lIProfileUrl'],
  companies: ['name', 'domain', 'industry', 'staffCountRange', 'revenueRange', 'phone', 'liProfileUrl'],
};

/** Written by every enrichment, whatever fields are picked: where the row stands, the service's words, its request id. */
export const STATUS_HEADERS = ['PDS status', 'PDS message', 'PDS requestId'] as const;

/** Header names compare without case, spaces, dashes, underscores or dots (`Contact location city` = `contactLocation.city`). */
export const squash = (s: string): string => s.toLowerCase().replace(/[\s_.-]+/g, '');

/** The column of a field: a header equal to its name, or to `PDS <name>` (the add-on's earlier block). */
export function columnForField(headers: ReadonlyMap<string, number>, field: string): number | undefined {
  const wanted = [squash(field), squash(`PDS ${field}`)];
  for (const [name, column] of headers) if (wanted.includes(squash(name))) return column;
  return undefined;
}

/** Checks a field list from the sidebar against the schema's, naming the first unknown field. */
export function checkFields(kind: ResearchKind, fields: unknown): string[] {
  if (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string')) fail('fields: must be a list of field names (pick them in the field list).');
  const known = new Set(researchFields(kind));
  const unknown = (fields as string[]).find((f) => !known.has(f));
  if (unknown !== undefined) fail(`fields: "${unknown.slice(0, 60)}" is not a field of ${kind === 'companies' ? 'a company' : 'a contact'} research result.`);
  return [...new Set(fields as string[])];
}

/** An object or list value as its JSON text; any other value as it is. */
export function asText(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

/** The value of a field in a finished item's record (null when the item has none). */
export function fieldValue(item: ResearchItem, path: string): unknown {
  if ((POLL_ITEM_FIELDS as readonly string[]).includes(path)) {
    return asText(item.serviceFields?.[path] ?? null);
  }
  return item.record ? records.valueAtPath(item.record, path) : null;
}
