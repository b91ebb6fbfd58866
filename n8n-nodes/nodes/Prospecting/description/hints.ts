import type { INodeProperties } from 'n8n-workflow';

/** Hand-tuned wording and types for fields whose schema name alone would puzzle a salesperson. */
export type FieldHint = Partial<Pick<INodeProperties, 'displayName' | 'description' | 'placeholder' | 'type' | 'hint'>> & {
  /** Needed unless this other field is set (the schema's refinement): shown at the top level from node version 2 on, checked by the node. */
  requiredUnless?: string;
};

/** Keyed by field name; `<operation id>.<field>` wins over the plain name. */
export const hints: Readonly<Record<string, FieldHint>> = {
  id: { displayName: 'ID' },
  name: { description: 'The name people will see' },
  companyName: { displayName: 'Company Names', description: 'Comma-separated company names, e.g. Acme, Globex', placeholder: 'Acme, Globex' },
  companyNameSearchType: { description: 'How company names match: default, related companies too, or exact names only' },
  companyDomain: { displayName: 'Company Domains', description: 'Comma-separated website domains, e.g. acme.com', placeholder: 'acme.com' },
  fullName: { displayName: 'Full Names', description: 'Comma-separated names of people' },
  contactState: { displayName: 'Contact States', description: 'Comma-separated states or regions where the person is based' },
  contactCountry: { displayName: 'Contact Countries', description: 'Comma-separated countries where the person is based' },
  contactZipCode: { displayName: 'Contact Zip Codes', description: 'Comma-separated postal codes' },
  companyState: { displayName: 'Company States', description: 'Comma-separated states or regions of the head office' },
  companyCountry: { displayName: 'Company Countries', description: 'Comma-separated countries of the head office' },
  locationType: { description: 'Whether the location filters apply to the person, the company, either or both' },
  department: { displayName: 'Departments', description: 'Departments of the person (at most 5)' },
  seniority: { displayName: 'Seniorities', description: 'Levels of the person (at most 5)' },
  jobTitle: { displayName: 'Job Titles', description: 'Comma-separated job titles, e.g. Head of Sales' },
  contactKeyword: { displayName: 'Keywords', description: 'Comma-separated words to look for in the profile' },
  industry: { displayName: 'Industries', description: 'Comma-separated industries (at most 5)' },
  companySize: { displayName: 'Company Sizes', description: 'Staff-count ranges of the company (at most 10)' },
  companyRevenue: { displayName: 'Company Revenues', description: 'Annual revenue ranges of the company (at most 10)' },
  technologiesIsOr: { displayName: 'Any Technology', description: 'Whether a company using any of the technologies matches (otherwise it must use all)' },
  companyType: { description: 'Publicly traded or private companies only' },
  companyFoundedOn: { displayName: 'Company Founded', description: 'How long ago the company was founded' },
  foundedOn: { displayName: 'Founded', description: 'How long ago the company was founded' },
  newsTypes: { displayName: 'News Types', description: 'Companies with recent news of these kinds' },
  newsTypeDates: { displayName: 'News Within Days', description: 'How recent the news must be, in days (pick one)' },
  jobChanges: {
    displayName: 'Job Changes (JSON)',
    description: 'People who changed jobs recently, e.g. {"changeType": "New Hire", "dayRange": "Last 90 Days"}',
  },
  pastCompany: {
    displayName: 'Past Company (JSON)',
    description: 'People who used to work at these companies, e.g. {"names": ["Acme"], "onlyMostRecentDeparture": false}',
  },
  companyLatestFundingDates: { displayName: 'Latest Funding Within Days', description: 'How recent the latest funding round must be, in days (pick one)' },
  companyLatestFundingClassifications: { displayName: 'Latest Funding Rounds', description: 'Kinds of the latest funding round' },
  companyLatestFundingTotals: { displayName: 'Total Funding', description: 'Total funding ranges' },
  latestFundingDates: { displayName: 'Latest Funding Within Days', description: 'How recent the latest funding round must be, in days (pick one)' },
  latestFundingClassifications: { displayName: 'Latest Funding Rounds', description: 'Kinds of the latest funding round' },
  latestFundingTotals: { displayName: 'Total Funding', description: 'Total funding ranges' },
  technologies: { displayName: 'Technologies', description: 'Comma-separated technologies the company uses' },
  lastModifiedAfter: { type: 'dateTime', description: 'Only people whose data changed after this moment' },
  lastModifiedBefore: { type: 'dateTime', description: 'Only people whose data changed before this moment' },
  savedSearchId: { displayName: 'Saved Search', description: 'Run the filters of one of your saved searches' },
  startDate: { type: 'dateTime', displayName: 'Changed After', description: 'Start of the period: records saved or updated from this moment' },
  endDate: { type: 'dateTime', displayName: 'Changed Before', description: 'End of the period: records saved or updated up to this moment' },
  requestIds: { displayName: 'Request IDs', description: 'Comma-separated request IDs returned by Research', placeholder: '={{ $json.requestId }}' },
  emailAccountIds: { displayName: 'Sending Account IDs', description: 'Comma-separated IDs of the email accounts the campaign sends from' },
  steps: { displayName: 'Steps (JSON)', description: 'Array of steps, each {type, name, description, dueDay (from 1), templateId}' },
  contactIds: {
    displayName: 'Contact IDs',
    description: 'Comma-separated IDs of saved contacts (more than 500 are sent in several requests)',
    placeholder: '1001, 1002',
  },
  maxActiveContacts: { description: 'How many contacts the campaign works on at once (needed before it can start)' },
  action: { displayName: 'New State', description: 'What to do with the campaign' },
  searchText: { description: 'Only campaigns whose name contains this text' },
  contactId: { displayName: 'Contact ID', description: 'The saved contact who receives the email' },
  // One email per item is paced at the service's limit: 700 items take about 12 minutes.
  'emails.send.contactId': {
    hint: "One email per input item, at most 60 a minute (the service's limit): for hundreds of recipients use Send Bulk, which sends them in one request",
  },
  from: { displayName: 'From', description: 'One of your connected email accounts' },
  to: { description: 'Recipient address', placeholder: 'name@example.com' },
  cc: { displayName: 'CC', description: 'Comma-separated addresses to copy' },
  bcc: { displayName: 'BCC', description: 'Comma-separated addresses to copy blindly' },
  subject: { description: 'Subject line; required unless a Template is chosen (under Additional Fields)', requiredUnless: 'templateId' },
  body: { description: 'HTML or plain text; required unless a Template is chosen (under Additional Fields)', requiredUnless: 'templateId' },
  templateId: { displayName: 'Template', description: 'A template applied before sending' },
  'emails.sendDraft.id': { displayName: 'Draft ID', description: 'The draft to send' },
  'emails.sendDraft.from': { description: 'Send from this account instead of the one on the draft' },
  type: { description: 'Whether the search finds contacts or companies' },
  values: { displayName: 'Filters (JSON)', description: 'The search filters, as the Search operation takes them' },
  sortColumn: { description: 'Column the results are sorted by' },
  sortOrder: { description: 'Sort direction' },
  tagIds: { displayName: 'List IDs', description: 'Comma-separated IDs of lists linked to the search' },
  numResultsApproved: { displayName: 'Approved Results', description: 'How many results were approved (0 or more)' },
};

export function hintFor(operationId: string, field: string): FieldHint {
  return { ...(hints[field] ?? {}), ...(hints[`${operationId}.${field}`] ?? {}) };
}
