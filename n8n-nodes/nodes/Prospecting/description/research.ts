import type { INodeProperties } from 'n8n-workflow';
import { fieldLabelOf } from '../../../../shared/catalogue/field-labels';
import { TOOL_DEFAULT_MAX_CREDITS } from '../tool-mode';

/** The words of a research field, shared with the Sheets panel (shared/catalogue/field-labels.ts). */
function words(label: { label?: string; description?: string }): { displayName: string; description?: string } {
  return { displayName: label.label!, ...(label.description ? { description: label.description } : {}) };
}
const contactItem = (name: string) => ({ name, ...words(fieldLabelOf('contacts.research', 'contacts', name)) });
const companyItem = (name: string) => ({ name, ...words(fieldLabelOf('companies.research', 'companies', name)) });

const contactsShow = { resource: ['contacts'], operation: ['research'] };
const companiesShow = { resource: ['companies'], operation: ['research'] };
const bothShow = { resource: ['contacts', 'companies'], operation: ['research'] };

/**
 * Research fields. Each input item names one person or company; all items of one execution are sent
 * together, in as few requests as the service allows (500 per request), then polled together.
 */
export const researchProperties: INodeProperties[] = [
  {
    displayName: 'Research By',
    name: 'researchBy',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: bothShow },
    options: [
      { name: 'Search Result', value: 'searchResult', description: 'The searchResultId of a row from Search (most precise)' },
      { name: 'Details', value: 'details', description: 'Name and company, email, domain or profile URL' },
    ],
    default: 'searchResult',
  },
  {
    displayName: 'Search Result ID',
    name: 'searchResultId',
    type: 'string',
    required: true,
    default: '={{ $json.searchResultId }}',
    displayOptions: { show: { ...bothShow, researchBy: ['searchResult'] } },
    description: 'The searchResultId from the Search operation; by default taken from each input item',
  },
  {
    displayName: 'Contact',
    name: 'contact',
    type: 'collection',
    placeholder: 'Add Detail',
    default: {},
    displayOptions: { show: { ...contactsShow, researchBy: ['details'] } },
    description: 'Give an email, a profile URL, or the name with the company name or domain',
    options: [
      { ...contactItem('domain'), type: 'string', default: '', placeholder: 'acme.com' },
      { ...contactItem('companyName'), type: 'string', default: '' },
      { ...contactItem('email'), type: 'string', placeholder: 'name@email.com', default: '' },
      { ...contactItem('contactName'), type: 'string', default: '' },
      { ...contactItem('title'), type: 'string', default: '' },
      { ...contactItem('liProfileUrl'), type: 'string', default: '' },
      { ...contactItem('liRecruiterUrl'), type: 'string', default: '' },
      { ...contactItem('liSalesNavUrl'), type: 'string', default: '' },
    ],
  },
  {
    displayName: 'Company',
    name: 'company',
    type: 'collection',
    placeholder: 'Add Detail',
    default: {},
    displayOptions: { show: { ...companiesShow, researchBy: ['details'] } },
    description: 'Give the website domain, the company name, or both',
    options: [
      { ...companyItem('domain'), type: 'string', default: '', placeholder: 'acme.com' },
      { ...companyItem('companyName'), type: 'string', default: '' },
    ],
  },
  {
    displayName: 'Wait for Results',
    name: 'waitForResults',
    type: 'boolean',
    default: true,
    displayOptions: { show: bothShow },
    description:
      'Whether to wait until every item is researched and return one result per input item. Off: return the request IDs at once (read them later ' +
      'with Get Research Results).',
  },
  {
    displayName: 'Options',
    name: 'researchOptions',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    displayOptions: { show: bothShow },
    options: [
      {
        displayName: 'Maximum Credits',
        name: 'maxCredits',
        type: 'number',
        typeOptions: { minValue: 0 },
        default: 100,
        description:
          'Refuse the whole run, before anything is sent, if it could spend more credits than this (one per item researched). A value that is not a ' +
          'whole number of 0 or more also refuses the run. Without this option there is no cap, except when an AI agent uses the node as a tool: ' +
          `then ${TOOL_DEFAULT_MAX_CREDITS} credits per call (add this option to change it).`,
      },
      {
        displayName: 'Time Limit (Seconds)',
        name: 'timeLimitSeconds',
        type: 'number',
        typeOptions: { minValue: 10 },
        default: 600,
        description:
          'With Wait for Results: stop waiting after this long; unfinished items come back with status "researching". Without this option the limit ' +
          'is 600 seconds.',
      },
      {
        ...words(fieldLabelOf('contacts.research', 'skipDeduplicationCheck')),
        name: 'skipDeduplicationCheck',
        type: 'boolean',
        default: false,
      },
      {
        ...words(fieldLabelOf('contacts.research', 'isJobChange')),
        name: 'isJobChange',
        type: 'boolean',
        default: false,
        displayOptions: { show: { '/resource': ['contacts'], '/researchBy': ['details'] } },
      },
    ],
  },
];
