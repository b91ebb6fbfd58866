import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The webhook lifecycle n8n runs on activation and deactivation (checkExists, then create if needed; delete), done
 * honestly for a service that registers webhooks only in its own settings page (public reference, "Webhooks"): there
 * is no API to create, check or delete one. So the node does not pretend to register anything: on activation it tells
 * the user (n8n's log, and the notice in the node) which URL to register, for which events, and where the secret goes;
 * on deactivation, which URL to remove. It remembers, in the workflow's static data, the URL it last announced, so an
 * unchanged URL is not announced again on every restart.
 */

interface RegistrationState extends IDataObject {
  /** The URL the user was last told to register (production or test), or absent. */
  announcedUrl?: string;
}

function stateOf(ctx: IHookFunctions): RegistrationState {
  return ctx.getWorkflowStaticData('node') as RegistrationState;
}

function webhookUrl(ctx: IHookFunctions): string {
  const url = ctx.getNodeWebhookUrl('default');
  if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n gave no URL for this webhook');
  return url;
}

/** The words shown to the user: what to register in the service and how deliveries are authenticated. */
export function registrationInstructions(url: string, events: readonly string[], headerName: string): string {
  return (
    `Register ${url} in the Prospecting service (Settings > Webhooks) for ${events.length ? events.join(' and ') : 'no events (none selected)'}, ` +
    `with the same secret as this node's Secret field, sent in the ${headerName} header. ` +
    'The service has no API for webhooks, so n8n cannot register it for you; deliveries without the secret are refused with 401.'
  );
}

/** True when the current URL was already announced (n8n then skips create); the service itself cannot be asked. */
export function checkAnnounced(ctx: IHookFunctions): boolean {
  return stateOf(ctx).announcedUrl === webhookUrl(ctx);
}

/** Tells the user what to register (n8n's log, warning level so it shows by default) and remembers the URL. */
export function announceRegistration(ctx: IHookFunctions): boolean {
  const url = webhookUrl(ctx);
  const events = ctx.getNodeParameter('events', []) as string[];
  const headerName = ctx.getNodeParameter('headerName', 'X-Webhook-Secret') as string;
  ctx.logger.warn(`${ctx.getNode().name}: ${registrationInstructions(url, events, headerName)}`);
  stateOf(ctx).announcedUrl = url;
  return true;
}

/** Tells the user which URL to remove from the service, and forgets it. */
export function announceRemoval(ctx: IHookFunctions): boolean {
  const state = stateOf(ctx);
  const url = state.announcedUrl ?? webhookUrl(ctx);
  ctx.logger.warn(
    `${ctx.getNode().name}: this workflow no longer listens at ${url}. Remove it from the Prospecting service (Settings > Webhooks), ` +
      'or the service keeps delivering to it (n8n answers 404) and may retry.',
  );
  delete state.announcedUrl;
  return true;
}
