#!/usr/bin/env bash
# Installs n8n's community-package scanner (@n8n/scan-community-package, pinned by scanner/package-lock.json) into
# the project-local .cache/n8n-scanner/, outside the project's own dependencies (it brings its own eslint 9.29 and
# TypeScript 7). --ignore-scripts: eslint-plugin-n8n-nodes-base's preinstall runs `npx only-allow pnpm`, which
# fails under npm with no terminal; nothing in the tree needs an install script.
#
# Idempotent (a marker holds the lock it installed); prints time and disk to stderr and `SCANNER_DIR=...` on stdout.
# Environment: N8N_E2E_CACHE overrides the cache folder (default <repo>/.cache).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="${N8N_E2E_CACHE:-$ROOT/.cache}"
DIR="$CACHE/n8n-scanner"
log() { echo "[install-scanner] $*" >&2; }
start="$(date +%s.%N)"
mkdir -p "$CACHE"
exec 9>"$CACHE/.install-scanner.lock"
flock 9
if cmp -s "$HERE/scanner/package-lock.json" "$DIR/.installed" 2>/dev/null && [[ -d "$DIR/node_modules/@n8n/scan-community-package" ]]; then
  log "already installed in $DIR"
else
  rm -rf "$DIR" && mkdir -p "$DIR"
  cp "$HERE/scanner/package.json" "$HERE/scanner/package-lock.json" "$DIR/"
  (cd "$DIR" && npm_config_yes=true npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  cp "$HERE/scanner/package-lock.json" "$DIR/.installed"
fi
log "done in $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')s; disk: $(du -sh "$DIR" | cut -f1)"
echo "SCANNER_DIR=$DIR"
