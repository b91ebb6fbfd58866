import * as z from '../validation/zod';
import { emailAddress, integerId, pathId } from '../validation/fields';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { picks } from './pickers';

/** Inputs and fields several catalogue files share (one schema for all of them: zod schemas are immutable). */

/** The input of an operation that takes no fields. */
export const noInput = /* @__PURE__ */ lazyStrictObject({});

/** The input of an operation that takes only the record's id (in the path). */
export const idInput = /* @__PURE__ */ lazyStrictObject({ id: pathId });

/** A campaign of the organization's, picked from its campaigns. */
export const campaignId = /* @__PURE__ */ lazySchema(() => picks(pathId, 'campaigns'));

/** An optional saved template, picked from the user's templates. */
export const optionalTemplateId = /* @__PURE__ */ lazySchema(() => z.optional(picks(integerId, 'templates')));

/** One of the user's connected email accounts, picked from them. */
export const emailAccount = /* @__PURE__ */ lazySchema(() => picks(emailAddress, 'emailAccounts'));

/** Saved contacts' ids, at least one. */
export const contactIds = /* @__PURE__ */ lazySchema(() => z.array(integerId).check(z.minLength(1, 'give at least one contact id')));

/** A page number of the reads paged by page and limit (search, saved contacts and companies): from 1. */
export const pageNumber = /* @__PURE__ */ lazySchema(() => z.number().check(z.int(), z.minimum(1, 'pages start at 1')));
