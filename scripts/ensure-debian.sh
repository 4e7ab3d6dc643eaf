#!/usr/bin/env bash
# Makes sure Debian packages the tests need are installed: ensure-debian.sh required|optional "why" cmd[,cmd…] package…
# As root it installs what is missing; otherwise a required package stops the run with the command to type, and
# an optional one only warns (the tests that need it skip with a message saying so).
set -euo pipefail
need="$1" why="$2" commands="$3"
shift 3
missing=0
IFS=',' read -ra names <<<"$commands"
for name in "${names[@]}"; do
  if [ "${name#/}" != "$name" ]; then [ -x "$name" ] || missing=1; else command -v "$name" >/dev/null || missing=1; fi
done
[ "$missing" = 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  if [ "$need" = required ]; then
    echo "✖ $* missing ($why). Install as root: apt-get update && apt-get install -y $*" >&2
    exit 1
  fi
  echo "! $* missing and this is not root: $why will be skipped (apt-get install -y $*)." >&2
  exit 0
fi
echo "Installing Debian's $* for $why…"
export DEBIAN_FRONTEND=noninteractive
# No recommended extras: wireguard-tools alone would recommend a whole kernel image.
apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
