import { normalizeToken, tokenV1Schema, tokenV2Schema, UNSTATED_EXPIRY_LIFETIME_MS } from './token';

const now = Date.parse('2024-05-01T12:00:00Z');
const expiresAt = '2024-05-01T15:00:00Z';
const expiresAtSec = Date.parse(expiresAt) / 1000;

const v2 = {
  token_type: 'Bearer',
  access_token: 'AT',
  refresh_token: 'RT',
  expires_in: 10800,
  expires_at: expiresAt,
  refresh_token_expires_in: 604800,
  refresh_token_expires_at: '2024-05-08T12:00:00Z',
};
const v1 = { access_token: 'AT', refresh_token: 'RT', expires_at: expiresAtSec };

describe('token response (spec 2.1)', () => {
  it('validates both forms', () => {
    expect(tokenV2Schema.safeParse(v2).success).toBe(true);
    expect(tokenV1Schema.safeParse(v1).success).toBe(true);
    expect(tokenV2Schema.safeParse(v1).success).toBe(false);
    expect(tokenV1Schema.safeParse({ ...v1, expires_at: expiresAt }).success).toBe(false);
  });

  it('normalizes v1 and v2 to the same shape', () => {
    const a = normalizeToken(v2, now);
    const b = normalizeToken(v1, now);
    expect(a).toEqual({
      accessToken: 'AT',
      refreshToken: 'RT',
      expiresAtMs: Date.parse(expiresAt),
      refreshExpiresAtMs: Date.parse('2024-05-08T12:00:00Z'),
      raw: v2,
    });
    expect(b).toEqual({ ...a, refreshExpiresAtMs: null, raw: v1 });
    expect(Object.keys(b)).toEqual(Object.keys(a));
  });

  it('tolerates a numeric-string epoch and an ISO offset', () => {
    expect(normalizeToken({ ...v1, expires_at: String(expiresAtSec) }, now).expiresAtMs).toBe(Date.parse(expiresAt));
    expect(normalizeToken({ ...v2, expires_at: '2024-05-01T17:00:00+02:00' }, now).expiresAtMs).toBe(Date.parse(expiresAt));
  });

  it('computes from expires_in when expires_at is absent', () => {
    const t = normalizeToken({ access_token: 'AT', refresh_token: 'RT', expires_in: 60, refresh_token_expires_in: 120 }, now);
    expect(t.expiresAtMs).toBe(now + 60_000);
    expect(t.refreshExpiresAtMs).toBe(now + 120_000);
  });

  it('keeps extra fields in raw', () => {
    expect(normalizeToken({ ...v2, scope: '' }, now).raw.scope).toBe('');
  });

  // Issue 21 changed this: the published answer makes the expiry optional, so its absence is no longer an error.
  it('gives a body without expiry a conservative lifetime', () => {
    expect(normalizeToken({ access_token: 'AT', refresh_token: 'RT' }, now).expiresAtMs).toBe(now + UNSTATED_EXPIRY_LIFETIME_MS);
    expect(UNSTATED_EXPIRY_LIFETIME_MS).toBeLessThan(10_800_000);
  });

  it('refuses a body without tokens or with an unreadable expiry', () => {
    expect(() => normalizeToken({ refresh_token: 'RT', expires_in: 1 }, now)).toThrow();
    expect(() => normalizeToken({ ...v1, expires_at: 'soon' }, now)).toThrow();
  });
});
