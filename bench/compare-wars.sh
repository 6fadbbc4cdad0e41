#!/usr/bin/env bash
# Builds of the WAR side by side under the same SendMessage load, for before/after figures of a
# change: each WAR runs as ROOT of a fresh Tomcat (the pom's version, in the shared harness's
# bare-Tomcat configuration: one HTTP/1.1 connector with Tomcat's defaults, no access log) on a
# fresh data directory with rate limits off, ROUNDS times, the WARs alternating so all see the
# same machine. Per server: WARMUP of load, then ROWS rows of bench/load.sh's SendMessage, each
# printed with req/s, server CPU µs per request and KB the server wrote per request (wchar of
# /proc/PID/io: the store's file and the sockets); at the end each WAR's mean over its rows.
#   bench/compare-wars.sh BEFORE.war AFTER.war [MORE.war ...]
# Knobs: ROUNDS=2 WARMUP=60s ROWS=2 DURATION=20s CONNS=64 JAVA_OPTS=; TOMCAT_HOME= runs that
# Tomcat instead of the pom's version (bench/tomcat-home.sh). WARs are told apart by file name.
set -euo pipefail
cd "$(dirname "$0")/.."
(($# >= 2)) || { echo "usage: compare-wars.sh BEFORE.war AFTER.war [...]" >&2; exit 2; }
for war in "$@"; do [[ -f $war ]] || { echo "no such WAR: $war" >&2; exit 2; }; done
command -v wrk >/dev/null || { echo "compare-wars.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
ROUNDS=${ROUNDS:-2} WARMUP=${WARMUP:-60s} ROWS=${ROWS:-2} DURATION=${DURATION:-20s}
export CONNS=${CONNS:-64} SCENARIOS=send
work=target/bench
mkdir -p "$work"
home=$(bench/tomcat-home.sh)
written_kb() { awk '/^wchar/ {print int($2 / 1024)}' "/proc/$1/io"; }
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT

one_server() { # war
  local base port pid url label=${1##*/}
  base=$(mktemp -d "$PWD/$work/compare-XXXX"); port=$(bench/free-port.sh); url=http://127.0.0.1:$port
  bench/tomcat-base.sh "$base" "$port"
  cp "$1" "$base/webapps/ROOT.war"
  CATALINA_HOME=$home CATALINA_BASE=$base SWITCHBOARD_DATA_DIR=$base/data \
    SWITCHBOARD_LIMIT_ANONYMOUS_PER_MINUTE=0 SWITCHBOARD_LIMIT_DAILY=0 SWITCHBOARD_LIMIT_ANONYMOUS_TASKS_PER_MINUTE=0 \
    setsid bash "$home/bin/catalina.sh" run > "$base/logs/console.log" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    curl -sf -o /dev/null "$url/health/ready" && break
    sleep 0.2
  done
  curl -sf -o /dev/null "$url/health/ready" || { echo "$label did not become ready; see $base/logs" >&2; exit 1; }
  DURATION=$WARMUP bash bench/load.sh "$url" "$pid" > /dev/null
  for row in $(seq "$ROWS"); do
    local before line
    before=$(written_kb "$pid")
    line=$(DURATION=$DURATION bash bench/load.sh "$url" "$pid" | awk '$1 == "send"')
    # load.sh: scenario req/s p50 p99 non2xx sockerr cpu; requests = req/s × the row's seconds
    awk -v war="$label" -v row="$row" -v kb=$(($(written_kb "$pid") - before)) -v secs="${DURATION%s}" '{
      n = $2 * secs
      printf "%-28s row %d %7.0f req/s %7s cpu us/req %7.1f KB written/req %5d non-2xx\n",
        war, row, $2, $7, (n > 0 ? kb / n : 0), $5 }' <<< "$line" | tee -a "$rows"
  done
  kill -- -"$pid" 2>/dev/null || kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$base"
}

for _ in $(seq "$ROUNDS"); do
  for war in "$@"; do one_server "$war"; done
done
echo "--- each WAR's mean over its rows"
awk '{n[$1]++; rps[$1] += $4; cpu[$1] += $6; kb[$1] += $9}
  END {for (w in n) printf "%-28s %7.0f req/s %7.0f cpu us/req %7.1f KB written/req (%d rows)\n",
    w, rps[w] / n[w], cpu[w] / n[w], kb[w] / n[w], n[w]}' "$rows"
