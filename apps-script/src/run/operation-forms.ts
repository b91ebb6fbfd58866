/**
 * The "Run an operation" forms: every operation the panel runs, by resource (in the n8n node's words,
 * shared/catalogue/display-names.ts), each with its fields from the entry's zod schema (shared/catalogue/form-fields.ts)
 * and the pickers it declares. They are the same for every user, so build.mjs computes them once and writes them into
 * Sidebar.html: Code.js carries none of this (it has a size budget).
 */
import type { AnyOperation } from '../../../shared';
import { operationName, resourceNames } from '../../../shared/catalogue/display-names';
import { formFields, type FormField } from '../../../shared/catalogue/form-fields';
import { runnableOperations } from './runnable';

export interface OperationForm {
  id: string;
  name: string;
  description: string;
  unsafe: boolean;
  credits: 'free' | 'perItem';
  fields: FormField[];
}

export interface OperationGroup {
  resource: string;
  name: string;
  operations: OperationForm[];
}

function formOf(op: AnyOperation): OperationForm {
  return {
    id: op.id,
    name: operationName(op),
    description: op.description,
    unsafe: op.retry === 'unsafe',
    credits: op.credits === 'perItem' ? 'perItem' : 'free',
    fields: formFields(op.input),
  };
}

/** Resources and their operations, each sorted by name. */
export function operationForms(): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const op of runnableOperations()) {
    const group = groups.get(op.resource) ?? { resource: op.resource, name: resourceNames[op.resource] ?? op.resource, operations: [] };
    group.operations.push(formOf(op));
    groups.set(op.resource, group);
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return [...groups.values()].sort(byName).map((g) => ({ ...g, operations: g.operations.sort(byName) }));
}
