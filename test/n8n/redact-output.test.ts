/**
 * Issue 13: the node's output of a large research run (10,000 records) passes through the redactor. Records with
 * nothing to redact keep their json as it is (no copy of every record); anything holding a secret, in any of its
 * forms or cut to a head or a tail, is still redacted.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { redactor, REDACTED } from '../../n8n-nodes/nodes/Prospecting/redact';

const secret = 'pk_live/Ab12+cd34EF56gh78';
const r = redactor([secret]);

function records(n: number): INodeExecutionData[] {
  return Array.from({ length: n }, (_, i) => ({
    json: { requestId: `cr_${i}`, status: 'done', contact: { firstName: 'Ana', email: `ana${i}@example.com`, tags: ['a', 'b'], score: i } },
    pairedItem: { item: i },
  }));
}

it('keeps the json of items with nothing to redact as it is', () => {
  const out = records(500);
  const cleaned = r.items([out])[0];
  cleaned.forEach((item, i) => {
    expect(item.json).toBe(out[i].json);
    expect(item.pairedItem).toEqual({ item: i });
  });
});

it('still redacts a secret anywhere in a record: as is, URL-encoded in either case, base64, cut to its head or its tail', () => {
  const out = records(50);
  const contact = (i: number) => out[i].json.contact as Record<string, unknown>;
  contact(3).note = `echo ${secret} end`;
  contact(7).tags = ['x', `q=${encodeURIComponent(secret).toLowerCase()}`];
  contact(11).blob = Buffer.from(secret).toString('base64');
  contact(13).cut = `…${secret.slice(0, 12)}`;
  contact(17).cut = `${secret.slice(-10)}…`;
  contact(19)[`key ${secret}`] = 1;
  const cleaned = r.items([out])[0];
  const text = JSON.stringify(cleaned);
  for (const form of [secret, encodeURIComponent(secret).toLowerCase(), Buffer.from(secret).toString('base64'), secret.slice(0, 12), secret.slice(-10)]) {
    expect(text.toLowerCase()).not.toContain(form.toLowerCase());
  }
  expect(text.split(REDACTED).length - 1).toBeGreaterThanOrEqual(6);
  expect(cleaned[0].json).toBe(out[0].json);
  expect(cleaned[3].json).not.toBe(out[3].json);
  expect((out[3].json.contact as Record<string, unknown>).note).toContain(secret); // redacted in a copy, not in place
});
