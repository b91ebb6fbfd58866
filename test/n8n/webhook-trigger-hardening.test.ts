/**
 * Issue 9 (secrets, bad input) and issue 15 (webhooks) on the Prospecting Webhook Trigger: constant-time
 * secret check, refusal of bodies that are not a record, bounded memory, and the event read from the record.
 */
import {
  claimInProcess,
  eventOf,
  inProcessSize,
  MAX_BODY_BYTES,
  MAX_REMEMBERED,
  RECENT_MAX,
  rememberDelivery,
  secretMatches,
  type DeliveryState,
} from '../../n8n-nodes/nodes/ProspectingWebhookTrigger/delivery';
import { callWebhook } from './harness';

// The module object itself (an `import * as` namespace is a copy the spy would not reach).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const crypto = require('node:crypto') as typeof import('node:crypto');

const parameters = { secret: 's3cret', headerName: 'X-Webhook-Secret', events: ['contact-researched', 'company-researched'] };
const good = { 'x-webhook-secret': 's3cret' };

describe('secret comparison', () => {
  it('compares fixed-length digests with timingSafeEqual, whatever the lengths given (no early return on length)', () => {
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      for (const given of ['s', 's3cre', 's3cret', 's3cretX', 'x'.repeat(5000), '']) {
        spy.mockClear();
        expect(secretMatches(given, 's3cret')).toBe(given === 's3cret');
        expect(spy).toHaveBeenCalledTimes(1);
        const [a, b] = spy.mock.calls[0] as [Buffer, Buffer];
        expect([a.length, b.length]).toEqual([32, 32]);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('an empty configured secret, a missing header or a non-string never match', () => {
    expect(secretMatches('', '')).toBe(false);
    expect(secretMatches(undefined, 's3cret')).toBe(false);
    expect(secretMatches(['s3cret', 'x'], 's3cret')).toBe(true);
    expect(secretMatches([], 's3cret')).toBe(false);
  });
});

describe('bodies that are not a record', () => {
  const cases: [string, unknown][] = [
    ['null', null],
    ['an array', [{ contactId: '1', apiResearchId: 'r1' }]],
    ['a string', 'hello'],
    ['a number', 42],
    ['a boolean', true],
  ];
  it.each(cases)('a valid secret with %s as the body answers 400 with a reason and runs nothing', async (_name, body) => {
    const { result, written } = await callWebhook({ parameters, headers: good, body: body as never, staticData: {} });
    expect(written.status).toBe(400);
    expect((written.body as { message: string }).message).toMatch(/JSON object|empty/);
    expect(result.noWebhookResponse).toBe(true);
    expect(result.workflowData).toBeUndefined();
  });

  it('an object that is neither record is 400 naming what was expected', async () => {
    const { result, written } = await callWebhook({ parameters, headers: good, body: { hello: 'world' }, staticData: {} });
    expect(written).toEqual({ status: 400, body: { message: expect.stringMatching(/neither a contact nor a company record/) } });
    expect(result.workflowData).toBeUndefined();
  });

  it(`a body over ${MAX_BODY_BYTES} bytes is 413, by its declared length or its size`, async () => {
    const declared = await callWebhook({
      parameters,
      headers: { ...good, 'content-length': String(MAX_BODY_BYTES + 1) },
      body: { contactId: '1' },
      staticData: {},
    });
    expect(declared.written.status).toBe(413);
    const big = await callWebhook({ parameters, headers: good, body: { contactId: '1', note: 'x'.repeat(MAX_BODY_BYTES) }, staticData: {} });
    expect(big.written.status).toBe(413);
    expect(big.result.workflowData).toBeUndefined();
  });

  it('the secret is checked before the body: a bad body with a wrong secret is 401', async () => {
    const { written } = await callWebhook({ parameters, headers: { 'x-webhook-secret': 'nope' }, body: null as never, staticData: {} });
    expect(written.status).toBe(401);
  });
});

describe('the event comes from the record (issue 15: the service sends the bare record and the secret header only)', () => {
  it('a contact record is contact-researched and a company record (published form, no companyId) company-researched', async () => {
    const contact = await callWebhook({ parameters, headers: good, body: { contactId: '77', fullName: 'Ana Lima', apiResearchId: 'ev-c1' }, staticData: {} });
    expect(contact.result.workflowData![0][0].json).toMatchObject({ event: 'contact-researched', contactId: '77' });
    const company = { name: 'Acme', domain: 'acme.example', staffCount: '750', apiResearchId: 'ev-co1' };
    const out = await callWebhook({ parameters, headers: good, body: company, staticData: {} });
    expect(out.result.workflowData![0][0].json).toEqual({ event: 'company-researched', ...company });
  });

  it('an event header is not trusted over the record', async () => {
    const headers = { ...good, 'x-webhook-event': 'company-researched' };
    const { result } = await callWebhook({
      parameters: { ...parameters, events: ['contact-researched'] },
      headers,
      body: { contactId: '9', apiResearchId: 'ev-h1' },
      staticData: {},
    });
    expect(result.workflowData![0][0].json.event).toBe('contact-researched');
  });

  it('eventOf reads both the spec and the published record shapes', () => {
    expect(eventOf({ contactId: '1' })).toBe('contact-researched');
    expect(eventOf({ firstName: 'A', company: 'B' })).toBe('contact-researched');
    expect(eventOf({ companyId: 'c1' })).toBe('company-researched');
    expect(eventOf({ domain: 'x.example', industries: 'Software' })).toBe('company-researched');
    expect(eventOf({ apiResearchId: 'r' })).toBeNull();
  });
});

describe('bounded memory of delivery ids', () => {
  it('static data keeps at most MAX_REMEMBERED fixed-size entries, oldest dropped', () => {
    const state: DeliveryState = {};
    const longId = 'r'.repeat(100_000);
    expect(rememberDelivery(state, 'contact-researched', { apiResearchId: longId })).toBe(true);
    expect(state.seen![0].length).toBeLessThanOrEqual(32);
    for (let i = 0; i < MAX_REMEMBERED + 10; i++) rememberDelivery(state, 'contact-researched', { apiResearchId: `id-${i}` });
    expect(state.seen).toHaveLength(MAX_REMEMBERED);
    // The oldest were dropped, the newest are still refused as repeats.
    expect(rememberDelivery(state, 'contact-researched', { apiResearchId: longId })).toBe(true);
    expect(rememberDelivery(state, 'contact-researched', { apiResearchId: `id-${MAX_REMEMBERED + 9}` })).toBe(false);
  });

  it('process memory stays at RECENT_MAX entries however many deliveries and however long their ids', () => {
    const now = Date.now();
    for (let i = 0; i < RECENT_MAX + 500; i++) claimInProcess('wf-mem:n1', 'contact-researched', { apiResearchId: `${'x'.repeat(1000)}-${i}` }, now);
    expect(inProcessSize()).toBe(RECENT_MAX);
  });
});
