#!/usr/bin/env bash
# The whole test run, as CI runs it: typecheck, lint, unit and integration tests, production build, end-to-end tests.
set -uo pipefail
cd "$(dirname "$0")/.."

# The installed packages and the build's kept memory read ahead, a few files at a time, into the page cache: every
# step after loads thousands of small files from them one at a time, and on a machine that has not read them lately
# (a fresh CI machine, or caches moved back in) the first two minutes of clone 96 waited on the disk a third to two
# thirds of the time (`vmstat 5`: wa). Read ahead, 1.8 GB take about 10 s, beside the installs below.
( find node_modules .next/cache -type f -print0 2> /dev/null | nice xargs -0 -r -n 256 -P 4 cat > /dev/null 2>&1 & )

bash scripts/ensure-debian.sh required "the end-to-end tests' browser (Chromium's headless shell)" "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell || exit 1
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
# The production build beside the unit and integration tests: those wait on real servers, clients and databases much
# of the time, which the build's compiling takes up. Types were checked above: the build does not check them again
# (next.config.ts). As soon as it is done, the end-to-end sites start beside the tests too (tests/helpers/e2eSites.ts:
# one PostgreSQL migrated and seeded, five instances, nginx), so their start-up (about 30 s of both cores) takes up
# the tests' idle time rather than the end-to-end phase's. Their public ports are chosen just before they start (four
# distinct free ports, each held until all are chosen), which the sites hold at once. Build and sites run in a process
# group of their own, stopped at the end; their output follows the tests' (.test/build.log, .test/sites.log).
setsid bash -c '
  env VPNKEYS_TYPES_CHECKED="$1" npm run build > .test/build.log 2>&1
  code=$?
  echo "$code $SECONDS" > .test/build.status
  [ "$code" = 0 ] || exit "$code"
  # Ports given (E2E_PORT, E2E_SECOND_PORT, E2E_YOOKASSA_PORT, E2E_CLUSTER_PORT) are used as they are.
  if [ -n "${E2E_PORT:-}" ] && [ -n "${E2E_SECOND_PORT:-}" ] && [ -n "${E2E_YOOKASSA_PORT:-}" ] && [ -n "${E2E_CLUSTER_PORT:-}" ]; then
    echo "$E2E_PORT $E2E_SECOND_PORT $E2E_YOOKASSA_PORT $E2E_CLUSTER_PORT" > .test/ports
  else node -e "
    const net = require(\"net\")
    const servers = [0, 1, 2, 3].map(() => net.createServer())
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, \"127.0.0.1\", r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(\" \"))
      servers.forEach((s) => s.close())
    })" > .test/ports.next && mv .test/ports.next .test/ports
  fi
  read -r E2E_PORT E2E_SECOND_PORT E2E_YOOKASSA_PORT E2E_CLUSTER_PORT < .test/ports
  export E2E_PORT E2E_SECOND_PORT E2E_YOOKASSA_PORT E2E_CLUSTER_PORT
  exec node --import tsx tests/helpers/e2eSites.ts > .test/sites.log 2>&1
' build-then-sites "$types_checked" &
sites=$!
stop_sites() {
  kill -TERM -- -"$sites" 2> /dev/null || return 0
  for _ in $(seq 1 30); do kill -0 -- -"$sites" 2> /dev/null || return 0; sleep 0.5; done
  kill -KILL -- -"$sites" 2> /dev/null || true
}
trap stop_sites EXIT

step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.test/vitest.json
built() {
  while [ ! -f .test/build.status ] && kill -0 "$sites" 2> /dev/null; do sleep 1; done
  cat .test/build.log
  local code took
  read -r code took < .test/build.status 2> /dev/null || code=1
  echo "(the build took ${took:-?} s, beside the tests)"
  [ "$code" = 0 ]
}
# The sites answer through nginx once all are up (the cluster's, started last), or their process has ended.
sites_up() {
  while [ ! -f .test/ports ] && kill -0 "$sites" 2> /dev/null; do sleep 1; done
  [ -f .test/ports ] || return 1
  read -r E2E_PORT E2E_SECOND_PORT E2E_YOOKASSA_PORT E2E_CLUSTER_PORT < .test/ports
  export E2E_PORT E2E_SECOND_PORT E2E_YOOKASSA_PORT E2E_CLUSTER_PORT
  node -e "
    const http = require('http')
    // Ending any other way than by an answer (a request left waiting with nothing else to do) is not up.
    process.exitCode = 1
    const deadline = Date.now() + 240_000
    const alive = () => { try { process.kill($sites, 0); return true } catch { return false } }
    // Until an answer 200 (an unanswered request is given up after 2 s; a connection closed at once, as the ports held
    // until nginx takes them do, is no answer), as long as the sites' process lives.
    const ask = () => new Promise((resolve) => {
      const request = http.get({ host: '127.0.0.1', port: process.env.E2E_CLUSTER_PORT, path: '/bench.txt', timeout: 2_000 }, (answer) => {
        answer.resume()
        resolve(answer.statusCode === 200)
      })
      request.on('timeout', () => request.destroy())
      request.on('error', () => resolve(false))
    })
    const poll = async () => {
      for (;;) {
        if (await ask()) process.exit(0)
        if (!alive() || Date.now() > deadline) process.exit(1)
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
    void poll()"
}
end_to_end() {
  if ! sites_up; then
    echo "The end-to-end sites did not start; what they printed:"
    tail -n 200 .test/sites.log 2> /dev/null
    return 1
  fi
  env E2E_SITES=started npx playwright test && return 0
  echo "The end-to-end sites' last lines (all of them in .test/sites.log):"
  tail -n 100 .test/sites.log
  return 1
}
if step "production build" built; then
  step "end-to-end tests" end_to_end
fi
stop_sites

echo
node scripts/test-summary.mjs || status=1
exit $status
