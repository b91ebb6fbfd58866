import * as z from '../validation/zod';
import { meSchema, tokenResponseSchema } from '../records';
import { nonEmpty } from '../validation/fields';
import { textCaps } from '../validation/limits';

/** Client ids, secrets, codes and tokens: opaque text, JWT-sized at most. */
const secretText = (what = 'text') => nonEmpty(what, textCaps.secret);
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

const tokenInput = /* @__PURE__ */ lazySchema(() =>
  z.discriminatedUnion('grant_type', [
    z.strictObject({
      grant_type: z.literal('authorization_code'),
      client_id: secretText(),
      client_secret: secretText(),
      redirect_uri: secretText(),
      code: secretText('authorization code'),
    }),
    z.strictObject({
      grant_type: z.literal('refresh_token'),
      client_id: secretText(),
      client_secret: secretText(),
      redirect_uri: secretText(),
      refresh_token: secretText('refresh token'),
    }),
  ]),
);

const tokenBase = {
  resource: 'oauth',
  method: 'POST',
  path: '/oauth/accessToken',
  queryFields: [],
  input: tokenInput,
  output: tokenResponseSchema,
  result: (body: z.output<typeof tokenResponseSchema>) => body,
  credits: 'none',
  // A refresh rotates both tokens (spec 4.2): repeating one after a lost answer would use a dead token.
  retry: 'unsafe',
  pagination: { style: 'none' },
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
  resource: 'oauth',
  action: 'me',
  title: 'Get current user',
  description: 'Returns the user the credential belongs to.',
  version: 'v2',
  method: 'GET',
  path: '/oauth/me',
  queryFields: [],
  input: lazySchema(() => z.strictObject({})),
  output: meSchema,
  result: (body) => body,
  credits: 'none',
  pagination: { style: 'none' },
  auth: 'required',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const oauthOperations = keyedById([meOperation, tokenOperation, tokenV1Operation]);
