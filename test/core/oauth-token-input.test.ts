// The token request's input (shared/catalogue/oauth.ts) takes either grant in one object: a field's own rule is said
// for that field, as the discriminated union it replaces said it, and each grant takes only its own field.
import { tokenOperation } from '../../shared/catalogue/oauth';
import { validate } from '../../shared/validation/format';
import { ValidationError } from '../../shared/errors';

const client = { client_id: 'cid', client_secret: 'csecret', redirect_uri: 'https://example.com/cb' };
const grants = [
  { grant_type: 'authorization_code', code: 'good-code' },
  { grant_type: 'refresh_token', refresh_token: 'rt-1' },
] as const;

function refusal(input: Record<string, unknown>): { field: string; rule: string }[] {
  try {
    validate(tokenOperation.input, input, tokenOperation.title);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as ValidationError).issues.map(({ field, rule }) => ({ field, rule }));
  }
  throw new Error('accepted');
}

describe('the token request input', () => {
  it('takes each grant with its own fields, trimmed', () => {
    for (const grant of grants) expect(validate(tokenOperation.input, { ...client, ...grant, client_id: ' cid ' }, 'x')).toEqual({ ...client, ...grant });
  });

  it('names the field whose rule fails, in either grant', () => {
    for (const grant of grants) {
      const own = Object.keys(grant).find((k) => k !== 'grant_type')!;
      for (const field of [...Object.keys(client), own]) {
        const [issue, ...more] = refusal({ ...client, ...grant, [field]: '  ' });
        expect(more).toEqual([]);
        expect(issue.field).toBe(field);
        expect(issue.rule).toMatch(/^is required and must be non-empty /);
        expect(refusal({ ...client, ...grant, [field]: 'x'.repeat(5000) })).toEqual([
          { field, rule: expect.stringMatching(/^must be at most \d+ characters/) },
        ]);
      }
    }
  });

  it("requires the grant's own field, refuses the other grant's, and names an unknown grant", () => {
    expect(refusal({ ...client, grant_type: 'authorization_code' })).toEqual([{ field: 'code', rule: 'is required' }]);
    expect(refusal({ ...client, grant_type: 'refresh_token' })).toEqual([{ field: 'refresh_token', rule: 'is required' }]);
    const accepted = 'accepted: grant_type, client_id, client_secret, redirect_uri, code, refresh_token';
    expect(refusal({ ...client, ...grants[0], refresh_token: 'rt' })).toEqual([
      { field: 'refresh_token', rule: `is not a field this operation takes; ${accepted}` },
    ]);
    expect(refusal({ ...client, ...grants[1], code: 'c' })).toEqual([{ field: 'code', rule: `is not a field this operation takes; ${accepted}` }]);
    expect(refusal({ ...client, grant_type: 'password', code: 'c' })).toEqual([
      { field: 'grant_type', rule: 'must be one of authorization_code, refresh_token' },
    ]);
  });
});
