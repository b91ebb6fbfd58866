/**
 * The queue-mode test's workflow: a production webhook (so main queues each execution in Redis for a worker) whose
 * body lists contacts, split into one item each, researched by the Prospecting node with Wait for Results.
 */
import { researchFoundContacts } from '../../n8n/research-params';

export const QUEUE_WEBHOOK_PATH = 'queue-research';
export const RESEARCH_NODE = 'Research Contacts';

export function queueResearchWorkflow(id: string, nodeTypePrefix: string, credentialId: string, contactsPerRun: number): Record<string, unknown> {
  const credentials = { prospectingApi: { id: credentialId, name: 'Prospecting sandbox' } };
  return {
    id,
    name: 'Queue mode: research the contacts a webhook lists, with Wait for Results',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [
      {
        id: 'q1',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: '5f0c3f8e-2a51-4d6c-9b1e-7a0e5e5e0001',
        parameters: { httpMethod: 'POST', path: QUEUE_WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
      },
      {
        id: 'q2',
        name: 'One Item per Contact',
        type: 'n8n-nodes-base.splitOut',
        typeVersion: 1,
        position: [250, 0],
        parameters: { fieldToSplitOut: 'body.contacts', options: {} },
      },
      {
        id: 'q3',
        name: RESEARCH_NODE,
        type: `${nodeTypePrefix}prospecting`,
        typeVersion: 1,
        position: [500, 0],
        parameters: {
          ...researchFoundContacts,
          researchOptions: { maxCredits: contactsPerRun, timeLimitSeconds: 600 },
        },
        credentials,
      },
    ],
    connections: {
      Webhook: { main: [[{ node: 'One Item per Contact', type: 'main', index: 0 }]] },
      'One Item per Contact': { main: [[{ node: RESEARCH_NODE, type: 'main', index: 0 }]] },
    },
  };
}
