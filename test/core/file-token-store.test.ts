/** The file token store and cross-process lock for Node hosts (issue 9, "OAuth across processes"). */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileLocks, fileStore } from '../../shared/hosts/file-token-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-token-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid no process has: above the usual pid_max. */
const DEAD_PID = 4_194_304 + 17;

describe('fileStore', () => {
  it('keeps values per key in files only the owner can read; a key cannot reach outside the directory', async () => {
    const store = fileStore(dir);
    expect(await store.get('a/../../b')).toBeNull();
    await store.put('a/../../b', '{"x":1}');
    expect(await store.get('a/../../b')).toBe('{"x":1}');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain('/');
    expect(statSync(join(dir, files[0])).mode & 0o777).toBe(0o600);
    await store.delete('a/../../b');
    expect(await store.get('a/../../b')).toBeNull();
  });

  it('replaces a value whole: a reader never sees a half-written token', async () => {
    const store = fileStore(dir);
    const big = 'x'.repeat(200_000);
    const writes = Array.from({ length: 20 }, (_, i) => store.put('k', `${i}${big}`));
    const reads: (string | null)[] = [];
    for (let i = 0; i < 20; i++) reads.push(await store.get('k'));
    await Promise.all(writes);
    expect(reads.every((r) => r === null || r.length === big.length + String(Number.parseInt(r, 10)).length)).toBe(true);
  });
});

describe('fileLocks', () => {
  it('one holder at a time: the second waits until the first releases', async () => {
    const a = fileLocks(dir);
    const b = fileLocks(dir);
    await a.acquire('k', 1000);
    const order: string[] = [];
    const second = b.acquire('k', 2000).then(() => order.push('b acquired'));
    await new Promise((r) => setTimeout(r, 100));
    order.push('a releases');
    await a.release('k');
    await second;
    expect(order).toEqual(['a releases', 'b acquired']);
    await b.release('k');
  });

  it('a lock held by a live process times out with a clear error', async () => {
    const a = fileLocks(dir);
    await a.acquire('k', 1000);
    await expect(fileLocks(dir).acquire('k', 200)).rejects.toThrow(/Timed out after 200 ms waiting for the lock "k"/);
    await a.release('k');
  });

  it('a lock whose holder process is gone is broken at once', async () => {
    writeFileSync(join(dir, 'k.lock'), JSON.stringify({ host: hostname(), pid: DEAD_PID, token: 't', at: Date.now() }));
    const started = Date.now();
    await fileLocks(dir).acquire('k', 5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a lock older than staleMs is broken, even from another machine; a fresh one from another machine is not', async () => {
    writeFileSync(join(dir, 'k.lock'), JSON.stringify({ host: 'elsewhere', pid: 1, token: 't', at: Date.now() - 120_000 }));
    await fileLocks(dir, { staleMs: 60_000 }).acquire('k', 1000);
    writeFileSync(join(dir, 'j.lock'), JSON.stringify({ host: 'elsewhere', pid: 1, token: 't', at: Date.now() }));
    await expect(fileLocks(dir, { staleMs: 60_000 }).acquire('j', 200)).rejects.toThrow(/Timed out/);
  });

  it('releasing never removes a lock someone else holds now', async () => {
    const a = fileLocks(dir);
    await a.acquire('k', 1000);
    // A took too long: its lock was judged stale and another process took the key.
    writeFileSync(join(dir, 'k.lock'), JSON.stringify({ host: 'elsewhere', pid: 1, token: 'theirs', at: Date.now() }));
    await a.release('k');
    expect(readdirSync(dir)).toContain('k.lock');
  });

  it('many waiters breaking one dead lock: exactly one holds it at a time', async () => {
    writeFileSync(join(dir, 'k.lock'), JSON.stringify({ host: hostname(), pid: DEAD_PID, token: 't', at: Date.now() }));
    let holders = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const locks = fileLocks(dir, { pollMs: 5 });
        await locks.acquire('k', 10_000);
        holders++;
        most = Math.max(most, holders);
        await new Promise((r) => setTimeout(r, 10));
        holders--;
        await locks.release('k');
      }),
    );
    expect(most).toBe(1);
  });
});
