/**
 * What the targets call an operation's input fields, in a salesperson's words: one table for the n8n node (its
 * displayName, description, placeholder) and the Sheets "Run an operation" panel (label, description, example), so
 * both show the same words. A field with no entry is named from its key ("taskType" → "Task Type"). The n8n node adds
 * only what is n8n's own (date pickers, hints, expressions: n8n-nodes/.../description/hints.ts).
 */
export interface FieldLabel {
  label?: string;
  description?: string;
  /** An example value, shown in an empty input. */
  placeholder?: string;
}

/** Keyed by field name; `<operation id>.<field>` wins over the plain name. */
export const fieldLabels: Readonly<Record<string, FieldLabel>> = {
  id: { label: 'ID' },
  name: { description: 'The name people will see' },
  companyName: { label: 'Company Names', description: 'Comma-separated company names, e.g. Acme, Globex', placeholder: 'Acme, Globex' },
  companyNameSearchType: { description: 'How company names match: default, related companies too, or exact names only' },
  companyDomain: { label: 'Company Domains', description: 'Comma-separated website domains, e.g. acme.com', placeholder: 'acme.com' },
  fullName: { label: 'Full Names', description: 'Comma-separated names of people' },
  contactState: { label: 'Contact States', description: 'Comma-separated states or regions where the person is based' },
  contactCountry: { label: 'Contact Countries', description: 'Comma-separated countries where the person is based' },
  contactZipCode: { label: 'Contact Zip Codes', description: 'Comma-separated postal codes' },
  companyState: { label: 'Company States', description: 'Comma-separated states or regions of the head office' },
  companyCountry: { label: 'Company Countries', description: 'Comma-separated countries of the head office' },
  locationType: { description: 'Whether the location filters apply to the person, the company, either or both' },
  department: { label: 'Departments', description: 'Departments of the person (at most 5)' },
  seniority: { label: 'Seniorities', description: 'Levels of the person (at most 5)' },
  jobTitle: { label: 'Job Titles', description: 'Comma-separated job titles, e.g. Head of Sales' },
  contactKeyword: { label: 'Keywords', description: 'Comma-separated words to look for in the profile' },
  industry: { label: 'Industries', description: 'Comma-separated industries (at most 5)' },
  companySize: { label: 'Company Sizes', description: 'Staff-count ranges of the company (at most 10)' },
  companyRevenue: { label: 'Company Revenues', description: 'Annual revenue ranges of the company (at most 10)' },
  technologiesIsOr: { label: 'Any Technology', description: 'Whether a company using any of the technologies matches (otherwise it must use all)' },
  companyType: { description: 'Publicly traded or private companies only' },
  companyFoundedOn: { label: 'Company Founded', description: 'How long ago the company was founded' },
  foundedOn: { label: 'Founded', description: 'How long ago the company was founded' },
  newsTypes: { label: 'News Types', description: 'Companies with recent news of these kinds' },
  newsTypeDates: { label: 'News Within Days', description: 'How recent the news must be, in days (pick one)' },
  jobChanges: { label: 'Job Changes (JSON)', description: 'People who changed jobs recently: the kind of change and how long ago' },
  pastCompany: { label: 'Past Company (JSON)', description: 'People who used to work at these companies' },
  companyLatestFundingDates: { label: 'Latest Funding Within Days', description: 'How recent the latest funding round must be, in days (pick one)' },
  companyLatestFundingClassifications: { label: 'Latest Funding Rounds', description: 'Kinds of the latest funding round' },
  companyLatestFundingTotals: { label: 'Total Funding', description: 'Total funding ranges' },
  latestFundingDates: { label: 'Latest Funding Within Days', description: 'How recent the latest funding round must be, in days (pick one)' },
  latestFundingClassifications: { label: 'Latest Funding Rounds', description: 'Kinds of the latest funding round' },
  latestFundingTotals: { label: 'Total Funding', description: 'Total funding ranges' },
  technologies: { label: 'Technologies', description: 'Comma-separated technologies the company uses' },
  lastModifiedAfter: { description: 'Only people whose data changed after this moment' },
  lastModifiedBefore: { description: 'Only people whose data changed before this moment' },
  savedSearchId: { label: 'Saved Search', description: 'Run the filters of one of your saved searches' },
  startDate: { label: 'Changed After', description: 'Start of the period: records saved or updated from this moment' },
  endDate: { label: 'Changed Before', description: 'End of the period: records saved or updated up to this moment' },
  requestIds: { label: 'Request IDs', description: 'Comma-separated request IDs returned by Research' },
  emailAccountIds: { label: 'Sending Account IDs', description: 'Comma-separated IDs of the email accounts the campaign sends from' },
  steps: {
    label: 'Steps (JSON)',
    description: 'The steps of the campaign, each with its type and the day it is due (from 1)',
    placeholder: '[{"type": "EMAIL", "name": "Intro", "dueDay": 1}]',
  },
  contactIds: {
    label: 'Contact IDs',
    description: 'Comma-separated IDs of saved contacts (more than 500 are sent in several requests)',
    placeholder: '1001, 1002',
  },
  maxActiveContacts: { description: 'How many contacts the campaign works on at once (needed before it can start)' },
  action: { label: 'New State', description: 'What to do with the campaign' },
  searchText: { description: 'Only campaigns whose name contains this text' },
  contactId: { label: 'Contact ID', description: 'The saved contact who receives the email' },
  'tasks.create.contactId': { description: 'The saved contact the task is for' },
  'calls.log.contactId': { description: 'The saved contact the call was with' },
  'activity.list.contactId': { description: 'Only the activity of this saved contact' },
  'tasks.create.templateId': { description: 'A template of the task type (call script, LinkedIn message, email)' },
  from: { label: 'From', description: 'One of your connected email accounts' },
  to: { description: 'Recipient address', placeholder: 'name@example.com' },
  cc: { label: 'CC', description: 'Comma-separated addresses to copy' },
  bcc: { label: 'BCC', description: 'Comma-separated addresses to copy blindly' },
  subject: { description: 'Subject line; required unless a Template is chosen' },
  body: { description: 'HTML or plain text; required unless a Template is chosen' },
  templateId: { label: 'Template', description: 'A template applied before sending' },
  'emails.sendDraft.id': { label: 'Draft ID', description: 'The draft to send' },
  'emails.sendDraft.from': { description: 'Send from this account instead of the one on the draft' },
  type: { description: 'Whether the search finds contacts or companies' },
  values: { label: 'Filters (JSON)', description: 'The search filters, as the Search operation takes them', placeholder: '{"jobTitle": ["Head of Sales"]}' },
  sortColumn: { description: 'Column the results are sorted by' },
  sortOrder: { description: 'Sort direction' },
  tagIds: { label: 'List IDs', description: 'Comma-separated IDs of lists linked to the search' },
  numResultsApproved: { label: 'Approved Results', description: 'How many results were approved (0 or more)' },
  // Research (the n8n node shows these in its own research fields, description/research.ts).
  searchResultIds: { label: 'Search Result IDs', description: 'The search result ID of each row from Search (most precise)' },
  'contacts.research.contacts': { label: 'Contacts', description: 'Give an email, a profile URL, or the name with the company name or domain' },
  'companies.research.companies': { label: 'Companies', description: 'Give the website domain, the company name, or both' },
  skipDeduplicationCheck: {
    label: 'Research Again',
    description:
      'Whether to research even records researched recently. This spends credits again; by default such items come back as duplicates with the ' +
      'earlier record, for free.',
  },
  isJobChange: { label: 'Job Changes Only', description: 'Whether the people given by details are researched for a job change' },
};

/**
 * The fields of one entry of a list of records (a research contact, a campaign step), keyed by `<operation id>.<field>`:
 * the n8n node's research collections and the panel's small forms name them alike.
 */
const contactItem: Readonly<Record<string, FieldLabel>> = {
  domain: { label: 'Company Domain', placeholder: 'acme.com' },
  companyName: { label: 'Company Name', placeholder: 'Acme' },
  email: { label: 'Email', placeholder: 'name@email.com' },
  contactName: { label: 'Full Name', placeholder: 'Ann Lee' },
  title: { label: 'Job Title' },
  liProfileUrl: { label: 'Profile URL', description: 'Public profile URL of the person' },
  liRecruiterUrl: { label: 'Recruiter URL' },
  liSalesNavUrl: { label: 'Sales Navigator URL' },
};
export const itemLabels: Readonly<Record<string, Readonly<Record<string, FieldLabel>>>> = {
  'contacts.research.contacts': contactItem,
  'companies.research.companies': { domain: { label: 'Domain', placeholder: 'acme.com' }, companyName: { label: 'Company Name', placeholder: 'Acme' } },
  'campaigns.create.steps': {
    type: { label: 'Step Type', placeholder: 'EMAIL' },
    dueDay: { label: 'Due Day', description: 'Day of the campaign the step is due, from 1', placeholder: '1' },
    templateId: { label: 'Template' },
    templateData: { label: 'Template Data (JSON)' },
  },
};

/** "taskType" → "Task Type": a field with no entry is named from its key. */
export function labelFromKey(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words of one field of an operation (an entry of a list of records: `item` is its own key). */
export function fieldLabelOf(operationId: string, field: string, item?: string): FieldLabel {
  if (item !== undefined) return itemLabels[`${operationId}.${field}`]?.[item] ?? {};
  return { ...(fieldLabels[field] ?? {}), ...(fieldLabels[`${operationId}.${field}`] ?? {}) };
}
