/**
 * MCP resources (public reference, "MCP resources"): me, credits, campaigns/{id}, templates, templates/variables,
 * email-accounts. A resource that is a REST read runs that route's own handler through the router (rest-bridge.ts),
 * as a REST-backed tool does: same identity, same answer, same rate-limit window.
 */
import { settleDue } from '../domain/research';
import { TEMPLATE_VARIABLES } from '../domain/template-render';
import { runRestTool, type TakeWindow } from './rest-bridge';
import type { RestToolSpec } from './tool-types';
import type { ToolContext } from './tools';

export interface Resource {
  /** The URI, or for a resource template its pattern with `{name}` parts (`prospecting://campaigns/{id}`). */
  uri: string;
  name: string;
  description: string;
  mimeType: string;
  /** The answer of a read; `params` are the template's parts taken from the URI read. */
  read: (ctx: ToolContext, take: TakeWindow, params: Record<string, string>) => unknown;
  /** REST endpoint whose rate-limit window a read of a resource with its own code draws from. */
  mirrors?: string;
}

/** A resource that is the REST v2 read at `path` (its `{id}` filled from the URI): the route's data, or its refusal. */
function restRead(name: string, path: string): Resource['read'] {
  const spec: RestToolSpec = {
    name,
    title: name,
    description: name,
    kind: 'read',
    method: 'GET',
    path,
    pathArgs: { id: 'id' },
    inputSchema: {},
    returns: 'record',
  };
  return async (ctx, take, params) => {
    const outcome = await runRestTool(ctx.call, spec, params, take);
    if (!outcome.ok) throw Object.assign(new Error(outcome.message), { structured: outcome.structured });
    return outcome.structured;
  };
}

export const RESOURCES: Resource[] = [
  {
    uri: 'prospecting://me',
    name: 'me',
    description: 'The authenticated user, with the organization and its feature flags.',
    mimeType: 'application/json',
    mirrors: 'GET /v2/oauth/me',
    read: ({ who }) => ({ email: who.user.email, firstname: who.user.firstname, lastname: who.user.lastname, organization: who.org.name }),
  },
  {
    uri: 'prospecting://credits',
    name: 'credits',
    description: "The organization's research credit balance.",
    mimeType: 'application/json',
    mirrors: 'GET /v2/credits',
    read: ({ services, who }) => {
      settleDue(services);
      return { balance: who.org.credits };
    },
  },
  {
    uri: 'prospecting://campaigns/{id}',
    name: 'campaigns/{id}',
    description: 'One campaign of the organization, with its steps.',
    mimeType: 'application/json',
    read: restRead('campaigns/{id}', '/campaigns/{id}'),
  },
  {
    uri: 'prospecting://templates',
    name: 'templates',
    description: "The organization's templates (the first page).",
    mimeType: 'application/json',
    read: restRead('templates', '/templates'),
  },
  {
    uri: 'prospecting://templates/variables',
    name: 'templates/variables',
    description: 'The variables a template, draft, bulk email or preview fills in, written {{name}}.',
    mimeType: 'application/json',
    mirrors: 'GET /v2/templates',
    read: () => ({ variables: TEMPLATE_VARIABLES }),
  },
  {
    uri: 'prospecting://email-accounts',
    name: 'email-accounts',
    description: "The user's connected sending accounts.",
    mimeType: 'application/json',
    read: restRead('email-accounts', '/email-accounts'),
  },
];

const isTemplate = (r: Resource) => r.uri.includes('{');

/** The resource a URI reads, with the template's parts (`{id}`) it fills; undefined when none matches. */
export function matchResource(uri: string): { resource: Resource; params: Record<string, string> } | undefined {
  for (const resource of RESOURCES) {
    if (!isTemplate(resource)) {
      if (resource.uri === uri) return { resource, params: {} };
      continue;
    }
    const names: string[] = [];
    // The URIs hold no regex characters but `.`, `/` and the `{name}` parts.
    const pattern = resource.uri.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/?#]+)';
    });
    const m = new RegExp(`^${pattern}$`).exec(uri);
    if (m) return { resource, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return undefined;
}

/** resources/list gives the fixed resources; resources/templates/list the ones whose URI holds a part to fill. */
export const fixedResources = () => RESOURCES.filter((r) => !isTemplate(r));
export const resourceTemplates = () => RESOURCES.filter(isTemplate);
