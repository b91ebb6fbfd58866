import * as z from '../validation/zod';
import { companyPollResponseSchema, contactPollResponseSchema, researchSubmitResponseSchema } from '../records';
import { stringList } from '../validation/fields';
import { companyResearchItem, contactResearchItem, searchResultIdSchema } from '../validation/research-items';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { refuseField } from '../validation/transform-issue';

// The item rules live in one place (validation/research-items.ts): the flow, the n8n node and Sheets use them too.
export { companyResearchItem, contactResearchItem };

const searchResultIds = /* @__PURE__ */ lazySchema(() => z.array(searchResultIdSchema));

export const contactResearchInput = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      searchResultIds: z.optional(searchResultIds),
      contacts: z.optional(z.array(contactResearchItem)),
      isJobChange: z.optional(z.boolean()),
      skipDeduplicationCheck: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((v, ctx) => {
        listsRule(v.searchResultIds, v.contacts, 'contacts', false, ctx);
        const contacts = v.contacts?.length ?? 0;
        // false is the published default: it asks for nothing, so it passes with searchResultIds (and is not sent).
        if (v.isJobChange === true && contacts === 0) refuseField(ctx, 'isJobChange', 'applies only with contacts');
      }),
      z.overwrite((v) => (v.isJobChange === false && !v.contacts?.length ? withoutKey(v, 'isJobChange') : v)),
    ),
);

/**
 * A list that is given holds at least one entry (the service refuses `searchResultIds: []`, even beside items), and
 * something is given. Contact research takes one kind per request (`bothAllowed` false); company research takes both.
 */
function listsRule(ids: unknown[] | undefined, items: unknown[] | undefined, itemsField: string, bothAllowed: boolean, ctx: z.core.$RefinementCtx): void {
  const item = itemsField === 'contacts' ? 'contact' : 'company';
  for (const [field, list] of [
    ['searchResultIds', ids],
    [itemsField, items],
  ] as const)
    if (list !== undefined && list.length === 0) refuseField(ctx, field, `must hold at least one entry; leave it out when there is none`);
  if (!bothAllowed && ids !== undefined && items !== undefined) refuseField(ctx, itemsField, `give searchResultIds or ${itemsField}, not both in one request`);
  if (ids === undefined && items === undefined) refuseField(ctx, 'searchResultIds', `give at least one searchResultId or ${item}`);
}

function withoutKey<T extends object, K extends keyof T>(value: T, key: K): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

export const companyResearchInput = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      searchResultIds: z.optional(searchResultIds),
      companies: z.optional(z.array(companyResearchItem)),
      skipDeduplicationCheck: z.optional(z.boolean()),
    })
    .check(z.superRefine((v, ctx) => listsRule(v.searchResultIds, v.companies, 'companies', true, ctx))),
);

/** Poll ids: an array or a comma-separated string; sent as one comma list (spec 4.12). */
/** Request ids are the service's own short tokens; a longer one is not an id, and would overflow the URL. */
const REQUEST_ID_MAX = 256;
export const pollInput = /* @__PURE__ */ lazyStrictObject(() => ({
  requestIds: z.pipe(
    stringList(),
    z
      .array(z.string().check(z.maxLength(REQUEST_ID_MAX, `each request id must be at most ${REQUEST_ID_MAX} characters`)))
      .check(z.minLength(1, 'give at least one request id')),
  ),
}));

const submitCommon = {
  ...v2Base,
  version: 'v1',
  method: 'POST',
  output: researchSubmitResponseSchema,
  // A 2xx body may break the shape after the service acted (decode keeps it): never throw here; the flow checks the ids.
  result: (body: z.output<typeof researchSubmitResponseSchema>) => (body as { requestIds?: string[] } | null)?.requestIds as string[],
  credits: 'perItem',
  // A repeat after a lost answer could research (and charge) twice: surface it instead.
  retry: 'unsafe',
} as const;

const pollCommon = {
  ...v2Base,
  method: 'GET',
  version: 'v1',
  queryFields: ['requestIds'],
  input: pollInput,
  batch: { fields: ['requestIds'], setting: 'pollIdsLimit' },
} as const;

export const researchContactsOperation = defineOperation({
  ...submitCommon,
  resource: 'contacts',
  action: 'research',
  submitsResearch: true,
  title: 'Research contacts',
  description: 'Finds emails, phones and details for people. Spends one credit per person, except duplicates.',
  path: '/contacts/research',
  input: contactResearchInput,
  batch: { fields: ['searchResultIds', 'contacts'], setting: 'researchBatchLimit' },
});

export const researchCompaniesOperation = defineOperation({
  ...submitCommon,
  resource: 'companies',
  action: 'research',
  submitsResearch: true,
  title: 'Research companies',
  description: 'Finds details for companies by search result, domain or name. Spends one credit per company, except duplicates.',
  path: '/companies/research',
  input: companyResearchInput,
  batch: { fields: ['searchResultIds', 'companies'], setting: 'researchBatchLimit' },
});

export const pollContactResearchOperation = defineOperation({
  ...pollCommon,
  resource: 'contacts',
  action: 'pollResearch',
  title: 'Get contact research results',
  description: 'Reads the status and results of contact research by request id. Free.',
  path: '/contacts/research/poll',
  output: contactPollResponseSchema,
  result: (body) => (body as { data?: typeof body.data } | null)?.data as typeof body.data,
});

export const pollCompanyResearchOperation = defineOperation({
  ...pollCommon,
  resource: 'companies',
  action: 'pollResearch',
  title: 'Get company research results',
  description: 'Reads the status and results of company research by request id. Free.',
  path: '/companies/research/poll',
  output: companyPollResponseSchema,
  result: (body) => (body as { data?: typeof body.data } | null)?.data as typeof body.data,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const researchOperations = keyedById([
  researchContactsOperation,
  pollContactResearchOperation,
  researchCompaniesOperation,
  pollCompanyResearchOperation,
]);
