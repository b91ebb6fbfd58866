/** The Apps Script classes over MetadataStore: DeveloperMetadata, its location and finder (see developer-metadata.ts). */
import { GasException } from '../errors';
import type { ExecutionContext } from '../execution';
import type { MetadataEntry, MetadataStore } from './developer-metadata';

/** The row's or column's Range as far as a location gives it: its position (1-based). */
export class DimensionRange {
  constructor(
    private readonly _row: number,
    private readonly _col: number,
  ) {}
  getRow(): number {
    return this._row;
  }
  getLastRow(): number {
    return this._row;
  }
  getColumn(): number {
    return this._col;
  }
  getLastColumn(): number {
    return this._col;
  }
}

export class DeveloperMetadataLocation {
  constructor(private readonly _e: MetadataEntry) {}
  getLocationType(): string {
    return this._e.location.type;
  }
  getRow(): DimensionRange | null {
    const l = this._e.location;
    return l.type === 'ROW' ? new DimensionRange(l.index + 1, 1) : null;
  }
  getColumn(): DimensionRange | null {
    const l = this._e.location;
    return l.type === 'COLUMN' ? new DimensionRange(1, l.index + 1) : null;
  }
}

export class DeveloperMetadata {
  constructor(
    private readonly _store: MetadataStore,
    private readonly _exec: ExecutionContext,
    private readonly _e: MetadataEntry,
  ) {}
  getId(): number {
    return this._e.id;
  }
  getKey(): string {
    return this._e.key;
  }
  getValue(): string | null {
    return this._e.value;
  }
  getVisibility(): string {
    return this._e.visibility;
  }
  getLocation(): DeveloperMetadataLocation {
    return new DeveloperMetadataLocation(this._e);
  }
  setValue(value: unknown): DeveloperMetadata {
    this._exec.requireAuthorization('setValue');
    this._e.value = String(value);
    return this;
  }
  remove(): void {
    this._exec.requireAuthorization('remove');
    this._store.remove(this._e.id);
  }
}

/** createDeveloperMetadataFinder(): withKey / withValue / withLocationType narrow, find() lists. */
export class DeveloperMetadataFinder {
  private readonly _tests: ((e: MetadataEntry) => boolean)[] = [];
  constructor(
    private readonly _store: MetadataStore,
    private readonly _exec: ExecutionContext,
    private readonly _scope: (e: MetadataEntry) => boolean,
  ) {}
  withKey(key: unknown): DeveloperMetadataFinder {
    this._tests.push((e) => e.key === String(key));
    return this;
  }
  withValue(value: unknown): DeveloperMetadataFinder {
    this._tests.push((e) => e.value === String(value));
    return this;
  }
  withLocationType(type: unknown): DeveloperMetadataFinder {
    this._tests.push((e) => e.location.type === String(type));
    return this;
  }
  find(): DeveloperMetadata[] {
    return this._store.entries.filter((e) => this._scope(e) && this._tests.every((t) => t(e))).map((e) => new DeveloperMetadata(this._store, this._exec, e));
  }
}

export const ARBITRARY_RANGE =
  'Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, ' +
  'an individual sheet, or an entire row or column.';

export function refuseArbitrary(): never {
  throw new GasException(ARBITRARY_RANGE);
}
