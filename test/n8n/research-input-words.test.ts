/**
 * Research errors in the words the user sees (issue 23): fields named by their editor labels ("Full Name", "Profile
 * URL"), and with Continue on Fail off, how many items are bad and the first few by item, before anything is sent.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import { executeNode } from './harness';
import { admin, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const byDetails = {
  resource: 'contacts',
  operation: 'research',
  researchBy: 'details',
  contact: { contactName: '={{ $json.name }}', companyName: '={{ $json.company }}', liProfileUrl: '={{ $json.url }}' },
  waitForResults: false,
};

async function sent(): Promise<number> {
  const counts = await requestCounts(env.sandbox);
  return Object.entries(counts)
    .filter(([endpoint]) => endpoint.includes('research'))
    .reduce((sum, [, byStatus]) => sum + Object.values(byStatus).reduce((a, b) => a + b, 0), 0);
}

it('120 bad items of 125: one error counts them and names the first five by item, in the editor words; nothing sent', async () => {
  await admin(env.sandbox, 'DELETE', '/requests');
  const good = { name: 'Ann Lee', company: 'Acme' };
  const items: IDataObject[] = [good, ...Array.from({ length: 120 }, (_, i) => ({ name: `Person ${i}` })), good, good, good, good];
  const error = await executeNode({ parameters: byDetails, items: items.map((json) => ({ json })), credentials: env.credentials }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NodeOperationError);
  const message = (error as Error).message;
  expect(message).toMatch(
    /^Research contacts: 120 of 125 items cannot be researched: item 1: Contact: needs one of: Full Name with Company Name or Company Domain; Email; Profile URL/,
  );
  for (const i of [1, 2, 3, 4, 5]) expect(message).toContain(`item ${i}: `);
  expect(message).not.toContain('item 6: ');
  expect(message).toMatch(/; and 115 more\. Nothing was sent\.$/);
  expect(message).not.toMatch(/contactName|liProfileUrl|companyName/);
  expect((error as NodeOperationError).context.itemIndex).toBe(1);
  expect(await sent()).toBe(0);
});

it('one bad item: named alone, its field by its label', async () => {
  const items = [{ name: 'Ann Lee', company: 'Acme' }, { url: 'not a url' }];
  const run = executeNode({ parameters: byDetails, items: items.map((json) => ({ json })), credentials: env.credentials });
  await expect(run).rejects.toThrow(
    /^Research contacts: item 1: Contact > Profile URL: must be a URL starting with http:\/\/ or https:\/\/\. Nothing was sent\.$/,
  );
});

it('with Continue on Fail, each bad item gets its own error item in the same words; the good ones are researched', async () => {
  const items = [{ name: 'Ann Lee', company: 'Acme' }, { name: 'Bo' }];
  const out = await executeNode({ parameters: byDetails, items: items.map((json) => ({ json })), credentials: env.credentials, continueOnFail: true });
  expect(out[0].json.requestId).toEqual(expect.any(String));
  expect(out[1].json.error).toMatch(/^Research contacts: item 1: Contact: needs one of: Full Name with Company Name/);
});

it('one item without any detail: the message and the hint name the Contact field, not the parameter "contact"', async () => {
  const items = [{ name: 'Ann Lee', company: 'Acme' }, { name: 'Bo' }];
  const error = await executeNode({ parameters: byDetails, items: items.map((json) => ({ json })), credentials: env.credentials }).catch((e: unknown) => e);
  expect((error as Error).message).toMatch(/^Research contacts: item 1: Contact: needs one of: Full Name with Company Name/);
  expect((error as NodeOperationError).description).toBe('Fix item 1: Contact and run again.');
});
