/**
 * Menu, callback, trigger and sidebar (google.script.run) functions, one declaration each: the implementation,
 * the wrapper's parameter names, its one-line JSDoc and its guard (see Guard in entry-points.ts).
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

/**
 * A server function. Its one-line summary is a comment beside it, not a string: Apps Script reads JSDoc only for custom
 * functions, and the bundle has a size budget.
 */
function declare<const P extends readonly string[]>(guard: Exclude<Guard, 'custom'>, params: P, run: Implementation<P>): EntryPoint {
  return { params, doc: [], guard, run };
}

/** A server function the sidebar (google.script.run) calls: refused from a cell. */
const sidebar = <const P extends readonly string[]>(params: P, run: Implementation<P>) => declare('sidebar', params, run);

export const serverFunctions: EntryPoints = {
  onOpen: declare('open', ['e'], onOpen), // Adds the add-on menu.
  onInstall: declare('open', ['e'], onInstall), // Adds the add-on menu right after installation.
  showSidebar: sidebar([], showSidebar), // Opens the sidebar.
  authCallback: declare('callback', ['request'], authCallback), // OAuth redirect target (Google's /usercallback with a state token).
  // Hourly dispatcher trigger: runs every scheduled job that is due (auto-enrichment, research, org refresh, saved imports).
  scheduledRun: declare('trigger', ['e'], scheduledRun),
  getConnectionStatus: sidebar([], getConnectionStatus), // Sidebar: which connection is set up (never the secret).
  connectApiKey: sidebar(['apiKey'], connectApiKey), // Sidebar: connects with an API key after testing it.
  beginOAuthConnection: sidebar(['clientId', 'clientSecret'], beginOAuthConnection), // Sidebar: starts the OAuth sign-in.
  disconnect: sidebar([], disconnect), // Sidebar: forgets the credential.
  testConnection: sidebar([], testConnection), // Sidebar: who is connected, credits, rate-limit headroom.
  saveConnectionSettings: sidebar(['patch'], saveConnectionSettings), // Sidebar: service addresses and limits.
  searchPreview: sidebar(['request'], searchPreview), // Sidebar: a first page of search results.
  importSearch: sidebar(['request'], importSearch), // Sidebar: imports search results into a sheet.
  importSavedSearch: sidebar(['savedSearchId', 'limit', 'sheetName', 'mode', 'key'], importSavedSearch), // Sidebar: imports a saved search.
  sheetSearchFormulas: sidebar(['ranges'], sheetSearchFormulas), // Sidebar: the active sheet's search formulas, or their argument ranges' values.
  startSearchJob: sidebar(['kind', 'sheetName', 'searches'], startSearchJob), // Sidebar: runs searches as a paced job into a sheet.
  advanceSearchJobNow: sidebar([], advanceSearchJobNow), // Sidebar: the job's next slice (polled until complete).
  readLookupIndexNow: sidebar([], readLookupIndexNow), // Sidebar: reads the saved records look-up cells wait for, then recalculates them.
  previewEnrichment: sidebar([], previewEnrichment), // Sidebar: cost preview of enriching the selected rows.
  startEnrichment: sidebar(['confirmedItems'], startEnrichment), // Sidebar: starts the confirmed enrichment.
  pollEnrichment: sidebar(['jobId'], pollEnrichment), // Sidebar: one poll sweep, finished rows written.
  enrichmentPanel: sidebar(['kind'], enrichmentPanel), // Sidebar: the field picker and run conditions of the active sheet.
  saveEnrichmentSettings: sidebar(['request'], saveEnrichmentSettings), // Sidebar: remembers picked fields and run conditions for the sheet.
  previewSheetEnrichment: sidebar(['request'], previewSheetEnrichment), // Sidebar: rows that qualify and the most a run could cost; sends nothing.
  startSheetEnrichment: sidebar(['request', 'confirmedItems'], startSheetEnrichment), // Sidebar: starts the previewed enrichment (contacts or companies).
  cancelEnrichment: sidebar(['jobId'], cancelEnrichment), // Sidebar: cancels a running enrichment; unsent rows stay unsent.
  setAutoEnrichment: sidebar(['request'], setAutoEnrichment), // Sidebar: turns the hourly enrichment of new rows on or off.
  createCampaignFromSelection: sidebar(['request'], createCampaignFromSelection), // Sidebar: campaign from the selected contacts.
  sendEmail: sidebar(['request'], sendEmail), // Sidebar: sends one email (never repeated).
  sendDraft: sidebar(['id', 'from'], sendDraft), // Sidebar: sends a draft (never repeated).
  listDrafts: sidebar([], listDrafts), // Sidebar: your drafts.
  listEmailAccounts: sidebar([], listEmailAccounts), // Sidebar: your sending accounts.
  previewTemplateEmail: sidebar(['request'], previewTemplateEmail), // Sidebar: renders a template for the first selected rows; sends nothing.
  sendTemplateEmail: sidebar(['request', 'confirmation'], sendTemplateEmail), // Sidebar: the previewed template email, sent once (bulk or per row).
  getLists: sidebar([], getLists), // Sidebar: your lists.
  createList: sidebar(['name'], createList), // Sidebar: creates a list.
  renameList: sidebar(['id', 'name'], renameList), // Sidebar: renames a list.
  deleteList: sidebar(['id'], deleteList), // Sidebar: deletes a list.
  addSelectionToList: sidebar(['id'], addSelectionToList), // Sidebar: adds the selected contacts to a list.
  getSavedSearches: sidebar(['type'], getSavedSearches), // Sidebar: your saved searches.
  createSavedSearch: sidebar(['input'], createSavedSearch), // Sidebar: creates a saved search.
  updateSavedSearch: sidebar(['input'], updateSavedSearch), // Sidebar: changes a saved search.
  deleteSavedSearch: sidebar(['id'], deleteSavedSearch), // Sidebar: deletes a saved search.
  exportToSheet: sidebar(['what', 'sheetName'], exportToSheet), // Sidebar: writes lists or saved searches to a sheet.
  enableOrgRefresh: sidebar(['options'], enableOrgRefresh), // Sidebar: imports org contacts and refreshes them hourly.
  refreshOrgContactsNow: sidebar([], refreshOrgContactsNow), // Sidebar: continues the org-contacts refresh now.
  disableOrgRefresh: sidebar([], disableOrgRefresh), // Sidebar: stops the org-contacts refresh.
  scheduleStatus: sidebar([], scheduleStatus), // Sidebar: refresh cursor and unfinished research.
  createTasksForSelection: sidebar(['request'], createTasksForSelection), // Sidebar: one task per selected contact (never repeated).
  logCallsForSelection: sidebar(['request'], logCallsForSelection), // Sidebar: one logged call per selected contact (never repeated).
  callChoices: sidebar([], callChoices), // Sidebar: call dispositions and sentiments.
  searchFilterForm: sidebar([], searchFilterForm), // Sidebar: the search form's fields, from the catalogue's filter facts.
  listImports: sidebar([], listImports), // Sidebar: saved imports with last run, rows written and next run.
  saveImportSpec: sidebar(['spec', 'id'], saveImportSpec), // Sidebar: saves (or changes) an import with its output mode and schedule.
  runImportNow: sidebar(['id'], runImportNow), // Sidebar: runs a saved import now (resumes a cut run).
  cancelImport: sidebar(['id'], cancelImport), // Sidebar: stops a running import after its current page.
  pauseImport: sidebar(['id', 'paused'], pauseImport), // Sidebar: pauses or resumes a saved import.
  deleteSavedImport: sidebar(['id'], deleteSavedImport), // Sidebar: deletes a saved import (its sheet stays).
  importOnce: sidebar(['spec'], importOnce), // Sidebar: runs an import once (any source, any output mode), unsaved.
  runLogStatus: sidebar([], runLogStatus), // Sidebar: run log settings and newest runs.
  setRunLog: sidebar(['settings'], setRunLog), // Sidebar: opts in or out of the run log sheet.
  pickerChoices: sidebar(['picker'], pickerChoices), // Sidebar: the user's records a field picks from (lists, campaigns...).
  previewOperation: sidebar(['request'], previewOperation), // Sidebar: what an operation run would send and cost; sends nothing.
  runOperation: sidebar(['request', 'confirmation'], runOperation), // Sidebar: runs the previewed operation once or per selected row.
  mcpToolForms: sidebar([], mcpToolForms), // Sidebar: the service's MCP tools now (tools/list), each with its inputSchema.
  previewMcpTool: sidebar(['request'], previewMcpTool), // Sidebar: what a tool call would send; checks the arguments; sends nothing.
  runMcpTool: sidebar(['request', 'confirmation'], runMcpTool), // Sidebar: calls the previewed tool once or per selected row.
};
