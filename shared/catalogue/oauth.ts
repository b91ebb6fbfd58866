import * as z from '../validation/zod';
import { meSchema, tokenResponseSchema } from '../records';
import { nonEmpty, oneOf } from '../validation/fields';
import { textCaps } from '../validation/limits';

/** Client ids, secrets, codes and tokens: opaque text, JWT-sized at most. */
const secretText = (what = 'text') => nonEmpty(what, textCaps.secret);
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema } from '../validation/lazy-schema';
import { noInput } from './inputs';

/** Each grant's own field: the authorization code, or the refresh token. */
const GRANT_FIELDS = { authorization_code: 'code', refresh_token: 'refresh_token' } as const;

/**
 * The token request of either grant (spec 4.2), as one object: its grant's own field is required and the other
 * grant's is refused as a field it does not take, each named as the discriminated union's two forms named them. One
 * object, not zod's discriminated union: that schema is 1.8 KB of the add-on's bundle (issue 32), and the core writes
 * the grant itself (auth/oauth.ts). An unknown grant_type is told the two it may be.
 */
const tokenInput = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      grant_type: oneOf(['authorization_code', 'refresh_token'] as const),
      client_id: secretText(),
      client_secret: secretText(),
      redirect_uri: secretText(),
      code: z.optional(secretText('authorization code')),
      refresh_token: z.optional(secretText('refresh token')),
    })
    .check(
      z.superRefine((v, ctx) => {
        const own = GRANT_FIELDS[v.grant_type];
        const other = own === 'code' ? 'refresh_token' : 'code';
        if (v[own] === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', input: undefined, path: [own] });
        if (v[other] !== undefined) ctx.addIssue({ code: 'unrecognized_keys', keys: [other], input: v });
      }),
    ),
);

const tokenBase = {
  ...v2Base,
  resource: 'oauth',
  method: 'POST',
  path: '/oauth/accessToken',
  input: tokenInput,
  output: tokenResponseSchema,
  result: (body: z.output<typeof tokenResponseSchema>) => body,
  // A refresh rotates both tokens (spec 4.2): repeating one after a lost answer would use a dead token.
  retry: 'unsafe',
  auth: 'none',
} as const;

/** Spec 4.2 (v2 form of 2.1). The core's token manager uses this one. */
export const tokenOperation = defineOperation({
  ...tokenBase,
  action: 'token',
  title: 'Get OAuth token',
  description: 'Exchanges an authorization code or a refresh token for new tokens (v2 response form).',
  version: 'v2',
});

/** The same route under v1, answering the short form (spec 9.2). */
export const tokenV1Operation = defineOperation({
  ...tokenBase,
  action: 'tokenV1',
  title: 'Get OAuth token (v1)',
  description: 'The token route under v1, which answers only access_token, refresh_token and expires_at (epoch).',
  version: 'v1',
});

export const meOperation = defineOperation({
  ...v2Base,
  method: 'GET',
  resource: 'oauth',
  action: 'me',
  title: 'Get current user',
  description: 'Returns the user the credential belongs to.',
  path: '/oauth/me',
  input: noInput,
  output: meSchema,
  result: (body) => body,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const oauthOperations = keyedById([meOperation, tokenOperation, tokenV1Operation]);
