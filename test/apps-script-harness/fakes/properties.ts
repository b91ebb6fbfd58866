/**
 * PropertiesService: script, document and per-user stores, each with the real limits — 9 KB per value,
 * 500 KB per store (keys + values, UTF-8), 50,000 reads/writes per user per day.
 * In a custom function getUserProperties() is the spreadsheet *owner's* store and only the owner may write it
 * (the documented custom-function rule); other users get the real permission error on writes.
 */
import type { Clock } from '../clock';
import { DailyCounter } from '../daily-counter';
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { Limits } from '../limits';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

export class PropertyStore {
  readonly map = new Map<string, string>();
  totalBytes(): number {
    let n = 0;
    for (const [k, v] of this.map) n += bytes(k) + bytes(v);
    return n;
  }
  /** Test view. */
  all(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
}

export class PropertiesState {
  readonly script = new PropertyStore();
  readonly document = new PropertyStore();
  private readonly users = new Map<string, PropertyStore>();
  /** Reads + writes per user and UTC day, like the URL Fetch and trigger runtime quotas. */
  private readonly calls: DailyCounter;
  constructor(clock: Clock) {
    this.calls = new DailyCounter(clock);
  }

  /** Calls counted today for `user`. */
  callsToday(user: string): number {
    return this.calls.today(user);
  }

  /** Counts one call; throws, counting nothing, past the daily quota. */
  count(user: string, perDay: number): void {
    this.calls.countOne(user, perDay, () => new GasException('Service invoked too many times for one day: properties.'));
  }

  user(email: string): PropertyStore {
    let s = this.users.get(email);
    if (!s) this.users.set(email, (s = new PropertyStore()));
    return s;
  }
}

export interface PropertiesDeps {
  properties: PropertiesState;
  limits: Limits;
  owner: string;
}

export class PropertiesService {
  constructor(
    private readonly _deps: PropertiesDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  getScriptProperties(): Properties {
    return new Properties(this._deps, this._exec, this._deps.properties.script, true);
  }
  getDocumentProperties(): Properties {
    return new Properties(this._deps, this._exec, this._deps.properties.document, true);
  }
  getUserProperties(): Properties {
    if (this._exec.isCustomFunction) {
      const ownerStore = this._deps.properties.user(this._deps.owner);
      return new Properties(this._deps, this._exec, ownerStore, this._exec.user === this._deps.owner);
    }
    return new Properties(this._deps, this._exec, this._deps.properties.user(this._exec.user), true);
  }
}

export class Properties {
  constructor(
    private readonly _deps: PropertiesDeps,
    private readonly _exec: ExecutionContext,
    private readonly _store: PropertyStore,
    private readonly _writable: boolean,
  ) {}

  private _count(): void {
    this._deps.properties.count(this._exec.user, this._deps.limits.propertyCallsPerDay);
  }

  private _checkWrite(method: string): void {
    if (!this._writable) throw new GasException(`You do not have permission to call ${method}`);
    this._count();
  }

  /** Applies `next` only if it respects the value and store limits; otherwise throws and changes nothing. */
  private _commit(next: Map<string, string>): void {
    let total = 0;
    for (const [k, v] of next) {
      if (bytes(v) > this._deps.limits.propertyValueBytes) throw new GasException('Argument too large: value');
      total += bytes(k) + bytes(v);
    }
    if (total > this._deps.limits.propertyStoreBytes) {
      throw new GasException('You have exceeded the property storage quota. Please remove some properties and try again.');
    }
    this._store.map.clear();
    for (const [k, v] of next) this._store.map.set(k, v);
  }

  getProperty(key: unknown): string | null {
    this._count();
    return this._store.map.get(String(key)) ?? null;
  }
  getProperties(): Record<string, string> {
    this._count();
    return Object.fromEntries(this._store.map);
  }
  getKeys(): string[] {
    this._count();
    return [...this._store.map.keys()];
  }
  setProperty(key: unknown, value: unknown): Properties {
    this._checkWrite('setProperty');
    if (key === null || key === undefined || key === '') throw new GasException('Invalid argument: key');
    const next = new Map(this._store.map);
    next.set(String(key), String(value));
    this._commit(next);
    return this;
  }
  setProperties(properties: unknown, deleteAllOthers?: unknown): Properties {
    this._checkWrite('setProperties');
    if (properties === null || typeof properties !== 'object') throw new GasException('Invalid argument: properties');
    const next = deleteAllOthers === true ? new Map<string, string>() : new Map(this._store.map);
    for (const [k, v] of Object.entries(properties as Record<string, unknown>)) next.set(k, String(v));
    this._commit(next);
    return this;
  }
  deleteProperty(key: unknown): Properties {
    this._checkWrite('deleteProperty');
    this._store.map.delete(String(key));
    return this;
  }
  deleteAllProperties(): Properties {
    this._checkWrite('deleteAllProperties');
    this._store.map.clear();
    return this;
  }
}
