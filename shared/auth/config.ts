import { fingerprint } from '../hash';

/**
 * How requests authenticate. Exactly one scheme per request (spec 5.1): the core never sends both.
 * - apiKey: header `Token: <key>`.
 * - oauth2: bearer tokens kept in the host's store under `storeKey`, refreshed by the core.
 * - bearer: a fixed access token (the caller refreshes it).
 * - host: the host adds credentials itself (n8n's httpRequestWithAuthentication and its OAuth2 machinery).
 */
export type AuthConfig =
  | { type: 'apiKey'; apiKey: string }
  | { type: 'oauth2'; clientId: string; clientSecret: string; redirectUri: string; storeKey: string }
  | { type: 'bearer'; accessToken: string }
  | { type: 'host'; identity: string };

/** Identifies the credential (and so its organization) without revealing it: keys pacing state. */
export function credentialIdentity(auth: AuthConfig): string {
  switch (auth.type) {
    case 'apiKey':
      return `key:${fingerprint(auth.apiKey)}`;
    case 'oauth2':
      return `oauth:${fingerprint(auth.clientId)}`;
    case 'bearer':
      return `bearer:${fingerprint(auth.accessToken)}`;
    case 'host':
      return `host:${auth.identity}`;
  }
}
