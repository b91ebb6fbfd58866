/** Display names in the words of the n8n UI; the catalogue keeps the API's words. */

export const resourceNames: Readonly<Record<string, string>> = {
  contacts: 'Contact',
  companies: 'Company',
  orgContacts: 'Saved Contact',
  orgCompanies: 'Saved Company',
  campaigns: 'Campaign',
  emails: 'Email',
  emailAccounts: 'Email Account',
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

export const actionNames: Readonly<Record<string, string>> = {
  search: 'Search',
  research: 'Research',
  pollResearch: 'Get Research Results',
  list: 'Get Many',
  getAll: 'Get Many',
  get: 'Get',
  create: 'Create',
  delete: 'Delete',
  action: 'Change State',
  metrics: 'Get Metrics',
  listContacts: 'Get Contacts',
  addContacts: 'Add Contacts',
  removeContacts: 'Remove Contacts',
  send: 'Send',
  sendDraft: 'Send Draft',
  listDrafts: 'Get Drafts',
  rename: 'Rename',
  update: 'Update',
  me: 'Get Current User',
  call: 'Make a Request',
  listTools: 'Get Many',
  callTool: 'Call an MCP Tool',
  log: 'Log',
  listDispositions: 'Get Dispositions',
  listSentiments: 'Get Sentiments',
};

/** Token routes are the credential's business (n8n exchanges and refreshes OAuth2 tokens itself). */
export const hiddenOperations: ReadonlySet<string> = new Set(['oauth.token', 'oauth.tokenV1']);
