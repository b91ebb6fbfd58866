/**
 * What the targets call a catalogue resource and operation, derived once from the catalogue (n8n's words): the n8n
 * node's dropdowns and actions, and the Sheets "Run an operation" panel, name operations alike.
 */
import type { AnyOperation } from './types';

export const resourceNames: Readonly<Record<string, string>> = {
  contacts: 'Contact',
  companies: 'Company',
  orgContacts: 'Saved Contact',
  orgCompanies: 'Saved Company',
  campaigns: 'Campaign',
  campaignSteps: 'Campaign Step',
  emails: 'Email',
  emailAccounts: 'Email Account',
  emailFooters: 'Email Footer',
  templates: 'Template',
  lists: 'List',
  savedSearches: 'Saved Search',
  contactStatuses: 'Contact Status',
  credits: 'Credit',
  oauth: 'Account',
  custom: 'Custom API Call',
  mcp: 'MCP Tool',
  features: 'Feature',
  tasks: 'Task',
  calls: 'Call',
  activity: 'Activity',
};

/** Token routes: the credential's business (n8n exchanges tokens itself, the add-on signs in from its sidebar), offered by no panel. */
export const credentialOperations: ReadonlySet<string> = new Set(['oauth.token', 'oauth.tokenV1']);

/**
 * What the editor calls an operation, derived from its catalogue title in n8n's conventions, with no table per
 * operation (a new catalogue operation gets its names with no other change):
 * - `name`, the option in the Operation dropdown: the title without the resource's noun, in Title Case
 *   ("Create campaign" on Campaign → "Create"; "Add contacts to list" on List → "Add Contacts"); a list-reading
 *   "List …" or "Get …" becomes "Get Many …".
 * - `action`, the line in the actions panel and on the canvas: the title in sentence case, with lists read as
 *   "Get many …" ("List campaigns" → "Get many campaigns", "Get lists" → "Get many lists").
 */

/** What naming needs of an operation (a node extra such as the custom call gives it too). */
export type Named = Pick<AnyOperation, 'title' | 'resource' | 'returns'>;

const TRAILING_LINK_WORDS = /\s+(to|from|of|for|in|on)$/i;

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The resource's noun as it may appear in a title, longest form first ("saved contacts", "saved contact"). */
function nounForms(resource: string): string[] {
  const singular = (resourceNames[resource] ?? resource).toLowerCase();
  return [plural(singular), singular];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Upper-cases the first letter of each word, leaving the rest as written (so "API" stays "API"). */
function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "List …" and a list-reading "Get …" are read as "Get many …", as n8n words it; a resource noun the title keeps in
 * the singular ("List activity") is made plural after "many" ("Get many activities").
 */
function asGetMany(title: string, op: Named): string {
  if (op.returns !== 'list') return title;
  const many = title.replace(/^(list|get)\s+(?!many\b)/i, 'Get many ');
  // Only a resource with a name of its own has a known singular (a raw value may already be plural).
  if (!(op.resource in resourceNames)) return many;
  const [pluralNoun, singularNoun] = nounForms(op.resource);
  return many.replace(new RegExp(`^(Get many\\s+)${escapeRegExp(singularNoun)}$`, 'i'), `$1${pluralNoun}`);
}

export function operationAction(op: Named): string {
  return sentenceCase(asGetMany(op.title.trim(), op));
}

export function operationName(op: Named): string {
  const title = asGetMany(op.title.trim(), op);
  let rest = title;
  for (const noun of nounForms(op.resource)) {
    const stripped = rest.replace(new RegExp(`\\s*\\b${escapeRegExp(noun)}\\b`, 'i'), '');
    if (stripped !== rest) {
      rest = stripped;
      break;
    }
  }
  rest = rest.replace(TRAILING_LINK_WORDS, '').replace(/\s+/g, ' ').trim();
  // A title that is only the resource's noun (the custom call: "Custom API call" on Custom API Call) names itself.
  return titleCase(rest || title);
}
