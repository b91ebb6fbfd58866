import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A clean `npm ci` refuses a lock that lacks an optional dependency, and this registry lacks some platform
 * builds, so `npm install` drops them. scripts/lock-add-missing-optional.mjs puts them back.
 */
describe('package-lock.json', () => {
  it('has an entry for every optional dependency (else a clean npm ci fails: run scripts/lock-add-missing-optional.mjs)', () => {
    const lock = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!lock.packages[`${key ? `${key}/` : ''}node_modules/${name}`] && !lock.packages[`node_modules/${name}`]) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  });
});
