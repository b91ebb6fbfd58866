import type { Flow } from '../../../shared';
import { deadlineAfter } from '../budget';
import { makeClient, run, type AddOnClient } from '../client';

/** A sidebar call's client, the runner of its flows and its deadline. */
export interface Budgeted {
  client: AddOnClient;
  run: <T>(flow: Flow<T>) => T;
  deadline: number;
}

/** A client for a sidebar call that runs until a deadline: the add-on's run budget from now, or `sliceMs` if shorter. */
export function budgeted(sliceMs = Infinity): Budgeted {
  const client = makeClient();
  return { client, run: (flow) => run(client, flow), deadline: deadlineAfter(Math.min(sliceMs, client.addOn.runBudgetMs)) };
}
