/**
 * The admin API under /__admin: loopback only, no auth, not rate limited and not counted. It reads state
 * (credits, request counts, research jobs, emails, webhook deliveries) and changes it (credits, settings,
 * webhooks, faults, clock, OAuth clients, token revocation, drafts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { revoke } from './auth/tokens';
import { mergeConfig, type FaultRule, type SandboxConfig } from './config';
import { settleDue, statusOf } from './domain/research';
import { HttpError } from './errors';
import { ClientGoneError, parseBody, readRawBody } from './http/body';
import type { Services } from './services';
import { nextSeq, orgByHandleOrId } from './state/store';
import type { Org } from './state/types';
import { array, bodyObject, bool, checkInt, int, isHttpUrl, isObj, itemString, onlyKeys, str, type Obj } from './validate';
import { WEBHOOK_EVENTS } from './webhooks';

/** One row of GET /__admin/rate-limits/log: what one window of one endpoint let through and refused, for an organization. */
export interface RateLogRow {
  org: string;
  endpoint: string;
  windowStart: string;
  limit: number;
  allowed: number;
  refused: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function orgOf(services: Services, value: unknown, field = 'org'): Org {
  if (typeof value !== 'string') throw new HttpError(422, `${field}: required ('A', 'B' or an org id)`);
  const org = orgByHandleOrId(services.state, value);
  if (!org) throw new HttpError(404, `${field}: no organization ${value}`);
  return org;
}

function orgView(o: Org) {
  return { id: o.id, handle: o.handle, name: o.name, licensed: o.licensed, credits: o.credits, features: { ...o.features } };
}

/** A redirect URI must parse as an absolute URL, or the authorize page could not append the code to it. */
function checkRedirectUri(uri: string, field: string): void {
  try {
    new URL(uri);
  } catch {
    throw new HttpError(422, `${field}: must be an absolute URL`);
  }
}

type AdminRoute = { method: string; pattern: RegExp; run: (s: Services, body: Obj, query: URLSearchParams, m: RegExpMatchArray) => unknown };

const routes: AdminRoute[] = [
  {
    method: 'GET',
    pattern: /^\/state$/,
    run: (s) => ({
      now: s.clock.iso(),
      orgs: [...s.state.orgs.values()].map(orgView),
      requests: s.stats.snapshot(),
      requestsInFlight: s.stats.inFlight,
      pendingResearch: s.state.pendingJobs.length,
      timers: s.timers.size,
      webhookQueue: s.webhooks.queueSnapshot(),
      config: s.config,
    }),
  },
  { method: 'GET', pattern: /^\/orgs$/, run: (s) => [...s.state.orgs.values()].map(orgView) },
  {
    method: 'PATCH',
    pattern: /^\/orgs\/([^/]+)$/,
    run: (s, body, _q, m) => {
      const org = orgOf(s, m[1]);
      onlyKeys(body, ['licensed', 'credits', 'maxActiveContactsFeature']);
      const licensed = bool(body, 'licensed');
      if (licensed !== undefined) org.licensed = licensed;
      const credits = int(body, 'credits', { min: 0 });
      if (credits !== undefined) org.credits = credits;
      const feature = bool(body, 'maxActiveContactsFeature');
      if (feature !== undefined) org.features.maxActiveContacts = feature;
      return orgView(org);
    },
  },
  {
    method: 'PUT',
    pattern: /^\/credits$/,
    run: (s, body) => {
      onlyKeys(body, ['org', 'balance', 'add']);
      const org = orgOf(s, body.org);
      if (body.balance !== undefined) org.credits = checkInt(body.balance, 'balance', { min: 0 });
      else if (body.add !== undefined) org.credits = Math.max(0, org.credits + checkInt(body.add, 'add'));
      else throw new HttpError(422, 'balance or add: one is required');
      return orgView(org);
    },
  },
  {
    method: 'GET',
    pattern: /^\/users$/,
    run: (s) =>
      [...s.state.users.values()].map((u) => ({
        id: u.id,
        org: s.state.orgs.get(u.orgId)!.handle,
        email: u.email,
        password: u.password,
        apiKey: u.apiKey,
        firstname: u.firstname,
        lastname: u.lastname,
      })),
  },
  { method: 'GET', pattern: /^\/requests$/, run: (s) => s.stats.snapshot() },
  { method: 'DELETE', pattern: /^\/requests$/, run: (s) => (s.stats.reset(), { success: true }) },
  { method: 'GET', pattern: /^\/rate-limits$/, run: (s) => ({ settings: s.config.rateLimit, windows: s.rateLimiter.snapshot(s.clock.now()) }) },
  {
    // Requests let through and refused (429) per window, endpoint and organization, oldest first; ?org= narrows it.
    method: 'GET',
    pattern: /^\/rate-limits\/log$/,
    run: (s, _b, q) => {
      const org = q.get('org') ? orgOf(s, q.get('org')) : null;
      return s.rateLimiter
        .history()
        .filter((r) => !org || r.bucket === org.id)
        .map(({ bucket, windowStart, ...r }): RateLogRow => ({
          org: s.state.orgs.get(bucket)?.handle ?? bucket,
          windowStart: new Date(windowStart).toISOString(),
          ...r,
        }));
    },
  },
  {
    method: 'PUT',
    pattern: /^\/rate-limits$/,
    run: (s, body) => {
      s.config.rateLimit = mergeConfig(s.config.rateLimit, body, 'rateLimit');
      if (body.windowMs !== undefined) checkInt(s.config.rateLimit.windowMs, 'windowMs', { min: 1 });
      s.rateLimiter.reset();
      return s.config.rateLimit;
    },
  },
  {
    method: 'PUT',
    pattern: /^\/latencies$/,
    run: (s, body) => {
      onlyKeys(body, ['queuedMs', 'researchingMs']);
      for (const k of ['queuedMs', 'researchingMs'] as const) if (body[k] !== undefined) s.config.research[k] = checkInt(body[k], k, { min: 0 });
      return { queuedMs: s.config.research.queuedMs, researchingMs: s.config.research.researchingMs };
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/config$/,
    run: (s, body) => {
      const merged = mergeConfig<SandboxConfig>(s.config, body);
      Object.assign(s.config, merged);
      return s.config;
    },
  },
  {
    method: 'GET',
    pattern: /^\/research$/,
    run: (s, _b, q) => {
      settleDue(s);
      const org = q.get('org') ? orgOf(s, q.get('org')) : null;
      const now = s.clock.now();
      return [...s.state.jobs.values()]
        .filter((j) => !org || j.orgId === org.id)
        .map((j) => ({
          requestId: j.requestId,
          kind: j.kind,
          org: s.state.orgs.get(j.orgId)!.handle,
          userId: j.userId,
          searchResultId: j.searchResultId,
          status: statusOf(j, now, s.config.research.queuedMs),
          submittedAt: s.clock.iso(j.submittedAt),
          finishAt: s.clock.iso(j.finishAt),
          input: j.input,
        }));
    },
  },
  { method: 'GET', pattern: /^\/emails$/, run: (s) => [...s.state.emails.values()].filter((e) => e.status !== 'draft') },
  { method: 'GET', pattern: /^\/drafts$/, run: (s) => [...s.state.emails.values()].filter((e) => e.status === 'draft') },
  {
    method: 'POST',
    pattern: /^\/drafts$/,
    run: (s, body) => {
      onlyKeys(body, ['user', 'contactId', 'from', 'to', 'subject', 'body']);
      const user = s.state.userByEmail.get(str(body, 'user', { required: true }).toLowerCase());
      if (!user) throw new HttpError(404, `user: no user ${String(body.user)}`);
      const contacts = s.state.orgContacts.get(user.orgId)!;
      const contactId = body.contactId !== undefined ? String(checkInt(body.contactId, 'contactId')) : contacts.byId.keys().next().value;
      const contact = contactId ? contacts.byId.get(contactId) : undefined;
      if (!contact) throw new HttpError(422, `contactId: no contact ${contactId} in the user's organization`);
      const now = s.clock.iso();
      const emailId = String(nextSeq(s.state, 'email', 70001));
      const from = str(body, 'from') ?? s.state.emailAccounts.find((a) => a.userId === user.id)!.email;
      const email = {
        emailId,
        userId: user.id,
        orgId: user.orgId,
        contactId: contactId!,
        from,
        to: str(body, 'to') ?? String(contact.email),
        cc: '',
        bcc: '',
        subject: str(body, 'subject') ?? 'Draft',
        body: str(body, 'body') ?? '<p>Draft</p>',
        status: 'draft',
        scheduledAt: null,
        sentAt: null,
        createdAt: now,
        templateId: null,
      };
      s.state.emails.set(emailId, email);
      return email;
    },
  },
  {
    method: 'POST',
    pattern: /^\/webhooks$/,
    run: (s, body) => {
      onlyKeys(body, ['org', 'url', 'secret', 'secretHeader', 'events']);
      const org = orgOf(s, body.org);
      const url = str(body, 'url', { required: true });
      // A URL fetch() cannot use would only show up later as failed deliveries.
      if (!isHttpUrl(url)) throw new HttpError(422, 'url: must be an absolute http(s) URL');
      const events = array(body, 'events', itemString) ?? WEBHOOK_EVENTS;
      events.forEach((e, i) => {
        if (!WEBHOOK_EVENTS.includes(e)) throw new HttpError(422, `events[${i}]: must be one of ${WEBHOOK_EVENTS.join(', ')}`);
      });
      return s.webhooks.register({
        orgId: org.id,
        url,
        secret: str(body, 'secret', { required: true }),
        secretHeader: str(body, 'secretHeader') ?? 'X-Webhook-Secret',
        events,
      });
    },
  },
  { method: 'GET', pattern: /^\/webhooks$/, run: (s) => s.state.webhooks },
  { method: 'DELETE', pattern: /^\/webhooks\/([^/]+)$/, run: (s, _b, _q, m) => ({ success: s.webhooks.unregister(m[1]) }) },
  { method: 'GET', pattern: /^\/webhooks\/deliveries$/, run: (s) => s.state.deliveries },
  {
    method: 'POST',
    pattern: /^\/faults$/,
    run: (s, body) => {
      onlyKeys(body, ['endpoint', 'kind', 'share', 'count', 'latencyMs']);
      const kind = str(body, 'kind', { required: true, oneOf: ['error500', 'latency', 'drop', 'rateLimit429', 'lostAnswer'] }) as FaultRule['kind'];
      const rule: FaultRule = { endpoint: str(body, 'endpoint') ?? '*', kind };
      if (body.share !== undefined) {
        if (typeof body.share !== 'number' || body.share < 0 || body.share > 1) throw new HttpError(422, 'share: must be a number in 0..1');
        rule.share = body.share;
      }
      if (body.count !== undefined) rule.count = checkInt(body.count, 'count', { min: 1 });
      if (rule.share === undefined && rule.count === undefined) throw new HttpError(422, 'share or count: one is required');
      if (kind === 'latency') rule.latencyMs = checkInt(body.latencyMs, 'latencyMs', { min: 0 });
      return s.faults.add(rule);
    },
  },
  { method: 'GET', pattern: /^\/faults$/, run: (s) => s.faults.list() },
  {
    method: 'DELETE',
    pattern: /^\/faults$/,
    run: (s, _b, q) => {
      const seed = q.get('seed');
      s.faults.clear(seed !== null ? Number(seed) : undefined);
      return { success: true };
    },
  },
  { method: 'DELETE', pattern: /^\/faults\/([^/]+)$/, run: (s, _b, _q, m) => ({ success: s.faults.remove(m[1]) }) },
  {
    method: 'POST',
    pattern: /^\/clock$/,
    run: (s, body) => {
      onlyKeys(body, ['advanceMs']);
      s.clock.advance(checkInt(body.advanceMs, 'advanceMs', { min: 0 }));
      s.webhooks.wakeForResearch();
      s.webhooks.pump(); // webhook retries now due on the sandbox clock go out

      return { now: s.clock.iso() };
    },
  },
  {
    method: 'POST',
    pattern: /^\/oauth\/clients$/,
    run: (s, body) => {
      onlyKeys(body, ['org', 'clientId', 'clientSecret', 'redirectUris']);
      const org = orgOf(s, body.org);
      const redirectUris = array(body, 'redirectUris', itemString, { required: true, min: 1 });
      redirectUris.forEach((u, i) => checkRedirectUri(u, `redirectUris[${i}]`));
      const clientId =
        str(body, 'clientId') ?? `client_${org.handle.toLowerCase()}_${nextSeq(s.state, 'oauthClient', 1)}_${Math.random().toString(36).slice(2, 10)}`;
      if (s.state.oauthClients.has(clientId)) throw new HttpError(409, `clientId: ${clientId} exists`);
      const client = {
        clientId,
        clientSecret: str(body, 'clientSecret') ?? `secret_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`,
        redirectUris,
        orgId: org.id,
      };
      s.state.oauthClients.set(clientId, client);
      return client;
    },
  },
  {
    method: 'POST',
    pattern: /^\/oauth\/redirect-uris$/,
    run: (s, body) => {
      onlyKeys(body, ['clientId', 'redirectUri']);
      const client = s.state.oauthClients.get(str(body, 'clientId', { required: true }));
      if (!client) throw new HttpError(404, 'clientId: unknown OAuth client');
      const uri = str(body, 'redirectUri', { required: true });
      checkRedirectUri(uri, 'redirectUri');
      if (!client.redirectUris.includes(uri)) client.redirectUris.push(uri);
      return client;
    },
  },
  {
    method: 'POST',
    pattern: /^\/oauth\/revoke$/,
    run: (s, body) => {
      onlyKeys(body, ['token', 'user']);
      const token = str(body, 'token');
      const email = str(body, 'user');
      const user = email ? s.state.userByEmail.get(email.toLowerCase()) : undefined;
      if (email && !user) throw new HttpError(404, `user: no user ${email}`);
      if (!token && !user) throw new HttpError(422, 'token or user: one is required');
      return { revoked: revoke(s.state, { token, userId: user?.id }) };
    },
  },
];

export function createAdmin(services: Services) {
  return async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> => {
    let status = 200;
    let payload: unknown;
    try {
      if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw new HttpError(403, 'The admin API answers loopback clients only');
      // Credits and research shown here include refunds of research that has finished (as on the API).
      settleDue(services);
      const sub = path.slice('/__admin'.length) || '/';
      const method = req.method ?? 'GET';
      const candidates = routes.filter((r) => r.pattern.test(sub));
      const route = candidates.find((r) => r.method === method);
      if (!route)
        throw new HttpError(candidates.length ? 405 : 404, candidates.length ? `Method ${method} not allowed on ${path}` : `No admin route ${method} ${path}`);
      const raw = await readRawBody(req, services.config.limits.maxBodyBytes);
      const parsed = raw.length ? parseBody(raw, req.headers['content-type'] ?? 'application/json', 'json') : undefined;
      const body = method === 'GET' || method === 'DELETE' ? (isObj(parsed) ? parsed : {}) : bodyObject(parsed, true);
      payload = route.run(services, body, query, sub.match(route.pattern)!);
    } catch (err) {
      if (err instanceof ClientGoneError) {
        services.log(`${req.method ?? 'GET'} ${path}: the client closed the connection before the answer`);
        return;
      }
      if (err instanceof HttpError) {
        status = err.status;
        payload = err.body ?? { message: err.message };
      } else if (err instanceof Error && /is not a known setting|must be an object/.test(err.message)) {
        status = 422;
        payload = { message: err.message };
      } else {
        status = 500;
        payload = { message: (err as Error).message };
        services.log(`admin error: ${(err as Error).stack}`);
      }
    }
    const text = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
}
