import { AuthError, connectWithCode, runSync, type AuthConfig } from '../../shared';
import { clientWith } from './add-on-client';
import { gasHost } from './host';
import { KEYS, loadSettings } from './settings';
import { escapeHtml } from './html';
import { parsed } from './property-stores';
import { deleteUserProperty, setUserProperty, userProperty } from './user-props';

/** What is stored in user properties under KEYS.auth (secrets: never logged, never written to a cell). */
export type StoredAuth = { type: 'apiKey'; apiKey: string } | { type: 'oauth2'; clientId: string; clientSecret: string };

const PENDING = 'pds.oauth.pending';

/** Apps Script's OAuth callback for this script; register it on the service's OAuth connection. */
export function redirectUri(): string {
  return `https://script.google.com/macros/d/${ScriptApp.getScriptId()}/usercallback`;
}

export function storedAuth(): StoredAuth | null {
  return parsed<StoredAuth>(userProperty(KEYS.auth));
}

export function toAuthConfig(stored: StoredAuth): AuthConfig {
  return stored.type === 'apiKey'
    ? { type: 'apiKey', apiKey: stored.apiKey }
    : { type: 'oauth2', clientId: stored.clientId, clientSecret: stored.clientSecret, redirectUri: redirectUri(), storeKey: KEYS.oauthToken };
}

/** The credential of this user, or a clear "connect first" error. */
export function requireAuth(): AuthConfig {
  const stored = storedAuth();
  if (!stored) {
    throw new AuthError('Not connected to the Prospecting Data Service.', {
      hint: 'Open Extensions > Prospecting > Open sidebar and connect with an API key or OAuth.',
    });
  }
  return toAuthConfig(stored);
}

export function saveApiKey(apiKey: string): void {
  setUserProperty(KEYS.auth, JSON.stringify({ type: 'apiKey', apiKey } satisfies StoredAuth));
}

/** After a key was accepted: OAuth tokens of an earlier connection are of no further use. */
export function dropOAuthToken(): void {
  deleteUserProperty(KEYS.oauthToken);
}

export function forgetCredentials(): void {
  for (const key of [KEYS.auth, KEYS.oauthToken, PENDING]) deleteUserProperty(key);
}

/**
 * Step 1 of the authorization-code flow: keep the client id and secret aside (the current connection stays
 * until the code arrives) and return the authorize URL, whose `state` is an Apps Script state token that
 * routes Google's /usercallback to authCallback for this user only.
 */
export function beginOAuth(clientId: string, clientSecret: string): string {
  setUserProperty(PENDING, JSON.stringify({ type: 'oauth2', clientId, clientSecret } satisfies StoredAuth));
  const state = ScriptApp.newStateToken().withMethod('authCallback').withTimeout(600).createToken();
  const query = [`client_id=${encodeURIComponent(clientId)}`, `redirect_uri=${encodeURIComponent(redirectUri())}`, `state=${encodeURIComponent(state)}`].join(
    '&',
  );
  return `${loadSettings().authUrl.replace(/\/+$/, '')}/oauth/authorize?${query}`;
}

/** Step 2, run by Google's /usercallback: exchanges the code, stores the tokens, then the connection. */
export function finishOAuth(parameter: Record<string, string>): { ok: true } | { ok: false; message: string } {
  const pending = parsed<Extract<StoredAuth, { type: 'oauth2' }>>(userProperty(PENDING));
  if (!pending) return { ok: false, message: 'No OAuth sign-in was started from the sidebar (or it was already finished).' };
  if (parameter.error) return { ok: false, message: `The service refused the authorization: ${parameter.error}.` };
  if (!parameter.code) return { ok: false, message: 'The service sent no authorization code.' };
  const client = clientWith(loadSettings(), toAuthConfig(pending));
  try {
    runSync(connectWithCode(client, parameter.code), gasHost());
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  setUserProperty(KEYS.auth, JSON.stringify(pending));
  deleteUserProperty(PENDING);
  return { ok: true };
}

/** The page shown in the browser tab after the redirect. */
export function callbackPage(result: ReturnType<typeof finishOAuth>): GoogleAppsScript.HTML.HtmlOutput {
  const body = result.ok
    ? '<h2>Connected</h2><p>The Prospecting Data Service is connected. You can close this tab and return to the sheet.</p>'
    : `<h2>Not connected</h2><p>${escapeHtml(result.message)}</p><p>Close this tab and try again from the sidebar.</p>`;
  return HtmlService.createHtmlOutput(`<!doctype html><html><body style="font-family:sans-serif">${body}</body></html>`).setTitle('Prospecting Data Service');
}
