/**
 * The webhook trigger's lifecycle methods (n8n calls checkExists, then create when it answers false, on activation;
 * delete on deactivation), run in n8n-core's HookContext. The service registers webhooks only in its own settings,
 * so the methods tell the user what to register and remove, and never pretend to have done it on the service.
 */
import { HookContext } from 'n8n-core';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { additionalData, makeNode, nodeClasses, workflowFor } from './harness';

const parameters = { events: ['contact-researched'], secret: 's3cret-value', headerName: 'X-Hook-Secret' };

function hookContext(staticData: IDataObject) {
  const node = { ...makeNode('prospectingWebhookTrigger', { parameters, credentials: {} }), webhookId: 'abc-123' };
  delete node.credentials;
  const workflow = workflowFor(node, staticData);
  const context = new HookContext(workflow, workflow.getNode(node.name)!, additionalData({}), 'trigger', 'activate');
  const logged: string[] = [];
  jest.spyOn(context.logger, 'warn').mockImplementation((message: string) => void logged.push(message));
  return { context, logged, workflow };
}

const methods = nodeClasses.prospectingWebhookTrigger.webhookMethods!.default as Record<
  'checkExists' | 'create' | 'delete',
  (this: IHookFunctions) => Promise<boolean>
>;

describe('webhook lifecycle on a service without a webhook API', () => {
  it('activation: not yet announced, so create tells the user the URL, events and header to register (never the secret)', async () => {
    const { context, logged, workflow } = hookContext({});
    expect(await methods.checkExists.call(context)).toBe(false);
    expect(await methods.create.call(context)).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('Register http://localhost:5678/webhook/abc-123/prospecting in the Prospecting service (Settings > Webhooks)');
    expect(logged[0]).toContain('for contact-researched');
    expect(logged[0]).toContain('sent in the X-Hook-Secret header');
    expect(logged[0]).toContain('n8n cannot register it for you');
    expect(logged[0]).not.toContain(parameters.secret);
    expect(workflow.staticData).toEqual({ 'node:Prospecting': { announcedUrl: 'http://localhost:5678/webhook/abc-123/prospecting' } });
  });

  it('a restart with the same URL: checkExists answers from what was announced, so the user is not told again', async () => {
    const { context, logged } = hookContext({ 'node:Prospecting': { announcedUrl: 'http://localhost:5678/webhook/abc-123/prospecting' } });
    expect(await methods.checkExists.call(context)).toBe(true);
    expect(logged).toEqual([]);
  });

  it('a changed URL is announced again', async () => {
    const { context } = hookContext({ 'node:Prospecting': { announcedUrl: 'http://old.example/webhook/x/prospecting' } });
    expect(await methods.checkExists.call(context)).toBe(false);
  });

  it('deactivation: tells the user which URL to remove, and forgets it', async () => {
    const { context, logged, workflow } = hookContext({ 'node:Prospecting': { announcedUrl: 'http://localhost:5678/webhook/abc-123/prospecting' } });
    expect(await methods.delete.call(context)).toBe(true);
    expect(logged[0]).toContain('no longer listens at http://localhost:5678/webhook/abc-123/prospecting. Remove it from the Prospecting service');
    expect(workflow.staticData['node:Prospecting']).toEqual({});
  });
});
