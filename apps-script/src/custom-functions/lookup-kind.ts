import type { AnyOperation } from '../../../shared';
import { customFunctionCell, type CellValue } from '../cells';
import { recordRow } from '../sheet-io';

/** What a look-up reads and how its keys are found in a record (contacts, companies: lookup.ts). */
export interface LookupKind {
  op: AnyOperation;
  /** The record's id: the keyset reads go by it (shared/flow/incremental-read.ts). */
  idField: string;
  known: readonly string[];
  defaults: readonly string[];
  /** The index keys one record answers to. */
  keysOf(record: Record<string, unknown>): string[];
  normalize(key: string): string;
}

/** key -> row of the asked fields; a later record of the same key wins (records come oldest change first). */
export function entriesOf(kind: LookupKind, records: readonly Record<string, unknown>[], columns: string[]): Record<string, CellValue[]> {
  const entries: Record<string, CellValue[]> = {};
  for (const record of records) for (const k of kind.keysOf(record)) entries[k] = recordRow(record, columns, customFunctionCell);
  return entries;
}
