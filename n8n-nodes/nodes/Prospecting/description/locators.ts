/**
 * Fields whose value comes from one of the user's own lists: shown as resource locators ("From List" or
 * "By ID"). Each names the catalogue operation that lists the choices and how a record reads as an option.
 */
export interface LocatorSource {
  /** The listSearch method name in the node's `methods`. */
  method: string;
  /** Catalogue operation that lists the records. */
  operationId: string;
  label: string;
  name: (record: Record<string, unknown>) => string;
  value: (record: Record<string, unknown>) => string;
}

export const locatorSources: Readonly<Record<string, LocatorSource>> = {
  lists: { method: 'searchLists', operationId: 'lists.getAll', label: 'List', name: (r) => String(r.name), value: (r) => String(r.listId) },
  savedSearches: {
    method: 'searchSavedSearches',
    operationId: 'savedSearches.list',
    label: 'Saved Search',
    name: (r) => `${String(r.name)} (${String(r.type)})`,
    value: (r) => String(r.savedSearchId),
  },
  campaigns: {
    method: 'searchCampaigns',
    operationId: 'campaigns.list',
    label: 'Campaign',
    name: (r) => `${String(r.name)} (${String(r.status)})`,
    value: (r) => String(r.campaignId),
  },
  emailAccounts: {
    method: 'searchEmailAccounts',
    operationId: 'emailAccounts.list',
    label: 'Email Account',
    name: (r) => (r.name ? `${String(r.name)} <${String(r.email)}>` : String(r.email)),
    value: (r) => String(r.email),
  },
  templates: { method: 'searchTemplates', operationId: 'templates.list', label: 'Template', name: (r) => String(r.name), value: (r) => String(r.templateId) },
};

/** Which locator a field of an operation uses, if any. */
export function locatorFor(operationId: string, field: string): LocatorSource | undefined {
  const resource = operationId.split('.')[0];
  if (field === 'id' && (resource === 'lists' || resource === 'savedSearches' || resource === 'campaigns' || resource === 'templates'))
    return locatorSources[resource];
  // A campaign named by another resource's operation (its steps) picks from the same list.
  if (field === 'campaignId') return locatorSources.campaigns;
  if (field === 'from' && resource === 'emails') return locatorSources.emailAccounts;
  if (field === 'templateId') return locatorSources.templates;
  if (field === 'savedSearchId') return locatorSources.savedSearches;
  return undefined;
}
