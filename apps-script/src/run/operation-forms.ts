/**
 * The "Run an operation" forms: every operation the panel runs, by resource (in the n8n node's words,
 * shared/catalogue/display-names.ts), each with its fields from the entry's zod schema in the shared field words
 * (shared/catalogue/form-fields.ts, field-labels.ts) and the pickers it declares. They are the same for every user, so
 * build.mjs computes them once and writes them into Sidebar.html: Code.js carries none of this (it has a size budget).
 */
import type { AnyOperation } from '../../../shared';
import { RESEARCH_COLUMN_ALIASES } from '../../../shared/catalogue/column-aliases';
import { credentialOperations, operationName, resourceNames } from '../../../shared/catalogue/display-names';
import { formFields, type FormField } from '../../../shared/catalogue/form-fields';
import { formPickerOf } from '../../../shared/catalogue/pickers';
import { searchFiltersSchema } from '../../../shared/catalogue/search';
import { filterFacts } from '../../../shared/catalogue/search-filters';
import { runnableOperations } from './runnable';

/** A form field, with the sheet columns that may fill it per row (besides its own name and label). */
export interface PanelField extends FormField {
  columns?: readonly string[];
  entries?: PanelField[];
  /** A saved search's filters: the fields of each kind of search, in the Search operation's words (n8n's too). */
  filters?: { contacts: FormField[]; companies: FormField[] };
}

/**
 * The filters of a search of `kind` as the Search operation asks them (contacts.search, companies.search: the same
 * labels as the n8n node's), one level deep: a filter that is itself a record (job changes) stays a JSON box.
 */
function searchFilterFields(kind: 'contacts' | 'companies'): FormField[] {
  return formFields(searchFiltersSchema[kind], `${kind}.search`).map(({ entries: _entries, many: _many, ...f }) => {
    // The published values the schema's comma-text preprocessing hides: picked, as the search panel offers them.
    const fact = filterFacts[kind][f.name];
    if (fact?.kind === 'enumList') return { ...f, kind: 'list', choices: [...fact.values] };
    if (fact?.kind === 'enum') return { ...f, kind: 'choice', choices: [...fact.values] };
    return f;
  });
}

/** A saved search's `values` is asked as the filters of its kind of search, not as JSON (JSON stays under Advanced). */
function withFilterForms(fields: PanelField[], operationId: string): PanelField[] {
  if (operationId !== 'savedSearches.create' && operationId !== 'savedSearches.update') return fields;
  return fields.map((f) =>
    f.name === 'values' ? { ...f, filters: { contacts: searchFilterFields('contacts'), companies: searchFilterFields('companies') } } : f,
  );
}

export interface OperationForm {
  id: string;
  name: string;
  description: string;
  unsafe: boolean;
  credits: 'free' | 'perItem';
  /** What one run creates ("campaign"), for the question before creating one per row; absent when it creates nothing. */
  creates?: string;
  fields: PanelField[];
}

export interface OperationGroup {
  resource: string;
  name: string;
  operations: OperationForm[];
}

/** Research reads a contact or company from a sheet's columns as the enrichment does (the same header aliases). */
function withResearchColumns(fields: FormField[]): PanelField[] {
  return fields.map((f) => {
    if (f.name === 'searchResultIds') return { ...f, columns: RESEARCH_COLUMN_ALIASES.searchResultId };
    if (!f.entries) return f;
    return { ...f, entries: f.entries.map((e) => (RESEARCH_COLUMN_ALIASES[e.name] ? { ...e, columns: RESEARCH_COLUMN_ALIASES[e.name] } : e)) };
  });
}

/** "Create campaign" → "campaign": what a create, clone or log makes, one per run. */
function createdNoun(op: AnyOperation): string | undefined {
  if (op.retry !== 'unsafe' || !/^(create|clone|log)/.test(op.action)) return undefined;
  return op.title.trim().split(/\s+/).slice(1).join(' ').toLowerCase() || undefined;
}

/** A contact or a task's template is picked by name here, though the entry leaves it a plain ID (pickers.ts formPickers). */
function withFormPickers(fields: FormField[], operationId: string): FormField[] {
  return fields.map((f) => {
    const picker = f.picker ?? (f.kind === 'list' ? undefined : formPickerOf(operationId, f.name));
    return picker ? { ...f, picker } : f;
  });
}

function formOf(op: AnyOperation): OperationForm {
  const fields = withFormPickers(formFields(op.input, op.id), op.id);
  const creates = createdNoun(op);
  return {
    id: op.id,
    name: operationName(op),
    description: op.description,
    unsafe: op.retry === 'unsafe',
    credits: op.credits === 'perItem' ? 'perItem' : 'free',
    ...(creates ? { creates } : {}),
    fields: op.submitsResearch ? withResearchColumns(fields) : withFilterForms(fields, op.id),
  };
}

/** Resources and their operations, each sorted by name; not the token routes (the sidebar's sign-in does those), as in the n8n node. */
export function operationForms(): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const op of runnableOperations().filter((o) => !credentialOperations.has(o.id))) {
    const group = groups.get(op.resource) ?? { resource: op.resource, name: resourceNames[op.resource] ?? op.resource, operations: [] };
    group.operations.push(formOf(op));
    groups.set(op.resource, group);
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return [...groups.values()].sort(byName).map((g) => ({ ...g, operations: g.operations.sort(byName) }));
}
