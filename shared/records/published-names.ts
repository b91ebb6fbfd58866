import { z } from 'zod';
import { objectInside } from './describe';

/**
 * Published field names read as the connector's own (issue 15). The service's published v1 description uses
 * branded or different names for some fields; where the spec (or, where the spec is silent, docs/DECISIONS.md)
 * has its own name, the record keeps that name, so Sheets columns and n8n items are filled whichever form
 * arrives. Maps are `published name -> field path` (a dotted path reaches into a nested object).
 */
export type PublishedNames = Readonly<Record<string, string>>;

/** Spec 2.8 gives neutral names to the branded link fields and the professional-network id. */
export const contactPublishedNames: PublishedNames = {
  companyLinkedInId: 'companyNetworkId',
  alexaScore: 'trafficRankScore',
  googleFinance: 'financeLookup',
  googleResearch: 'webResearch',
  yahooFinance: 'financeLookup2',
  wikipedia: 'encyclopediaUrl',
};

/** The org company: the same neutral names, plus the published names of the DECISIONS fields. */
export const companyPublishedNames: PublishedNames = {
  linkedInId: 'companyNetworkId',
  alexaScoreUrl: 'trafficRankScore',
  googleFinanceUrl: 'financeLookup',
  googleResearchUrl: 'webResearch',
  yahooFinanceUrl: 'financeLookup2',
  wikipediaUrl: 'encyclopediaUrl',
  industries: 'industry',
  foundedOn: 'founded',
  companyType: 'type',
  phones: 'phone',
  linkedInProfileUrl: 'liProfileUrl',
};

/** Published contact search rows: the full name, company domain and contact place under the DECISIONS names. */
export const contactSearchPublishedNames: PublishedNames = {
  name: 'fullName',
  domain: 'companyDomain',
  city: 'contactLocation.city',
  state: 'contactLocation.state',
  country: 'contactLocation.country',
};

/** Published company search rows: flat address fields into `location`, the rest as for the org company. */
export const companySearchPublishedNames: PublishedNames = {
  street1: 'location.street1',
  street2: 'location.street2',
  street3: 'location.street3',
  city: 'location.city',
  state: 'location.state',
  postCode: 'location.postCode',
  country: 'location.country',
  industries: 'industry',
  linkedInId: 'companyNetworkId',
};

/** The schema of the field at `path`, to read a renamed value the way the field reads its own. */
function fieldSchemaAt(schema: z.ZodObject, path: string[]): z.ZodType | undefined {
  const field = schema.shape[path[0]] as z.ZodType | undefined;
  if (!field || path.length === 1) return field;
  const inner = objectInside(field);
  return inner ? fieldSchemaAt(inner, path.slice(1)) : undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Moves one published field onto its connector path, unless that path already holds a value. */
function moveField(record: Record<string, unknown>, published: string, path: string[], schema: z.ZodObject): void {
  let holder = record;
  for (const part of path.slice(0, -1)) {
    const next = holder[part];
    if (next === null || next === undefined) holder = holder[part] = {};
    else if (isPlainObject(next)) holder = next;
    else return;
  }
  const last = path[path.length - 1];
  // The connector's own name wins when both are sent: the published one then stays as an extra field.
  if (holder[last] !== null && holder[last] !== undefined) return;
  const field = fieldSchemaAt(schema, path);
  holder[last] = field ? (field.safeParse(record[published]).data ?? record[published]) : record[published];
  delete record[published];
}

/**
 * An `overwrite` step for a parsed record: moves each published field present onto the connector's name, then
 * orders the keys as the schema does (extras after), so items read the same whichever form arrived.
 */
export function readPublishedNames<T extends Record<string, unknown>>(schema: z.ZodObject, names: PublishedNames): (record: T) => T {
  return (record) => {
    const copy: Record<string, unknown> = { ...record };
    // Nested holders are copied too, so the parsed input is never changed in place.
    for (const key of Object.keys(copy)) if (isPlainObject(copy[key])) copy[key] = { ...(copy[key] as object) };
    for (const [published, target] of Object.entries(names)) {
      if (Object.prototype.hasOwnProperty.call(copy, published)) moveField(copy, published, target.split('.'), schema);
    }
    const ordered: Record<string, unknown> = {};
    for (const key of Object.keys(schema.shape)) if (key in copy) ordered[key] = copy[key];
    for (const key of Object.keys(copy)) if (!(key in ordered)) ordered[key] = copy[key];
    return ordered as T;
  };
}
