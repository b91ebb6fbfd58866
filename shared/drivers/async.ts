import type { Flow } from '../effects';
import { dispatch } from './dispatch';
import type { AsyncHost } from './host';
import { memoryStore, processLocksAsync } from './memory';

/**
 * Runs a core flow with an asynchronous host (Node fetch, n8n helpers). Same effects in the same order
 * as the sync driver, so one operation yields one request log under both.
 */
export async function runAsync<T>(flow: Flow<T>, host: AsyncHost): Promise<T> {
  const handlers = { ...host, store: host.store ?? memoryStore(), locks: host.locks ?? processLocksAsync() };
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
