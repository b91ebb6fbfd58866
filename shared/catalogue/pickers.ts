import type { z } from 'zod';

/**
 * Fields whose value is one of the user's own records (a list, a campaign, a template...). An entry says so on the
 * field itself (`picks(schema, 'lists')`, zod metadata that the JSON Schema of the input carries as `picker`), and
 * each target offers the choice its own way (n8n: a resource locator filled by the listing operation).
 */
export type PickerResource = 'lists' | 'savedSearches' | 'campaigns' | 'emailAccounts' | 'templates';

export interface PickerSource {
  resource: PickerResource;
  /** The catalogue operation that lists the records to pick from. */
  operationId: string;
  /** What one record is called in a form. */
  label: string;
  name: (record: Record<string, unknown>) => string;
  value: (record: Record<string, unknown>) => string;
}

export const pickerSources: Readonly<Record<PickerResource, PickerSource>> = {
  lists: { resource: 'lists', operationId: 'lists.getAll', label: 'List', name: (r) => String(r.name), value: (r) => String(r.listId) },
  savedSearches: {
    resource: 'savedSearches',
    operationId: 'savedSearches.list',
    label: 'Saved Search',
    name: (r) => `${String(r.name)} (${String(r.type)})`,
    value: (r) => String(r.savedSearchId),
  },
  campaigns: {
    resource: 'campaigns',
    operationId: 'campaigns.list',
    label: 'Campaign',
    name: (r) => `${String(r.name)} (${String(r.status)})`,
    value: (r) => String(r.campaignId),
  },
  emailAccounts: {
    resource: 'emailAccounts',
    operationId: 'emailAccounts.list',
    label: 'Email Account',
    name: (r) => (r.name ? `${String(r.name)} <${String(r.email)}>` : String(r.email)),
    value: (r) => String(r.email),
  },
  templates: { resource: 'templates', operationId: 'templates.list', label: 'Template', name: (r) => String(r.name), value: (r) => String(r.templateId) },
};

/** Marks a field as one of the user's records of `resource`. */
export function picks<T extends z.ZodType>(schema: T, resource: PickerResource): T {
  return schema.meta({ picker: resource });
}

/** The picker a field's JSON Schema (from `z.toJSONSchema` of an input) carries, if any. */
export function pickerOf(property: { picker?: unknown }): PickerSource | undefined {
  const resource = property.picker;
  return typeof resource === 'string' && resource in pickerSources ? pickerSources[resource as PickerResource] : undefined;
}
