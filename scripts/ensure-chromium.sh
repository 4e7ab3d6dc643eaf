#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for Playwright (its own browser download does not work here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "✖ Chromium is missing at $chromium_path. Install it as root: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
