/**
 * Sidebar "Run an operation": any catalogue operation (its form is in Sidebar.html, written by build.mjs from
 * run/operation-forms.ts), its pickers filled here, previewed, then run once or once per selected row (run/).
 */
import { call, catalogue } from '../../../shared';
import { pickerSources, type PickerResource } from '../../../shared/catalogue/pickers';
import { makeClient, run } from '../client';
import { previewRun, runPlanned, type RunPreview, type RunRequest, type RunResult } from '../run/run-rows';
import { operationRunnable } from '../run/runnable';
import { requestArg } from './inputs';
import { fail } from '../errors';

/** A picker's choices: the user's records of that kind, by name (the listing operation the picker names). */
export function pickerChoices(picker: unknown): { name: string; value: string }[] {
  const source = pickerSources[picker as PickerResource];
  if (typeof picker !== 'string' || !source) fail(`picker: must be one of ${Object.keys(pickerSources).join(', ')}.`);
  const client = makeClient();
  const answer = run(
    client,
    call(
      client,
      catalogue.find((o) => o.id === source.operationId)!,
      source.input?.() ?? {},
    ),
  );
  return ((Array.isArray(answer) ? answer : []) as Record<string, unknown>[]).map((r) => ({ name: source.name(r), value: source.value(r) }));
}

interface OperationRequest extends RunRequest {
  operation: string;
}

export function previewOperation(req: OperationRequest): RunPreview {
  const request = requestArg<OperationRequest>(req);
  return previewRun(operationRunnable(request.operation, makeClient()), request);
}

export function runOperation(req: OperationRequest, confirmation: unknown): RunResult {
  const request = requestArg<OperationRequest>(req);
  const client = makeClient();
  return runPlanned(operationRunnable(request.operation, client), request, confirmation, client);
}
