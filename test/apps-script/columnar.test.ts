/**
 * The job store's record text (apps-script/src/research/columnar.ts): every record back as it was, texts written by
 * the earlier form still read, and a part of fresh rows (a request id, a row number and a row id each, a target
 * object each) stored without a value number per row or a key name per row (issue 29: Google charges each character).
 */
import { decodeRecords, encodeRecords } from '../../apps-script/src/research/columnar';

const roundTrip = (records: Record<string, unknown>[]) => decodeRecords(encodeRecords(records), records.length);

test('records of every shape come back equal, objects each their own copy', () => {
  const records: Record<string, unknown>[] = [
    { phase: 'submitted', r: 2, t: { email: 'a@x.com', name: 'A' }, c: [3, 4], n: null },
    { phase: 'submitted', r: 3, t: { email: 'b@x.com', name: 'B' }, e: ['x'] },
    {},
    { phase: 'finished', r: 9, t: { name: 'C', email: 'c@x.com' }, record: { id: 1, tags: ['a'] }, w: '1' },
    { phase: 'finished', r: 10, t: { email: 'd@x.com', name: 'D' }, record: { id: 1, tags: ['a'] }, flag: false, zero: 0, empty: '' },
    { phase: 'finished', r: 11, 't.x': 'a dotted field beside t', t: { email: 'e@x.com', name: 'E' } },
  ];
  const back = roundTrip(records);
  expect(back).toEqual(records);
  // Key order of each object as it was (a target's JSON is compared as text elsewhere).
  back.forEach((r, i) => expect(JSON.stringify(r.t)).toBe(JSON.stringify(records[i].t)));
  expect(back[3].record).not.toBe(back[4].record);
  back[3].record = null;
  expect(back[4].record).toEqual({ id: 1, tags: ['a'] });
});

test('targets of one shape are stored as a field per key; mixed shapes stay whole objects', () => {
  const same = Array.from({ length: 6 }, (_, i) => ({ t: { searchResultId: `ps_${i}` }, f: `row ${i + 2}` }));
  const text = encodeRecords(same);
  expect(text.match(/searchResultId/g)).toHaveLength(1);
  expect(roundTrip(same)).toEqual(same);
  const mixed = [{ t: { email: 'a@x.com' } }, { t: { linkedinUrl: 'https://x' } }, {}, { t: { email: 'c@x.com', name: 'C' } }];
  expect(roundTrip(mixed)).toEqual(mixed);
  const nested = [{ t: { a: { b: 1 } } }, { t: { a: { b: 2 } } }];
  expect(roundTrip(nested)).toEqual(nested);
});

test('a part of 500 fresh rows costs its values and a few runs, not a number per row', () => {
  const rows = Array.from({ length: 500 }, (_, i) => ({
    phase: 'submitted',
    requestId: `cr_${i.toString(36).padStart(6, '0')}_a6dd09`,
    status: 'queued',
    r: i + 2,
    d: `r8c70e41e8${i.toString(36)}`,
    w: '0',
  }));
  const text = encodeRecords(rows);
  expect(roundTrip(rows)).toEqual(rows);
  // The values themselves: 19 + 5 + 15 characters a row at most, with their quotes and commas.
  const values = rows.reduce((n, r) => n + JSON.stringify(r.requestId).length + String(r.r).length + JSON.stringify(r.d).length + 3, 0);
  expect(text.length).toBeLessThan(values + 300);
});

test('a text in the earlier form (value numbers one by one, objects whole) is read as before', () => {
  const earlier = JSON.stringify({
    k: ['phase', 'r', 't'],
    d: [null, 'submitted', 2, 3, { email: 'a@x.com' }, { email: 'b@x.com' }],
    c: [[[1, 2]], [2, 3], [4, 5]],
  });
  expect(decodeRecords(earlier, 2)).toEqual([
    { phase: 'submitted', r: 2, t: { email: 'a@x.com' } },
    { phase: 'submitted', r: 3, t: { email: 'b@x.com' } },
  ]);
});
