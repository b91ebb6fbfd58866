/** Resource names in the words of the n8n UI; the catalogue keeps the API's words (operation names: operation-names.ts). */

export const resourceNames: Readonly<Record<string, string>> = {
  contacts: 'Contact',
  companies: 'Company',
  orgContacts: 'Saved Contact',
  orgCompanies: 'Saved Company',
  campaigns: 'Campaign',
  campaignSteps: 'Campaign Step',
  emails: 'Email',
  emailAccounts: 'Email Account',
  emailFooters: 'Email Footer',
  templates: 'Template',
  lists: 'List',
  savedSearches: 'Saved Search',
  contactStatuses: 'Contact Status',
  credits: 'Credit',
  oauth: 'Account',
  custom: 'Custom API Call',
  mcp: 'MCP Tool',
  features: 'Feature',
  tasks: 'Task',
  calls: 'Call',
  activity: 'Activity',
};

/** Token routes are the credential's business (n8n exchanges and refreshes OAuth2 tokens itself). */
export const hiddenOperations: ReadonlySet<string> = new Set(['oauth.token', 'oauth.tokenV1']);
