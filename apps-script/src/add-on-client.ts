import { createClient, type AuthConfig, type Client } from '../../shared';
import type { AddOnSettings } from './settings';

/** A core client that also carries the add-on's own settings. */
export interface AddOnClient extends Client {
  readonly addOn: AddOnSettings;
}

/**
 * A core client over settings already validated by settings.ts (the add-on's own fields ride along) and the
 * credential given: the stored one (client.ts) or one still being connected (auth.ts, OAuth sign-in).
 */
export function clientWith(settings: AddOnSettings, auth: AuthConfig): AddOnClient {
  return { ...createClient({ auth, settings }), addOn: settings };
}
