import type { INodeProperties } from 'n8n-workflow';

/** The operations whose items carry a whole record under `contact` / `company` (one huge cell in n8n's table). */
export const SIMPLIFIED_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  contacts: ['research', 'pollResearch'],
  companies: ['research', 'pollResearch'],
};

/** The first node version whose new nodes get Simplify (on by default); older versions keep the raw answer. */
export const SIMPLIFY_SINCE_VERSION = 3;

/**
 * n8n's usual choice for output shape: Simplify puts the record's fields at the top level of each item, beside the
 * research fields (requestId, status, …); off returns the service's answer as it is. Only from node version 3 on, so
 * saved workflows keep the shape their next nodes read.
 */
export function simplifyProperties(nodeVersion: number): INodeProperties[] {
  if (nodeVersion < SIMPLIFY_SINCE_VERSION) return [];
  return [
    {
      displayName: 'Simplify',
      name: 'simple',
      type: 'boolean',
      default: true,
      displayOptions: { show: { resource: Object.keys(SIMPLIFIED_OPERATIONS), operation: ['research', 'pollResearch'] } },
      // n8n's wording for this field (its lint requires it); the README says what simplified means here.
      description: 'Whether to return a simplified version of the response instead of the raw data',
    },
  ];
}
