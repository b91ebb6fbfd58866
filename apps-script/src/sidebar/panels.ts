/**
 * The sidebar's panels, declared once: each panel's server functions (google.script.run names, from
 * server-functions.ts) and the catalogue operations it runs. The README parity table reads the operations from here
 * (scripts/parity-sources.ts), and a test holds each declaration to the server functions and to the panel's code.
 */
import {
  addListContactsOperation,
  callMcpToolOperation,
  campaignActionOperation,
  createCampaignOperation,
  createListOperation,
  createSavedSearchOperation,
  createTaskOperation,
  deleteListOperation,
  deleteSavedSearchOperation,
  getCreditsOperation,
  getSavedSearchOperation,
  listCallDispositionsOperation,
  listCallSentimentsOperation,
  listDraftsOperation,
  listEmailAccountsOperation,
  listListsOperation,
  listMcpToolsOperation,
  listSavedSearchesOperation,
  logCallOperation,
  meOperation,
  orgCompaniesOperation,
  orgContactsOperation,
  pollCompanyResearchOperation,
  pollContactResearchOperation,
  previewEmailOperation,
  renameListOperation,
  researchCompaniesOperation,
  researchContactsOperation,
  searchCompaniesOperation,
  searchContactsOperation,
  sendBulkOperation,
  sendDraftOperation,
  sendEmailOperation,
  tokenOperation,
  updateSavedSearchOperation,
  type AnyOperation,
} from '../../../shared';
import { runnableOperations } from '../run/runnable';

export interface Panel {
  /** The panel's module under apps-script/src/sidebar/ (its name in the parity table). */
  name: string;
  /** Its heading in Sidebar.html. */
  title: string;
  functions: readonly string[];
  operations: () => readonly AnyOperation[];
}

/** Research is submitted and polled through the core's research flow (newResearchJob), with the balance read first. */
const research = () => [getCreditsOperation, researchContactsOperation, researchCompaniesOperation, pollContactResearchOperation, pollCompanyResearchOperation];

export const sidebarPanels: readonly Panel[] = [
  {
    name: 'connection',
    title: 'Connection',
    functions: ['getConnectionStatus', 'connectApiKey', 'beginOAuthConnection', 'disconnect', 'testConnection', 'saveConnectionSettings'],
    // The OAuth sign-in's code is exchanged by authCallback (auth.ts) with the token operation.
    operations: () => [meOperation, getCreditsOperation, tokenOperation],
  },
  {
    name: 'search',
    title: 'Search and import',
    functions: [
      'searchPreview',
      'importSearch',
      'importSavedSearch',
      'searchFilterForm',
      'sheetSearchFormulas',
      'startSearchJob',
      'advanceSearchJobNow',
      'readLookupIndexNow',
    ],
    operations: () => [searchContactsOperation, searchCompaniesOperation, getSavedSearchOperation],
  },
  { name: 'enrich', title: 'Enrich selected rows', functions: ['previewEnrichment', 'startEnrichment', 'pollEnrichment'], operations: research },
  {
    name: 'enrich-sheet',
    title: 'Enrich a sheet: fields, conditions, new rows',
    functions: ['enrichmentPanel', 'saveEnrichmentSettings', 'previewSheetEnrichment', 'startSheetEnrichment', 'cancelEnrichment', 'setAutoEnrichment'],
    operations: research,
  },
  {
    name: 'outreach',
    title: 'Campaign from selected contacts; Send an email or a draft',
    functions: ['createCampaignFromSelection', 'sendEmail', 'sendDraft', 'listDrafts', 'listEmailAccounts'],
    operations: () => [
      createCampaignOperation,
      campaignActionOperation,
      sendEmailOperation,
      sendDraftOperation,
      listDraftsOperation,
      listEmailAccountsOperation,
    ],
  },
  {
    name: 'template-email',
    title: 'Email the selected rows from a template',
    functions: ['previewTemplateEmail', 'sendTemplateEmail'],
    operations: () => [previewEmailOperation, sendBulkOperation, sendEmailOperation],
  },
  {
    name: 'lists',
    title: 'Lists and saved searches',
    functions: [
      'getLists',
      'createList',
      'renameList',
      'deleteList',
      'addSelectionToList',
      'getSavedSearches',
      'createSavedSearch',
      'updateSavedSearch',
      'deleteSavedSearch',
      'exportToSheet',
    ],
    operations: () => [
      listListsOperation,
      createListOperation,
      renameListOperation,
      deleteListOperation,
      addListContactsOperation,
      listSavedSearchesOperation,
      createSavedSearchOperation,
      updateSavedSearchOperation,
      deleteSavedSearchOperation,
    ],
  },
  {
    name: 'tasks-calls',
    title: 'Tasks and calls for selected contacts',
    functions: ['createTasksForSelection', 'logCallsForSelection', 'callChoices'],
    operations: () => [createTaskOperation, logCallOperation, listCallDispositionsOperation, listCallSentimentsOperation],
  },
  {
    name: 'run-operation',
    title: 'Run an operation',
    functions: ['pickerChoices', 'previewOperation', 'runOperation'],
    operations: runnableOperations,
  },
  {
    name: 'mcp-tool',
    title: 'Call an MCP tool',
    functions: ['mcpToolForms', 'previewMcpTool', 'runMcpTool'],
    operations: () => [listMcpToolsOperation, callMcpToolOperation],
  },
  {
    name: 'schedule',
    title: 'Keep org contacts up to date',
    functions: ['enableOrgRefresh', 'refreshOrgContactsNow', 'disableOrgRefresh', 'scheduleStatus'],
    operations: () => [orgContactsOperation],
  },
  {
    name: 'imports',
    title: 'Saved imports; Run log',
    functions: ['listImports', 'saveImportSpec', 'runImportNow', 'cancelImport', 'pauseImport', 'deleteSavedImport', 'importOnce', 'runLogStatus', 'setRunLog'],
    operations: () => [
      searchContactsOperation,
      searchCompaniesOperation,
      getSavedSearchOperation,
      orgContactsOperation,
      orgCompaniesOperation,
      listListsOperation,
    ],
  },
];
