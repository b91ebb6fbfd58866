#!/usr/bin/env node
/**
 * The registry this project installs from lacks some platform builds (e.g. @swc/core-darwin-arm64,
 * @unrs/resolver-binding-win32-x64-msvc), so `npm install` leaves them out of package-lock.json and a clean
 * `npm ci` then refuses the lock ("Missing: … from lock file"). This adds an optional entry for each missing
 * optional dependency; `npm ci` accepts the lock and skips them on this platform.
 * Run after every lock regeneration: `node scripts/lock-add-missing-optional.mjs [package-lock.json]`.
 */
import fs from 'node:fs';
const file = process.argv[2] || 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies || {})) {
    if (packages[`${key ? `${key}/` : ''}node_modules/${name}`] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: ${added} missing optional entries added`);
