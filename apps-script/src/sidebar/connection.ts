import { getCreditsOperation, meOperation, call } from '../../../shared';
import { beginOAuth, callbackPage, dropOAuthToken, finishOAuth, forgetCredentials, redirectUri, saveApiKey, storedAuth } from '../auth';
import { makeClient, run } from '../client';
import { KEYS, loadSettings, saveSettings, type AddOnSettingsInput } from '../settings';
import { deleteUserProperty, setUserProperty, userProperty } from '../user-props';
import { fail } from '../errors';

export interface ConnectionStatus {
  connected: boolean;
  method: 'apiKey' | 'oauth2' | null;
  redirectUri: string;
  settings: { baseUrlV1: string; baseUrlV2: string; authUrl: string };
}

export interface ConnectionTest {
  ok: true;
  email: string;
  name: string;
  credits: number | null;
  rateLimit: { endpoint: string; limit: number; remaining: number; resetsInS: number } | null;
}

export function getConnectionStatus(): ConnectionStatus {
  const stored = storedAuth();
  const s = loadSettings();
  // Never the key or the tokens: the sidebar only learns which method is connected.
  return {
    connected: stored !== null,
    method: stored?.type ?? null,
    redirectUri: redirectUri(),
    settings: { baseUrlV1: s.baseUrlV1, baseUrlV2: s.baseUrlV2, authUrl: s.authUrl },
  };
}

/** Calls two free endpoints and reports who is connected, the credits and the rate-limit headroom seen. */
export function testConnection(): ConnectionTest {
  const client = makeClient();
  const me = run(client, call(client, meOperation, {}));
  const credits = run(client, call(client, getCreditsOperation, {})).balance;
  const [endpoint, window] = Object.entries(client.state.pacing).find(([k]) => k.endsWith('/credits')) ?? [];
  return {
    ok: true,
    email: me.email ?? '',
    name: [me.firstname, me.lastname].filter(Boolean).join(' '),
    credits: typeof credits === 'number' ? credits : client.state.credits.balance,
    rateLimit: window
      ? {
          endpoint: String(endpoint).split('|')[1],
          limit: window.limit,
          remaining: window.remaining,
          resetsInS: Math.max(0, Math.ceil((window.resetAtMs - Date.now()) / 1000)),
        }
      : null,
  };
}

/** Stores the key only after the service accepted it. */
export function connectApiKey(apiKey: string): ConnectionTest {
  const key = String(apiKey ?? '').trim();
  if (!key) fail('Paste the API key from the service (Public API > API Key).');
  const previous = userProperty(KEYS.auth);
  saveApiKey(key);
  try {
    const result = testConnection();
    dropOAuthToken();
    return result;
  } catch (error) {
    // A refused key never replaces a working connection.
    if (previous) setUserProperty(KEYS.auth, previous);
    else deleteUserProperty(KEYS.auth);
    throw error;
  }
}

/** Returns the service's authorize URL; the sidebar opens it in a new tab. */
export function beginOAuthConnection(clientId: string, clientSecret: string): { authorizeUrl: string; redirectUri: string } {
  const id = String(clientId ?? '').trim();
  const secret = String(clientSecret ?? '').trim();
  if (!id || !secret) fail('Enter the client id and client secret of the OAuth connection (Public API > OAuth Connections).');
  return { authorizeUrl: beginOAuth(id, secret), redirectUri: redirectUri() };
}

/** Google's /usercallback runs this with the code (state token method). */
export function authCallback(request: { parameter: Record<string, string> }): GoogleAppsScript.HTML.HtmlOutput {
  return callbackPage(finishOAuth(request.parameter ?? {}));
}

export function disconnect(): ConnectionStatus {
  forgetCredentials();
  return getConnectionStatus();
}

export function saveConnectionSettings(patch: Partial<AddOnSettingsInput>): ConnectionStatus {
  saveSettings(patch);
  return getConnectionStatus();
}
