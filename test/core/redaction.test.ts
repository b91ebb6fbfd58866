/**
 * Issue 20 point 4: one redaction in the core (shared/errors/redaction.ts) hides a secret in every form a service
 * may echo it in, and in any cut piece of 8 characters, and leaves ordinary text alone.
 */
import { REDACTED, redactor } from '../../shared/errors';
import { redactor as n8nRedactor } from '../../n8n-nodes/nodes/Prospecting/redact';
import { leakForms, leaksIn } from '../support/secret-leaks';

const KEY = 'pdsk_7Hq2ZxV9mLw4Rt8Ny3Kc6Bf1';

describe('core redactor', () => {
  const hide = redactor([KEY]);

  it.each(leakForms(KEY).map((f) => [f.name, f.text]))('hides the %s form inside a text', (_name, form) => {
    const out = hide.text(`the service said: ${form} (echoed back)`);
    expect(leaksIn(out, KEY)).toEqual([]);
    expect(out).toContain(REDACTED);
    expect(out.startsWith('the service said: ')).toBe(true);
  });

  it('hides a cut piece of 8 characters anywhere, and a secret split over two fields', () => {
    for (let i = 0; i + 8 <= KEY.length; i++) expect(hide.text(`x ${KEY.slice(i, i + 8)} y`)).toBe(`x ${REDACTED} y`);
    const split = hide.value({ a: KEY.slice(0, 12), b: KEY.slice(12) });
    expect(leaksIn(JSON.stringify(split), KEY)).toEqual([]);
  });

  it('hides every form in nested values and errors, keeps ordinary text and numbers', () => {
    const all = leakForms(KEY).map((f) => f.text);
    const value = hide.value({ list: all, deep: { [KEY]: all.join(' '), n: 3, ok: 'an ordinary sentence, 12345678' } });
    expect(leaksIn(JSON.stringify(value), KEY)).toEqual([]);
    expect(value.deep).toMatchObject({ n: 3, ok: 'an ordinary sentence, 12345678' });
    const error = hide.error(new Error(`refused ${Buffer.from(`token: ${KEY}`).toString('base64')}`));
    expect(leaksIn(`${error.message} ${error.stack}`, KEY)).toEqual([]);
  });

  it('does nothing without a secret worth hunting (shorter than 6 characters)', () => {
    expect(redactor(['abc']).text('abc abcabc')).toBe('abc abcabc');
    expect(redactor([]).active).toBe(false);
  });
});

describe('the n8n node uses the core redaction', () => {
  it('catches the hex and base64-of-header-line forms in items and errors', () => {
    const r = n8nRedactor([KEY]);
    const forms = leakForms(KEY).map((f) => f.text);
    const items = r.items([[{ json: { echoed: forms } }]]);
    expect(leaksIn(JSON.stringify(items), KEY)).toEqual([]);
    const error = r.error(Object.assign(new Error(forms.join(' ')), { node: { name: KEY } }));
    expect(leaksIn(error.message, KEY)).toEqual([]);
    expect((error as unknown as { node: { name: string } }).node.name).toBe(KEY); // the workflow's node is left alone
  });
});
