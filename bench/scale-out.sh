#!/usr/bin/env bash
# Several Switchboard instances on one PostgreSQL: cross-instance stream latency, and SendMessage
# throughput with one, two and three instances. Everything is started here and stopped at the end:
# a throw-away PostgreSQL cluster from the machine's binaries (fsync and synchronous_commit on, as
# in production: the point is durable commits), and up to three Tomcat 11 instances of the WAR on
# loopback, each with the PostgreSQL driver in its own lib, as the deployment guide says.
#   bench/scale-out.sh              (after mvn package; needs wrk, node, java, PostgreSQL's binaries)
#   SMOKE=1 bench/scale-out.sh      tiny counts, a few seconds per row: proves the script still runs
#
# 1. Latency. The WAR copy gets one more skill, bench/scale-out/TickerSkill.java (compiled here
#    against the WAR's classes, added to WEB-INF/lib as a deployer adds a skill): a task on
#    instance A stores a status update every INTERVAL_MS. bench/scale-out/latency.mjs streams each
#    task on A (SendStreamingMessage) and subscribes to it on B (SubscribeToTask, Last-Event-ID =
#    A's first event) and reports, over the ticks stored after B's subscription was open:
#    "B after A" (arrival on B's client minus arrival of the same event id on A's client, one
#    process, one clock), "stored on A -> A" and "stored on A -> B" (from the time the skill took
#    in A's JVM just before handing the update to the store, so these include the commit), and
#    the events B lost, got twice or got without A having them (all must be 0). The same run with
#    the subscriber on A itself comes first: the one-instance figure to compare with.
# 2. Throughput. One wrk per instance at the same time (a round-robin balancer's shape), CONNS
#    connections in all split between them, DURATION per row after a WARMUP on each new instance,
#    JSON-RPC SendMessage to the catalogue skill with a fresh messageId per request
#    (bench/wrk/report.lua). req/s is summed; p50/p99 are the worst instance's; CPU us/req counts
#    every Tomcat JVM and the PostgreSQL server processes. Instance B and C are started only for
#    their rows, so a row measures exactly that many instances. Tasks accumulate from row to row.
#
# Knobs: WAR (target/switchboard.war), TOMCAT_HOME (else bench/tomcat-home.sh fetches the pom's),
#   PG_BIN (newest /usr/lib/postgresql/*/bin), PG_JDBC (the driver jar, from ~/.m2),
#   INSTANCES ("1 2 3"), DURATION (10s), WARMUP (10s), CONNS (64), TASKS (40), CONCURRENCY (8),
#   TICKS (50), INTERVAL_MS (20), DELAY_MS (500), WRK_TIMEOUT (10s: a slower answer counts as a
#   socket error, not in p99), JAVA_OPTS (-Xmx512m), KEEP=1 keeps the work
#   directory (logs of every server) and prints where it is.
# Rate limits are off in every instance (docs/performance.md, "Benchmark configuration").
# Exit status: 1 when B lost, duplicated or invented an event, a latency task failed, or a
# SendMessage got a non-2xx answer.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD/bench
if [[ -n ${SMOKE:-} ]]; then
  : "${DURATION:=2s}" "${WARMUP:=1s}" "${CONNS:=8}" "${TASKS:=4}" "${CONCURRENCY:=2}" "${TICKS:=5}"
  : "${INTERVAL_MS:=20}" "${DELAY_MS:=300}"
fi
DURATION=${DURATION:-10s} WARMUP=${WARMUP:-10s} CONNS=${CONNS:-64} INSTANCES=${INSTANCES:-1 2 3}
export TASKS=${TASKS:-40} CONCURRENCY=${CONCURRENCY:-8} TICKS=${TICKS:-50} INTERVAL_MS=${INTERVAL_MS:-20}
export DELAY_MS=${DELAY_MS:-500}
war=${WAR:-target/switchboard.war}
[[ -f $war ]] || { echo "build first: mvn package (or WAR=path)" >&2; exit 1; }
for tool in wrk node java javac jar curl unzip; do
  command -v "$tool" >/dev/null || { echo "scale-out.sh needs $tool (wrk: apt-get install wrk)" >&2; exit 1; }
done
pg_bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}
[[ -x $pg_bin/initdb ]] || { echo "no PostgreSQL binaries (apt-get install postgresql, or PG_BIN=dir)" >&2; exit 1; }
pg_jdbc=${PG_JDBC:-$(ls ~/.m2/repository/org/postgresql/postgresql/*/postgresql-*.jar 2>/dev/null | sort -V | tail -n1)}
[[ -f $pg_jdbc ]] || { echo "no PostgreSQL JDBC driver: mvn dependency:resolve, or PG_JDBC=jar" >&2; exit 1; }
tomcat_home=$(bench/tomcat-home.sh)

# PostgreSQL refuses to run as root: then the cluster belongs to nobody (as in the tests' TestPostgres)
work=$(mktemp -d /tmp/switchboard-scale-out-XXXXXX)
chmod 755 "$work"
as_pg=()
if [[ $(id -u) == 0 ]]; then as_pg=(runuser -u nobody --); fi
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ -f $work/pg/postmaster.pid ]]; then
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [[ -n ${KEEP:-} ]]; then echo "work directory (server logs): $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# --- the WAR with the ticker skill --------------------------------------------------------------
mkdir -p "$work/war/skill/META-INF/services"
unzip -q "$war" WEB-INF/lib/switchboard-classes.jar -d "$work/war"
javac --release 17 -nowarn -cp "$work/war/WEB-INF/lib/switchboard-classes.jar" -d "$work/war/skill" "$here/scale-out/TickerSkill.java"
echo dev.switchboard.bench.ticker.TickerSkill > "$work/war/skill/META-INF/services/dev.switchboard.skill.Skill"
mkdir -p "$work/war/add/WEB-INF/lib"
jar --create --file "$work/war/add/WEB-INF/lib/bench-ticker.jar" -C "$work/war/skill" .
cp "$war" "$work/war/ROOT.war"
jar --update --file "$work/war/ROOT.war" -C "$work/war/add" WEB-INF/lib/bench-ticker.jar

# --- PostgreSQL ---------------------------------------------------------------------------------
pg_port=$(bench/free-port.sh)
mkdir -p "$work/pg" "$work/pg-socket"
[[ ${#as_pg[@]} -eq 0 ]] || chown nobody "$work/pg" "$work/pg-socket"
"${as_pg[@]}" "$pg_bin/initdb" -D "$work/pg" -A trust -U postgres -E UTF8 --no-locale >"$work/initdb.log" 2>&1 \
  || { cat "$work/initdb.log" >&2; exit 1; }
# durable (fsync, synchronous_commit, full_page_writes on: the defaults); room for three pools; no
# checkpoint in the middle of a row; no JIT for short OLTP statements
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w -t 60 -o "-p $pg_port -k $work/pg-socket \
  -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB -c max_wal_size=4GB \
  -c checkpoint_timeout=30min -c jit=off -c fsync=on -c synchronous_commit=on" start >/dev/null
"$pg_bin/psql" -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -c 'CREATE DATABASE switchboard' >/dev/null
pg_version=$("$pg_bin/postgres" --version | awk '{print $3}')

# --- Tomcat instances ---------------------------------------------------------------------------
declare -A url pid_of
start_instance() { # name
  local name=$1 base=$work/$1 port deadline
  port=$(bench/free-port.sh)
  # the shared harness's bare-Tomcat configuration: one NIO connector, defaults, no access log
  bench/tomcat-base.sh "$base" "$port"
  mkdir -p "$base/lib"
  cp "$pg_jdbc" "$base/lib/"
  # instances on one database share the keys the first one made in its data directory (push
  # secrets, signing keys), as an operator copies them
  if [[ $name != a ]]; then cp "$work"/a/data/*.key "$work"/a/data/*.jwk "$base/data/" 2>/dev/null || true; fi
  cp "$work/war/ROOT.war" "$base/webapps/ROOT.war"
  CATALINA_HOME=$tomcat_home CATALINA_BASE=$base CATALINA_PID= JAVA_OPTS=${JAVA_OPTS:--Xmx512m} \
    SWITCHBOARD_JDBC_URL="jdbc:postgresql://127.0.0.1:$pg_port/switchboard" SWITCHBOARD_JDBC_USER=postgres \
    SWITCHBOARD_INSTANCE_ID="$name" SWITCHBOARD_DATA_DIR="$base/data" SWITCHBOARD_PUBLIC_URL="http://127.0.0.1:$port" \
    SWITCHBOARD_LIMIT_ANONYMOUS_PER_MINUTE=0 SWITCHBOARD_LIMIT_DAILY=0 SWITCHBOARD_LIMIT_ANONYMOUS_TASKS_PER_MINUTE=0 \
    setsid bash "$tomcat_home/bin/catalina.sh" run > "$base/logs/console.log" 2>&1 &
  pid_of[$name]=$!
  pids+=("$!")
  url[$name]=http://127.0.0.1:$port
  deadline=$((SECONDS + 180))
  until curl -sf -o /dev/null "${url[$name]}/health/ready"; do
    if ((SECONDS > deadline)) || ! kill -0 "${pid_of[$name]}" 2>/dev/null; then
      echo "instance $name did not get ready; its console:" >&2; tail -40 "$base/logs/console.log" >&2; exit 1
    fi
    sleep 0.25
  done
}

# CPU ticks of every Tomcat JVM and of the PostgreSQL server (postmaster, its live children, and
# the children it has reaped)
cpu_ticks() {
  local total=0 p postmaster
  for p in "${pids[@]}"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0))); done
  postmaster=$(head -n1 "$work/pg/postmaster.pid")
  total=$((total + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$postmaster/stat")))
  for p in $(ps -o pid= --ppid "$postmaster"); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

json=$'Content-Type: application/json\nA2A-Version: 1.0'
wrk_on() { # url connections duration -> LOAD line
  LOAD_METHOD=POST LOAD_HEADERS=$json LOAD_BODY=$here/bodies/send.json \
    wrk -t1 -c"$2" -d"$3" --timeout "${WRK_TIMEOUT:-10s}" -s "$here/wrk/report.lua" "$1/a2a/jsonrpc" | grep '^LOAD'
}

failed=0
throughput_rows=()
throughput() { # n: the first n instances, at once
  local n=$1 names=(a b c) i conns before after
  conns=$(( (CONNS + n - 1) / n ))
  before=$(cpu_ticks)
  local loads=()
  for ((i = 0; i < n; i++)); do
    wrk_on "${url[${names[i]}]}" "$conns" "$DURATION" > "$work/wrk-$n-$i.out" &
    loads+=("$!")
  done
  wait "${loads[@]}"
  after=$(cpu_ticks)
  throughput_rows+=("$(cat "$work"/wrk-"$n"-*.out | awk -v n="$n" -v conns="$conns" -v ticks=$((after - before)) \
      -v hz="$(getconf CLK_TCK)" '{
    for (i = 2; i <= NF; i++) { split($i, p, "="); v[p[1]] = p[2] }
    requests += v["requests"]; rps += v["requests"] / (v["duration_us"] / 1e6)
    if (v["p50_us"] > p50) p50 = v["p50_us"]; if (v["p99_us"] > p99) p99 = v["p99_us"]
    non2xx += v["non2xx"]; sockerr += v["socket_errors"]; runs++ }
    END { cpu = requests ? sprintf("%.0f", ticks * 1e6 / hz / requests) : "-"
      printf "%d %d %d %.0f %.2f %.2f %d %d %s\n", n, runs, conns, rps, p50 / 1000, p99 / 1000, non2xx, sockerr, cpu }')")
  [[ $(awk '{print $7}' <<< "${throughput_rows[-1]}") == 0 ]] || failed=1
}

warm_up() { wrk_on "${url[$1]}" "$(( CONNS < 8 ? CONNS : 8 ))" "$WARMUP" > /dev/null; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%FT%TZ)
want() { [[ " $INSTANCES " == *" $1 "* ]]; }
start_instance a
warm_up a
want 1 && throughput 1
start_instance b
warm_up b
# the same measurement with the subscriber on A itself first: what one instance gives, to compare
node "$here/scale-out/latency.mjs" "${url[a]}" "${url[a]}" > "$work/latency-a.out" 2> "$work/latency-a.err" || failed=1
node "$here/scale-out/latency.mjs" "${url[a]}" "${url[b]}" > "$work/latency-b.out" 2> "$work/latency-b.err" || failed=1
want 2 && throughput 2
if want 3; then start_instance c; warm_up c; throughput 3; fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo
echo "Switchboard scale-out, $started, $(nproc) cores, load average $load_before at start, $load_after at end"
echo "PostgreSQL $pg_version (fsync on, synchronous_commit on), $(basename "$pg_jdbc"), Tomcat $(basename "$tomcat_home"), $(java -version 2>&1 | head -n1)"
echo "WAR $war ($(git log -1 --format=%h 2>/dev/null || echo '?') $(git rev-parse --abbrev-ref HEAD 2>/dev/null || true))"
echo
echo "Stream latency: task on A, stream on A, subscriber on A (one instance) or on B (across instances)"
echo "($TASKS tasks, $CONCURRENCY at a time, $TICKS ticks $INTERVAL_MS ms apart, timed: ticks stored after the subscription opened)"
printf "%-32s %7s %8s %8s %8s %8s\n" measure events "p50 ms" "p90 ms" "p99 ms" "max ms"
for on in a b; do
  awk -v on="${on^^}" '/^LATENCY/ { for (i = 2; i <= NF; i++) { split($i, p, "="); v[p[1]] = p[2] }
    name = v["measure"] == "aToB" ? "subscriber on " on " after A stream" : v["measure"] == "tickToA" ? "stored on A -> A stream" : "stored on A -> subscriber on " on
    if (on == "A" || v["measure"] != "tickToA") printf "%-32s %7d %8s %8s %8s %8s\n", name, v["n"], v["p50_ms"], v["p90_ms"], v["p99_ms"], v["max_ms"] }' "$work/latency-$on.out"
done
for on in a b; do
  awk -v on="${on^^}" '/^EVENTS/ { for (i = 2; i <= NF; i++) { split($i, p, "="); v[p[1]] = p[2] }
    printf "subscriber on %s: A streamed %d events, it got %d; lost %d, duplicated %d, unexpected %d; tasks %d, %d failed; %d ticks before it subscribed\n",
      on, v["a_events"], v["b_events"], v["lost"], v["duplicated"], v["unexpected"], v["tasks"], v["failed_tasks"], v["ticks_before_subscribed"] }' "$work/latency-$on.out"
  if [[ -s $work/latency-$on.err ]]; then echo "  client errors (first 3):"; head -n3 "$work/latency-$on.err" | sed 's/^/  /'; fi
done
echo
echo "SendMessage (JSON-RPC, durable), one wrk per instance at once, $CONNS connections in all, $DURATION per row"
printf "%-9s %9s %7s %11s %11s %7s %7s %11s\n" instances "req/s" "x 1" "p50 ms max" "p99 ms max" non2xx sockerr "cpu us/req"
base_rps=""
for row in "${throughput_rows[@]}"; do
  read -r n runs conns rps p50 p99 non2xx sockerr cpu <<< "$row"
  base_rps=${base_rps:-$rps}
  printf "%-9s %9s %7s %11s %11s %7s %7s %11s\n" "$n x $conns" "$rps" \
    "$(awk -v r="$rps" -v b="$base_rps" 'BEGIN { printf "%.2f", b ? r / b : 0 }')" "$p50" "$p99" "$non2xx" "$sockerr" "$cpu"
done
echo "(cpu us/req: every Tomcat JVM plus the PostgreSQL server, over the row, per request; x 1: req/s over the first row's)"
exit "$failed"
