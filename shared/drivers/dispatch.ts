import type { Effect, HttpRequest } from '../effects';

/** The handlers of one runtime; a sync host returns values, an async host may return promises. */
export interface Handlers {
  fetch(request: HttpRequest): unknown;
  fetchMany(requests: HttpRequest[]): unknown;
  sleep(ms: number): unknown;
  now(): number;
  store: { get(key: string): unknown; put(key: string, value: string): unknown; delete(key: string): unknown };
  locks: { acquire(key: string, timeoutMs: number): unknown; release(key: string): unknown };
}

/** Routes one effect to its handler. Shared by both drivers so they cannot drift apart. */
export function dispatch(effect: Effect, h: Handlers): unknown {
  switch (effect.kind) {
    case 'http':
      return h.fetch(effect.request);
    case 'fetchMany':
      return h.fetchMany(effect.requests);
    case 'sleep':
      return h.sleep(effect.ms);
    case 'now':
      return h.now();
    case 'store':
      if (effect.op === 'get') return h.store.get(effect.key);
      if (effect.op === 'put') return h.store.put(effect.key, effect.value);
      return h.store.delete(effect.key);
    case 'lock':
      return effect.op === 'acquire' ? h.locks.acquire(effect.key, effect.timeoutMs) : h.locks.release(effect.key);
  }
}
