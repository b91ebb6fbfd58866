import type { INodeProperties } from 'n8n-workflow';
import { fieldLabels } from '../../../../shared/catalogue/field-labels';

/** Hand-tuned wording and types for fields whose schema name alone would puzzle a salesperson. */
export type FieldHint = Partial<Pick<INodeProperties, 'displayName' | 'description' | 'placeholder' | 'type' | 'hint'>> & {
  /** Needed unless this other field is set (the schema's refinement): shown at the top level from node version 2 on, checked by the node. */
  requiredUnless?: string;
};

/** What only the n8n node adds to the shared words (shared/catalogue/field-labels.ts): date pickers, hints, expressions. */
const n8nOnly: Readonly<Record<string, FieldHint>> = {
  lastModifiedAfter: { type: 'dateTime' },
  lastModifiedBefore: { type: 'dateTime' },
  startDate: { type: 'dateTime' },
  endDate: { type: 'dateTime' },
  requestIds: { placeholder: '={{ $json.requestId }}' },
  // One email per item is paced at the service's limit: 700 items take about 12 minutes.
  'emails.send.contactId': {
    hint: "One email per input item, at most 60 a minute (the service's limit): for hundreds of recipients use Send Bulk, which sends them in one request",
  },
  subject: { description: 'Subject line; required unless a Template is chosen (under Additional Fields)', requiredUnless: 'templateId' },
  body: { description: 'HTML or plain text; required unless a Template is chosen (under Additional Fields)', requiredUnless: 'templateId' },
  // JSON boxes in n8n: the keys and an example are in the description, the box starts with its default.
  steps: { description: 'Array of steps, each {type, name, description, dueDay (from 1), templateId}', placeholder: undefined },
  values: { placeholder: undefined },
  jobChanges: { description: 'People who changed jobs recently, e.g. {"changeType": "New Hire", "dayRange": "Last 90 Days"}' },
  pastCompany: { description: 'People who used to work at these companies, e.g. {"names": ["Acme"], "onlyMostRecentDeparture": false}' },
};

/** The research fields are the node's own (research.ts); every other field's words are the shared table's. */
const researchOnly = new Set(['searchResultIds', 'contacts.research.contacts', 'companies.research.companies', 'skipDeduplicationCheck', 'isJobChange']);

/** Keyed by field name; `<operation id>.<field>` wins over the plain name. */
export const hints: Readonly<Record<string, FieldHint>> = Object.fromEntries(
  [...new Set([...Object.keys(fieldLabels), ...Object.keys(n8nOnly)])]
    .filter((key) => !researchOnly.has(key))
    .map((key) => {
      const { label, ...words } = fieldLabels[key] ?? {};
      const hint: FieldHint = { ...(label ? { displayName: label } : {}), ...words, ...n8nOnly[key] };
      for (const k of Object.keys(hint) as (keyof FieldHint)[]) if (hint[k] === undefined) delete hint[k];
      return [key, hint];
    }),
);

export function hintFor(operationId: string, field: string): FieldHint {
  return { ...(hints[field] ?? {}), ...(hints[`${operationId}.${field}`] ?? {}) };
}
