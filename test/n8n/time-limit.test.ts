/**
 * Wait for Results never waits forever: without the Time Limit option the run gets the option's
 * default, 600 s. The core's runResearch is wrapped to see the options the node passes.
 */
import type { INodeParameters } from 'n8n-workflow';
import type { ResearchRunOptions } from '../../shared';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

const seen: ResearchRunOptions[] = [];
jest.mock('../../shared', () => {
  const actual = jest.requireActual('../../shared');
  return {
    ...actual,
    runResearch: (client: unknown, job: unknown, opts: ResearchRunOptions) => {
      seen.push(opts);
      return actual.runResearch(client, job, opts);
    },
  };
});

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { research: { queuedMs: 20, researchingMs: 50 } } });
});
afterAll(async () => env.sandbox.close());

const research = (researchOptions: INodeParameters) =>
  executeNode({
    parameters: { resource: 'companies', operation: 'research', researchBy: 'details', company: { domain: 'acme.com' }, waitForResults: true, researchOptions },
    credentials: env.credentials,
  });

it('without the Time Limit option, Wait for Results stops after 600 s; with it, after the value set', async () => {
  seen.length = 0;
  const out = await research({});
  expect(out[0].json.requestId).toEqual(expect.any(String));
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ waitForResults: true, timeLimitMs: 600_000, maxCredits: undefined });
  await research({ timeLimitSeconds: 30, skipDeduplicationCheck: true });
  expect(seen[1].timeLimitMs).toBe(30_000);
}, 60_000);
