/**
 * Developer metadata as Sheets keeps it (the Apps Script reference, Class DeveloperMetadata, and the Sheets API guide
 * "Read & write developer metadata", https://developers.google.com/sheets/api/guides/metadata):
 * - it is attached to a row, a column, a sheet or the spreadsheet; row and column metadata MOVE with their row or
 *   column when rows or columns are inserted, deleted, sorted or moved ("associated with row 5, a row inserted above:
 *   it stays with that row, now row 6"), and is DELETED with its row or column;
 * - copying and pasting a row copies its cell values but not its metadata (metadata belongs to the dimension, not
 *   to the cells; a pasted row is another row), so a copied row carries no metadata;
 * - the keys and values of all metadata of one sheet, and of the whole spreadsheet, add up to at most 30,000
 *   characters; an add past it is refused and nothing is added.
 */
import { GasException } from '../errors';

export type MetadataLocation = { type: 'ROW' | 'COLUMN'; index: number } | { type: 'SHEET' } | { type: 'SPREADSHEET' };

export interface MetadataEntry {
  id: number;
  key: string;
  value: string | null;
  visibility: 'DOCUMENT' | 'PROJECT';
  /** ROW/COLUMN indexes are 0-based; `sheetId` is absent for the spreadsheet's own. */
  sheetId?: number;
  location: MetadataLocation;
}

export const METADATA_CHARACTERS_LIMIT = 30_000;

export const metadataSize = (entries: readonly MetadataEntry[]) => entries.reduce((n, e) => n + e.key.length + (e.value?.length ?? 0), 0);

/** The metadata of one workbook: one list, so sheet and spreadsheet sizes are both checked on every add. */
export class MetadataStore {
  entries: MetadataEntry[] = [];
  private nextId = 1;

  add(entry: Omit<MetadataEntry, 'id'>): MetadataEntry {
    const extra = entry.key.length + (entry.value?.length ?? 0);
    const sameSheet = this.entries.filter((e) => e.sheetId === entry.sheetId);
    if (metadataSize(sameSheet) + extra > METADATA_CHARACTERS_LIMIT || metadataSize(this.entries) + extra > METADATA_CHARACTERS_LIMIT) {
      throw new GasException(`The total size of developer metadata would exceed the limit of ${METADATA_CHARACTERS_LIMIT} characters.`);
    }
    const made = { ...entry, id: this.nextId++ };
    this.entries.push(made);
    return made;
  }

  remove(id: number): void {
    this.entries = this.entries.filter((e) => e.id !== id);
  }

  ofSheet(sheetId: number): MetadataEntry[] {
    return this.entries.filter((e) => e.sheetId === sheetId);
  }

  /** Rows or columns [at, at+n) inserted before `at`: metadata at or past `at` moves down/right by n. */
  inserted(sheetId: number, type: 'ROW' | 'COLUMN', at: number, n: number): void {
    for (const e of this.ofSheet(sheetId)) if (e.location.type === type && e.location.index >= at) e.location.index += n;
  }

  /** Rows or columns [at, at+n) deleted: their metadata goes with them, later ones move up/left. */
  deleted(sheetId: number, type: 'ROW' | 'COLUMN', at: number, n: number): void {
    this.entries = this.entries.filter((e) => !(e.sheetId === sheetId && e.location.type === type && e.location.index >= at && e.location.index < at + n));
    for (const e of this.ofSheet(sheetId)) if (e.location.type === type && e.location.index >= at + n) e.location.index -= n;
  }

  /** Rows or columns permuted (a sort, a move): `newIndexOf(old)` is where each now is. */
  permuted(sheetId: number, type: 'ROW' | 'COLUMN', newIndexOf: (old: number) => number): void {
    for (const e of this.ofSheet(sheetId)) if (e.location.type === type) e.location.index = newIndexOf(e.location.index);
  }

  sheetDeleted(sheetId: number): void {
    this.entries = this.entries.filter((e) => e.sheetId !== sheetId);
  }
}
