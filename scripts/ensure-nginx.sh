#!/usr/bin/env bash
# Makes sure Debian's nginx is there: the end-to-end tests run the site behind it, with deploy/nginx's template.
set -euo pipefail
if command -v nginx >/dev/null && command -v envsubst >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "✖ nginx (and envsubst) are missing. Install them as root: apt-get update && apt-get install -y nginx-light gettext-base." >&2
  exit 1
fi
echo "Installing Debian's nginx for the end-to-end tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq nginx-light gettext-base >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nginx-light gettext-base >/dev/null; }
