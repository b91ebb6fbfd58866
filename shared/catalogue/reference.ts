import * as z from '../validation/zod';
import { contactStatusSchema, creditsSchema, v2ListOf, v2Of } from '../records';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = { ...v2Base, method: 'GET', input: lazySchema(() => z.strictObject({})), retry: 'safe' } as const;

export const listContactStatusesOperation = defineOperation({
  ...base,
  resource: 'contactStatuses',
  action: 'list',
  returns: 'list',
  title: 'List contact statuses',
  description: 'Lists the prospect statuses your organization uses.',
  path: '/contact-statuses',
  output: v2ListOf(contactStatusSchema),
});

export const getCreditsOperation = defineOperation({
  ...base,
  resource: 'credits',
  action: 'get',
  title: 'Get credits',
  description: "Shows the organization's remaining research credits.",
  path: '/credits',
  output: v2Of(creditsSchema),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const referenceOperations = keyedById([listContactStatusesOperation, getCreditsOperation]);
