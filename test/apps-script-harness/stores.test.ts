import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function setProp(store, k, v) { PropertiesService[store]().setProperty(k, v); }
function getProp(store, k) { return PropertiesService[store]().getProperty(k); }
function propsRoundTrip() {
  var p = PropertiesService.getUserProperties();
  p.setProperties({ a: 1, b: 'two' });
  p.deleteProperty('a');
  var keys = p.getKeys();
  p.setProperties({ c: 'x' }, true);
  return [keys, p.getProperties()];
}
function cachePut(k, v, ttl) { CacheService.getScriptCache().put(k, v, ttl); }
function cacheGet(k) { return CacheService.getScriptCache().get(k); }
function cacheAll() {
  var c = CacheService.getUserCache();
  c.putAll({ a: '1', b: '2', c: '3' });
  c.remove('a');
  c.removeAll(['c']);
  return c.getAll(['a', 'b', 'c']);
}
function lockAndHold(ms) {
  var lock = LockService.getUserLock();
  lock.waitLock(1000);
  var start = Date.now();
  Utilities.sleep(ms);
  lock.releaseLock();
  return [start, Date.now(), lock.hasLock()];
}
function tryUserLock(ms) {
  var lock = LockService.getUserLock();
  var got = lock.tryLock(ms);
  return [got, lock.hasLock()];
}
function acquireAt(ms) { var got = LockService.getUserLock().tryLock(ms); return [got, Date.now()]; }
function waitUserLock(ms) { LockService.getUserLock().waitLock(ms); return 'got it'; }
function holdUntilEnd() { LockService.getScriptLock().waitLock(100); return 'held'; }
function tryScriptLock() { return LockService.getScriptLock().tryLock(0); }
`;

describe('PropertiesService', () => {
  test('script, document and user stores are separate; user stores follow harness.setUser', async () => {
    const h = harness({ code: CODE, user: 'a@x.test' });
    await h.run('setProp', 'getScriptProperties', 'k', 'script');
    await h.run('setProp', 'getDocumentProperties', 'k', 'doc');
    await h.run('setProp', 'getUserProperties', 'k', 'userA');
    h.setUser('b@x.test');
    expect(await h.run('getProp', 'getUserProperties', 'k')).toBeNull();
    expect(await h.run('getProp', 'getDocumentProperties', 'k')).toBe('doc');
    expect(await h.run('getProp', 'getScriptProperties', 'k')).toBe('script');
    expect(h.properties.user('a@x.test').all()).toEqual({ k: 'userA' });
  });

  test('setProperties / getKeys / deleteProperty / deleteAllOthers', async () => {
    const h = harness({ code: CODE });
    expect(await h.run('propsRoundTrip')).toEqual([['b'], { c: 'x' }]);
  });

  test('a value over 9 KB and a store over 500 KB are refused, and nothing changes', async () => {
    const h = harness({ code: CODE });
    await expect(h.run('setProp', 'getUserProperties', 'big', 'x'.repeat(10 * 1024))).rejects.toThrow('Argument too large: value');
    expect(h.properties.user().all()).toEqual({});
    for (let i = 0; i < 55; i++) h.properties.script.map.set(`k${i}`, 'x'.repeat(9 * 1024));
    await expect(h.run('setProp', 'getScriptProperties', 'one-more', 'y'.repeat(9000))).rejects.toThrow(
      'You have exceeded the property storage quota. Please remove some properties and try again.',
    );
    expect(h.properties.script.map.has('one-more')).toBe(false);
  });

  test("in a custom function, user properties are the owner's and only the owner may write them", async () => {
    const h = harness({ code: CODE, user: 'owner@x.test' });
    await h.run('setProp', 'getUserProperties', 'k', 'owner-value');
    h.setUser('editor@x.test');
    expect(await h.callCustomFunction('getProp', 'getUserProperties', 'k')).toBe('owner-value');
    await expect(h.callCustomFunction('setProp', 'getUserProperties', 'k', 'v')).rejects.toThrow('You do not have permission to call setProperty');
  });
});

describe('CacheService', () => {
  test('entries expire on the harness clock; default TTL 600 s, max 21600 s', async () => {
    const h = harness({ code: CODE });
    await h.run('cachePut', 'short', 'v', 5);
    await h.run('cachePut', 'default', 'v');
    await h.run('cachePut', 'long', 'v', 999_999);
    h.clock.advance(6_000);
    expect(await h.run('cacheGet', 'short')).toBeNull();
    expect(await h.run('cacheGet', 'default')).toBe('v');
    h.clock.advance(600_000);
    expect(await h.run('cacheGet', 'default')).toBeNull();
    expect(await h.run('cacheGet', 'long')).toBe('v');
    h.clock.advance(21_600_000);
    expect(await h.run('cacheGet', 'long')).toBeNull();
  });

  test('key over 250 chars and value over 100 KB are refused', async () => {
    const h = harness({ code: CODE });
    await expect(h.run('cachePut', 'k'.repeat(251), 'v')).rejects.toThrow('Argument too large: key');
    await expect(h.run('cachePut', 'k', 'v'.repeat(100 * 1024 + 1))).rejects.toThrow('Argument too large: value');
    await h.run('cachePut', 'k'.repeat(250), 'v'.repeat(100 * 1024));
  });

  test('getAll / putAll / remove / removeAll on the user cache', async () => {
    const h = harness({ code: CODE });
    expect(await h.run('cacheAll')).toEqual({ b: '2' });
    expect(h.cache.user().all()).toEqual({ b: '2' });
    expect(h.cache.script.all()).toEqual({});
  });

  test('past 1000 items the cache keeps the 900 farthest from expiry', async () => {
    const h = harness({ code: CODE, limits: { cacheMaxItems: 10 } });
    for (let i = 0; i < 10; i++) h.cache.script.entries.set(`k${i}`, { value: 'v', expiresAt: h.clock.now() + 1000 * (i + 1) });
    await h.run('cachePut', 'new', 'v', 600);
    // 11 items > 10: keep floor(10 × 0.9) = 9, those expiring last ('new' at +600 s, then k9…k2).
    expect(Object.keys(h.cache.script.all()).sort()).toEqual(['k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'new']);
  });
});

describe('LockService across concurrent executions', () => {
  test('two executions of one user contend for the user lock; the second waits for the release', async () => {
    const h = harness({ code: CODE, user: 'a@x.test' });
    const first = h.execute({ kind: 'run', fn: 'lockAndHold', args: [800] });
    await new Promise((r) => setTimeout(r, 400)); // let the first take the lock
    const tryNow = await h.run('tryUserLock', 0);
    expect(tryNow).toEqual([false, false]);
    await expect(h.run('waitUserLock', 50)).rejects.toThrow('Lock timeout: another process was holding the lock for too long.');
    const waiter = h.execute({ kind: 'run', fn: 'acquireAt', args: [5000] });
    const [a, b] = await Promise.all([first, waiter]);
    expect(a.ok && b.ok).toBe(true);
    const [, releasedAt] = a.value as number[];
    const [got, acquiredAt] = b.value as [boolean, number];
    expect(got).toBe(true);
    expect(acquiredAt).toBeGreaterThanOrEqual(releasedAt);
  });

  test('another user is not blocked by a user lock', async () => {
    const h = harness({ code: CODE, user: 'a@x.test' });
    const first = h.execute({ kind: 'run', fn: 'lockAndHold', args: [800] });
    await new Promise((r) => setTimeout(r, 400));
    expect(await h.runAs('b@x.test', 'tryUserLock', 0)).toEqual([true, true]);
    await first;
  });

  test('a lock still held when an execution ends is released', async () => {
    const h = harness({ code: CODE });
    expect(await h.run('holdUntilEnd')).toBe('held');
    expect(await h.run('tryScriptLock')).toBe(true);
  });
});
