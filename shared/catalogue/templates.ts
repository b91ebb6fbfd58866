import * as z from '../validation/zod';
import { templateSchema, v2ListOf, v2Of } from '../records';
import { integerId, nameText, oneOf, pageFields, pathId, trueOrFalse, optionalText, optionalShortText } from '../validation/fields';
import { picks } from './pickers';
import { deleteBase, keyedById, defineOperation, v2Base, pagePaging, getBase, listBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { emailSubject } from './email-fields';
import { refuseField } from '../validation/transform-issue';

/** Public reference, "Templates": `type: email | call | custom | linkedin-*` (the linkedin kinds are the step types of the same name). */
export const templateTypes = ['email', 'call', 'custom', 'linkedin-message', 'linkedin-connect-request'] as const;
/** Public reference, "Templates": `contentCategory: static | ai_prompt`. */
export const templateContentCategories = ['static', 'ai_prompt'] as const;

const typeField = /* @__PURE__ */ lazySchema(() => oneOf(templateTypes));
const byId = { path: '/templates/{id}', queryFields: ['type'] } as const;
/** The input of a get or a delete: the template and, optionally, its type (sent in the query). */
const idAndType = /* @__PURE__ */ lazyStrictObject(() => ({ id: picks(pathId, 'templates'), type: z.optional(typeField) }));
const base = { ...v2Base, resource: 'templates' } as const;

/** An email template is what a send fills in: it needs its subject and body (DECISIONS "Campaign steps, templates ..."). */
function emailNeedsSubjectAndBody(v: { type?: string; subject?: string; body?: string }, ctx: z.core.$RefinementCtx): void {
  if (v.type !== 'email') return;
  if (v.subject !== undefined && !v.subject.trim()) refuseField(ctx, 'subject', 'must not be empty for an email template');
  if (v.body !== undefined && !v.body.trim()) refuseField(ctx, 'body', 'must not be empty for an email template');
}

export const listTemplatesOperation = defineOperation({
  ...base,
  ...listBase,
  title: 'List templates',
  description: 'Lists the email templates you can use in sends and campaign steps.',
  path: '/templates',
  queryFields: ['page', 'limit', 'searchText', 'type', 'includeStats'],
  input: lazyStrictObject(() => ({
    ...pageFields,
    searchText: optionalShortText,
    type: z.optional(typeField),
    includeStats: z.optional(trueOrFalse),
  })),
  output: v2ListOf(templateSchema),
  pagination: pagePaging,
});

export const getTemplateOperation = defineOperation({
  ...base,
  ...byId,
  ...getBase,
  title: 'Get template',
  description: 'Reads one template with its subject and body.',
  input: idAndType,
  output: v2Of(templateSchema),
});

export const createTemplateOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create template',
  description: 'Saves a template (email, call, LinkedIn or custom) that sends and campaign steps can use.',
  method: 'POST',
  path: '/templates',
  input: lazySchema(() =>
    z
      .strictObject({
        name: nameText('template name'),
        type: typeField,
        subject: z.optional(emailSubject),
        body: optionalText,
        contentCategory: oneOf(templateContentCategories),
        emailFooterId: z.optional(integerId),
        emailSignatureId: z.optional(integerId),
      })
      .check(
        z.superRefine((v, ctx) => {
          if (v.type !== 'email') return;
          if (!v.subject?.trim()) refuseField(ctx, 'subject', 'is required for an email template');
          if (!v.body?.trim()) refuseField(ctx, 'body', 'is required for an email template');
        }),
      ),
  ),
  output: v2Of(templateSchema),
  // A repeated create would save a second template.
});

export const updateTemplateOperation = defineOperation({
  ...base,
  ...byId,
  action: 'update',
  title: 'Update template',
  description: 'Changes the name, subject, body or footer of a template; fields left out stay as they are.',
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        id: picks(pathId, 'templates'),
        type: z.optional(typeField),
        name: z.optional(nameText('template name')),
        subject: z.optional(emailSubject),
        body: optionalText,
        contentCategory: z.optional(oneOf(templateContentCategories)),
        emailFooterId: z.optional(integerId),
        emailSignatureId: z.optional(integerId),
      })
      .check(
        z.superRefine(emailNeedsSubjectAndBody),
        z.refine(
          (v) =>
            ['name', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'].some((k) => (v as Record<string, unknown>)[k] !== undefined),
          { message: 'give at least one field to change (name, subject, body, contentCategory, emailFooterId, emailSignatureId)', path: ['name'] },
        ),
      ),
  ),
  output: v2Of(templateSchema),
  // Safe to repeat (a PUT): setting the same values twice changes nothing more.
});

export const deleteTemplateOperation = defineOperation({
  ...base,
  ...byId,
  ...deleteBase,
  title: 'Delete template',
  description: 'Deletes a template that no campaign step uses.',
  input: idAndType,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const templateOperations = keyedById([
  listTemplatesOperation,
  getTemplateOperation,
  createTemplateOperation,
  updateTemplateOperation,
  deleteTemplateOperation,
]);
