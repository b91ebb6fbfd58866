import type { INodeProperties } from 'n8n-workflow';

const show = { resource: ['custom'], operation: ['call'] };

/** Any v1 or v2 path, with the same credential, pacing, retries and error messages as the other operations. */
export const customCallProperties: INodeProperties[] = [
  {
    displayName: 'API Version',
    name: 'version',
    type: 'options',
    displayOptions: { show },
    options: [
      { name: 'V1 (Research, Saved Records)', value: 'v1' },
      { name: 'V2 (Everything Else)', value: 'v2' },
    ],
    default: 'v2',
  },
  {
    displayName: 'Method',
    name: 'method',
    type: 'options',
    displayOptions: { show },
    options: ['DELETE', 'GET', 'POST', 'PUT'].map((m) => ({ name: m, value: m })),
    default: 'GET',
  },
  {
    displayName: 'Path',
    name: 'path',
    type: 'string',
    required: true,
    displayOptions: { show },
    default: '',
    placeholder: '/credits',
    description: 'Path under the version base URL, starting with /',
  },
  {
    displayName: 'Query Parameters (JSON)',
    name: 'query',
    type: 'json',
    displayOptions: { show },
    default: '{}',
  },
  {
    displayName: 'Body (JSON)',
    name: 'body',
    type: 'json',
    displayOptions: { show: { ...show, method: ['POST', 'PUT', 'DELETE'] } },
    default: '{}',
  },
];
