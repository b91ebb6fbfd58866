/**
 * The organization's feature flags (public reference, "Features": no REST path; they come with the MCP resource
 * `me`), and the pre-check that tells the user before sending that an input needs a feature that is off
 * (spec 3 rule 2: maxActiveContacts needs the Max Active Contacts feature).
 */
import { getFeaturesOperation } from '../catalogue/mcp';
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { ProspectingError, UnexpectedResponseError, ValidationError } from '../errors';
import { isObject } from '../flow/is-object';
import { mcpMessage } from './exchange';

export type Features = Record<string, unknown>;

const meUris = new WeakMap<Client, string>();
const seen = new WeakMap<Client, Features>();

/** The `me` resource's URI as the service lists it (by name; the URI scheme is the service's own). */
function* meUri(client: Client): Flow<string> {
  const cached = meUris.get(client);
  if (cached) return cached;
  const listed = yield* mcpMessage(client, getFeaturesOperation, 'resources/list', {}, 'safe');
  const resources = (Array.isArray(listed.resources) ? listed.resources : []).filter(isObject);
  const me = resources.find((r) => r.name === 'me') ?? resources.find((r) => typeof r.uri === 'string' && /(^|[/:])me$/.test(r.uri));
  if (!me || typeof me.uri !== 'string') throw new UnexpectedResponseError(`${getFeaturesOperation.title}: the MCP endpoint lists no resource "me".`);
  meUris.set(client, me.uri);
  return me.uri;
}

/** Reads `me` and returns its `features` object (empty when the service sends none). */
export function* readFeatures(client: Client): Flow<Features> {
  const uri = yield* meUri(client);
  const result = yield* mcpMessage(client, getFeaturesOperation, 'resources/read', { uri }, 'safe');
  const first = Array.isArray(result.contents) ? result.contents.find(isObject) : undefined;
  let me: unknown = null;
  try {
    me = typeof first?.text === 'string' ? JSON.parse(first.text) : null;
  } catch {
    me = null;
  }
  if (!isObject(me)) throw new UnexpectedResponseError(`${getFeaturesOperation.title}: the me resource is not a JSON object.`);
  const features = isObject(me.features) ? me.features : {};
  seen.set(client, features);
  return features;
}

/** Inputs that need a feature: operation id → the field and the flag in `me.features` (spec 3 rule 2). */
export const FEATURE_RULES: Readonly<Record<string, readonly { field: string; feature: string; name: string }[]>> = {
  'campaigns.create': [{ field: 'maxActiveContacts', feature: 'maxActiveContacts', name: 'Max Active Contacts' }],
};

/**
 * Refuses, before anything is sent, an input that sets a field whose feature the organization has off. The flags are
 * read once per client. When they cannot be read (a connection without MCP access, the endpoint down) nothing is
 * refused here: the service still has the last word and answers its own error.
 */
export function* checkFeatures(client: Client, op: AnyOperation, input: Record<string, unknown>): Flow<void> {
  const rules = (FEATURE_RULES[op.id] ?? []).filter((r) => input[r.field] !== undefined && input[r.field] !== null);
  if (!rules.length) return;
  let features = seen.get(client);
  if (!features) {
    try {
      // One try: the check is a courtesy, and an unreachable MCP host must not hold up the operation itself.
      features = yield* readFeatures({ ...client, settings: { ...client.settings, maxRetryTries: 1 } });
      seen.set(client, features);
    } catch (error) {
      if (error instanceof ProspectingError) return;
      throw error;
    }
  }
  for (const rule of rules) {
    if (features[rule.feature] !== false) continue;
    const text = `needs the ${rule.name} feature, which is not enabled for this organization (spec 3 rule 2)`;
    throw new ValidationError(`${op.title}: ${rule.field}: ${text}. Leave ${rule.field} out, or ask for the feature. Nothing was sent.`, [
      { field: rule.field, rule: `needs the ${rule.name} feature` },
    ]);
  }
}
