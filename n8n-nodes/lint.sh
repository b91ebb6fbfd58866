#!/usr/bin/env bash
# Runs `n8n-node lint` (default config, strict) on this package. The CLI is installed from its pinned
# lockfile into the project's .cache with --ignore-scripts (see tooling/package.json for why), then
# (npm install, not ci: the registry lacks some optional platform binaries the lock would need listed)
# linked as this folder's node_modules, where eslint.config.mjs and `npm exec eslint` look for it.
set -euo pipefail
cd "$(dirname "$0")"
CACHE="$(cd .. && pwd)/.cache/n8n-node-cli"
if ! cmp -s tooling/package-lock.json "$CACHE/.installed" 2>/dev/null; then
  rm -rf "$CACHE" && mkdir -p "$CACHE"
  cp tooling/package.json tooling/package-lock.json "$CACHE/"
  (cd "$CACHE" && npm install --ignore-scripts --no-audit --no-fund --no-save --loglevel=error)
  cp tooling/package-lock.json "$CACHE/.installed"
fi
# Only while linting: left in place, it would make this package's sources resolve the CLI's zod 3
# instead of the project's zod 4 (tests, build).
ln -sfn "$CACHE/node_modules" node_modules
trap 'rm -f node_modules' EXIT
node_modules/.bin/n8n-node lint
