import { NodeApiError } from 'n8n-workflow';
import { executeNode } from './harness';
import { countOf, requestCounts, sandboxWithCredentials } from './setup';

/** Items of the outreach operations (issue 11): pairing, Continue On Fail, the service's refusal shown as it said it. */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function campaignWithStep(): Promise<{ id: string; stepId: string }> {
  const [created] = await executeNode({
    parameters: {
      resource: 'campaigns',
      operation: 'create',
      name: 'Items',
      additionalFields: { steps: JSON.stringify([{ type: 'call', name: 'Call', dueDay: 1 }]) },
    },
    credentials: env.credentials,
  });
  const data = created.json as { campaign: { campaignId: string }; steps: { campaignStepId: string }[] };
  return { id: data.campaign.campaignId, stepId: data.steps[0].campaignStepId };
}

it('a refused step action is a NodeApiError on its item with the service message naming the state', async () => {
  const { id, stepId } = await campaignWithStep();
  const error = (await executeNode({
    parameters: { resource: 'campaignSteps', operation: 'action', campaignId: byId(id), stepId, action: '={{ $json.action }}' },
    items: [{ json: { action: 'PAUSE' } }, { json: { action: 'PAUSE' } }],
    credentials: env.credentials,
  }).catch((e: unknown) => e)) as NodeApiError;
  expect(error).toBeInstanceOf(NodeApiError);
  expect(error.context.itemIndex).toBe(1);
  expect(error.httpCode).toBe('409');
  expect(`${error.message} ${error.description ?? ''}`).toMatch(/it is paused; allowed actions in state paused: RESUME, SKIP/);
});

it('Continue On Fail on bulk sends: a bad filter is refused before sending on its item only; the others are sent once each', async () => {
  await fetch(`${env.sandbox.admin}/requests`, { method: 'DELETE' });
  const contacts = (
    await executeNode({
      parameters: {
        resource: 'orgContacts',
        operation: 'list',
        startDate: '2020-01-01T00:00:00Z',
        endDate: '2030-01-01T00:00:00Z',
        returnAll: false,
        limit: 2,
      },
      credentials: env.credentials,
    })
  ).map((i) => i.json.contactId);
  const out = await executeNode({
    parameters: {
      resource: 'emails',
      operation: 'sendBulk',
      from: byId(env.sandbox.user.email),
      filters: '={{ $json.filters }}',
      additionalFields: { subject: 'Hi {{firstName}}', body: 'Hello' },
    },
    items: [
      { json: { filters: JSON.stringify({ contactIds: [Number(contacts[0])] }) } },
      { json: { filters: JSON.stringify({ seniorities: ['Boss'] }) } },
      { json: { filters: JSON.stringify({ contactIds: [Number(contacts[1])] }) } },
    ],
    credentials: env.credentials,
    continueOnFail: true,
  });
  expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
  expect(out[0].json).toEqual(expect.objectContaining({ matched: 1, scheduled: 1 }));
  expect(String(out[1].json.error)).toMatch(/filters\.seniorities/);
  expect(out[2].json).toEqual(expect.objectContaining({ matched: 1, scheduled: 1 }));
  expect(countOf(await requestCounts(env.sandbox), 'POST /v2/emails/send-bulk')).toBe(2);
});

it('a bulk send whose answer is lost is not repeated: the error says it may have been carried out', async () => {
  await fetch(`${env.sandbox.admin}/requests`, { method: 'DELETE' });
  await fetch(`${env.sandbox.admin}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'lostAnswer', endpoint: 'POST /v2/emails/send-bulk', count: 1 }),
  });
  const error = await executeNode({
    parameters: {
      resource: 'emails',
      operation: 'sendBulk',
      from: byId(env.sandbox.user.email),
      filters: '{"queryText": "a"}',
      additionalFields: { templateId: byId('101') },
    },
    credentials: env.credentials,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/^Send bulk email: .*It may have been carried out, so it was not repeated/);
  const counts = await requestCounts(env.sandbox);
  expect(countOf(counts, 'POST /v2/emails/send-bulk')).toBe(1);
});
