import type { INodeProperties } from 'n8n-workflow';

/**
 * The service's addresses. Defaults point at the local sandbox (docs/DECISIONS.md, "Addresses"), so a
 * new user can try every operation without an account; change them for the real service.
 */
export const baseUrlProperties: INodeProperties[] = [
  {
    displayName: 'API Base URL (v1)',
    name: 'baseUrlV1',
    type: 'string',
    default: 'http://127.0.0.1:8787/api/v1',
    required: true,
    description: 'Research and saved-records reads use this address',
  },
  {
    displayName: 'API Base URL (v2)',
    name: 'baseUrlV2',
    type: 'string',
    default: 'http://127.0.0.1:8787/api/v2',
    required: true,
    description: 'Search, campaigns, emails, lists and saved searches use this address',
  },
];
