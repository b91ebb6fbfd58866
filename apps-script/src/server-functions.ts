/**
 * Menu, callback, trigger and sidebar (google.script.run) functions, one declaration each: the implementation,
 * how many arguments its wrapper passes, its one-line JSDoc and its guard (see Guard in entry-points.ts).
 */
import { type EntryPoint, type EntryPoints, type Guard, type Implementation } from './entry-points';
import {
  authCallback,
  beginOAuthConnection,
  connectApiKey,
  disconnect,
  getConnectionStatus,
  saveConnectionSettings,
  testConnection,
} from './sidebar/connection';
import { pollEnrichment, previewEnrichment, startEnrichment } from './sidebar/enrich';
import {
  cancelEnrichment,
  enrichmentPanel,
  previewSheetEnrichment,
  saveEnrichmentSettings,
  setAutoEnrichment,
  startSheetEnrichment,
} from './sidebar/enrich-sheet';
import {
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
import { createCampaignFromSelection, listDrafts, listEmailAccounts, sendDraft, sendEmail } from './sidebar/outreach';
import { disableOrgRefresh, enableOrgRefresh, refreshOrgContactsNow, scheduleStatus, scheduledRun } from './sidebar/schedule';
import { importSavedSearch, importSearch, searchFilterForm, searchPreview } from './sidebar/search';
import { advanceSearchJobNow, sheetSearchFormulas, startSearchJob } from './sidebar/search-job';
import { readLookupIndexNow } from './sidebar/lookup-job';
import {
  cancelImport,
  deleteSavedImport,
  importOnce,
  listImports,
  pauseImport,
  runImportNow,
  runLogStatus,
  saveImportSpec,
  setRunLog,
} from './sidebar/imports';
import { mcpToolForms, previewMcpTool, runMcpTool } from './sidebar/mcp-tool';
import { pickerChoices, previewOperation, runOperation } from './sidebar/run-operation';
import { onInstall, onOpen, showSidebar } from './sidebar/show';
import { previewTemplateEmail, sendTemplateEmail } from './sidebar/template-email';
import { callChoices, createTasksForSelection, logCallsForSelection } from './sidebar/tasks-calls';

/** At most eight arguments: one letter each for the wrapper's parameters. */
type Arity = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * A server function that takes `arity` arguments. Its one-line summary is a comment beside it, not a string: Apps
 * Script reads JSDoc only for custom functions, and the bundle has a size budget. Its wrapper's parameters are a, b,
 * c... (only a custom function's names are ever shown), so a count says all a declaration needs to.
 */
function declare<const N extends Arity>(guard: Exclude<Guard, 'custom'>, arity: N, run: Implementation<N>): EntryPoint {
  return { params: [...'abcdefgh'.slice(0, arity)], doc: [], guard, run };
}

/** A server function the sidebar (google.script.run) calls: refused from a cell. */
function sidebar<const N extends Arity>(arity: N, run: Implementation<N>): EntryPoint {
  return declare('sidebar', arity, run);
}

export const serverFunctions: EntryPoints = {
  onOpen: declare('open', 1, onOpen), // Adds the add-on menu.
  onInstall: declare('open', 1, onInstall), // Adds the add-on menu right after installation.
  showSidebar: sidebar(0, showSidebar), // Opens the sidebar.
  authCallback: declare('callback', 1, authCallback), // OAuth redirect target (Google's /usercallback with a state token).
  // Hourly dispatcher trigger: runs every scheduled job that is due (auto-enrichment, research, org refresh, saved imports).
  scheduledRun: declare('trigger', 1, scheduledRun),
  getConnectionStatus: sidebar(0, getConnectionStatus), // Sidebar: which connection is set up (never the secret).
  connectApiKey: sidebar(1, connectApiKey), // Sidebar: connects with an API key after testing it.
  beginOAuthConnection: sidebar(2, beginOAuthConnection), // Sidebar: starts the OAuth sign-in.
  disconnect: sidebar(0, disconnect), // Sidebar: forgets the credential.
  testConnection: sidebar(0, testConnection), // Sidebar: who is connected, credits, rate-limit headroom.
  saveConnectionSettings: sidebar(1, saveConnectionSettings), // Sidebar: service addresses and limits.
  searchPreview: sidebar(1, searchPreview), // Sidebar: a first page of search results.
  importSearch: sidebar(1, importSearch), // Sidebar: imports search results into a sheet.
  importSavedSearch: sidebar(5, importSavedSearch), // Sidebar: imports a saved search.
  sheetSearchFormulas: sidebar(1, sheetSearchFormulas), // Sidebar: the active sheet's search formulas, or their argument ranges' values.
  startSearchJob: sidebar(3, startSearchJob), // Sidebar: runs searches as a paced job into a sheet.
  advanceSearchJobNow: sidebar(0, advanceSearchJobNow), // Sidebar: the job's next slice (polled until complete).
  readLookupIndexNow: sidebar(0, readLookupIndexNow), // Sidebar: reads the saved records look-up cells wait for, then recalculates them.
  previewEnrichment: sidebar(0, previewEnrichment), // Sidebar: cost preview of enriching the selected rows.
  startEnrichment: sidebar(1, startEnrichment), // Sidebar: starts the confirmed enrichment.
  pollEnrichment: sidebar(1, pollEnrichment), // Sidebar: one poll sweep, finished rows written.
  enrichmentPanel: sidebar(1, enrichmentPanel), // Sidebar: the field picker and run conditions of the active sheet.
  saveEnrichmentSettings: sidebar(1, saveEnrichmentSettings), // Sidebar: remembers picked fields and run conditions for the sheet.
  previewSheetEnrichment: sidebar(1, previewSheetEnrichment), // Sidebar: rows that qualify and the most a run could cost; sends nothing.
  startSheetEnrichment: sidebar(2, startSheetEnrichment), // Sidebar: starts the previewed enrichment (contacts or companies).
  cancelEnrichment: sidebar(1, cancelEnrichment), // Sidebar: cancels a running enrichment; unsent rows stay unsent.
  setAutoEnrichment: sidebar(1, setAutoEnrichment), // Sidebar: turns the hourly enrichment of new rows on or off.
  createCampaignFromSelection: sidebar(1, createCampaignFromSelection), // Sidebar: campaign from the selected contacts.
  sendEmail: sidebar(1, sendEmail), // Sidebar: sends one email (never repeated).
  sendDraft: sidebar(2, sendDraft), // Sidebar: sends a draft (never repeated).
  listDrafts: sidebar(0, listDrafts), // Sidebar: your drafts.
  listEmailAccounts: sidebar(0, listEmailAccounts), // Sidebar: your sending accounts.
  previewTemplateEmail: sidebar(1, previewTemplateEmail), // Sidebar: renders a template for the first selected rows; sends nothing.
  sendTemplateEmail: sidebar(2, sendTemplateEmail), // Sidebar: the previewed template email, sent once (bulk or per row).
  getLists: sidebar(0, getLists), // Sidebar: your lists.
  createList: sidebar(1, createList), // Sidebar: creates a list.
  renameList: sidebar(2, renameList), // Sidebar: renames a list.
  deleteList: sidebar(1, deleteList), // Sidebar: deletes a list.
  addSelectionToList: sidebar(1, addSelectionToList), // Sidebar: adds the selected contacts to a list.
  getSavedSearches: sidebar(1, getSavedSearches), // Sidebar: your saved searches.
  createSavedSearch: sidebar(1, createSavedSearch), // Sidebar: creates a saved search.
  updateSavedSearch: sidebar(1, updateSavedSearch), // Sidebar: changes a saved search.
  deleteSavedSearch: sidebar(1, deleteSavedSearch), // Sidebar: deletes a saved search.
  exportToSheet: sidebar(2, exportToSheet), // Sidebar: writes lists or saved searches to a sheet.
  enableOrgRefresh: sidebar(1, enableOrgRefresh), // Sidebar: imports org contacts and refreshes them hourly.
  refreshOrgContactsNow: sidebar(0, refreshOrgContactsNow), // Sidebar: continues the org-contacts refresh now.
  disableOrgRefresh: sidebar(0, disableOrgRefresh), // Sidebar: stops the org-contacts refresh.
  scheduleStatus: sidebar(0, scheduleStatus), // Sidebar: refresh cursor and unfinished research.
  createTasksForSelection: sidebar(1, createTasksForSelection), // Sidebar: one task per selected contact (never repeated).
  logCallsForSelection: sidebar(1, logCallsForSelection), // Sidebar: one logged call per selected contact (never repeated).
  callChoices: sidebar(0, callChoices), // Sidebar: call dispositions and sentiments.
  searchFilterForm: sidebar(0, searchFilterForm), // Sidebar: the search form's fields, from the catalogue's filter facts.
  listImports: sidebar(0, listImports), // Sidebar: saved imports with last run, rows written and next run.
  saveImportSpec: sidebar(2, saveImportSpec), // Sidebar: saves (or changes) an import with its output mode and schedule.
  runImportNow: sidebar(1, runImportNow), // Sidebar: runs a saved import now (resumes a cut run).
  cancelImport: sidebar(1, cancelImport), // Sidebar: stops a running import after its current page.
  pauseImport: sidebar(2, pauseImport), // Sidebar: pauses or resumes a saved import.
  deleteSavedImport: sidebar(1, deleteSavedImport), // Sidebar: deletes a saved import (its sheet stays).
  importOnce: sidebar(1, importOnce), // Sidebar: runs an import once (any source, any output mode), unsaved.
  runLogStatus: sidebar(0, runLogStatus), // Sidebar: run log settings and newest runs.
  setRunLog: sidebar(1, setRunLog), // Sidebar: opts in or out of the run log sheet.
  pickerChoices: sidebar(1, pickerChoices), // Sidebar: the user's records a field picks from (lists, campaigns...).
  previewOperation: sidebar(1, previewOperation), // Sidebar: what an operation run would send and cost; sends nothing.
  runOperation: sidebar(2, runOperation), // Sidebar: runs the previewed operation once or per selected row.
  mcpToolForms: sidebar(0, mcpToolForms), // Sidebar: the service's MCP tools now (tools/list), each with its inputSchema.
  previewMcpTool: sidebar(1, previewMcpTool), // Sidebar: what a tool call would send; checks the arguments; sends nothing.
  runMcpTool: sidebar(2, runMcpTool), // Sidebar: calls the previewed tool once or per selected row.
};
