/**
 * Issue 9 leftover: the poll trigger, like the action node, must never bring the API key into what it returns or
 * throws when the service repeats the Token header (raw, URL-encoded, JSON-escaped twice, inside a longer word, cut).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { REDACTED } from '../../n8n-nodes/nodes/Prospecting/redact';
import { startEchoProxy, type EchoProxy } from './echo-proxy';
import { pollTrigger } from './harness';
import { sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let proxy: EchoProxy;
let key: string;

beforeAll(async () => {
  env = await sandboxWithCredentials();
  proxy = await startEchoProxy(env.sandbox.origin);
  key = env.sandbox.apiKey;
});
afterAll(async () => {
  await proxy.close();
  await env.sandbox.close();
});
afterEach(() => {
  proxy.mode.kind = 'pass';
});

function credentials() {
  const swap = (url: string) => url.replace(env.sandbox.origin, proxy.base);
  return { prospectingApi: { apiKey: key, baseUrlV1: swap(env.sandbox.v1), baseUrlV2: swap(env.sandbox.v2) } };
}

function leakedForms(text: string): string[] {
  const forms = [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1), key.slice(0, 12), key.slice(-12)];
  return forms.filter((f) => text.includes(f));
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

const poll = (parameters: IDataObject, mode: 'manual' | 'trigger' = 'trigger') =>
  pollTrigger({ parameters: { lookbackHours: 24 * 365, ...parameters }, credentials: credentials(), staticData: {}, mode });

it.each(['newContacts', 'newCompanies'])('%s: items of an answer that repeats the key carry none of it', async (event) => {
  proxy.mode.kind = 'inject';
  for (const mode of ['trigger', 'manual'] as const) {
    const out = await poll({ event }, mode);
    const text = JSON.stringify(out.items as INodeExecutionData[]);
    expect(out.items!.length).toBeGreaterThan(0);
    expect(leakedForms(text)).toEqual([]);
    expect(text).toContain(REDACTED);
  }
});

it.each([400, 401, 503])(
  'HTTP %i repeating the key: the thrown error carries none of it',
  async (status) => {
    proxy.mode.kind = 'fail';
    proxy.mode.status = status;
    let error: Error | null = null;
    try {
      await poll({ event: 'newContacts' });
    } catch (e) {
      error = e as Error;
    }
    expect(error).not.toBeNull();
    const text = [allText(error), JSON.stringify(error), String(error!.stack), String(error!.message)].join('\n');
    expect(leakedForms(text)).toEqual([]);
    expect(text).toContain(REDACTED);
  },
  30_000,
);
