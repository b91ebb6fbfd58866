import {
  call,
  callWithWarnings,
  campaignActionOperation,
  createCampaignOperation,
  listDraftsOperation,
  listEmailAccountsOperation,
  sendDraftOperation,
  sendEmailOperation,
  withWarnings,
  type Operation,
} from '../../../shared';
import type * as z from '../../../shared/validation/zod';
import { callOnce, makeClient, run } from '../client';
import { headerColumns } from '../sheet-io';
import { fieldColumn, selectedKeys, selectedRows, type SelectedRows } from '../research/targets';
import { fingerprint } from '../../../shared/hash';
import { startFailedMessage, unstarted } from './campaign-start';
import { countArg, flagArg, optionalText, requestArg } from './inputs';
import { fail } from '../errors';

/**
 * The selected rows' cells (as keys) in each field's column: the import's ("contactId") or the enrichment's
 * ("PDS contactId"). Fails with `missing` when the sheet has no such column.
 */
export function selectedFields(selection: SelectedRows, fields: string[], missing: string): string[][] {
  const headers = headerColumns(selection.sheet);
  // Every column is found before any is read.
  const columns = fields.map((field) => fieldColumn(headers, field) ?? fail(missing));
  return columns.map((column) => selectedKeys(selection, column));
}

/** contactIds of the selected rows: from a "contactId" column, or the enrichment's "PDS contactId". */
export function selectedContactIds(): number[] {
  const [keys] = selectedFields(selectedRows(), ['contactId'], 'The sheet has no contactId column: import saved contacts or enrich the rows first.');
  const ids = keys.filter((v) => /^\d+$/.test(v));
  if (ids.length === 0) fail('None of the selected rows has a contactId.');
  return [...new Set(ids)].map(Number);
}

export interface CampaignRequest {
  name: string;
  maxActiveContacts?: number;
  start?: boolean;
  steps?: { type: string; name?: string; dueDay: number; templateId?: number }[];
}

/**
 * Creates a campaign enrolling the selected contacts (more than 500 go in follow-up requests), then starts it
 * when asked. A create or start that fails ambiguously is reported, never repeated (it could act twice).
 */
export function createCampaignFromSelection(req: CampaignRequest): { campaignId: string; name: string; contactsAdded: number; status: string } {
  const request = requestArg<CampaignRequest>(req);
  const maxActiveContacts = countArg(request.maxActiveContacts, 'maxActiveContacts', 0, 0, 1_000_000) || undefined;
  const start = flagArg(request.start, 'start', false);
  const contactIds = selectedContactIds();
  const client = makeClient();
  const input = { name: request.name, contactIds, steps: request.steps, maxActiveContacts };
  const print = fingerprint(JSON.stringify([input, client.identity]));
  // The same campaign again after its start failed: start the one that exists, never create a second.
  const existing = start ? unstarted(print) : null;
  const created = existing ? null : run(client, call(client, createCampaignOperation, input));
  const campaign = existing ?? { ...created!.campaign, contactsAdded: created!.contactsAdded, fingerprint: print };
  let status: string = created?.campaign.status ?? 'draft';
  if (start) {
    try {
      const started = run(client, call(client, campaignActionOperation, { id: campaign.campaignId, action: 'START' }));
      status = started.campaign?.status ?? 'active';
    } catch (error) {
      unstarted(print, campaign);
      fail(startFailedMessage(campaign, error));
    }
    unstarted(print, null);
  }
  return { campaignId: campaign.campaignId, name: campaign.name, contactsAdded: campaign.contactsAdded, status };
}

export interface EmailRequest {
  contactId: string | number;
  from: string;
  to: string;
  subject?: string;
  body?: string;
  cc?: string;
  bcc?: string;
  templateId?: number;
}

/** What a send shows in the sidebar; `warnings` only when the service's answer carried some ("it was carried out; do not repeat it"). */
export interface SentEmail {
  emailId: string;
  status: string;
  warnings?: string[];
}

/** Sends once with `op` (an email or a draft). After an ambiguous failure the message says it may have gone out; nothing is repeated. */
function sent(op: Operation<z.ZodMiniType, z.ZodMiniType, { emailId: string; status: string }>, input: unknown): SentEmail {
  const client = makeClient();
  const { data, warnings } = run(client, callWithWarnings(client, op, input));
  return withWarnings({ emailId: data.emailId, status: data.status }, warnings);
}

export function sendEmail(req: EmailRequest): SentEmail {
  return sent(sendEmailOperation, requestArg<EmailRequest>(req));
}

export function sendDraft(id: string, from?: string): SentEmail {
  return sent(sendDraftOperation, { id, from: optionalText(from, 'from') });
}

export function listDrafts(): { emailId: string; to: string; subject: string }[] {
  return callOnce(listDraftsOperation, {}).map((d) => ({ emailId: d.emailId, to: d.to, subject: d.subject }));
}

export function listEmailAccounts(): { emailAccountId: string; email: string; name: string }[] {
  return callOnce(listEmailAccountsOperation, {});
}
