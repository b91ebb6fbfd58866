/**
 * Issue 21, point 1: what the published description makes optional is optional here too, with a stated meaning,
 * and the validation rules the service applies are applied before sending (and no stricter than it).
 */
import { call, createClient, errorFromResponse, operation, runSync, ValidationError } from '../../shared';
import { accessToken } from '../../shared/auth/oauth';
import { writeToken } from '../../shared/auth/token-store';
import { UNSTATED_EXPIRY_LIFETIME_MS } from '../../shared/records/token';
import { json, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0 });
const request = { method: 'POST', url: 'https://api.example.com/v1/contacts/research', headers: {} };

function attempt(op: string, input: unknown) {
  const host = scriptedHost(() => json(202, { success: true, requestIds: ['r1'] }));
  try {
    runSync(call(client(), operation(op as never), input), host.sync);
    return { sent: host.log.map((r) => JSON.parse(r.body ?? 'null') as unknown), error: null };
  } catch (error) {
    return { sent: host.log.map((r) => JSON.parse(r.body ?? 'null') as unknown), error: error as Error };
  }
}

describe('validation before sending', () => {
  it('companies.research: an empty searchResultIds beside companies is refused by field, nothing sent', () => {
    const { sent, error } = attempt('companies.research', { companies: [{ domain: 'example.com' }], searchResultIds: [] });
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.message).toMatch(/searchResultIds: must hold at least one entry/);
  });

  it('campaigns.create: a step without type and dueDay is refused, naming both', () => {
    const { sent, error } = attempt('campaigns.create', { name: 'Q4', steps: [{}] });
    expect(sent).toEqual([]);
    expect(error?.message).toMatch(/steps\[0\]\.type/);
    expect(error?.message).toMatch(/steps\[0\]\.dueDay/);
  });

  it('contacts.research: isJobChange false (the published default) passes with searchResultIds, and is not sent', () => {
    const { sent, error } = attempt('contacts.research', { searchResultIds: ['s1'], isJobChange: false });
    expect(error).toBeNull();
    expect(sent).toEqual([{ searchResultIds: ['s1'] }]);
    expect(attempt('contacts.research', { searchResultIds: ['s1'], isJobChange: true }).error?.message).toMatch(/isJobChange: applies only with contacts/);
  });
});

describe('optional envelope and error fields', () => {
  it('a search answer without data or supplementalData: no rows, no further page', () => {
    const host = scriptedHost(() => json(200, {}));
    const rows = runSync(call(client(), operation('contacts.search'), { jobTitle: ['CTO'] }), host.sync);
    expect(rows).toEqual([]);
    expect(host.log).toHaveLength(1);
  });

  it('a 422 without msg takes its message from its code', () => {
    const error = errorFromResponse({ status: 422, headers: {}, body: JSON.stringify({ code: 'invalidSearchResultId' }) }, request, 'Research contacts');
    expect(error.message).toBe('Research contacts: refused (invalidSearchResultId)');
    expect(error.message).not.toContain('{');
  });

  it('a token answer without expiry (or without a new refresh token) gets a conservative lifetime', () => {
    const oauth = createClient({
      auth: { type: 'oauth2', clientId: 'c', clientSecret: 's', redirectUri: 'https://x.example/cb', storeKey: 't' },
      random: () => 0,
    });
    const host = scriptedHost(() => json(200, { access_token: 'AT2' }));
    const start = host.now();
    runSync(writeToken('t', { accessToken: 'AT1', refreshToken: 'RT1', expiresAtMs: start - 1, refreshExpiresAtMs: null }), host.sync);
    expect(runSync(accessToken(oauth, null), host.sync)).toBe('AT2');
    const stored = JSON.parse(String(host.store.get('t'))) as { refreshToken: string; expiresAtMs: number };
    expect(stored.refreshToken).toBe('RT1');
    expect(stored.expiresAtMs).toBe(start + UNSTATED_EXPIRY_LIFETIME_MS);
  });
});
