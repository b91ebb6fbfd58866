import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { ValidationError } from '../../../shared';
import { researchProperties } from './description/research';
import { toNodeError } from './errors';

/** The research detail fields by their editor labels, read off the node's own fields (Contact and Company collections). */
function labelsOf(collection: 'contact' | 'company'): [string, string][] {
  const property = researchProperties.find((p) => p.name === collection)!;
  return (property.options as INodeProperties[]).map((o) => [o.name, o.displayName]);
}

const LABELS = { contacts: labelsOf('contact'), companies: labelsOf('company') };
const COLLECTIONS = { contacts: ['contact', 'Contact'], companies: ['company', 'Company'] } as const;

/**
 * A research message in the words of the editor: "contact.liProfileUrl" and "contactName" become "Contact > Profile
 * URL" and "Full Name", the names the user sees on the fields (the core speaks the API's names).
 */
export function inEditorWords(kind: 'contacts' | 'companies', text: string): string {
  const [path, label] = COLLECTIONS[kind];
  let out = text.replace(new RegExp(`\\b${path}\\.(\\w+)`, 'g'), (_, field: string) => `${label} > ${field}`);
  // The whole collection ("item 1: contact: needs one of …", and the hint's "Fix item 1: contact"): its label.
  out = out.replace(new RegExp(`(: )${path}\\b(?!\\.)`, 'g'), `$1${label}`);
  out = out.replace(/\bsearchResultId\b/g, 'Search Result ID');
  for (const [name, display] of LABELS[kind]) out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), display);
  return out;
}

/** How many bad items a message names before "and N more". */
const SHOWN = 5;

/**
 * With Continue on Fail off, every bad item is found before the run stops: the error says how many there are and
 * names the first few by item, in the editor's words. Nothing was sent.
 */
export function badItemsError(node: INode, kind: 'contacts' | 'companies', bad: { i: number; error: unknown }[], total: number): Error {
  if (bad.length === 1) return toNodeError(node, reword(kind, bad[0].error), bad[0].i);
  const title = kind === 'contacts' ? 'Research contacts' : 'Research companies';
  const named = bad.slice(0, SHOWN).map(({ error }) => stripTitle(inEditorWords(kind, error instanceof Error ? error.message : String(error)), title));
  const more = bad.length > SHOWN ? `; and ${bad.length - SHOWN} more` : '';
  return new NodeOperationError(node, `${title}: ${bad.length} of ${total} items cannot be researched: ${named.join('; ')}${more}. Nothing was sent.`, {
    itemIndex: bad[0].i,
    description: `Fix the items named (items ${bad
      .map((b) => b.i)
      .slice(0, 20)
      .join(', ')}${bad.length > 20 ? ', …' : ''}), or turn on Continue on Fail to research the good ones and get an error item for each bad one.`,
  });
}

function stripTitle(message: string, title: string): string {
  return message.replace(`${title}: `, '').replace(/\.? Nothing was sent\.$/, '');
}

/** The core's error with its message and fields in the editor's words. */
export function reword(kind: 'contacts' | 'companies', error: unknown): unknown {
  if (!(error instanceof ValidationError)) return error;
  const issues = error.issues.map((i) => ({ ...i, field: i.field ? inEditorWords(kind, i.field) : i.field, rule: inEditorWords(kind, i.rule) }));
  const reworded = new ValidationError(inEditorWords(kind, error.message), issues, { hint: error.hint });
  // The outcome model's fields stay as the core stated them (n8n's error item shows them).
  reworded.outcome = error.outcome;
  reworded.operation = error.operation;
  return reworded;
}
