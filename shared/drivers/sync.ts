import type { Flow, HttpRequest } from '../effects';
import { dispatch } from './dispatch';
import type { SyncHost } from './host';
import { memoryStore, processLocksSync } from './memory';

/**
 * Runs a core flow to completion synchronously (Apps Script: UrlFetchApp.fetch, Utilities.sleep).
 * A host failure is thrown into the flow, so its `finally` blocks (lock release) still run.
 */
export function runSync<T>(flow: Flow<T>, host: SyncHost): T {
  const handlers = {
    ...host,
    // Without fetchAll the requests go one after another: same answers, only slower.
    fetchMany: host.fetchAll ? host.fetchAll.bind(host) : (requests: HttpRequest[]) => requests.map((r) => host.fetch(r)),
    store: host.store ?? memoryStore(),
    locks: host.locks ?? processLocksSync(),
  };
  let step = flow.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = dispatch(step.value, handlers);
    } catch (error) {
      step = flow.throw(error);
      continue;
    }
    step = flow.next(answer);
  }
  return step.value;
}
