import type { Flow, HttpRequest } from '../effects';
import { dispatch } from './dispatch';
import type { AsyncHost } from './host';
import { memoryStore, processLocksAsync } from './memory';

/**
 * Runs a core flow with an asynchronous host (Node fetch, n8n helpers). Same effects in the same order
 * as the sync driver, so one operation yields one request log under both.
 */
export async function runAsync<T>(flow: Flow<T>, host: AsyncHost): Promise<T> {
  const handlers = {
    ...host,
    // The flow bounds how many requests one effect carries (flow/parallel.ts), so all of them start at once.
    fetchMany: host.fetchAll ? host.fetchAll.bind(host) : async (requests: HttpRequest[]) => await Promise.all(requests.map((r) => host.fetch(r))),
    store: host.store ?? memoryStore(),
    locks: host.locks ?? processLocksAsync(),
  };
  let step = flow.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = await dispatch(step.value, handlers);
    } catch (error) {
      step = flow.throw(error);
      continue;
    }
    step = flow.next(answer);
  }
  return step.value;
}
