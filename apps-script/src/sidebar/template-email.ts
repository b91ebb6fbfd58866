import { callWithWarnings, withWarnings, previewEmailOperation, sendBulkOperation, sendEmailOperation } from '../../../shared';
import { failureOutcome } from '../../../shared/errors';
import { fingerprint } from '../../../shared/hash';
import { track } from '../rows/row-status';
import { makeClient, run } from '../client';
import { fail, userMessage } from '../errors';
import { selectedRows } from '../research/targets';
import { issueConfirmation, takeConfirmation } from './confirmation';
import { countArg, optionalText, requestArg } from './inputs';
import { selectedFields } from './outreach';

/**
 * "Send a bulk or per-row email from a template to the selected rows": a preview of the first rows first (rendered by
 * the service, nothing sent), then one confirmed send. The preview hands out a one-time confirmation; the send takes
 * it back before sending anything, so a second click, a retry or a second sidebar cannot send again.
 */

export type TemplateEmailMode = 'bulk' | 'perRow';

export interface TemplateEmailRequest {
  mode: TemplateEmailMode;
  from: string;
  templateId: number | string;
  /** How many of the first rows to preview (default 3, at most 10). */
  previewRows?: number;
}

interface Recipient {
  row: number;
  contactId: number;
  to: string;
}

/** One bulk send takes at most 500 contacts (the service's cap); per-row sends, one request each, stay within one run. */
const MAX_BULK = 500;
const MAX_PER_ROW = 50;
const PENDING_KEY = 'pds.templateEmail.pending';

function checkedRequest(req: unknown): { mode: TemplateEmailMode; from: string; templateId: string; previewRows: number } {
  const request = requestArg<TemplateEmailRequest>(req);
  const mode = request.mode;
  if (mode !== 'bulk' && mode !== 'perRow') fail('request.mode: must be bulk (one send to all rows) or perRow (one email per row).');
  const from = optionalText(request.from, 'request.from');
  if (!from) fail('request.from: choose the account to send from.');
  const templateId = optionalText(request.templateId, 'request.templateId');
  if (!templateId) fail('request.templateId: choose a template.');
  return { mode, from: from.trim(), templateId: templateId.trim(), previewRows: countArg(request.previewRows, 'request.previewRows', 3, 1, 10) };
}

/** The selected rows with a contactId and an email (from the import's or the enrichment's columns); others are skipped. */
function selectedRecipients(): {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  sheetName: string;
  recipients: Recipient[];
  skipped: { row: number; reason: string }[];
} {
  const selection = selectedRows();
  const [ids, emails] = selectedFields(
    selection,
    ['contactId', 'email'],
    'The sheet needs a contactId and an email column: import saved contacts or enrich the rows first.',
  );
  const recipients: Recipient[] = [];
  const skipped: { row: number; reason: string }[] = [];
  const seen = new Set<string>();
  selection.rows.forEach((row, i) => {
    const id = ids[i];
    const to = emails[i];
    if (!/^\d+$/.test(id)) skipped.push({ row, reason: 'no contactId' });
    else if (!to.includes('@')) skipped.push({ row, reason: 'no email address' });
    else if (seen.has(id)) skipped.push({ row, reason: 'the same contact as an earlier row' });
    else {
      seen.add(id);
      recipients.push({ row, contactId: Number(id), to });
    }
  });
  if (recipients.length === 0) fail('None of the selected rows has a contactId and an email address.');
  return { sheet: selection.sheet, sheetName: selection.sheet.getName(), recipients, skipped };
}

/**
 * What a preview shows and a send sends: the checked request and the selected recipients (at most the mode's cap),
 * with the fingerprint the confirmation stands for: the request and exactly these rows. Any change needs a new preview.
 */
function planned(req: unknown) {
  const request = checkedRequest(req);
  const selected = selectedRecipients();
  const { mode, from, templateId } = request;
  const n = selected.recipients.length;
  const max = mode === 'bulk' ? MAX_BULK : MAX_PER_ROW;
  if (n > max) fail(`${n} rows are selected; a ${mode === 'bulk' ? 'bulk send' : 'per-row send'} takes at most ${max}. Select fewer rows.`);
  const print = fingerprint(
    JSON.stringify([mode, from.toLowerCase(), templateId, selected.sheetName, selected.recipients.map((r) => [r.row, r.contactId, r.to])]),
  );
  return { request, ...selected, print };
}

export interface TemplateEmailPreview {
  mode: TemplateEmailMode;
  sheetName: string;
  recipients: number;
  skipped: { row: number; reason: string }[];
  previews: { row: number; to: string; subject: string; body: string; missingVariables: string[] }[];
  /** Give this back to sendTemplateEmail to send; it works once. */
  confirmation: string;
}

/** Renders the template for the first rows through the service's preview (sends nothing) and hands out a confirmation. */
export function previewTemplateEmail(req: TemplateEmailRequest): TemplateEmailPreview {
  const { request, sheetName, recipients, skipped, print } = planned(req);
  const client = makeClient();
  const previews = recipients.slice(0, request.previewRows).map((r) => {
    const input = { to: r.to, from: request.from, templateId: request.templateId };
    const shown = run(client, callWithWarnings(client, previewEmailOperation, input)).data;
    return { row: r.row, to: r.to, subject: shown.subject, body: shown.body, missingVariables: shown.missingVariables };
  });
  const confirmation = issueConfirmation(PENDING_KEY, print);
  return { mode: request.mode, sheetName, recipients: recipients.length, skipped: skipped.slice(0, 50), previews, confirmation };
}

export interface TemplateEmailResult {
  mode: TemplateEmailMode;
  sent: number;
  emailIds: string[];
  /** Rows surely not sent, with why. */
  failures: { row: number; message: string }[];
  /** Per-row sends whose answer was lost: they may have been sent (never repeated, never called "not sent"). */
  unknown: { row: number; message: string }[];
  warnings?: string[];
}

/** The per-row status column's words. */
const EMAIL_STATUS_HEADER = 'PDS email status';
const MAYBE_SENT = 'unknown — may have been sent';

/**
 * Sends after the preview, once: bulk is one request for all rows; per-row is one request per row. No send is ever
 * repeated after an ambiguous failure (the core's rule for sends); a row that failed is reported with its reason.
 */
export function sendTemplateEmail(req: TemplateEmailRequest, confirmation: string): TemplateEmailResult {
  const { request, sheet, recipients, print } = planned(req);
  takeConfirmation(
    PENDING_KEY,
    confirmation,
    print,
    'This send was already made or started, or was never previewed: preview again to send. Nothing was sent.',
    'The selected rows, the template or the sender changed since the preview: preview again. Nothing was sent.',
  );
  const client = makeClient();
  if (request.mode === 'bulk') {
    const input = { from: request.from, templateId: request.templateId, filters: { contactIds: recipients.map((r) => r.contactId) } };
    const { data, warnings } = run(client, callWithWarnings(client, sendBulkOperation, input));
    const failures = data.skipped.map((s) => ({ row: recipients.find((r) => String(r.contactId) === s.contactId)?.row ?? 0, message: s.reason }));
    return withWarnings({ mode: 'bulk', sent: data.scheduled, emailIds: data.emailIds, failures, unknown: [] }, warnings);
  }
  // Each row's outcome is written beside it, found by its id (the sheet may change while the emails go out).
  const rows = track(
    sheet,
    recipients.map((r) => r.row),
    'emailStatus',
    EMAIL_STATUS_HEADER,
  );
  const outcomes = new Map<number, string>();
  const emailIds: string[] = [];
  const failures: { row: number; message: string }[] = [];
  const unknown: { row: number; message: string }[] = [];
  const warnings: string[] = [];
  try {
    for (const r of recipients) {
      try {
        const input = { contactId: r.contactId, from: request.from, to: r.to, templateId: request.templateId };
        const answered = run(client, callWithWarnings(client, sendEmailOperation, input));
        emailIds.push(answered.data.emailId);
        warnings.push(...answered.warnings);
        outcomes.set(r.row, `sent ${answered.data.emailId}`);
      } catch (error) {
        const message = userMessage(error);
        // The core's outcome model: a send whose answer was lost may have gone out.
        if (failureOutcome(error, 'unsafe') === 'unknown') {
          unknown.push({ row: r.row, message });
          // The message says the core's words (UNKNOWN_OUTCOME_TEXT) and that the send is not repeated.
          outcomes.set(r.row, `${MAYBE_SENT}: ${message}`);
        } else {
          failures.push({ row: r.row, message });
          outcomes.set(r.row, `not sent: ${message}`);
        }
      }
    }
  } finally {
    rows.write(outcomes);
  }
  return withWarnings({ mode: 'perRow', sent: emailIds.length, emailIds, failures, unknown }, warnings);
}
