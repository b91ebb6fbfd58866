import * as z from '../validation/zod';

/**
 * Fields whose value is one of the user's own records (a list, a campaign, a template...). An entry says so on the
 * field itself (`picks(schema, 'lists')`, zod metadata that the JSON Schema of the input carries as `picker`), and
 * each target offers the choice its own way (n8n: a resource locator filled by the listing operation).
 */
export type PickerResource = 'lists' | 'savedSearches' | 'campaigns' | 'emailAccounts' | 'sendingAccounts' | 'templates' | 'contacts' | 'taskTemplates';

export interface PickerSource {
  resource: PickerResource;
  /** The catalogue operation that lists the records to pick from. */
  operationId: string;
  /** What one record is called in a form. */
  label: string;
  name: (record: Record<string, unknown>) => string;
  value: (record: Record<string, unknown>) => string;
  /** The listing's input, when it needs one (saved contacts are read by period). */
  input?: () => Record<string, unknown>;
}

/** An email account as forms show it: its name and address, or the address alone. */
const accountName = (r: Record<string, unknown>) => (r.name ? `${String(r.name)} <${String(r.email)}>` : String(r.email));
/** A record by its name and its kind (a saved search's, a template's). */
const nameAndType = (r: Record<string, unknown>) => `${String(r.name)} (${String(r.type)})`;

/** Each picker's source, keyed by its resource (the index below writes the key into the source as `resource`). */
const sources: Record<PickerResource, Omit<PickerSource, 'resource'>> = {
  lists: { operationId: 'lists.getAll', label: 'List', name: (r) => String(r.name), value: (r) => String(r.listId) },
  savedSearches: { operationId: 'savedSearches.list', label: 'Saved Search', name: nameAndType, value: (r) => String(r.savedSearchId) },
  campaigns: {
    operationId: 'campaigns.list',
    label: 'Campaign',
    name: (r) => `${String(r.name)} (${String(r.status)})`,
    value: (r) => String(r.campaignId),
  },
  emailAccounts: { operationId: 'emailAccounts.list', label: 'Email Account', name: accountName, value: (r) => String(r.email) },
  // The same accounts, by their id: what a campaign's sending accounts (emailAccountIds) take.
  sendingAccounts: { operationId: 'emailAccounts.list', label: 'Sending Account', name: accountName, value: (r) => String(r.emailAccountId) },
  templates: { operationId: 'templates.list', label: 'Template', name: (r) => String(r.name), value: (r) => String(r.templateId) },
  // Saved contacts, by name and email: the first page (500) of those saved at any time.
  contacts: {
    operationId: 'orgContacts.list',
    label: 'Contact',
    input: () => ({ startDate: '2000-01-01T00:00:00Z', endDate: new Date().toISOString() }),
    name: (r) => [r.fullName || r.name, r.email && `<${String(r.email)}>`].filter(Boolean).join(' ') || String(r.contactId),
    value: (r) => String(r.contactId),
  },
  // Templates of every kind with their kind: a task of any type (call, LinkedIn, to-do, manual email) may take one.
  taskTemplates: { operationId: 'templates.list', label: 'Template', name: nameAndType, value: (r) => String(r.templateId) },
};

export const pickerSources = Object.fromEntries(Object.entries(sources).map(([resource, source]) => [resource, { resource, ...source }])) as Readonly<
  Record<PickerResource, PickerSource>
>;

/**
 * Fields a form offers by picker though their entry does not mark them: marking them (`picks`) would turn the n8n
 * node's plain ID fields into resource locators and change its saved workflows. Keyed as field-labels.ts is: the
 * field's name, `<operation id>.<field>` winning.
 */
export const formPickers: Readonly<Record<string, PickerResource>> = {
  contactId: 'contacts',
  'tasks.create.templateId': 'taskTemplates',
};

/** The picker a form offers for `field` of `operationId` that its entry leaves unmarked, if any. */
export function formPickerOf(operationId: string, field: string): PickerResource | undefined {
  return formPickers[`${operationId}.${field}`] ?? formPickers[field];
}

/** Marks a field as one of the user's records of `resource`. */
export function picks<T extends z.ZodMiniType>(schema: T, resource: PickerResource): T {
  return schema.check(z.meta({ picker: resource }));
}

/** The picker a field's JSON Schema (from `z.toJSONSchema` of an input) carries, if any. */
export function pickerOf(property: { picker?: unknown }): PickerSource | undefined {
  const resource = property.picker;
  return typeof resource === 'string' && resource in pickerSources ? pickerSources[resource as PickerResource] : undefined;
}
