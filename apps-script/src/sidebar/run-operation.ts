/**
 * Sidebar "Run an operation": any catalogue operation, grouped by resource and named as the n8n node names it
 * (shared/catalogue/display-names.ts), its fields read from the entry's schema, with pickers where the entry declares
 * them. Preview, then run once or once per selected row (apps-script/src/run/).
 */
import { call, type AnyOperation } from '../../../shared';
import { operationName, resourceNames } from '../../../shared/catalogue/display-names';
import { formFields, type FormField } from '../../../shared/catalogue/form-fields';
import { pickerSources, type PickerResource } from '../../../shared/catalogue/pickers';
import { makeClient, run } from '../client';
import { userError } from '../errors';
import { previewRun, runPlanned, type RunPreview, type RunRequest, type RunResult } from '../run/run-rows';
import { operationRunnable, runnableOperations } from '../run/runnable';
import { requestArg } from './inputs';

export interface OperationForm {
  id: string;
  name: string;
  description: string;
  unsafe: boolean;
  credits: 'free' | 'perItem';
  returns: 'list' | 'record';
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
    returns: op.returns ?? 'record',
    fields: formFields(op.input),
  };
}

/** Every operation the panel runs, by resource (in the n8n node's words), resources and operations sorted by name. */
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

/** A picker's choices: the user's records of that kind, by name (the listing operation the picker names). */
export function pickerChoices(picker: unknown): { name: string; value: string }[] {
  try {
    const source = pickerSources[picker as PickerResource];
    if (typeof picker !== 'string' || !source) throw new Error(`picker: must be one of ${Object.keys(pickerSources).join(', ')}.`);
    const client = makeClient();
    const op = runnableOperations().find((o) => o.id === source.operationId)!;
    const answer = run(client, call(client, op, {}));
    const records = (Array.isArray(answer) ? answer : []) as Record<string, unknown>[];
    return records.map((r) => ({ name: source.name(r), value: source.value(r) }));
  } catch (error) {
    throw userError(error);
  }
}

interface OperationRequest extends RunRequest {
  operation: string;
}

export function previewOperation(req: OperationRequest): RunPreview {
  try {
    const request = requestArg<OperationRequest>(req, 'request');
    return previewRun(operationRunnable(request.operation, makeClient()), request);
  } catch (error) {
    throw userError(error);
  }
}

export function runOperation(req: OperationRequest, confirmation: unknown): RunResult {
  try {
    const request = requestArg<OperationRequest>(req, 'request');
    const client = makeClient();
    return runPlanned(operationRunnable(request.operation, client), request, confirmation, client);
  } catch (error) {
    throw userError(error);
  }
}
