import { creditLicenseErrorBodySchema, errorBodySchema, messageErrorBodySchema, msgErrorBodySchema, rateLimitErrorBodySchema, readErrorBody } from './errors';

const credit = {
  msg: 'Not enough credits',
  code: 'insufficientCredits',
  data: { productCategory: 'research', additionalCreditsNeeded: 3 },
};

describe('error bodies (spec 7)', () => {
  it('parses each variant with its own schema', () => {
    expect(messageErrorBodySchema.parse({ message: 'Unauthorized' }).message).toBe('Unauthorized');
    expect(msgErrorBodySchema.parse({ msg: 'Unauthorized' }).msg).toBe('Unauthorized');
    expect(creditLicenseErrorBodySchema.parse(credit).data?.additionalCreditsNeeded).toBe(3);
    expect(rateLimitErrorBodySchema.parse({ message: 'Too many', code: 'rateLimitExceeded' }).code).toBe('rateLimitExceeded');
  });

  // Issue 15: tolerant reading; a shortfall sent as text is read as the number, and `data` may be missing.
  it('reads a shortfall sent as text, and a credit body without data', () => {
    const r = creditLicenseErrorBodySchema.parse({ ...credit, data: { ...credit.data, additionalCreditsNeeded: '3' } });
    expect(r.data?.additionalCreditsNeeded).toBe(3);
    expect(readErrorBody({ msg: 'Not enough credits', code: 'insufficientCredits' })).toEqual({ message: 'Not enough credits', code: 'insufficientCredits' });
  });

  it.each([
    [{ message: 'Campaign is active' }, { message: 'Campaign is active' }],
    [{ msg: 'Invalid token' }, { message: 'Invalid token' }],
    [credit, { message: 'Not enough credits', code: 'insufficientCredits', productCategory: 'research', additionalCreditsNeeded: 3 }],
    [
      { msg: 'No license', code: 'missingLicense', data: { productCategory: 'research', additionalCreditsNeeded: 0 } },
      { message: 'No license', code: 'missingLicense', productCategory: 'research', additionalCreditsNeeded: 0 },
    ],
    [
      { message: 'Too many', code: 'rateLimitExceeded' },
      { message: 'Too many', code: 'rateLimitExceeded' },
    ],
    [
      { message: 'bad code', error: 'invalid_grant' },
      { message: 'bad code', code: 'invalid_grant' },
    ],
    ['<html>502</html>', {}],
    [null, {}],
  ])('reads %j', (body, expected) => {
    expect(readErrorBody(body)).toEqual(expected);
  });

  it('the union accepts every variant and keeps extras', () => {
    expect(errorBodySchema.parse({ message: 'x', requestId: 'r' })).toEqual({ message: 'x', requestId: 'r' });
    expect(errorBodySchema.safeParse({ text: 'x' }).success).toBe(false);
  });
});
