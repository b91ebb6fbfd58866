import { contactStatusSchema, creditsSchema, v2ListOf, v2Of } from '../records';
import { keyedById, defineOperation, v2Base } from './types';
import { noInput } from './inputs';

const base = { ...v2Base, input: noInput } as const;

export const listContactStatusesOperation = defineOperation({
  ...base,
  method: 'GET',
  resource: 'contactStatuses',
  action: 'list',
  title: 'List contact statuses',
  description: 'Lists the prospect statuses your organization uses.',
  path: '/contact-statuses',
  output: v2ListOf(contactStatusSchema),
});

export const getCreditsOperation = defineOperation({
  ...base,
  method: 'GET',
  resource: 'credits',
  action: 'get',
  title: 'Get credits',
  description: "Shows the organization's remaining research credits.",
  path: '/credits',
  output: v2Of(creditsSchema),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const referenceOperations = keyedById([listContactStatusesOperation, getCreditsOperation]);
