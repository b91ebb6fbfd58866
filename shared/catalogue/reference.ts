import { z } from 'zod';
import { contactStatusSchema, creditsSchema, v2Envelope } from '../records';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = {
  version: 'v2',
  method: 'GET',
  pathFields: [],
  queryFields: [],
  input: lazySchema(() => z.strictObject({})),
  credits: 'none',
  retry: 'safe',
  pagination: { style: 'none' },
  auth: 'required',
} as const;

export const listContactStatusesOperation = defineOperation({
  ...base,
  id: 'contactStatuses.list',
  resource: 'contactStatuses',
  action: 'list',
  returns: 'list',
  title: 'List contact statuses',
  description: 'Lists the prospect statuses your organization uses.',
  path: '/contact-statuses',
  output: lazySchema(() => v2Envelope(z.array(contactStatusSchema))),
  result: (body) => body.data,
});

export const getCreditsOperation = defineOperation({
  ...base,
  id: 'credits.get',
  resource: 'credits',
  action: 'get',
  title: 'Get credits',
  description: "Shows the organization's remaining research credits.",
  path: '/credits',
  output: lazySchema(() => v2Envelope(creditsSchema)),
  result: (body) => body.data,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const referenceOperations = keyedById([listContactStatusesOperation, getCreditsOperation]);
