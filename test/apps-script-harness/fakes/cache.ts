/**
 * CacheService: script, document and per-user caches. Keys ≤ 250 chars, values ≤ 100 KB, TTL default 600 s and at
 * most 21600 s (larger values are capped, as the service does), expiry measured on the harness clock, and at most
 * 1000 items: past that the cache keeps the 900 entries farthest from expiry (the documented eviction rule).
 */
import type { Clock } from '../clock';
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { Limits } from '../limits';

interface Entry {
  value: string;
  expiresAt: number;
}

export class CacheStore {
  readonly entries = new Map<string, Entry>();
  constructor(private readonly clock: Clock) {}
  /** Drops expired entries; returns the live map. */
  live(): Map<string, Entry> {
    const now = this.clock.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    return this.entries;
  }
  /** Test view: live key → value. */
  all(): Record<string, string> {
    return Object.fromEntries([...this.live()].map(([k, e]) => [k, e.value]));
  }
}

export class CacheState {
  readonly script: CacheStore;
  readonly document: CacheStore;
  private readonly users = new Map<string, CacheStore>();
  constructor(private readonly clock: Clock) {
    this.script = new CacheStore(clock);
    this.document = new CacheStore(clock);
  }
  user(email: string): CacheStore {
    let s = this.users.get(email);
    if (!s) this.users.set(email, (s = new CacheStore(this.clock)));
    return s;
  }
}

export interface CacheDeps {
  caches: CacheState;
  limits: Limits;
  clock: Clock;
}

export class CacheService {
  constructor(
    private readonly _deps: CacheDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  getScriptCache(): Cache {
    return new Cache(this._deps, this._deps.caches.script);
  }
  getDocumentCache(): Cache {
    return new Cache(this._deps, this._deps.caches.document);
  }
  getUserCache(): Cache {
    return new Cache(this._deps, this._deps.caches.user(this._exec.user));
  }
}

export class Cache {
  constructor(
    private readonly _deps: CacheDeps,
    private readonly _store: CacheStore,
  ) {}

  private _key(k: unknown): string {
    if (k === null || k === undefined) throw new GasException('Invalid argument: key');
    const key = String(k);
    if (key.length > this._deps.limits.cacheKeyLength) throw new GasException('Argument too large: key');
    return key;
  }

  private _ttl(ttl: unknown): number {
    if (ttl === undefined || ttl === null) return this._deps.limits.cacheDefaultTtlS;
    const n = Number(ttl);
    if (!Number.isFinite(n) || n < 1) throw new GasException('Invalid argument: expirationInSeconds');
    return Math.min(Math.floor(n), this._deps.limits.cacheMaxTtlS);
  }

  private _value(v: unknown): string {
    const s = String(v);
    if (Buffer.byteLength(s, 'utf8') > this._deps.limits.cacheValueBytes) throw new GasException('Argument too large: value');
    return s;
  }

  private _evict(): void {
    const live = this._store.live();
    const max = this._deps.limits.cacheMaxItems;
    if (live.size <= max) return;
    const keep = Math.floor(max * 0.9);
    const sorted = [...live].sort((a, b) => b[1].expiresAt - a[1].expiresAt).slice(0, keep);
    live.clear();
    for (const [k, e] of sorted) live.set(k, e);
  }

  get(key: unknown): string | null {
    return this._store.live().get(this._key(key))?.value ?? null;
  }
  getAll(keys: unknown): Record<string, string> {
    if (!Array.isArray(keys)) throw new GasException('Invalid argument: keys');
    const live = this._store.live();
    const out: Record<string, string> = {};
    for (const k of keys) {
      const e = live.get(this._key(k));
      if (e) out[String(k)] = e.value;
    }
    return out;
  }
  put(key: unknown, value: unknown, expirationInSeconds?: unknown): void {
    const k = this._key(key);
    const v = this._value(value);
    const ttl = this._ttl(expirationInSeconds);
    this._store.live().set(k, { value: v, expiresAt: this._deps.clock.now() + ttl * 1000 });
    this._evict();
  }
  putAll(values: unknown, expirationInSeconds?: unknown): void {
    if (values === null || typeof values !== 'object') throw new GasException('Invalid argument: values');
    const ttl = this._ttl(expirationInSeconds);
    const staged = Object.entries(values as Record<string, unknown>).map(([k, v]) => [this._key(k), this._value(v)] as const);
    const live = this._store.live();
    for (const [k, v] of staged) live.set(k, { value: v, expiresAt: this._deps.clock.now() + ttl * 1000 });
    this._evict();
  }
  remove(key: unknown): void {
    this._store.live().delete(this._key(key));
  }
  removeAll(keys: unknown): void {
    if (!Array.isArray(keys)) throw new GasException('Invalid argument: keys');
    for (const k of keys) this._store.live().delete(this._key(k));
  }
}
