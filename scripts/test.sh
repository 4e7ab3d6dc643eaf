#!/usr/bin/env bash
# The whole test run, as CI runs it: typecheck, lint, unit and integration tests, production build, end-to-end tests.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-debian.sh required "the end-to-end tests' browser" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium || exit 1
bash scripts/ensure-debian.sh required "the end-to-end tests' reverse proxy" nginx,envsubst nginx-light gettext-base || exit 1
bash scripts/ensure-debian.sh required "the end-to-end tests' shared cache (two app instances)" redis-server redis-server || exit 1
bash scripts/ensure-debian.sh optional "the ss-manager integration test" ss-manager,ss-server,ss-local shadowsocks-libev
bash scripts/ensure-debian.sh optional "the Xray JSON check and the vless real-client test" v2ray v2ray
bash scripts/ensure-debian.sh optional "the trojan real-client test" trojan trojan
bash scripts/ensure-debian.sh optional "the WireGuard real-client test" wg,wg-quick,wireguard-go,nft wireguard-tools wireguard-go nftables
bash scripts/ensure-debian.sh optional "the OpenVPN real-client test" openvpn openvpn
bash scripts/ensure-debian.sh optional "the backup and restore drill and tests and the backup alert (Debian's PostgreSQL, its pg_dump, pg_restore and psql; rclone for the S3 copy; age to encrypt it)" pg_dump,pg_restore,psql,pg_ctlcluster,rclone,age postgresql rclone age
bash scripts/ensure-debian.sh optional "the Prometheus configuration, alert rule tests and scrape (promtool, prometheus)" promtool,prometheus prometheus
bash scripts/ensure-debian.sh optional "the SoftEther adapter's tests" /usr/libexec/softether/vpnserver/vpnserver,vpncmd softether-vpnserver softether-vpncmd
rm -rf .test && mkdir -p .test

status=0
step() {
  local name="$1"; shift
  echo
  echo "── $name"
  local started=$SECONDS
  if "$@"; then
    echo "── $name: ok ($((SECONDS - started)) s)"
  else
    echo "── $name: FAILED ($((SECONDS - started)) s)"
    status=1
    return 1
  fi
}

# The static checks side by side, each on one core; what each printed follows, then whether it passed. Each keeps
# what it learned in .cache/ (TypeScript's incremental state, ESLint's results by file content): a file unchanged since
# the last run is not checked again, by TypeScript unless a file it depends on changed.
static_checks() {
  npm run --silent typecheck > .test/typecheck.log 2>&1 &
  local typecheck=$!
  npm run --silent lint > .test/lint.log 2>&1 &
  local lint=$!
  local failed=0
  wait "$typecheck" && types_checked=true || { echo "typecheck: FAILED"; failed=1; }
  cat .test/typecheck.log
  wait "$lint" || { echo "lint: FAILED"; failed=1; }
  cat .test/lint.log
  # The code's boundaries (no import circle, src/lib never importing the config): a few seconds, after the two above.
  npm run --silent lint:deps || { echo "lint:deps: FAILED"; failed=1; }
  return $failed
}

types_checked=false
step "typecheck and lint" static_checks
# The production build beside the unit and integration tests: those wait on real servers, clients and databases about
# a quarter of the time (vmstat over that phase: 27 % of both cores idle), which the build's compiling takes up. Types
# were checked above: the build does not check them again (next.config.ts). Its output follows the tests'.
env VPNKEYS_TYPES_CHECKED="$types_checked" npm run build > .test/build.log 2>&1 &
build_pid=$!
build_started=$SECONDS
step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.test/vitest.json
built() {
  local failed=0
  wait "$build_pid" || failed=1
  cat .test/build.log
  echo "(the build ran beside the tests: $((SECONDS - build_started)) s from its start)"
  return $failed
}
if step "production build" built; then
  # Four distinct free ports at once (each held until all are chosen): the sites' public addresses.
  read -r port second_port yookassa_port cluster_port < <(node -e "
    const net = require('net')
    const servers = [0, 1, 2, 3].map(() => net.createServer())
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(' '))
      servers.forEach((s) => s.close())
    })")
  port="${E2E_PORT:-$port}"
  second_port="${E2E_SECOND_PORT:-$second_port}"
  yookassa_port="${E2E_YOOKASSA_PORT:-$yookassa_port}"
  cluster_port="${E2E_CLUSTER_PORT:-$cluster_port}"
  step "end-to-end tests" env E2E_PORT="$port" E2E_SECOND_PORT="$second_port" E2E_YOOKASSA_PORT="$yookassa_port" E2E_CLUSTER_PORT="$cluster_port" npx playwright test
fi

echo
node scripts/test-summary.mjs || status=1
exit $status
