/**
 * Issue 24: the look-up index of 50,000 saved records fits CacheService (100 KB per value, 1,000 items per cache),
 * split into hash shards; a key is always found in the shard shardOf names.
 */
import { SHARD_MAX_BYTES, shardOf, toShards, utf8Bytes } from '../../apps-script/src/custom-functions/lookup-shards';

function entries(n: number): Record<string, (string | number)[]> {
  const out: Record<string, (string | number)[]> = {};
  for (let i = 0; i < n; i++) {
    const row = [
      String(10001 + i),
      `Person ${i} Müller-Łukasz`,
      `person${i}@company${i % 997}.example`,
      'Head of Sales',
      `Company ${i % 997}`,
      '2026-01-01T00:00:00.000Z',
    ];
    out[String(10001 + i)] = row;
    out[`person${i}@company${i % 997}.example`] = row;
  }
  return out;
}

test('50,000 records (two keys each) split into shards under 100 KB, well under 1,000 items, every key where shardOf says', () => {
  const all = entries(50_000);
  const shards = toShards(all);
  expect(shards.length).toBeLessThan(600);
  for (const s of shards) expect(utf8Bytes(JSON.stringify(s))).toBeLessThanOrEqual(SHARD_MAX_BYTES);
  expect(SHARD_MAX_BYTES).toBeLessThan(100 * 1024);
  for (const k of ['10001', 'person49999@company149.example', '35000']) expect(shards[shardOf(k, shards.length)][k]).toEqual(all[k]);
  expect(shards.reduce((n, s) => n + Object.keys(s).length, 0)).toBe(Object.keys(all).length);
});

test('utf8Bytes counts as CacheService does (bytes, not characters)', () => {
  expect(utf8Bytes('abc')).toBe(3);
  expect(utf8Bytes('ü')).toBe(2);
  expect(utf8Bytes('€')).toBe(3);
  expect(utf8Bytes('😀')).toBe(4);
  expect(utf8Bytes('ü€😀x')).toBe(Buffer.byteLength('ü€😀x', 'utf8'));
});
