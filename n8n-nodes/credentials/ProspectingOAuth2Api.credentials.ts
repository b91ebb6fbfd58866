import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { baseUrlProperties } from './base-urls';

/**
 * OAuth 2.0 authorization code (spec 4.1, 4.2, 5.3): n8n runs the consent, the token exchange and the
 * refresh (each refresh rotates both tokens; n8n stores the new pair). The main API's scope list is empty.
 */
export class ProspectingOAuth2Api implements ICredentialType {
  name = 'prospectingOAuth2Api';

  extends = ['oAuth2Api'];

  displayName = 'Prospecting OAuth2 API';

  icon: Icon = { light: 'file:../nodes/Prospecting/prospecting.svg', dark: 'file:../nodes/Prospecting/prospecting.dark.svg' };

  // Its README section; build.mjs stamps the README's address (the .invalid host is never a link users get).
  documentationUrl = 'http://readme.invalid/n8n-nodes-prospecting#prospecting-oauth2-api';

  properties: INodeProperties[] = [
    ...baseUrlProperties,
    {
      displayName: 'Authorization Host',
      name: 'authHost',
      type: 'string',
      default: 'http://127.0.0.1:8787',
      required: true,
      description: 'The host that serves the sign-in page (/oauth/authorize)',
    },
    { displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
    {
      displayName: 'Authorization URL',
      name: 'authUrl',
      type: 'hidden',
      default: '={{$self["authHost"].replace(/\\/+$/, "")}}/oauth/authorize',
    },
    {
      displayName: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'hidden',
      default: '={{$self["baseUrlV2"].replace(/\\/+$/, "")}}/oauth/accessToken',
    },
    // Spec 5.3: the scope list of the main API is empty.
    { displayName: 'Scope', name: 'scope', type: 'hidden', default: '' },
    { displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'hidden', default: '' },
    // Spec 4.2: client_id and client_secret travel in the body of the token request.
    { displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'body' },
  ];

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrlV2}}',
      url: '/oauth/me',
      method: 'GET',
    },
  };
}
