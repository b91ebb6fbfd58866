/**
 * Issue 21, point 2, in the n8n node against the real sandbox: an unsafe operation whose answer is lost or that meets a
 * 5xx ends "unknown" — the error item carries `outcome`, `operation` and `item` for a following node to test, the
 * thrown error says the shared words, and n8n's "You can retry the request immediately" never follows it.
 */
import type { IDataObject } from 'n8n-workflow';
import { UNKNOWN_OUTCOME_TEXT } from '../../shared';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 20 });
});
afterAll(async () => env.sandbox.close());

const createCampaign = { resource: 'campaigns', operation: 'create', name: '={{ $json.name }}' };

async function fault(kind: string) {
  await admin(env.sandbox, 'DELETE', '/faults');
  await admin(env.sandbox, 'DELETE', '/requests');
  await admin(env.sandbox, 'POST', '/faults', { kind, endpoint: 'POST /v2/campaigns', count: 1 });
}

describe.each(['lostAnswer', 'error500'])('campaign create meeting %s', (kind) => {
  it('Continue on Fail: the error item says outcome unknown, the operation and the item; the next item goes on', async () => {
    await fault(kind);
    const out = await executeNode({
      parameters: createCampaign,
      items: [{ json: { name: 'First' } }, { json: { name: 'Second' } }],
      credentials: env.credentials,
      continueOnFail: true,
    });
    const first = out[0].json as IDataObject;
    expect(first).toMatchObject({ outcome: 'unknown', operation: 'campaigns.create', item: 0 });
    expect(first.error).toContain(UNKNOWN_OUTCOME_TEXT);
    expect(String(first.hint)).toMatch(/Check in the service/);
    expect(out[1].json.error).toBeUndefined();
    expect(countOf(await requestCounts(env.sandbox), 'POST /v2/campaigns')).toBe(2);
  });

  it('without Continue on Fail: the thrown error states the unknown outcome, never "retry immediately"', async () => {
    await fault(kind);
    const error = (await executeNode({ parameters: createCampaign, items: [{ json: { name: 'Only' } }], credentials: env.credentials }).catch(
      (e: unknown) => e,
    )) as Error & { description?: string; context?: IDataObject };
    expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
    expect(`${error.message} ${error.description ?? ''}`).not.toMatch(/retry the request immediately/i);
    expect(error.context).toMatchObject({ outcome: 'unknown', operation: 'campaigns.create', item: 0 });
    expect(countOf(await requestCounts(env.sandbox), 'POST /v2/campaigns')).toBe(1);
  });
});

it('a refusal before sending is "failed"', async () => {
  await admin(env.sandbox, 'DELETE', '/faults');
  const out = await executeNode({
    parameters: { ...createCampaign, additionalFields: { maxActiveContacts: 5 } },
    items: [{ json: { name: 'x'.repeat(300) } }],
    credentials: env.credentials,
    continueOnFail: true,
  });
  expect(out[0].json).toMatchObject({ outcome: 'failed', item: 0 });
});
