/**
 * The bundle's single export object (esbuild assigns it to the global `__addon`). build.mjs adds one
 * top-level function per entry point that forwards here, so Apps Script sees real global declarations.
 */

export { PDS_SEARCH_CONTACTS, PDS_SEARCH_COMPANIES } from './custom-functions/search';
export { PDS_ORG_CONTACTS, PDS_ORG_COMPANIES } from './custom-functions/org';
export { PDS_LISTS, PDS_SAVED_SEARCHES, PDS_CONTACT_STATUSES, PDS_CREDITS } from './custom-functions/reference';
export { PDS_LOOKUP_CONTACT, PDS_LOOKUP_COMPANY } from './custom-functions/lookup';
export { onOpen, onInstall, showSidebar } from './sidebar/show';
export { authCallback, beginOAuthConnection, connectApiKey, disconnect, getConnectionStatus, saveConnectionSettings, testConnection } from './sidebar/connection';
export { importSavedSearch, importSearch, searchFilterChoices, searchPreview } from './sidebar/search';
export { pollEnrichment, previewEnrichment, startEnrichment } from './sidebar/enrich';
export { createCampaignFromSelection, listDrafts, listEmailAccounts, sendDraft, sendEmail } from './sidebar/outreach';
export {
  addSelectionToList,
  createList,
  createSavedSearch,
  deleteList,
  deleteSavedSearch,
  exportToSheet,
  getLists,
  getSavedSearches,
  renameList,
  updateSavedSearch,
} from './sidebar/lists';
export { disableOrgRefresh, enableOrgRefresh, refreshOrgContactsNow, scheduleStatus, scheduledRun } from './sidebar/schedule';
// Not entry points: the guards build.mjs calls first in the generated wrappers.
export { sidebarOnly_, triggerOnly_ } from './guards';
