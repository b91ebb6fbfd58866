/** MCP resources: the user (me) and the credit balance. */
import { settleDue } from '../domain/research';
import { TEMPLATE_VARIABLES } from '../domain/template-render';
import type { ToolContext } from './tools';

export interface Resource {
  uri: string;
  name: string;
  description: string;
  mimeType: string;
  /** REST endpoint whose rate-limit window a read draws from. */
  mirrors: string;
  read: (ctx: ToolContext) => unknown;
}

export const RESOURCES: Resource[] = [
  {
    uri: 'prospecting://me',
    name: 'me',
    description: 'The authenticated user.',
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
    uri: 'prospecting://templates/variables',
    name: 'templates/variables',
    description: 'The variables a template, draft, bulk email or preview fills in, written {{name}}.',
    mimeType: 'application/json',
    mirrors: 'GET /v2/templates',
    read: () => ({ variables: TEMPLATE_VARIABLES }),
  },
];
