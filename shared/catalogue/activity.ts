import * as z from '../validation/zod';
import { activitySchema, v2ListOf } from '../records';
import { integerId, optionalShortText } from '../validation/fields';
import { feedPaging, offsetPaging } from './tasks';
import { keyedById, defineOperation, v2Base } from './types';
import { lazyStrictObject } from '../validation/lazy-schema';

/** The activity feed (public reference, "The rest of the service": Activity; the rest in DECISIONS "Tasks, calls, activity"). */
export const listActivityOperation = defineOperation({
  ...v2Base,
  method: 'GET',
  resource: 'activity',
  action: 'list',
  title: 'List activity',
  description: "What happened to your organization's contacts (emails, calls, tasks, campaign events), newest first.",
  path: '/activity',
  queryFields: ['limit', 'offset', 'campaignIdentifier', 'contactId', 'searchText'],
  input: lazyStrictObject(() => ({
    ...offsetPaging,
    campaignIdentifier: optionalShortText,
    contactId: z.optional(integerId),
    searchText: optionalShortText,
  })),
  output: v2ListOf(activitySchema),
  pagination: feedPaging,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const activityOperations = keyedById([listActivityOperation]);
