import { fail } from './errors';

/**
 * Every top-level function is callable from a cell by its name, with the credential of whoever set the
 * add-on up (an editor's `=sendDraft("70001")` would send the owner's draft). build.mjs therefore calls one
 * of these first in the wrapper of every server function (see EntryPoint.guard in entry-points.ts), before
 * anything is read, written, sent or spent. Their names end in "_": Apps Script keeps such functions private,
 * and they are not entry points.
 */

export const SIDEBAR_ONLY = 'This runs from the sidebar only (Extensions > Prospecting > Open sidebar), not from a cell.';
export const TRIGGER_ONLY = 'This runs from the hourly trigger only, not from a cell.';

/**
 * Sheets refuses SpreadsheetApp.getUi() inside a custom function ("Cannot call SpreadsheetApp.getUi() from
 * this context"), and allows it for google.script.run calls from the sidebar: the cheapest reliable test.
 */
export function sidebarOnly_(name: string): void {
  try {
    SpreadsheetApp.getUi();
  } catch {
    fail(`${name}: ${SIDEBAR_ONLY}`);
  }
}

/** A time-driven trigger passes an event object with triggerUid; a cell can only pass strings, numbers and ranges. */
export function triggerOnly_(name: string, event: unknown): void {
  const e = event as { triggerUid?: unknown } | null;
  if (!e || typeof e !== 'object' || Array.isArray(e) || e.triggerUid === undefined) fail(`${name}: ${TRIGGER_ONLY}`);
}
