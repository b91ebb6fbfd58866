/**
 * Sidebar "Run an operation": any catalogue operation (its form is in Sidebar.html, written by build.mjs from
 * run/operation-forms.ts), its pickers filled here, previewed, then run once or once per selected row (run/).
 */
import { call, catalogue } from '../../../shared';
import { pickerSources, type PickerResource } from '../../../shared/catalogue/pickers';
import { makeClient, run, type AddOnClient } from '../client';
import { previewRun, runPlanned, type RunPreview, type RunRequest, type RunResult } from '../run/run-rows';
import { operationRunnable, type Runnable } from '../run/runnable';
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

/**
 * A run panel's preview and run (this one's and the MCP tool's): the request checked, then the runnable `resolve` finds
 * for it (with the client it made) previewed, or run once confirmed (run/run-rows.ts).
 */
export function runPanel<R extends RunRequest>(resolve: (request: R) => { runnable: Runnable; client: AddOnClient }) {
  return {
    preview(req: R): RunPreview {
      const request = requestArg<R>(req);
      return previewRun(resolve(request).runnable, request);
    },
    run(req: R, confirmation: unknown): RunResult {
      const request = requestArg<R>(req);
      const { runnable, client } = resolve(request);
      return runPlanned(runnable, request, confirmation, client);
    },
  };
}

interface OperationRequest extends RunRequest {
  operation: string;
}

export const { preview: previewOperation, run: runOperation } = runPanel<OperationRequest>((request) => {
  const client = makeClient();
  return { runnable: operationRunnable(request.operation, client), client };
});
