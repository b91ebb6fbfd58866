import type { HttpRequest, HttpResponse } from '../effects';

/** Key-value storage the host offers (user properties in Apps Script, static data or memory in n8n). */
export interface SyncStore {
  get(key: string): string | null;
  put(key: string, value: string): void;
  delete(key: string): void;
}

export interface AsyncStore {
  get(key: string): Promise<string | null> | string | null;
  put(key: string, value: string): Promise<void> | void;
  delete(key: string): Promise<void> | void;
}

export interface SyncLocks {
  acquire(key: string, timeoutMs: number): void;
  release(key: string): void;
}

export interface AsyncLocks {
  acquire(key: string, timeoutMs: number): Promise<void>;
  release(key: string): void | Promise<void>;
}

/** What the synchronous driver needs from its runtime (Apps Script: UrlFetchApp, Utilities.sleep). */
export interface SyncHost {
  fetch(request: HttpRequest): HttpResponse;
  /** Several requests at once (UrlFetchApp.fetchAll); answers in request order. Absent: one after another. */
  fetchAll?(requests: HttpRequest[]): HttpResponse[];
  sleep(ms: number): void;
  now(): number;
  store?: SyncStore;
  locks?: SyncLocks;
}

/** What the asynchronous driver needs (Node fetch, n8n helpers). */
export interface AsyncHost {
  fetch(request: HttpRequest): Promise<HttpResponse>;
  /** Several requests at once; answers in request order. Absent: `fetch` for each, all started together. */
  fetchAll?(requests: HttpRequest[]): Promise<HttpResponse[]>;
  sleep(ms: number): Promise<void>;
  now(): number;
  store?: AsyncStore;
  locks?: AsyncLocks;
}
