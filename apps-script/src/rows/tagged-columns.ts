import { safeCell } from '../cells';
import { appendHeaders, headerColumns } from '../sheet-io';
import { fingerprint } from '../../../shared/hash';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The add-on's own columns (row id, status, message, request id, each picked field) are tagged with developer
 * metadata on the column. Column metadata moves with its column when columns are inserted, deleted or moved, so a
 * column is found again after a collaborator moves it or renames its header. A spreadsheet's metadata is capped at
 * 30,000 characters (keys and values, all sheets together), so a tag is a key alone of 5 characters: "p" and 4
 * base-36 characters of the role's hash (40 sheets of 131 tagged columns are 26,200); every role the add-on names
 * has its own (test/apps-script/column-tags.test.ts). Rows are never tagged this way (see row-identity.ts).
 */
export const tagKey = (role: string) => 'p' + (parseInt(fingerprint(role), 16) % 1679616).toString(36).padStart(4, '0');
/** The tag of sheets enriched before tags were short: key and the role as value (33 characters a column). */
const LEGACY_KEY = 'pds.column';

export const NO_ROOM_FOR_TAGS =
  "This spreadsheet has no room left to mark the add-on's columns: Google keeps at most 30,000 characters of column tags per spreadsheet (about 40 sheets of 130 enriched columns). Pick fewer fields, or use another spreadsheet. Nothing was sent.";

/**
 * Every column tag of a sheet at once: tag key (or a legacy tag's role) → column. One finder call for the sheet, so a
 * pass that looks up many roles (a Start tagging 130 columns, a write-back locating them) reads the tags once, not
 * once per role (issue 29: a Start made over a thousand metadata calls). Taken just before the pass that uses it.
 */
export type ColumnTags = Map<string, number>;

export function columnTags(sheet: Sheet): ColumnTags {
  const tags: ColumnTags = new Map();
  for (const m of sheet.createDeveloperMetadataFinder().find()) {
    const key = m.getKey();
    if (!key.startsWith('p')) continue;
    const column = m.getLocation().getColumn();
    if (!column) continue;
    const name = key === LEGACY_KEY ? `legacy:${m.getValue()}` : key;
    if (!tags.has(name)) tags.set(name, column.getColumn());
  }
  return tags;
}

/**
 * The column tagged `role` now (1-based), or undefined when none is (never tagged, or deleted): from `tags` when the
 * caller read them for its pass, else looked up alone.
 */
export function taggedColumn(sheet: Sheet, role: string, tags?: ColumnTags): number | undefined {
  if (tags) return tags.get(tagKey(role)) ?? tags.get(`legacy:${role}`);
  function finder() {
    return sheet.createDeveloperMetadataFinder();
  }
  for (const m of [...finder().withKey(tagKey(role)).find(), ...finder().withKey(LEGACY_KEY).withValue(role).find()]) {
    const column = m.getLocation().getColumn();
    if (column) return column.getColumn();
  }
  return undefined;
}

/** Tags `column` as `role` unless it already is (and notes it in `tags`); Google's metadata limit is said in words. */
export function tagColumn(sheet: Sheet, column: number, role: string, tags?: ColumnTags, maxRows?: number): void {
  if (taggedColumn(sheet, role, tags) === column) return;
  try {
    // The whole column (every row of the grid): only a whole row or column takes metadata.
    sheet.getRange(1, column, maxRows ?? sheet.getMaxRows(), 1).addDeveloperMetadata(tagKey(role));
  } catch (error) {
    throw /developer metadata/i.test(String(error)) ? new Error(NO_ROOM_FOR_TAGS) : error;
  }
  tags?.set(tagKey(role), column);
}

/**
 * The column of `role`: the tagged one; else the one headed `header` (a sheet from before tags), tagged now; else a
 * new column after the last, headed and tagged (the add-on's column was deleted during the run).
 */
export function roleColumn(sheet: Sheet, role: string, header: string, hidden = false, tags?: ColumnTags): number {
  const tagged = taggedColumn(sheet, role, tags);
  if (tagged !== undefined) return tagged;
  let column = headerColumns(sheet).get(header) ?? 0;
  if (column === 0) {
    column = appendHeaders(sheet, [safeCell(header)]);
    if (hidden) sheet.hideColumns(column);
  }
  tagColumn(sheet, column, role, tags);
  return column;
}
