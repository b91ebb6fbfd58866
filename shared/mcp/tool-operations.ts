/**
 * The one map from the service's published MCP tools (the 54 names of the public reference, DECISIONS "MCP tools and
 * parity") to the catalogue operation that covers each; the README parity table is generated from it (scripts/parity-table.ts) and a test fails
 * when a tool of the live tools/list has no entry or names an operation the catalogue lacks. Any tool, listed here
 * or not, can also be called as is through `mcp.callTool`.
 */
export const TOOL_OPERATIONS: Readonly<Record<string, string>> = {
  search_contacts: 'contacts.search',
  search_companies: 'companies.search',
  research_contacts: 'contacts.research',
  poll_contact_research: 'contacts.pollResearch',
  research_companies: 'companies.research',
  poll_company_research: 'companies.pollResearch',
  get_my_contacts: 'orgContacts.list',
  get_my_companies: 'orgCompanies.list',
  get_credits: 'credits.get',
  get_lists: 'lists.getAll',
  create_list: 'lists.create',
  update_list: 'lists.rename',
  delete_list: 'lists.delete',
  list_campaigns: 'campaigns.list',
  create_campaign: 'campaigns.create',
  update_campaign: 'campaigns.update',
  delete_campaign: 'campaigns.delete',
  execute_campaign_action: 'campaigns.action',
  clone_campaign: 'campaigns.clone',
  add_contacts_to_campaign: 'campaigns.addContacts',
  remove_contacts_from_campaign: 'campaigns.removeContacts',
  list_campaign_contacts: 'campaigns.listContacts',
  get_campaign_metrics: 'campaigns.metrics',
  list_campaign_steps: 'campaignSteps.list',
  create_campaign_step: 'campaignSteps.create',
  update_campaign_step: 'campaignSteps.update',
  delete_campaign_step: 'campaignSteps.delete',
  execute_campaign_step_action: 'campaignSteps.action',
  list_saved_searches: 'savedSearches.list',
  create_saved_search: 'savedSearches.create',
  update_saved_search: 'savedSearches.update',
  delete_saved_search: 'savedSearches.delete',
  list_templates: 'templates.list',
  create_template: 'templates.create',
  update_template: 'templates.update',
  delete_template: 'templates.delete',
  send_email: 'emails.send',
  create_email_draft: 'emails.createDraft',
  get_email_draft: 'emails.get',
  update_email_draft: 'emails.updateDraft',
  send_email_draft: 'emails.sendDraft',
  send_bulk_email: 'emails.sendBulk',
  send_email_preview: 'emails.preview',
  list_tasks: 'tasks.list',
  create_task: 'tasks.create',
  update_task: 'tasks.update',
  delete_task: 'tasks.delete',
  execute_task_action: 'tasks.action',
  log_call: 'calls.log',
  list_call_dispositions: 'calls.listDispositions',
  list_call_sentiments: 'calls.listSentiments',
  get_activity_feed: 'activity.list',
  list_email_accounts: 'emailAccounts.list',
  list_email_footers: 'emailFooters.list',
};

/**
 * Single-record reads with no tool of their own: the service's integration reads them through the listing tool
 * (public reference, "The 54 MCP tool names"), so over MCP they are that tool's answer, picked by id.
 */
export const LISTING_TOOL_READS: Readonly<Record<string, string>> = {
  'campaigns.get': 'list_campaigns',
  'templates.get': 'list_templates',
  'tasks.get': 'list_tasks',
  'savedSearches.get': 'list_saved_searches',
  'lists.get': 'get_lists',
};
