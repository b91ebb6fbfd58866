/**
 * The functions Apps Script calls by name, with the JSDoc Sheets reads for custom-function autocomplete.
 * build.mjs turns each into a top-level `function NAME(...) { return __addon.NAME(...) }` after the bundle.
 * Names ending in "_" would be private in Apps Script: there are none here on purpose.
 */
export interface EntryPoint {
  name: string;
  params: string[];
  /** JSDoc body lines (without the comment markers). Custom functions carry @customfunction. */
  doc: string[];
  /**
   * How build.mjs guards the generated wrapper before forwarding:
   * - 'custom': none (a custom function; free reads only);
   * - 'sidebar': sidebarOnly_ first, so a cell calling it (`=sendDraft(...)`) is refused before anything runs;
   * - 'trigger': triggerOnly_ first (the time-driven trigger's event object, which no cell can pass);
   * - 'open': none (simple triggers; they call SpreadsheetApp.getUi() themselves, refused in a cell);
   * - 'callback': none (Google's /usercallback; it only finishes a sign-in started from the sidebar).
   * Every server function is 'sidebar' unless listed otherwise on purpose.
   */
  guard: 'custom' | 'sidebar' | 'trigger' | 'open' | 'callback';
}

const custom = (name: string, params: string[], doc: string[]): EntryPoint => ({ name, params, doc: [...doc, '@customfunction'], guard: 'custom' });

export const customFunctions: EntryPoint[] = [
  custom('PDS_SEARCH_CONTACTS', ['filters', 'limit'], [
    'Searches contacts (free: uses no credits). Returns a header row and one row per contact.',
    '@param {string|Array<Array<string>>} filters Filters as "jobTitle=CTO; seniority=VP,Director" or a two-column range (name | value).',
    '@param {number} limit Most results to return (default 50, up to 2000).',
    '@return A table of contacts with a header row.',
  ]),
  custom('PDS_SEARCH_COMPANIES', ['filters', 'limit'], [
    'Searches companies (free: uses no credits). Returns a header row and one row per company.',
    '@param {string|Array<Array<string>>} filters Filters as "industry=Software; companyCountry=US" or a two-column range (name | value).',
    '@param {number} limit Most results to return (default 50, up to 2000).',
    '@return A table of companies with a header row.',
  ]),
  custom('PDS_ORG_CONTACTS', ['days', 'limit', 'fields'], [
    "Lists your organization's saved contacts changed in the last days (free).",
    '@param {number} days Lookback window in days (default 365).',
    '@param {number} limit Most rows to return (default 1000, up to 20000).',
    '@param {string} fields Optional comma-separated fields, e.g. "contactId,fullName,email".',
    '@return A table of saved contacts with a header row.',
  ]),
  custom('PDS_ORG_COMPANIES', ['days', 'limit', 'fields'], [
    "Lists your organization's saved companies changed in the last days (free).",
    '@param {number} days Lookback window in days (default 365).',
    '@param {number} limit Most rows to return (default 1000, up to 20000).',
    '@param {string} fields Optional comma-separated fields, e.g. "companyId,name,domain".',
    '@return A table of saved companies with a header row.',
  ]),
  custom('PDS_LISTS', [], ['Lists your lists (free).', '@return A table of lists with a header row.']),
  custom('PDS_SAVED_SEARCHES', ['type'], [
    'Lists your saved searches (free).',
    '@param {string} type Optional: contacts or companies.',
    '@return A table of saved searches with a header row.',
  ]),
  custom('PDS_CONTACT_STATUSES', [], ["Lists your organization's contact statuses (free).", '@return A table of statuses with a header row.']),
  custom('PDS_CREDITS', [], ["Shows the organization's remaining research credits (free).", '@return The balance under a header.']),
  custom('PDS_LOOKUP_CONTACT', ['keys', 'fields', 'days', 'header'], [
    'Looks up already researched contacts by contactId or email; a whole range is answered in one call (free).',
    '@param {string|Array<Array<string>>} keys A contactId or email, or a range of them.',
    '@param {string} fields Optional comma-separated fields (default contactId, fullName, email, title, company, ...).',
    '@param {number} days Lookback window in days (default 365).',
    '@param {boolean} header FALSE to leave out the header row (to line results up with the keys).',
    '@return One row per key, "(not found)" where no saved contact matches.',
  ]),
  custom('PDS_LOOKUP_COMPANY', ['domains', 'fields', 'days', 'header'], [
    'Looks up already researched companies by domain; a whole range is answered in one call (free).',
    '@param {string|Array<Array<string>>} domains A domain such as acme.com, or a range of them.',
    '@param {string} fields Optional comma-separated fields (default companyId, name, domain, industry, ...).',
    '@param {number} days Lookback window in days (default 365).',
    '@param {boolean} header FALSE to leave out the header row (to line results up with the domains).',
    '@return One row per domain, "(not found)" where no saved company matches.',
  ]),
];

/** A server function the sidebar (google.script.run) calls: refused from a cell. */
const plain = (name: string, params: string[], summary: string): EntryPoint => ({ name, params, doc: [summary], guard: 'sidebar' });
const other = (guard: 'trigger' | 'open' | 'callback', name: string, params: string[], summary: string): EntryPoint => ({ name, params, doc: [summary], guard });

/** Menu, callback, trigger and sidebar (google.script.run) functions. */
export const serverFunctions: EntryPoint[] = [
  other('open', 'onOpen', ['e'], 'Adds the add-on menu.'),
  other('open', 'onInstall', ['e'], 'Adds the add-on menu right after installation.'),
  plain('showSidebar', [], 'Opens the sidebar.'),
  other('callback', 'authCallback', ['request'], "OAuth redirect target (Google's /usercallback with a state token)."),
  other('trigger', 'scheduledRun', ['e'], 'Hourly trigger: finishes research and refreshes the org-contacts sheet.'),
  plain('getConnectionStatus', [], 'Sidebar: which connection is set up (never the secret).'),
  plain('connectApiKey', ['apiKey'], 'Sidebar: connects with an API key after testing it.'),
  plain('beginOAuthConnection', ['clientId', 'clientSecret'], 'Sidebar: starts the OAuth sign-in.'),
  plain('disconnect', [], 'Sidebar: forgets the credential.'),
  plain('testConnection', [], 'Sidebar: who is connected, credits, rate-limit headroom.'),
  plain('saveConnectionSettings', ['patch'], 'Sidebar: service addresses and limits.'),
  plain('searchPreview', ['request'], 'Sidebar: a first page of search results.'),
  plain('importSearch', ['request'], 'Sidebar: imports search results into a sheet.'),
  plain('importSavedSearch', ['savedSearchId', 'limit', 'sheetName'], 'Sidebar: imports a saved search.'),
  plain('searchFilterChoices', [], 'Sidebar: the search filters with a published set of values, shown as pickers.'),
  plain('previewEnrichment', [], 'Sidebar: cost preview of enriching the selected rows.'),
  plain('startEnrichment', ['confirmedItems'], 'Sidebar: starts the confirmed enrichment.'),
  plain('pollEnrichment', ['jobId'], 'Sidebar: one poll sweep, finished rows written.'),
  plain('createCampaignFromSelection', ['request'], 'Sidebar: campaign from the selected contacts.'),
  plain('sendEmail', ['request'], 'Sidebar: sends one email (never repeated).'),
  plain('sendDraft', ['id', 'from'], 'Sidebar: sends a draft (never repeated).'),
  plain('listDrafts', [], 'Sidebar: your drafts.'),
  plain('listEmailAccounts', [], 'Sidebar: your sending accounts.'),
  plain('getLists', [], 'Sidebar: your lists.'),
  plain('createList', ['name'], 'Sidebar: creates a list.'),
  plain('renameList', ['id', 'name'], 'Sidebar: renames a list.'),
  plain('deleteList', ['id'], 'Sidebar: deletes a list.'),
  plain('addSelectionToList', ['id'], 'Sidebar: adds the selected contacts to a list.'),
  plain('getSavedSearches', ['type'], 'Sidebar: your saved searches.'),
  plain('createSavedSearch', ['input'], 'Sidebar: creates a saved search.'),
  plain('updateSavedSearch', ['input'], 'Sidebar: changes a saved search.'),
  plain('deleteSavedSearch', ['id'], 'Sidebar: deletes a saved search.'),
  plain('exportToSheet', ['what', 'sheetName'], 'Sidebar: writes lists or saved searches to a sheet.'),
  plain('enableOrgRefresh', ['options'], 'Sidebar: imports org contacts and refreshes them hourly.'),
  plain('refreshOrgContactsNow', [], 'Sidebar: continues the org-contacts refresh now.'),
  plain('disableOrgRefresh', [], 'Sidebar: stops the org-contacts refresh.'),
  plain('scheduleStatus', [], 'Sidebar: refresh cursor and unfinished research.'),
];

export const entryPoints: EntryPoint[] = [...customFunctions, ...serverFunctions];
