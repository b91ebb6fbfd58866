import type { IDataObject, IHookFunctions, INodeProperties, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { optionSubtitle } from '../Prospecting/description/option-subtitle';
import { readDeliveredRecord } from '../../../shared/records/delivery';
import { bodyProblem, claimInProcess, eventOf, rememberDelivery, secretMatches, type DeliveryState } from './delivery';
import { announceRegistration, announceRemoval, checkAnnounced } from './registration';

/** The deliveries that start the workflow; their names (not their raw values) are the canvas subtitle. */
const eventsProperty: INodeProperties = {
  displayName: 'Events',
  name: 'events',
  type: 'multiOptions',
  options: [
    { name: 'Company Researched', value: 'company-researched' },
    { name: 'Contact Researched', value: 'contact-researched' },
  ],
  default: ['contact-researched', 'company-researched'],
};

/*
 * The service registers webhooks in its own settings page, not through its API (public reference, "Webhooks"):
 * the lifecycle methods tell the user what to register and remove instead of pretending to (registration.ts).
 */
export class ProspectingWebhookTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospecting Webhook Trigger',
    name: 'prospectingWebhookTrigger',
    icon: { light: 'file:prospecting.svg', dark: 'file:prospecting.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: optionSubtitle(eventsProperty),
    description: 'Starts the workflow when the service delivers a researched contact or company',
    // Its README section; build.mjs stamps the README's address.
    documentationUrl: 'http://readme.invalid/n8n-nodes-prospecting#prospecting-webhook-trigger',
    defaults: { name: 'Prospecting Webhook Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'prospecting' }],
    properties: [
      {
        displayName:
          "Register this node's Production URL in the service (Settings > Webhooks) with a secret, and enter the same secret and the secret header name the service shows there. " +
          'The service has no API for webhooks, so n8n cannot register it for you: on activation this node writes the URL to register to the n8n log.',
        name: 'notice',
        type: 'notice',
        default: '',
      },
      eventsProperty,
      {
        displayName: 'Secret',
        name: 'secret',
        type: 'string',
        typeOptions: { password: true },
        required: true,
        default: '',
        description: 'The shared secret set on the webhook in the service; deliveries without it are refused with 401',
      },
      {
        displayName: 'Header Name',
        name: 'headerName',
        type: 'string',
        default: 'X-Webhook-Secret',
        description:
          "The header the service puts the secret in. The service shows its name in Settings > Webhooks beside the secret (its API reference lists it under the webhook security scheme); X-Webhook-Secret is the sandbox's default.",
      },
    ],
  };

  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        return checkAnnounced(this);
      },
      async create(this: IHookFunctions): Promise<boolean> {
        return announceRegistration(this);
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        return announceRemoval(this);
      },
    },
  };

  /**
   * Checks the shared secret (401 when wrong or missing) and the body (400 / 413 when it is not a record of
   * bounded size), then emits the delivered record once: the service retries deliveries that failed, so a
   * research already emitted (same apiResearchId) is acknowledged and dropped. The event is read from the
   * record: the service sends only the bare record and the secret header.
   */
  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const headers = this.getHeaderData() as Record<string, string | string[] | undefined>;
    const headerName = (this.getNodeParameter('headerName', 'X-Webhook-Secret') as string).toLowerCase();
    const refuse = (status: number, message: string): IWebhookResponseData => {
      this.getResponseObject().status(status).json({ message });
      return { noWebhookResponse: true };
    };
    if (!secretMatches(headers[headerName], this.getNodeParameter('secret') as string)) {
      return refuse(401, `Wrong or missing secret in the ${headerName} header`);
    }
    const raw: unknown = this.getBodyData();
    const problem = bodyProblem(raw, headers['content-length']);
    if (problem) return refuse(problem.status, problem.reason);
    const body = raw as IDataObject;
    const event = eventOf(body);
    if (!event) return refuse(400, 'The body is neither a contact nor a company record (no contactId, name, domain or other record field)');
    if (!(this.getNodeParameter('events', []) as string[]).includes(event)) {
      return { webhookResponse: { received: true, ignored: `event ${event} is not selected` } };
    }
    // Process memory first (concurrent copies of one delivery), then static data (repeats after a restart).
    const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
    const state = this.getWorkflowStaticData('node') as DeliveryState;
    if (!claimInProcess(scope, event, body, Date.now()) || !rememberDelivery(state, event, body)) {
      return { webhookResponse: { received: true, duplicate: true } };
    }
    // The service only needs a 2xx; a small JSON acknowledgement beats n8n's default reply text.
    // Read as polled records are (published names under the spec's), so both paths fill the same fields.
    return { workflowData: [this.helpers.returnJsonArray({ event, ...readDeliveredRecord(event, body) })], webhookResponse: { received: true } };
  }
}
