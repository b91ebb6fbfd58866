import { claimInProcess, rememberDelivery, type DeliveryState } from '../../n8n-nodes/nodes/ProspectingWebhookTrigger/delivery';
import type { IDataObject } from 'n8n-workflow';
import { callWebhook, executeNode, pollTrigger } from './harness';
import { sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { research: { queuedMs: 50, researchingMs: 100 } } });
});
afterAll(async () => env.sandbox.close());

describe('poll trigger', () => {
  it('first check reads the lookback window; the next reads only what changed since, and research shows up', async () => {
    const staticData: IDataObject = {};
    const first = await pollTrigger({ parameters: { event: 'newContacts', lookbackHours: 24 * 365 }, credentials: env.credentials, staticData });
    expect(first.items!.length).toBeGreaterThanOrEqual(40);
    const window = (first.staticData['node:Prospecting'] as IDataObject).lastTimeChecked as string;
    expect(Date.parse(window)).toBeGreaterThan(Date.now() - 5000);

    const again = await pollTrigger({
      parameters: { event: 'newContacts', lookbackHours: 24 * 365 },
      credentials: env.credentials,
      staticData: first.staticData,
    });
    expect(again.items).toBeNull();

    const people = await executeNode({
      parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 2, additionalFields: { seniority: 'Director' } },
      credentials: env.credentials,
    });
    const researched = await executeNode({
      parameters: researchFoundContacts,
      items: people,
      credentials: env.credentials,
    });
    const finished = await pollTrigger({
      parameters: { event: 'researchFinished', recordType: 'contacts' },
      credentials: env.credentials,
      staticData: again.staticData,
    });
    expect(finished.items!.map((i) => i.json.apiResearchId).sort()).toEqual(researched.map((r) => r.json.requestId).sort());
  });

  it('companies: first check pages through every company in the window', async () => {
    const out = await pollTrigger({ parameters: { event: 'newCompanies', lookbackHours: 24 * 365 }, credentials: env.credentials, staticData: {} });
    expect(out.items!.length).toBeGreaterThan(0);
    expect(out.items![0].json.companyId).toEqual(expect.any(String));
  });

  it('a manual test run returns one item and leaves the window alone', async () => {
    const staticData: IDataObject = { 'node:Prospecting': { lastTimeChecked: '2030-01-01T00:00:00.000Z' } };
    const out = await pollTrigger({ parameters: { event: 'newContacts' }, credentials: env.credentials, staticData, mode: 'manual' });
    expect(out.items).toHaveLength(1);
    expect((out.staticData['node:Prospecting'] as IDataObject).lastTimeChecked).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('webhook trigger', () => {
  const parameters = { secret: 's3cret', headerName: 'X-Webhook-Secret', events: ['contact-researched', 'company-researched'] };
  const record = { contactId: '1001', fullName: 'Ana Lima', apiResearchId: 'req-1' };

  it('refuses a wrong or missing secret with 401 and starts nothing', async () => {
    for (const headers of [{ 'x-webhook-secret': 'guess' }, {}] as Record<string, string>[]) {
      const { result, written } = await callWebhook({ parameters, headers, body: record, staticData: {} });
      expect(written.status).toBe(401);
      expect(result.noWebhookResponse).toBe(true);
      expect(result.workflowData).toBeUndefined();
    }
  });

  it('emits a delivery once, even when the service repeats it', async () => {
    const headers = { 'x-webhook-secret': 's3cret', 'x-webhook-event': 'contact-researched' };
    const first = await callWebhook({ parameters, headers, body: record, staticData: {} });
    expect(first.result.workflowData![0][0].json).toEqual({ event: 'contact-researched', ...record });
    expect(first.result.webhookResponse).toEqual({ received: true });
    const repeat = await callWebhook({ parameters, headers, body: record, staticData: first.staticData });
    expect(repeat.result.workflowData).toBeUndefined();
    expect(repeat.result.webhookResponse).toEqual({ received: true, duplicate: true });
    const other = await callWebhook({ parameters, headers, body: { ...record, apiResearchId: 'req-2' }, staticData: repeat.staticData });
    expect(other.result.workflowData).toHaveLength(1);
  });

  it('ignores events that are not selected', async () => {
    const headers = { 'x-webhook-secret': 's3cret', 'x-webhook-event': 'company-researched' };
    const { result } = await callWebhook({
      parameters: { ...parameters, events: ['contact-researched'] },
      headers,
      body: { companyId: 'c1', apiResearchId: 'r9' },
      staticData: {},
    });
    expect(result.workflowData).toBeUndefined();
  });
});

describe('delivery memory', () => {
  it('static data alone also refuses a repeat (what survives an n8n restart)', () => {
    const state: DeliveryState = {};
    expect(rememberDelivery(state, 'contact-researched', { apiResearchId: 'r1' })).toBe(true);
    expect(rememberDelivery(JSON.parse(JSON.stringify(state)) as DeliveryState, 'contact-researched', { apiResearchId: 'r1' })).toBe(false);
    expect(rememberDelivery(state, 'company-researched', { apiResearchId: 'r1' })).toBe(true);
  });

  it('process memory claims a research once per workflow node, so simultaneous copies run once', () => {
    const now = Date.now();
    expect(claimInProcess('wf1:n1', 'contact-researched', { apiResearchId: 'x9' }, now)).toBe(true);
    expect(claimInProcess('wf1:n1', 'contact-researched', { apiResearchId: 'x9' }, now + 1)).toBe(false);
    expect(claimInProcess('wf2:n1', 'contact-researched', { apiResearchId: 'x9' }, now + 1)).toBe(true);
    expect(claimInProcess('wf1:n1', 'contact-researched', {}, now)).toBe(true);
  });
});
