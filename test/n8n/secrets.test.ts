import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { redactor, REDACTED, secretsOf } from '../../n8n-nodes/nodes/Prospecting/redact';
import { startEchoProxy, type EchoProxy } from './echo-proxy';
import { LoadOptionsContext } from 'n8n-core';
import { additionalData, executeNode, makeNode, nodeClasses, workflowFor } from './harness';
import { sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

/**
 * A service answer that repeats the Token header or the body must never bring the API key into what the node
 * returns or throws: error message, description, messages, cause, context, stack, JSON, Continue-on-Fail items,
 * success items and research results. The proxy repeats the key raw, URL-encoded, JSON-escaped twice, inside
 * a longer word and cut in the middle.
 */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let proxy: EchoProxy;
let key: string;

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { research: { queuedMs: 20, researchingMs: 40 } } });
  proxy = await startEchoProxy(env.sandbox.origin);
  key = env.sandbox.apiKey;
});
afterAll(async () => {
  await proxy.close();
  await env.sandbox.close();
});

function credentials() {
  const swap = (url: string) => url.replace(env.sandbox.origin, proxy.base);
  return { prospectingApi: { apiKey: key, baseUrlV1: swap(env.sandbox.v1), baseUrlV2: swap(env.sandbox.v2) } };
}

/** Every string reachable from a value, own non-enumerable properties (message, stack) included. */
function allText(value: unknown, seen = new Set<unknown>(), depth = 0): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object' || seen.has(value) || depth > 10) return '';
  seen.add(value);
  const parts: string[] = [];
  for (const name of Object.getOwnPropertyNames(value)) {
    if (name === 'node') continue;
    parts.push(name, allText((value as Record<string, unknown>)[name], seen, depth + 1));
  }
  return parts.join('\n');
}

function leakedForms(text: string): string[] {
  const forms = [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1), key.slice(0, 12), key.slice(-12)];
  return forms.filter((f) => text.includes(f));
}

async function failing(parameters: INodeParameters, items?: IDataObject[]): Promise<Error> {
  try {
    await executeNode({ parameters, credentials: credentials(), items: items?.map((json) => ({ json })) });
  } catch (error) {
    return error as Error;
  }
  throw new Error('the node did not fail');
}

function expectClean(error: Error): void {
  const text = [allText(error), JSON.stringify(error), String(error.stack), String(error.message)].join('\n');
  expect(leakedForms(text)).toEqual([]);
  expect(text).toContain(REDACTED);
}

const search = { resource: 'contacts', operation: 'search', returnAll: false, limit: 2 };
const custom = (method: string, path: string, body = '{}') => ({ resource: 'custom', operation: 'call', version: 'v2', method, path, query: '{}', body });

describe('an error answer that repeats the key', () => {
  afterEach(() => {
    proxy.mode.kind = 'pass';
  });

  it.each([400, 401, 403, 404, 409, 422, 500, 503])('HTTP %i: thrown error (message, description, cause, context, stack, JSON)', async (status) => {
    proxy.mode.kind = 'fail';
    proxy.mode.status = status;
    expectClean(await failing(search));
    expectClean(await failing(custom('POST', '/echo', JSON.stringify({ note: key }))));
  });

  it('Continue on Fail items carry no key', async () => {
    proxy.mode.kind = 'fail';
    proxy.mode.status = 400;
    const out = await executeNode({ parameters: custom('POST', '/echo', JSON.stringify({ note: key })), credentials: credentials(), continueOnFail: true });
    const text = JSON.stringify(out);
    expect(out[0].json.error).toEqual(expect.any(String));
    expect(leakedForms(text)).toEqual([]);
    expect(text).toContain(REDACTED);
  });

  it('research refused with an echo: thrown or as error items, no key', async () => {
    proxy.mode.kind = 'fail';
    proxy.mode.status = 422;
    const research = { resource: 'contacts', operation: 'research', researchBy: 'details', contact: { contactName: 'Ann Lee', companyName: 'Acme' } };
    expectClean(await failing(research));
    const out = await executeNode({ parameters: research, credentials: credentials(), continueOnFail: true });
    expect(leakedForms(JSON.stringify(out))).toEqual([]);
  });
});

describe('a success answer that repeats the key', () => {
  afterEach(() => {
    proxy.mode.kind = 'pass';
  });

  function expectItemsClean(out: INodeExecutionData[]): void {
    const text = JSON.stringify(out);
    expect(out.length).toBeGreaterThan(0);
    expect(leakedForms(text)).toEqual([]);
    expect(text).toContain(REDACTED);
  }

  it('list and custom call items', async () => {
    proxy.mode.kind = 'inject';
    expectItemsClean(await executeNode({ parameters: search, credentials: credentials() }));
    expectItemsClean(await executeNode({ parameters: custom('GET', '/credits'), credentials: credentials() }));
  });

  it('research result items (submitted, polled, with records)', async () => {
    const people = await executeNode({ parameters: search, credentials: credentials() });
    proxy.mode.kind = 'inject';
    const out = await executeNode({
      parameters: researchFoundContacts,
      credentials: credentials(),
      items: people.map((p) => ({ json: { searchResultId: p.json.searchResultId } })),
    });
    expect(out.map((o) => o.json.status)).toEqual(['done', 'done']);
    expectItemsClean(out);
  });
});

describe('redactor', () => {
  const oauth = {
    clientId: 'client-123456',
    clientSecret: 'sec/ret+value=1',
    oauthTokenData: { access_token: 'acc.ess-token_9876', refresh_token: 'ref"resh\\token42' },
  };
  const r = redactor(secretsOf(oauth));

  it('finds the API key, client secret and both OAuth2 tokens', () => {
    expect(secretsOf({ apiKey: 'key-abcdef123' })).toEqual(['key-abcdef123']);
    expect(secretsOf(oauth)).toEqual(expect.arrayContaining(['sec/ret+value=1', 'acc.ess-token_9876', 'ref"resh\\token42']));
  });

  it.each([
    ['raw', 'Bearer acc.ess-token_9876 was refused'],
    ['URL-encoded', `client_secret=${encodeURIComponent('sec/ret+value=1')}&x=1`],
    ['form-encoded', 'client_secret=sec%2Fret%2Bvalue%3D1'],
    ['JSON-escaped', JSON.stringify({ refresh: 'ref"resh\\token42' })],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify({ refresh: 'ref"resh\\token42' }))],
    ['inside a word', 'xxacc.ess-token_9876yy'],
    ['cut at the end', 'answer: acc.ess-tok'],
    ['cut at the start', 'ess-token_9876 was seen'],
    ['basic auth', `Basic ${Buffer.from('client-123456:sec/ret+value=1').toString('base64')}`],
  ])('%s', (_, text) => {
    const clean = r.text(text);
    expect(clean).toContain(REDACTED);
    for (const s of ['sec/ret+value=1', 'acc.ess-token_9876', 'ref"resh', 'acc.ess-tok', 'ess-token_9876', 'sec%2Fret']) expect(clean).not.toContain(s);
  });

  it('leaves ordinary text and short values alone', () => {
    expect(r.text('Ann Lee at Acme, acc 42')).toBe('Ann Lee at Acme, acc 42');
    expect(redactor(['abc']).text('abc abc')).toBe('abc abc');
  });

  it('redacts errors in place, nested causes included', () => {
    const inner = { headers: { authorization: 'Bearer acc.ess-token_9876' } };
    const error = Object.assign(new Error('failed with acc.ess-token_9876'), { cause: { config: inner, response: { data: 'sec/ret+value=1' } } });
    r.error(error);
    expect(allText(error)).not.toMatch(/acc\.ess-token_9876|sec\/ret/);
  });
});

describe('OAuth2: the access token, refresh token and client secret', () => {
  const oauth = {
    clientId: 'client-abc123',
    clientSecret: 'client-secret-7f3e9a',
    accessToken: '',
    oauthTokenData: { access_token: 'at-5c1d9e2f7a3b', refresh_token: 'rt-8e2a6c4b1d9f', token_type: 'Bearer' },
  };

  it('an error answer repeating the bearer token and the body', async () => {
    proxy.mode.kind = 'fail';
    proxy.mode.status = 400;
    const swap = (url: string) => url.replace(env.sandbox.origin, proxy.base);
    const credentials = {
      prospectingOAuth2Api: {
        ...oauth,
        grantType: 'authorizationCode',
        authentication: 'body',
        authUrl: `${proxy.base}/oauth/authorize`,
        accessTokenUrl: `${proxy.base}/oauth/accessToken`,
        scope: '',
        baseUrlV1: swap(env.sandbox.v1),
        baseUrlV2: swap(env.sandbox.v2),
      },
    };
    let error: Error | undefined;
    try {
      await executeNode({
        parameters: {
          ...custom('POST', '/echo', JSON.stringify({ secret: oauth.clientSecret, refresh: oauth.oauthTokenData.refresh_token })),
          authentication: 'oAuth2',
        },
        credentials,
      });
    } catch (e) {
      error = e as Error;
    } finally {
      proxy.mode.kind = 'pass';
    }
    expect(error).toBeDefined();
    const text = [allText(error), JSON.stringify(error), String(error!.stack)].join('\n');
    expect(text).toContain(REDACTED);
    for (const secret of [oauth.clientSecret, oauth.oauthTokenData.access_token, oauth.oauthTokenData.refresh_token]) expect(text).not.toContain(secret);
  });
});

describe('resource-locator searches', () => {
  async function search(): Promise<{ results?: unknown; error?: Error }> {
    const node = makeNode('prospecting', { parameters: { resource: 'lists', operation: 'get' }, credentials: credentials() });
    const workflow = workflowFor(node);
    const context = new LoadOptionsContext(workflow, workflow.getNode(node.name)!, additionalData(credentials()), 'parameters.id');
    try {
      return { results: await (nodeClasses.prospecting.methods!.listSearch!.searchLists as (this: unknown, f?: string) => Promise<unknown>).call(context) };
    } catch (error) {
      return { error: error as Error };
    }
  }

  afterEach(() => {
    proxy.mode.kind = 'pass';
  });

  it('the list of records and the error carry no key', async () => {
    proxy.mode.kind = 'inject';
    const listed = await search();
    expect(listed.error).toBeUndefined();
    expect(leakedForms(JSON.stringify(listed.results))).toEqual([]);
    expect(JSON.stringify(listed.results)).toContain(REDACTED);
    proxy.mode.kind = 'fail';
    const failed = await search();
    expectClean(failed.error!);
  });
});
