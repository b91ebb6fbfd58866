/**
 * Issue 30 point 9, the published variants the core reads, each against a scripted fake service on loopback where a
 * request is involved: a poll item without a status keeps its `message`; `readErrorBody({code, data})` gives what is
 * in it; an `apiResearchId` that is not text still marks a record researched (the n8n Research Finished trigger).
 */
import { createClient, newResearchJob, records, runAsync, runResearch } from '../../shared';
import { memoryStore } from '../../shared/drivers/memory';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { recordRow } from '../../apps-script/src/sheet-io';
import { startLoopbackService, type LoopbackService } from '../support/loopback-service';

let service: LoopbackService;
beforeAll(async () => (service = await startLoopbackService(() => ({ status: 500 }))));
afterAll(async () => service.close());

it('a poll item without a status keeps the service message, after why it could not be read', async () => {
  service.script = (r) =>
    r.method === 'POST'
      ? { status: 202, body: { success: true, requestIds: ['r1'] } }
      : { status: 200, body: { success: true, data: [{ requestId: 'r1', message: 'Contact could not be matched: email bounced' }] } };
  const client = createClient({
    auth: { type: 'apiKey', apiKey: 'variant-key' },
    random: () => 0,
    settings: { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2`, pollIntervalMs: 2000 },
  });
  const host = nodeFetchHost({ sleep: async () => undefined, store: memoryStore() });
  const job = await runAsync(runResearch(client, newResearchJob('contacts', [{ contact: { email: 'a@acme.test' } }]), { waitForResults: true }), host);
  expect(job.items[0].message).toMatch(/has no status/);
  expect(job.items[0].message).toContain('Contact could not be matched: email bounced');
});

it.each([
  [
    { code: 'insufficientCredits', data: { productCategory: 'research', additionalCreditsNeeded: 3 } },
    { code: 'insufficientCredits', productCategory: 'research', additionalCreditsNeeded: 3 },
  ],
  [
    { code: 'missingLicense', data: { additionalCreditsNeeded: '2' } },
    { code: 'missingLicense', additionalCreditsNeeded: 2 },
  ],
  [{ code: 'rateLimitExceeded' }, { code: 'rateLimitExceeded' }],
  [{ error: 'invalid_grant', data: null }, { code: 'invalid_grant' }],
])('readErrorBody(%j) gives what is in it', (body, expected) => {
  expect(records.readErrorBody(body)).toEqual(expected);
});

it.each([
  ['text', 'req-1', true],
  ['a number', 12345, true],
  ['an object', { id: 'req-1' }, true],
  ['a list', ['req-1'], true],
  ['empty text', ' ', false],
  ['null', null, false],
  ['an empty object', {}, false],
])('an apiResearchId that is %s: researched %s', (_name, id, researched) => {
  expect(records.hasResearchId({ apiResearchId: id })).toBe(researched);
});

it('a location sent as text gets the location column it is (fullString), in the core and in Sheets rows', () => {
  const record = { contactId: '1', contactLocation: 'Austin, TX', companyLocation: { city: 'Austin', fullString: 'Austin, TX, US' } };
  expect(records.valueAtPath(record, 'contactLocation.fullString')).toBe('Austin, TX');
  expect(records.valueAtPath(record, 'contactLocation.city')).toBeUndefined();
  const columns = ['contactLocation.city', 'contactLocation.fullString', 'companyLocation.fullString'];
  expect(recordRow(record, columns, (v) => (v ?? '') as string)).toEqual(['', 'Austin, TX', 'Austin, TX, US']);
});
