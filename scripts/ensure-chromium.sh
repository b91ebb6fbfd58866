#!/usr/bin/env bash
# The sidebar browser tests drive Debian's Chromium (npm's browser downloads cannot reach their hosts
# here). Install it when it is missing and we may (root with apt-get); otherwise say what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
else
  echo "Note: /usr/bin/chromium is missing; the browser tests will be skipped. Install it with: sudo apt-get install -y chromium" >&2
fi
