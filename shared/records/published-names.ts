import * as z from '../validation/zod';
import { isObject } from '../flow/is-object';
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
function fieldSchemaAt(schema: z.ZodMiniObject, path: string[]): z.ZodMiniType | undefined {
  const field = schema.shape[path[0]] as z.ZodMiniType | undefined;
  if (!field || path.length === 1) return field;
  const inner = objectInside(field);
  return inner ? fieldSchemaAt(inner, path.slice(1)) : undefined;
}

/**
 * One record's moves, written beside it rather than into a copy of it: the values for its own keys (`top`, a nested
 * holder copied before it is written, so the parsed input is never changed in place) and the published keys moved
 * away (`gone`).
 */
interface Moves {
  top: Map<string, unknown>;
  gone: Set<string>;
}

/** No value: null or undefined. */
function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** Moves one published field onto its connector path, unless that path already holds a value. */
function moveField(record: Record<string, unknown>, moves: Moves, published: string, path: string[], field: z.ZodMiniType | undefined): void {
  const last = path[path.length - 1];
  const value = () => (field ? (field.safeParse(record[published]).data ?? record[published]) : record[published]);
  const own = (key: string) => (moves.top.has(key) ? moves.top.get(key) : record[key]);
  if (path.length === 1) {
    // The connector's own name wins when both are sent: the published one then stays as an extra field.
    if (!isAbsent(own(last))) return;
    moves.top.set(last, value());
  } else {
    const first = own(path[0]);
    let holder: Record<string, unknown>;
    if (isAbsent(first)) holder = {};
    else if (isObject(first)) holder = moves.top.has(path[0]) ? first : { ...first };
    else return;
    const root = holder;
    for (const part of path.slice(1, -1)) {
      const next = holder[part];
      if (isAbsent(next)) holder = holder[part] = {};
      else if (isObject(next)) holder = holder[part] = { ...next };
      else return;
    }
    if (!isAbsent(holder[last])) return;
    holder[last] = value();
    moves.top.set(path[0], root);
  }
  moves.gone.add(published);
}

/**
 * An `overwrite` step for a parsed record: moves each published field present onto the connector's name, then
 * orders the keys as the schema does (extras after), so items read the same whichever form arrived. A record with no
 * published name in it is returned as zod gave it: already in the schema's order, extras after. The moved record is
 * built in one pass, without a copy to delete keys from (issue 32: copying, deleting and re-ordering was a tenth of a
 * poll answer's decoding).
 */
export function readPublishedNames<T extends Record<string, unknown>>(schema: z.ZodMiniObject, names: PublishedNames): (record: T) => T {
  const published = Object.entries(names).map(([name, target]) => ({ name, path: target.split('.') }));
  // The schema's keys and each target's field schema, read once (the schema may be a lazy stand-in: a Proxy read per
  // record costs).
  let keys: string[] | undefined;
  const fields = new Map<string, z.ZodMiniType | undefined>();
  const fieldOf = (name: string, path: string[]) => {
    if (!fields.has(name)) fields.set(name, fieldSchemaAt(schema, path));
    return fields.get(name);
  };
  return (record) => {
    let moves: Moves | undefined;
    for (const { name, path } of published) {
      if (!Object.prototype.hasOwnProperty.call(record, name)) continue;
      moves ??= { top: new Map(), gone: new Set() };
      moveField(record, moves, name, path, fieldOf(name, path));
    }
    if (!moves || moves.gone.size === 0) return record;
    keys ??= Object.keys(schema.shape);
    const { top, gone } = moves;
    const ordered: Record<string, unknown> = {};
    for (const key of keys) {
      if (gone.has(key)) continue;
      if (top.has(key)) ordered[key] = top.get(key);
      else if (key in record) ordered[key] = record[key];
    }
    for (const key of Object.keys(record)) if (!(key in ordered) && !gone.has(key)) ordered[key] = top.has(key) ? top.get(key) : record[key];
    for (const [key, value] of top) if (!(key in ordered)) ordered[key] = value;
    return ordered as T;
  };
}
