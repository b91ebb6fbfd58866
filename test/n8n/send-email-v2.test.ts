/**
 * Send Email in node version 2: Subject and Body are top-level fields (version 1 keeps them under Additional Fields,
 * as its saved workflows have them), needed unless a Template is chosen. Without them the node refuses, naming the
 * field as the editor shows it, before anything is sent.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { nodeOperations, nodeProperties } from '../../n8n-nodes/nodes/Prospecting/description';
import { fieldSpecs } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { operation } from '../../shared';
import { executeNode } from './harness';
import { countOf, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let base: INodeParameters;

beforeAll(async () => {
  env = await sandboxWithCredentials();
  const [account] = await executeNode({ parameters: { resource: 'emailAccounts', operation: 'list', returnAll: true }, credentials: env.credentials });
  const wide = { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' };
  const [contact] = await executeNode({
    parameters: { resource: 'orgContacts', operation: 'list', returnAll: false, limit: 1, ...wide },
    credentials: env.credentials,
  });
  base = {
    resource: 'emails',
    operation: 'send',
    contactId: String(contact.json.contactId),
    from: { __rl: true, mode: 'id', value: String(account.json.email) },
    to: 'ana@example.com',
  };
});
afterAll(async () => env.sandbox.close());

const sendShown = (p: INodeProperties) => p.displayOptions?.show?.resource?.[0] === 'emails' && p.displayOptions?.show?.operation?.[0] === 'send';

async function sends(): Promise<number> {
  return countOf(await requestCounts(env.sandbox), 'POST /v2/emails/send');
}

describe('the description', () => {
  it('version 2 shows Subject and Body at the top level, not marked required (a Template makes them optional)', () => {
    const v2 = nodeProperties(nodeOperations, 2).filter(sendShown);
    const top = v2.map((p) => p.name);
    expect(top).toEqual(expect.arrayContaining(['subject', 'body']));
    for (const p of v2.filter((x) => x.name === 'subject' || x.name === 'body')) {
      expect(p.required).toBeFalsy();
      expect(p.description).toMatch(/required unless a Template is chosen/);
    }
    const additional = v2.find((p) => p.name === 'additionalFields')!;
    expect((additional.options as INodeProperties[]).map((o) => o.name)).not.toEqual(expect.arrayContaining(['subject']));
    expect((additional.options as INodeProperties[]).map((o) => o.name)).toContain('templateId');
  });

  it('version 1 keeps them under Additional Fields', () => {
    const v1 = nodeProperties(nodeOperations, 1).filter(sendShown);
    expect(v1.map((p) => p.name)).not.toContain('subject');
    const additional = v1.find((p) => p.name === 'additionalFields')!;
    expect((additional.options as INodeProperties[]).map((o) => o.name)).toEqual(expect.arrayContaining(['subject', 'body', 'templateId']));
  });
});

describe('running version 2', () => {
  it('sends with top-level Subject and Body', async () => {
    const [sent] = await executeNode({ typeVersion: 2, parameters: { ...base, subject: 'Hello', body: '<p>Hi</p>' }, credentials: env.credentials });
    expect(sent.json.status).toBe('SCHEDULED');
  });

  it('without Subject (and no Template): a clear error naming the field, nothing sent', async () => {
    const before = await sends();
    await expect(executeNode({ typeVersion: 2, parameters: { ...base, subject: '  ', body: 'Hi' }, credentials: env.credentials })).rejects.toThrow(
      /^Subject: required unless a Template is chosen\. Nothing was sent\.$/,
    );
    await expect(executeNode({ typeVersion: 2, parameters: { ...base, subject: 'Hello' }, credentials: env.credentials })).rejects.toThrow(
      /^Body: required unless a Template is chosen/,
    );
    expect(await sends()).toBe(before);
  });

  it('with a Template, Subject and Body may stay empty', async () => {
    const [template] = await executeNode({
      parameters: { resource: 'templates', operation: 'list', returnAll: false, limit: 1 },
      credentials: env.credentials,
    });
    const [sent] = await executeNode({
      typeVersion: 2,
      parameters: { ...base, additionalFields: { templateId: { __rl: true, mode: 'id', value: String(template.json.templateId) } } },
      credentials: env.credentials,
    });
    expect(sent.json.status).toBe('SCHEDULED');
  });
});

describe('running version 1 (saved workflows)', () => {
  it('still reads Subject and Body from Additional Fields, and refuses the same way without them', async () => {
    const [sent] = await executeNode({ parameters: { ...base, additionalFields: { subject: 'Hello', body: 'Hi' } }, credentials: env.credentials });
    expect(sent.json.status).toBe('SCHEDULED');
    const before = await sends();
    await expect(executeNode({ parameters: { ...base, additionalFields: { body: 'Hi' } }, credentials: env.credentials })).rejects.toThrow(
      /^Subject: required unless/,
    );
    expect(await sends()).toBe(before);
  });
});

describe('needed-unless applies only where the other field exists, never to an update', () => {
  const unless = (id: string, field: string) => fieldSpecs(operation(id)).find((s) => s.name === field)?.requiredUnless;
  it('Send Email, a draft, a bulk send: Subject and Body unless a Template', () => {
    for (const id of ['emails.send', 'emails.createDraft', 'emails.sendBulk'])
      expect([unless(id, 'subject'), unless(id, 'body')]).toEqual(['templateId', 'templateId']);
  });
  it('a template create (no Template field) and the updates (draft, template) carry no such rule', () => {
    for (const id of ['templates.create', 'emails.updateDraft', 'templates.update'])
      expect([unless(id, 'subject'), unless(id, 'body')]).toEqual([undefined, undefined]);
  });
});
