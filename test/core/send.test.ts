import {
  createClient,
  operation,
  runAsync,
  runSync,
  AuthError,
  CreditsError,
  NetworkError,
  RateLimitError,
  ServerError,
  NotFoundError,
  ConflictError,
  REDACTED,
  type Effect,
  type HttpRequest,
} from '../../shared';
import { UNKNOWN_LEAD_MS } from '../../shared/flow/clock';
import { send } from '../../shared/flow/send';
import { sendOne } from '../../shared/flow/call';
import { json, networkFailure, rateHeaders, scriptedHost } from '../support/scripted-host';

const apiKeyClient = () => createClient({ auth: { type: 'apiKey', apiKey: 'secret-key' }, random: () => 0 });
const lists = { success: true, data: [{ listId: '7', name: 'Hot', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }] };

describe('send: step through the generator (no driver, no clock, no network)', () => {
  it('yields now, then one http effect with the API key header, then now; routes to v2 by the catalogue', () => {
    const flow = send(apiKeyClient(), operation('lists.getAll'), {});
    const effects: Effect[] = [];
    let step = flow.next();
    effects.push(step.value as Effect);
    step = flow.next(1_000); // now
    effects.push(step.value as Effect);
    const request = (step.value as { request: HttpRequest }).request;
    expect(request).toMatchObject({ method: 'GET', url: 'http://127.0.0.1:8787/api/v2/lists', endpoint: 'GET /v2/lists', authBy: 'none' });
    expect(request.headers.token).toBe('secret-key');
    expect(request.headers.authorization).toBeUndefined();
    step = flow.next(json(200, lists));
    effects.push(step.value as Effect);
    step = flow.next(1_001);
    expect(step.done).toBe(true);
    expect(effects.map((e) => e.kind)).toEqual(['now', 'http', 'now']);
    expect((step.value as { data: unknown }).data).toEqual(lists.data);
  });

  it('routes research to v1 and sends poll ids as one comma list', () => {
    const host = scriptedHost([json(200, { success: true, data: [] })]);
    runSync(sendOne(apiKeyClient(), operation('contacts.pollResearch'), { requestIds: ['a', 'b', 'c'] }), host.sync);
    expect(host.log[0].url).toBe('http://127.0.0.1:8787/api/v1/contacts/research/poll?requestIds=a,b,c');
    expect(host.log[0].endpoint).toBe('GET /v1/contacts/research/poll');
  });

  it('sends the token route without any Authorization or Token header (spec 4.2)', () => {
    const host = scriptedHost([json(200, { access_token: 'a', refresh_token: 'r', expires_at: 2_000_000_000 })]);
    runSync(
      sendOne(apiKeyClient(), operation('oauth.tokenV1'), {
        grant_type: 'refresh_token',
        client_id: 'c',
        client_secret: 's',
        redirect_uri: 'http://x/cb',
        refresh_token: 'r0',
      }),
      host.sync,
    );
    expect(host.log[0].headers.token).toBeUndefined();
    expect(host.log[0].headers.authorization).toBeUndefined();
    expect(host.log[0].url).toBe('http://127.0.0.1:8787/api/v1/oauth/accessToken');
  });

  it('a bearer credential sends only Authorization (never both, spec 5.1)', () => {
    const host = scriptedHost([json(200, lists)]);
    runSync(sendOne(createClient({ auth: { type: 'bearer', accessToken: 'tok' } }), operation('lists.getAll'), {}), host.sync);
    expect(host.log[0].headers).toMatchObject({ authorization: 'Bearer tok' });
    expect(host.log[0].headers.token).toBeUndefined();
  });

  it('a host credential leaves signing to the host (n8n)', () => {
    const host = scriptedHost([json(200, lists)]);
    runSync(sendOne(createClient({ auth: { type: 'host', identity: 'cred-1' } }), operation('lists.getAll'), {}), host.sync);
    expect(host.log[0].authBy).toBe('host');
    expect(host.log[0].headers.token).toBeUndefined();
  });
});

describe('send: pacing, 429, retries and errors through a scripted server', () => {
  const reset = Math.floor(Date.UTC(2026, 10, 21, 12, 0, 30) / 1000);
  // These answers carry no Date header: the margin past a reset is the setting (100 ms) plus the allowance for a clock
  // lead nothing has measured yet (flow/clock.ts; test/core/clock.test.ts covers the learned lead).
  const margin = 100 + UNKNOWN_LEAD_MS;

  it('on 429 waits until X-RateLimit-Reset plus the margin, then succeeds', () => {
    const host = scriptedHost([
      json(429, { message: 'Too many', code: 'rateLimitExceeded' }, rateHeaders(60, 0, reset)),
      json(200, lists, rateHeaders(60, 59, reset + 60)),
    ]);
    const data = runSync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), host.sync);
    expect(data).toHaveLength(1);
    expect(host.sleeps).toEqual([30_000 + margin]);
    expect(host.log).toHaveLength(2);
  });

  it('paces ahead: when the window says 0 remaining, the next request waits before it is sent (no 429)', () => {
    const host = scriptedHost([json(200, lists, rateHeaders(60, 0, reset)), json(200, lists, rateHeaders(60, 59, reset + 60))]);
    const client = apiKeyClient();
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    expect(host.sleeps).toEqual([30_000 + margin]);
  });

  it('waits out 429s in window after window (another process took each budget) and succeeds: no cap by count', () => {
    // Nine 429s, each naming the next 5 s window: the org's budget is shared, so being refused again is not "stuck".
    let refusals = 0;
    const host = scriptedHost((_req, now) => {
      const nextReset = Math.floor(now / 5000) * 5 + 5;
      return refusals++ < 9 ? json(429, { message: 'Too many', code: 'rateLimitExceeded' }, rateHeaders(2, 0, nextReset)) : json(200, lists);
    });
    const data = runSync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), host.sync);
    expect(data).toHaveLength(1);
    expect(host.log).toHaveLength(10);
  });

  it('gives up once the 429s outlast maxRateLimitWaitMs, with a RateLimitError that says so', () => {
    // A service that keeps refusing with a reset at the whole second 2 s away: each wait ends `margin` past that reset
    // (the first from 12:00:00.000, the next from .100 past a second); 10 s in all allowed.
    const host = scriptedHost((_req, now) => json(429, { message: 'Too many', code: 'rateLimitExceeded' }, rateHeaders(60, 0, Math.floor(now / 1000) + 2)));
    const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { maxRateLimitWaitMs: 10_000 } });
    let error: unknown;
    try {
      runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toMatch(/later than the longest wait allowed.*Refused 4 times with 429/);
    expect(host.log).toHaveLength(4);
    expect(host.sleeps).toEqual([2000 + margin, 1900 + margin, 1900 + margin]);
  });

  it('retries a GET after a 500 and after a timeout, with backoff', () => {
    const host = scriptedHost([json(500, { message: 'boom' }), networkFailure('ETIMEDOUT', true), json(200, lists)]);
    runSync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), host.sync);
    expect(host.log).toHaveLength(3);
    expect(host.sleeps).toEqual([1000, 2000]);
  });

  it('never repeats an email send after a lost answer: NetworkError with maybeSent', () => {
    const host = scriptedHost([networkFailure('ECONNRESET', true)]);
    const input = { contactId: 5, from: 'me@acme.test', to: 'ana@x.test', subject: 'Hi', body: 'Hello' };
    let error: unknown;
    try {
      runSync(sendOne(apiKeyClient(), operation('emails.send'), input), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).maybeSent).toBe(true);
    expect((error as Error).message).toMatch(/not repeated/);
    expect(host.log).toHaveLength(1);
  });

  it('never repeats a campaign create after a 500', () => {
    const host = scriptedHost([json(500, { message: 'Unexpected error' })]);
    expect(() => runSync(sendOne(apiKeyClient(), operation('campaigns.create'), { name: 'Q4' }), host.sync)).toThrow(ServerError);
    expect(host.log).toHaveLength(1);
  });

  it('retries an email send when the connection was refused (it never left)', () => {
    const host = scriptedHost([networkFailure('ECONNREFUSED', false), json(201, { success: true, data: email })]);
    runSync(
      sendOne(apiKeyClient(), operation('emails.send'), { contactId: 5, from: 'me@acme.test', to: 'ana@x.test', subject: 'Hi', body: 'Hello' }),
      host.sync,
    );
    expect(host.log).toHaveLength(2);
  });

  it.each([
    [401, { msg: 'Invalid token' }, AuthError, /Invalid token/],
    [404, { message: 'List not found' }, NotFoundError, /List not found/],
    [409, { message: 'Campaign is active; pause it first' }, ConflictError, /pause it first/],
    [422, { msg: 'Not enough credits', code: 'insufficientCredits', data: { productCategory: 'research', additionalCreditsNeeded: 37 } }, CreditsError, /37/],
    [422, { msg: 'No license', code: 'missingLicense', data: { productCategory: 'research', additionalCreditsNeeded: 0 } }, CreditsError, /license/],
  ])('maps %d to the right error class with the service message', (status, body, cls, text) => {
    const host = scriptedHost([json(status, body)]);
    let error: unknown;
    try {
      runSync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(cls);
    expect((error as Error).message).toMatch(text);
    expect((error as { request: { headers: Record<string, string> } }).request.headers.token).toBe(REDACTED);
  });

  it('keeps the credit balance from X-PublicAPI-Credits', () => {
    const client = apiKeyClient();
    const host = scriptedHost([json(200, lists, rateHeaders(60, 59, reset, 4321))]);
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    expect(client.state.credits.balance).toBe(4321);
  });

  it('the sync and async drivers produce the same request log', async () => {
    const script = () => [json(429, { message: 'x', code: 'rateLimitExceeded' }, rateHeaders(60, 0, reset)), json(500, {}), json(200, lists)];
    const a = scriptedHost(script());
    const b = scriptedHost(script());
    runSync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), a.sync);
    await runAsync(sendOne(apiKeyClient(), operation('lists.getAll'), {}), b.async);
    expect(b.log).toEqual(a.log);
    expect(b.sleeps).toEqual(a.sleeps);
  });
});

const email = {
  emailId: 'e1',
  contactId: '5',
  from: 'me@acme.test',
  to: 'ana@x.test',
  cc: null,
  bcc: null,
  subject: 'Hi',
  body: 'Hello',
  status: 'SCHEDULED',
  scheduledAt: '2026-11-21T12:00:00Z',
  sentAt: null,
  createdAt: '2026-11-21T12:00:00Z',
};
