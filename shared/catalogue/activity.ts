import * as z from '../validation/zod';
import { activitySchema, v2ListOf } from '../records';
import { integerId, shortText } from '../validation/fields';
import { feedPageLimit, offsetPaging } from './tasks';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** The activity feed (public reference, "The rest of the service": Activity; the rest in DECISIONS "Tasks, calls, activity"). */
export const listActivityOperation = defineOperation({
  resource: 'activity',
  action: 'list',
  returns: 'list',
  title: 'List activity',
  description: "What happened to your organization's contacts (emails, calls, tasks, campaign events), newest first.",
  version: 'v2',
  method: 'GET',
  path: '/activity',
  queryFields: ['limit', 'offset', 'campaignIdentifier', 'contactId', 'searchText'],
  input: lazySchema(() =>
    z.strictObject({
      ...offsetPaging,
      campaignIdentifier: z.optional(shortText()),
      contactId: z.optional(integerId),
      searchText: z.optional(shortText()),
    }),
  ),
  output: v2ListOf(activitySchema),
  credits: 'none',
  pagination: { style: 'offset', offsetField: 'offset', limitField: 'limit', maxLimit: feedPageLimit },
  auth: 'required',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const activityOperations = keyedById([listActivityOperation]);
