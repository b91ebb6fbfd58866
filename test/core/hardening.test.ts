import {
  call,
  customCall,
  createClient,
  operation,
  runSync,
  connectWithCode,
  PartialCampaignError,
  RateLimitError,
  ValidationError,
  AuthError,
  REDACTED,
  type HttpRequest,
} from '../../shared';
import { send } from '../../shared/flow/send';
import { sendOne } from '../../shared/flow/call';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'key-abcdef-123' }, random: () => 0 });
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('custom API call', () => {
  it('keeps query and body apart and paces with the catalogue route it matches', () => {
    const host = scriptedHost([json(200, { success: true, data: {} })]);
    runSync(
      customCall(client(), {
        version: 'v2',
        method: 'POST',
        path: '/campaigns/42/actions',
        query: { dryRun: 'yes' },
        body: { action: 'START' },
      }),
      host.sync,
    );
    expect(host.log[0]).toMatchObject({
      url: 'http://127.0.0.1:8787/api/v2/campaigns/42/actions?dryRun=yes',
      body: '{"action":"START"}',
      endpoint: 'POST /v2/campaigns/{id}/actions',
    });
  });

  it('refuses a body on a GET before sending', () => {
    const host = scriptedHost([]);
    expect(() => runSync(customCall(client(), { version: 'v1', method: 'GET', path: '/contacts', body: { a: 1 } }), host.sync)).toThrow(ValidationError);
    expect(host.log).toHaveLength(0);
  });
});

describe('no repeat after an action was carried out', () => {
  it('an email the service accepted but answered oddly is returned with a warning, not an error', () => {
    const host = scriptedHost([json(201, { success: true, data: { emailId: 'e1', status: 'SCHEDULED' } })]);
    const reply = runSync(
      send(client(), operation('emails.send'), { contactId: 5, from: 'me@acme.test', to: 'ana@x.test', subject: 'Hi', body: 'Hello' }),
      host.sync,
    );
    expect(reply.data).toMatchObject({ emailId: 'e1' });
    expect(reply.warnings[0]).toMatch(/carried out; do not repeat/);
  });

  it('a campaign created with its first 500 contacts, then a failed add: the error names the campaign and what is left', () => {
    const campaign = {
      campaignId: 'c9',
      name: 'Q4',
      identifier: 'q4',
      status: 'draft',
      isPublic: true,
      maxActiveContacts: null,
      numContacts: '500',
      numSteps: '0',
      numDays: 0,
      userIdOwner: 'u',
      ownerName: 'A',
      startedAt: null,
      pausedAt: null,
      completedAt: null,
      createdAt: '2026-11-21T12:00:00Z',
      emailAccountIds: [],
    };
    const host = scriptedHost([json(201, { success: true, data: { campaign, steps: [], contactsAdded: 500 } }), json(500, { message: 'boom' })]);
    let error: unknown;
    try {
      runSync(call(client(), operation('campaigns.create'), { name: 'Q4', contactIds: Array.from({ length: 700 }, (_, i) => i + 1) }), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PartialCampaignError);
    expect((error as PartialCampaignError).campaignId).toBe('c9');
    expect((error as PartialCampaignError).contactIdsNotAdded).toHaveLength(200);
    expect((error as Error).message).toMatch(/do not create it again/);
    expect(host.log).toHaveLength(2);
  });
});

describe('secrets', () => {
  it('an API key echoed back by the service is redacted from the error message', () => {
    const host = scriptedHost([json(401, { message: 'Invalid token: key-abcdef-123' })]);
    let error: unknown;
    try {
      runSync(sendOne(client(), operation('lists.getAll'), {}), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).not.toContain('key-abcdef-123');
    expect((error as Error).message).toContain(REDACTED);
    expect(JSON.stringify(error)).not.toContain('key-abcdef-123');
  });
});

describe('rate-limit waits', () => {
  it('a reset further away than maxRateLimitWaitMs fails at once with the reset time', () => {
    const reset = Math.floor(T0 / 1000) + 3600;
    const host = scriptedHost([json(429, { message: 'daily cap', code: 'rateLimitExceeded' }, rateHeaders(60, 0, reset))], { startMs: T0 });
    let error: unknown;
    try {
      runSync(sendOne(client(), operation('lists.getAll'), {}), host.sync);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).resetAtMs).toBe(reset * 1000);
    expect(host.sleeps).toEqual([]);
  });
});

describe('ids in paths', () => {
  it.each(['.', '..', '...'])('refuses %j as an id (it would reach another route)', (id) => {
    const host = scriptedHost([]);
    expect(() => runSync(sendOne(client(), operation('lists.delete'), { id }), host.sync)).toThrow(/not dots/);
  });
});

describe('OAuth 401 after another run already refreshed', () => {
  it('uses the token the other run stored instead of rotating again', () => {
    let refreshes = 0;
    const host = scriptedHost(
      (req: HttpRequest) => {
        if (req.url.endsWith('/oauth/accessToken')) {
          refreshes++;
          return json(200, { access_token: `at${refreshes}`, refresh_token: `rt${refreshes}`, expires_in: 10800 });
        }
        return req.headers.authorization === 'Bearer at-other' ? json(200, { success: true, data: [] }) : json(401, { message: 'expired' });
      },
      { startMs: T0 },
    );
    const c = createClient({ auth: { type: 'oauth2', clientId: 'c', clientSecret: 's', redirectUri: 'https://x/cb', storeKey: 'tok' } });
    runSync(connectWithCode(c, 'code'), host.sync);
    // The request goes out with at1; meanwhile another run stores at-other (its own refresh).
    const sync = {
      ...host.sync,
      fetch: (req: HttpRequest) => {
        const answer = host.sync.fetch(req);
        if (req.headers.authorization === 'Bearer at1')
          host.store.put('tok', JSON.stringify({ accessToken: 'at-other', refreshToken: 'rt-other', expiresAtMs: T0 + 10800_000, refreshExpiresAtMs: null }));
        return answer;
      },
    };
    runSync(sendOne(c, operation('lists.getAll'), {}), sync);
    expect(refreshes).toBe(1); // only the code exchange
    expect(host.log.at(-1)!.headers.authorization).toBe('Bearer at-other');
  });
});
