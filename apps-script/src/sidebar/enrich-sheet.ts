import { withDocumentLock } from '../doc-lock';
import { userKey } from '../budget';
import { activeSheet, headerColumns } from '../sheet-io';
import { advanceExclusive, type Progress } from '../research/advance';
import { selectedRows } from '../research/targets';
import { columnForField, researchFields } from '../enrichment/fields';
import { cancelJob } from '../enrichment/cancel';
import { createLayoutJob } from '../enrichment/job-factory';
import { scanSheet, type SheetScan } from '../enrichment/scan';
import { markDataRowsSeen } from '../enrichment/new-rows';
import { capText } from '../enrichment/cap';
import { rowsTakenMessage } from '../enrichment/busy-rows';
import { defaultEnrichment, loadEnrichment, readSettings, saveEnrichment, type GivenSettings, type SheetEnrichment } from '../enrichment/sheet-settings';
import { ensureSchedule } from '../triggers/schedule';
import { armFallbackRun, armNextRun } from '../triggers/continuation';
import { anyJobPending } from '../triggers/run-schedule';
import { budgeted } from './budgeted';
import { creditBalance } from './enrich';
import { requestArg } from './inputs';
import { othersRunText } from './others-run';
import { fail } from '../errors';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export interface EnrichmentPanel {
  sheetName: string;
  headers: string[];
  settings: SheetEnrichment;
  /** Every field of the kind's result, with the existing column it would be written to ('' = appended). */
  fields: { name: string; column: string }[];
  autoIsYours: boolean;
}

/** What the field picker shows for the active sheet: its saved settings (or the defaults) and the fields of `kind`. */
export function enrichmentPanel(kind?: unknown): EnrichmentPanel {
  const sheet = activeSheet();
  const saved = loadEnrichment(sheet.getSheetId());
  const k = kind === 'companies' || kind === 'contacts' ? kind : (saved?.kind ?? 'contacts');
  const settings =
    saved && saved.kind === k
      ? saved
      : { ...defaultEnrichment(k), auto: saved?.auto ?? false, autoOwner: saved?.autoOwner ?? '', watermark: saved?.watermark ?? 0 };
  const headers = headerColumns(sheet);
  const fields = researchFields(k).map((name) => ({ name, column: headerOf(headers, name) }));
  return { sheetName: sheet.getName(), headers: [...headers.keys()], settings, fields, autoIsYours: settings.auto && settings.autoOwner === userKey() };
}

/** Remembers the picked fields and run conditions for the active sheet (document properties). */
export function saveEnrichmentSettings(request: unknown): SheetEnrichment {
  const sheet = activeSheet();
  const given = readSettings(requestArg<Record<string, unknown>>(request));
  const saved = savedOrDefault(sheet, given.kind);
  const next = { ...saved, ...given };
  saveEnrichment(sheet.getSheetId(), next);
  return next;
}

/** The sheet's saved settings, or the defaults of `kind` when none are saved. */
function savedOrDefault(sheet: Sheet, kind: SheetEnrichment['kind']): SheetEnrichment {
  return loadEnrichment(sheet.getSheetId()) ?? defaultEnrichment(kind);
}

/** The header of the column a field is written to ('' when it would be appended). */
function headerOf(headers: Map<string, number>, field: string): string {
  const col = columnForField(headers, field);
  return [...headers.keys()].find((n) => col !== undefined && headers.get(n) === col) ?? '';
}

/** Data rows of the active sheet (`sheet`) or the selected rows (`selection`). */
function rowsInScope(scope: unknown): { sheet: Sheet; rows: number[] } {
  if (scope === 'selection') return selectedRows();
  if (scope !== undefined && scope !== 'sheet') fail('scope: must be selection or sheet. Nothing was sent.');
  const sheet = activeSheet();
  const rows: number[] = [];
  // The last row read once (not once per row: that was a service call per row at Start).
  const last = sheet.getLastRow();
  for (let r = 2; r <= last; r++) rows.push(r);
  if (rows.length === 0) fail('The sheet holds no data rows (row 1 holds the column names).');
  return { sheet, rows };
}

/** What a run uses: the request's settings over the sheet's saved ones (a cap not sent is the saved cap). */
function inForce(sheet: Sheet, given: GivenSettings): SheetEnrichment {
  const saved = savedOrDefault(sheet, given.kind);
  return { ...saved, ...given, maxCredits: given.maxCredits === undefined ? saved.maxCredits : given.maxCredits };
}

export interface SheetEnrichmentPreview {
  sheetName: string;
  /** The per-run credit cap in force (null: no cap), and in words. */
  cap: number | null;
  capText: string;
  kind: string;
  /** Rows looked at. */
  rows: number;
  /** Rows that qualify (their target is sent, or they share one that is). */
  qualifying: number;
  /** Distinct targets sent: the most the run can cost, in credits. */
  items: number;
  atMostCredits: number;
  /** Rows sharing a target with an earlier row: written with its result, paid once. */
  sameAsAnother: number;
  alreadyDone: number;
  inProgress: number;
  notEmpty: number;
  overCap: number;
  invalid: { row: number; reason: string }[];
  /** Where the picked fields go: an existing column, or appended. */
  mapping: { field: string; column: string }[];
  balance: number | null;
  /** Another person's open enrichment of this sheet, in words (whose, since when). */
  othersRun?: string;
}

function previewOf(sheet: Sheet, rows: number[], scan: SheetScan, settings: SheetEnrichment, balance: number | null): SheetEnrichmentPreview {
  const { fields, kind } = settings;
  const headers = headerColumns(sheet);
  const sameAsAnother = scan.copies.reduce((n, c) => n + c.length, 0);
  return {
    sheetName: sheet.getName(),
    cap: settings.maxCredits,
    capText: capText(settings.maxCredits),
    kind,
    rows: rows.length,
    qualifying: scan.targets.length + sameAsAnother,
    items: scan.targets.length,
    atMostCredits: scan.targets.length,
    sameAsAnother,
    alreadyDone: scan.alreadyDone,
    inProgress: scan.inProgress,
    notEmpty: scan.notEmpty,
    overCap: scan.overCap,
    invalid: scan.invalid.slice(0, 50),
    mapping: fields.map((field) => ({ field, column: headerOf(headers, field) })),
    balance,
    othersRun: othersRunText(sheet),
  };
}

/**
 * The preview before anything is sent: how many rows qualify under the run conditions and the most the run could
 * cost. Reads the sheet and the balance only; nothing is researched.
 */
export function previewSheetEnrichment(request: unknown): SheetEnrichmentPreview {
  const given = requestArg<Record<string, unknown>>(request);
  const { sheet, rows } = rowsInScope(given.scope);
  const settings = inForce(sheet, readSettings(given));
  return previewOf(sheet, rows, scanSheet(sheet, rows, settings.kind, settings), settings, creditBalance());
}

/**
 * Starts the previewed enrichment if the rows to send are still the `confirmedItems` the preview showed (else
 * nothing is sent). The settings are remembered for the sheet; one batch is sent now, the rest on each poll.
 */
export function startSheetEnrichment(request: unknown, confirmedItems: unknown): Progress & { capText: string } {
  const given = requestArg<Record<string, unknown>>(request);
  const requested = readSettings(given);
  let cap: number | null = null;
  if (typeof confirmedItems !== 'number' || !Number.isSafeInteger(confirmedItems) || confirmedItems < 1)
    fail('confirmedItems: must be the whole number of rows confirmed in the preview. Nothing was sent: preview again.');
  const b = budgeted();
  const jobId = withDocumentLock(() => {
    const { sheet, rows } = rowsInScope(given.scope);
    const settings = inForce(sheet, requested);
    cap = settings.maxCredits;
    const scan = scanSheet(sheet, rows, settings.kind, settings);
    if (scan.targets.length === 0)
      fail((scan.inProgress && rowsTakenMessage(sheet)) || 'Nothing to research: no row qualifies under the run conditions. Nothing was sent.');
    if (scan.targets.length !== confirmedItems)
      fail(`The rows changed since the preview (${scan.targets.length} to research now, ${confirmedItems} confirmed). Nothing was sent: preview again.`);
    // The picks are remembered for the sheet, unless it is enriched automatically: a manual run never changes
    // the automatic enrichment's fields, conditions or cap.
    const saved = loadEnrichment(sheet.getSheetId());
    if (!saved?.auto) saveEnrichment(sheet.getSheetId(), settings);
    return createLayoutJob(sheet, scan, settings.kind, { ...settings, batch: b.client.settings.researchBatchLimit }).id;
  });
  // The trigger continues the job if the sidebar closes: right after this run if it is cut, else when the next step is due.
  armFallbackRun();
  const step = advanceExclusive(b.client, jobId, b);
  if (!step) fail('The enrichment could not be read back from its state sheet.');
  armNextRun(step.dueAt, anyJobPending);
  return { ...step.progress, capText: capText(cap) };
}

/**
 * Turns the automatic enrichment of new rows on or off for the active sheet. On: rows there now get row ids, and
 * rows added later (rows without one) are enriched by your hourly trigger with the saved fields and run conditions.
 */
export function setAutoEnrichment(request: unknown): SheetEnrichment {
  const given = requestArg<Record<string, unknown>>(request);
  if (typeof given.auto !== 'boolean') fail('auto: must be true or false.');
  const sheet = activeSheet();
  const settings = readSettings(given);
  const saved = savedOrDefault(sheet, settings.kind);
  const next: SheetEnrichment = given.auto
    ? { ...saved, ...settings, auto: true, autoOwner: userKey(), watermark: saved.auto ? saved.watermark : 0 }
    : { ...saved, auto: false };
  // Rows there now are not new (they get ids); turned on again, the rows the cap left over stay new.
  if (next.auto && !saved.auto) markDataRowsSeen(sheet);
  saveEnrichment(sheet.getSheetId(), next);
  if (next.auto) ensureSchedule();
  return next;
}

/** Cancels a running enrichment from the sidebar: unsent rows stay unsent (marked cancelled), paid rows still get results. */
export function cancelEnrichment(jobId: unknown): Progress & { cancelledNow: number } {
  if (typeof jobId !== 'string' || !jobId || jobId.length > 100) fail('jobId: must be the id of an enrichment started from this sidebar.');
  return cancelJob(jobId);
}
