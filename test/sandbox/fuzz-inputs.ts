/**
 * Deterministic generators of hostile requests for the fuzz test: random and near-valid bodies, queries,
 * headers, methods and path ids. Seeded (mulberry32 from the sandbox), so a failure replays exactly.
 */
import { Rng } from '../../sandbox/rng';

export interface FuzzRoute {
  method: string;
  path: string;
  /** Body field names the route knows: near-valid bodies use them with wrong-typed values. */
  fields?: string[];
  query?: string[];
}

/** Every public route of the service (sandbox/README.md: Endpoints). */
export const ROUTES: FuzzRoute[] = [
  { method: 'POST', path: '/api/v1/oauth/accessToken', fields: ['client_id', 'client_secret', 'redirect_uri', 'grant_type', 'code', 'refresh_token'] },
  { method: 'POST', path: '/api/v2/oauth/accessToken', fields: ['client_id', 'client_secret', 'redirect_uri', 'grant_type', 'code', 'refresh_token'] },
  { method: 'POST', path: '/api/v1/contacts/research', fields: ['searchResultIds', 'contacts', 'isJobChange', 'skipDeduplicationCheck'] },
  { method: 'POST', path: '/api/v1/companies/research', fields: ['searchResultIds', 'companies', 'skipDeduplicationCheck'] },
  { method: 'GET', path: '/api/v1/contacts/research/poll', query: ['requestIds'] },
  { method: 'GET', path: '/api/v1/companies/research/poll', query: ['requestIds'] },
  { method: 'GET', path: '/api/v1/contacts', query: ['page', 'limit', 'startDate', 'endDate'] },
  { method: 'GET', path: '/api/v1/companies', query: ['page', 'limit', 'startDate', 'endDate'] },
  { method: 'GET', path: '/api/v2/oauth/me' },
  { method: 'GET', path: '/api/v2/credits' },
  { method: 'GET', path: '/api/v2/features' },
  { method: 'GET', path: '/api/v2/contact-statuses' },
  { method: 'GET', path: '/api/v2/email-accounts' },
  { method: 'GET', path: '/api/v2/templates', query: ['page', 'limit', 'searchText', 'type', 'includeStats'] },
  { method: 'POST', path: '/api/v2/templates', fields: ['name', 'type', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'] },
  { method: 'GET', path: '/api/v2/templates/{id}', query: ['type'] },
  { method: 'PUT', path: '/api/v2/templates/{id}', fields: ['name', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'] },
  { method: 'DELETE', path: '/api/v2/templates/{id}', query: ['type'] },
  { method: 'GET', path: '/api/v2/email-footers', query: ['page', 'limit'] },
  { method: 'POST', path: '/api/v2/emails', fields: ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'] },
  { method: 'GET', path: '/api/v2/emails/{id}' },
  { method: 'PUT', path: '/api/v2/emails/{id}', fields: ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'] },
  { method: 'POST', path: '/api/v2/emails/send-bulk', fields: ['from', 'subject', 'body', 'scheduleAt', 'templateId', 'filters'] },
  { method: 'POST', path: '/api/v2/emails/preview', fields: ['to', 'subject', 'body', 'from', 'templateId'] },
  { method: 'PUT', path: '/api/v2/campaigns/{id}', fields: ['name', 'isPublic', 'emailAccountIds'] },
  { method: 'POST', path: '/api/v2/campaigns/{id}/clone', fields: ['name'] },
  { method: 'GET', path: '/api/v2/campaigns/{id}/steps' },
  { method: 'POST', path: '/api/v2/campaigns/{id}/steps', fields: ['type', 'name', 'dueDay', 'description', 'templateId', 'templateData'] },
  { method: 'PUT', path: '/api/v2/campaigns/{id}/steps/{stepId}', fields: ['dueDay', 'name', 'description', 'stepNumber', 'templateId', 'templateData'] },
  { method: 'DELETE', path: '/api/v2/campaigns/{id}/steps/{stepId}' },
  { method: 'POST', path: '/api/v2/campaigns/{id}/steps/{stepId}/actions', fields: ['action'] },
  {
    method: 'POST',
    path: '/api/v2/search/contacts',
    fields: ['limit', 'page', 'nextToken', 'savedSearchId', 'seniority', 'department', 'companyName', 'lastModifiedAfter', 'locationType'],
  },
  { method: 'POST', path: '/api/v2/search/companies', fields: ['limit', 'page', 'nextToken', 'savedSearchId', 'industry', 'companySize', 'companyDomain'] },
  { method: 'POST', path: '/api/v2/campaigns', fields: ['name', 'emailAccountIds', 'steps', 'contactIds', 'maxActiveContacts'] },
  { method: 'GET', path: '/api/v2/campaigns', query: ['searchText', 'limit'] },
  { method: 'GET', path: '/api/v2/campaigns/{id}' },
  { method: 'DELETE', path: '/api/v2/campaigns/{id}' },
  { method: 'POST', path: '/api/v2/campaigns/{id}/actions', fields: ['action'] },
  { method: 'GET', path: '/api/v2/campaigns/{id}/contacts' },
  { method: 'POST', path: '/api/v2/campaigns/{id}/contacts', fields: ['contactIds'] },
  { method: 'DELETE', path: '/api/v2/campaigns/{id}/contacts', fields: ['contactIds'] },
  { method: 'GET', path: '/api/v2/campaigns/{id}/metrics' },
  { method: 'POST', path: '/api/v2/emails/send', fields: ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'templateId'] },
  { method: 'POST', path: '/api/v2/emails/{id}/send', fields: ['from'] },
  { method: 'GET', path: '/api/v2/emails', query: ['status'] },
  { method: 'GET', path: '/api/v2/lists' },
  { method: 'POST', path: '/api/v2/lists', fields: ['name'] },
  { method: 'GET', path: '/api/v2/lists/{id}' },
  { method: 'PUT', path: '/api/v2/lists/{id}', fields: ['name'] },
  { method: 'DELETE', path: '/api/v2/lists/{id}' },
  { method: 'POST', path: '/api/v2/lists/{id}/contacts', fields: ['contactIds'] },
  { method: 'GET', path: '/api/v2/saved-searches', query: ['type'] },
  { method: 'POST', path: '/api/v2/saved-searches', fields: ['name', 'type', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved'] },
  { method: 'GET', path: '/api/v2/saved-searches/{id}' },
  { method: 'PUT', path: '/api/v2/saved-searches/{id}', fields: ['name', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved'] },
  { method: 'DELETE', path: '/api/v2/saved-searches/{id}' },
  { method: 'GET', path: '/api/v2/tasks', query: ['limit', 'offset', 'campaignIdentifier', 'sortColumn', 'sortOrder', 'status', 'taskType'] },
  { method: 'POST', path: '/api/v2/tasks', fields: ['name', 'taskType', 'contactId', 'description', 'dueAt', 'priority', 'templateId'] },
  { method: 'GET', path: '/api/v2/tasks/{id}' },
  { method: 'PUT', path: '/api/v2/tasks/{id}', fields: ['name', 'description', 'dueAt', 'priority', 'status'] },
  { method: 'DELETE', path: '/api/v2/tasks/{id}' },
  { method: 'POST', path: '/api/v2/tasks/{id}/actions', fields: ['action'] },
  {
    method: 'POST',
    path: '/api/v2/calls/log',
    fields: ['contactId', 'callDispositionId', 'callSentimentId', 'callScript', 'calledAt', 'durationMs', 'fromNumber', 'toNumber', 'taskId'],
  },
  { method: 'GET', path: '/api/v2/calls/dispositions' },
  { method: 'GET', path: '/api/v2/calls/sentiments' },
  { method: 'GET', path: '/api/v2/activity', query: ['limit', 'offset', 'campaignIdentifier', 'contactId', 'searchText'] },
  { method: 'GET', path: '/oauth/authorize', query: ['client_id', 'redirect_uri', 'state', 'response_type'] },
  { method: 'POST', path: '/oauth/authorize', fields: ['client_id', 'redirect_uri', 'state', 'email', 'password'] },
  { method: 'POST', path: '/mcp', fields: ['jsonrpc', 'id', 'method', 'params'] },
  { method: 'GET', path: '/mcp/authorize', query: ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope'] },
  { method: 'POST', path: '/mcp/authorize', fields: ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'email', 'password'] },
  { method: 'POST', path: '/mcp/token', fields: ['client_id', 'grant_type', 'code', 'redirect_uri', 'code_verifier', 'refresh_token'] },
];

const NASTY_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '🙂'.repeat(50),
  '<script>alert(1)</script>',
  "'; DROP TABLE x;--",
  'a'.repeat(5000),
  '2026-13-45T99:99:99Z',
  'START',
  'draft',
  'contacts',
];
const MCP_METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'prompts/list', ''];
const TOOL_NAMES = ['search_contacts', 'research_contacts', 'research_companies', 'poll_contact_research', 'get_credits', 'get_my_contacts', 'nope'];

/** encodeURIComponent, but a lone surrogate becomes invalid UTF-8 bytes instead of throwing (also hostile). */
function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}

export class FuzzInputs {
  readonly rng: Rng;

  constructor(
    seed: number,
    private readonly ids: string[],
  ) {
    this.rng = new Rng(seed);
  }

  /** Any JSON value, nested up to `depth`. */
  value(depth = 3): unknown {
    const r = this.rng;
    switch (r.int(0, depth > 0 ? 9 : 6)) {
      case 0:
        return null;
      case 1:
        return r.chance(0.5);
      case 2:
        return r.pick([0, -1, 1, 1.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 500, 501, 2 ** 31]);
      case 3:
        return r.pick(NASTY_STRINGS);
      case 4:
        return r.int(1, 20000);
      case 5:
        return r.pick(this.ids.length ? this.ids : ['x']);
      case 6:
        return `s${r.hex(6)}`;
      case 7:
        return Array.from({ length: r.pick([0, 1, 2, 3, 501]) }, () => this.value(depth - 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = r.int(0, 4); i > 0; i--)
          o[r.pick(['__proto__', 'constructor', 'name', 'domain', 'email', 'type', 'dueDay', `k${r.hex(3)}`])] = this.value(depth - 1);
        return o;
      }
    }
  }

  /** A body: a random value, a near-valid object with wrong-typed known fields, or raw bytes that are not JSON. */
  body(route: FuzzRoute): { raw?: string; json?: unknown } {
    const r = this.rng;
    const roll = r.int(0, 9);
    if (roll === 0) return {};
    if (roll === 1)
      return {
        raw: r.pick([
          '{',
          '{"a":',
          '[1,2',
          'nul',
          '\u0000\u0001',
          '{"a":1}{"b":2}',
          '{"__proto__":{"polluted":1}}',
          '"string"',
          '1'.repeat(400),
          '{"a":' + '['.repeat(2000) + ']'.repeat(2000) + '}',
        ]),
      };
    if (roll === 2) return { json: this.value() };
    if (route.path === '/mcp') return { json: this.rpc() };
    const o: Record<string, unknown> = {};
    for (const f of route.fields ?? []) if (r.chance(0.6)) o[f] = this.value(2);
    if (r.chance(0.15)) o[`extra${r.hex(2)}`] = 1;
    return { json: o };
  }

  rpc(): unknown {
    const r = this.rng;
    const method = r.pick(MCP_METHODS);
    const msg: Record<string, unknown> = { jsonrpc: r.chance(0.9) ? '2.0' : this.value(0), method: r.chance(0.9) ? method : this.value(0) };
    if (r.chance(0.85)) msg.id = r.chance(0.8) ? r.int(1, 1000) : this.value(0);
    if (method === 'tools/call') msg.params = { name: r.pick(TOOL_NAMES), arguments: r.chance(0.7) ? this.value(2) : {} };
    else if (method === 'resources/read') msg.params = { uri: r.pick(['prospecting://me', 'prospecting://credits', 'prospecting://x', this.value(0)]) };
    else if (r.chance(0.3)) msg.params = this.value(1);
    return msg;
  }

  query(route: FuzzRoute): string {
    const r = this.rng;
    const params: [string, string][] = [];
    // Known parameters get plausible values half of the time, hostile ones otherwise.
    for (const q of route.query ?? []) if (r.chance(0.6)) params.push([q, r.chance(0.5) ? this.plausible(q) : String(this.value(0))]);
    if (r.chance(0.08)) params.push([r.pick(['page', 'limit', 'pageSize', 'x', '']), String(r.int(-5, 900))]);
    if (params.length > 0 && r.chance(0.05)) params.push(params[0]);
    return params.length ? `?${params.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
  }

  plausible(name: string): string {
    const r = this.rng;
    if (name === 'startDate') return '2020-01-01T00:00:00Z';
    if (name === 'endDate') return r.chance(0.8) ? '2030-01-01T00:00:00Z' : '2019-01-01T00:00:00Z';
    if (name === 'requestIds') return Array.from({ length: r.pick([1, 2, 100, 101]) }, () => r.pick(this.ids.length ? this.ids : ['x'])).join(',');
    if (name === 'client_id' || name === 'redirect_uri') return r.pick(this.ids.length ? this.ids : ['x']);
    return String(r.int(-1, 600));
  }

  path(route: FuzzRoute): string {
    const r = this.rng;
    const id = r.chance(0.5) ? r.pick(this.ids.length ? this.ids : ['1']) : encode(String(this.value(0))) || '%20';
    let p = route.path
      .replace('{id}', id)
      .replace('{stepId}', r.chance(0.5) ? r.pick(this.ids.length ? this.ids : ['1']) : encode(String(this.value(0))) || '%20');
    if (r.chance(0.05)) p += '/';
    if (r.chance(0.03)) p = p.replace('/api/', '/api//');
    return p;
  }

  method(route: FuzzRoute): string {
    return this.rng.chance(0.85) ? route.method : this.rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  }

  contentType(): string | undefined {
    // Mostly JSON, so most bodies reach validation; the rest probe the 415 path.
    if (this.rng.chance(0.8)) return this.rng.pick(['application/json', 'application/json; charset=utf-8']);
    return this.rng.pick(['application/x-www-form-urlencoded', 'text/plain', 'application/vnd.x+json', undefined]);
  }
}
