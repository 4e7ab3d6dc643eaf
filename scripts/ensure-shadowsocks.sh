#!/usr/bin/env bash
# Makes sure shadowsocks-libev (ss-manager, ss-server, ss-local) is there for the ss-manager integration test.
# Without root it cannot install: the test then skips with a message saying so.
set -euo pipefail
if command -v ss-manager >/dev/null && command -v ss-server >/dev/null && command -v ss-local >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "! shadowsocks-libev is missing and this is not root: the ss-manager integration test will be skipped (apt-get install -y shadowsocks-libev)." >&2
  exit 0
fi
echo "Installing Debian's shadowsocks-libev for the ss-manager integration test…"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq shadowsocks-libev >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq shadowsocks-libev >/dev/null; }
