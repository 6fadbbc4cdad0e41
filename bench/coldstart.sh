#!/usr/bin/env bash
# Cold start of target/switchboard.war as ROOT of a fresh Tomcat 11, next to the same Tomcat
# serving a static card file (the baseline), both in the shared harness's bare-Tomcat
# configuration (bench/tomcat-base.sh: one connector, no access log, no user database). Each
# Switchboard start measures JVM launch to the first 200 on the Agent Card and to the first
# answered SendMessage (JSON-RPC, A2A 1.0: a result carrying a task); each bare start measures
# launch to its first static 200. Starts alternate (Switchboard, bare, Switchboard, ...) so both
# see the same machine; medians of RUNS each.
#   bench/coldstart.sh [RUNS]        (after mvn package; 5 runs when not given)
# JAVA_OPTS is passed on to the Switchboard starts, e.g.
#   JAVA_OPTS="-XX:SharedArchiveFile=target/bench/switchboard.jsa -Xshare:auto"
# The data directory is a restart's: the warm-up start creates it and every start begins from a
# copy of it (schema current, one task stored). DATA=fresh starts every time from an empty one.
# CDS=1 records an AppCDS archive in the warm-up start (-XX:ArchiveClassesAtExit) and maps it in
# every Switchboard start after it (-XX:SharedArchiveFile, -Xshare:auto), as the Docker image does.
# KEEP_LOGS=1 keeps each start's console log in target/bench/logs. TOMCAT_HOME= runs that Tomcat
# instead of the pom's version (bench/tomcat-home.sh).
# On Linux both Tomcats run with <Resources allowLinking="true"/> in conf/context.xml, as cargo:run
# and the image configure theirs (README, Deployment); ALLOW_LINKING=false measures Tomcat's default.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
war=${WAR:-target/switchboard.war}   # WAR=path measures another build
if [[ $(uname -s) == Linux ]]; then allow_linking=${ALLOW_LINKING:-true}; else allow_linking=false; fi
[[ -f $war ]] || { echo "build first: mvn package" >&2; exit 1; }
work=target/bench
mkdir -p "$work"
home=$(bench/tomcat-home.sh)

# an ephemeral port (32768+ on Linux), so never one of the fixed 81xx/82xx ports of other servers
now() { date +%s%N; }
ms_since() { echo $(( ($(now) - $1) / 1000000 )); }
# CPU milliseconds the JVM has used (all its threads): unlike the wall time, hardly moved by load
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{printf "%d", ($14 + $15) * 1000 / hz}' "/proc/$1/stat" 2>/dev/null || echo 0; }
send='{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"cold-1","role":"ROLE_USER","parts":[{"text":"Does CrewAI support A2A?"}]}}}'

# one start: prints "CARD_MS SEND_MS CPU_MS" for switchboard, "STATIC_MS CPU_MS" for the baseline
# (CPU_MS: the JVM's CPU time when the last of them answered)
start_once() { # kind
  local base port start pid card cpu send_ms=""
  base=$(mktemp -d "$PWD/$work/base-XXXX"); port=$(bench/free-port.sh)
  bench/tomcat-base.sh "$base" "$port"
  if [[ $allow_linking == true ]]; then
    sed -i 's|</Context>|<Resources allowLinking="true"/></Context>|' "$base/conf/context.xml"
  fi
  local opts=""
  if [[ $1 == switchboard ]]; then
    cp "$war" "$base/webapps/ROOT.war"
    opts=${JAVA_OPTS:-}
    [[ ${DATA:-} != fresh && -d $work/data-current ]] && rm -rf "$base/data" && cp -r "$work/data-current" "$base/data"
  else
    mkdir -p "$base/webapps/ROOT/.well-known" && cp "$work/card.json" "$base/webapps/ROOT/.well-known/agent-card.json"
  fi
  start=$(now)
  CATALINA_HOME=$home CATALINA_BASE=$base JAVA_OPTS=$opts SWITCHBOARD_DATA_DIR=$base/data \
    SWITCHBOARD_LIMIT_ANONYMOUS_PER_MINUTE=0 SWITCHBOARD_LIMIT_DAILY=0 \
    setsid bash "$home/bin/catalina.sh" run > "$base/logs/console.log" 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/.well-known/agent-card.json"; do
    sleep 0.02
    (( $(now) - start < 120000000000 )) || { echo "no card after 120 s; see $base/logs" >&2; break; }
  done
  card=$(ms_since "$start"); cpu=$(cpu_ms "$pid")
  if [[ $1 == switchboard ]]; then
    [[ -f $work/card.json ]] || curl -sf "http://127.0.0.1:$port/.well-known/agent-card.json" > "$work/card.json"
    # a call waits in the server while the store or Jersey start; a refused one is retried at once
    until curl -s -m 90 "http://127.0.0.1:$port/a2a/jsonrpc" -H 'Content-Type: application/json' \
        -H 'A2A-Version: 1.0' -d "$send" | grep -q '"result":{"task":'; do
      (( $(now) - start < 120000000000 )) || { echo "no answered SendMessage after 120 s; see $base/logs" >&2; break; }
    done
    send_ms=$(ms_since "$start"); cpu=$(cpu_ms "$pid")
  fi
  kill -- -"$pid" 2>/dev/null || kill "$pid"; wait "$pid" 2>/dev/null || true
  [[ $1 == switchboard && ! -d $work/data-current ]] && cp -r "$base/data" "$work/data-current"
  if [[ -n ${KEEP_LOGS:-} ]]; then mkdir -p "$work/logs"; cp "$base/logs/console.log" "$work/logs/$1-$(now).log"; fi
  rm -rf "$base"
  echo "$card${send_ms:+ $send_ms} $cpu"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rm -rf "$work/data-current"
archive=$PWD/$work/switchboard.jsa
if [[ -n ${CDS:-} ]]; then
  rm -f "$archive"
  JAVA_OPTS="${JAVA_OPTS:-} -XX:ArchiveClassesAtExit=$archive" start_once switchboard > /dev/null
  [[ -s $archive ]] || { echo "no archive written" >&2; exit 1; }
  export JAVA_OPTS="${JAVA_OPTS:-} -XX:SharedArchiveFile=$archive -Xshare:auto"
  rm -rf "$work/data-current"   # the data directory a start with the archive leaves
fi
start_once switchboard > /dev/null   # writes the card and the data the others start from; warms the page cache
results=$(mktemp)
for i in $(seq "$runs"); do
  read -r card send_ms cpu < <(start_once switchboard)
  read -r bare bare_cpu < <(start_once static)
  echo "run $i: switchboard card ${card} ms, first SendMessage ${send_ms} ms (CPU ${cpu} ms);" \
    "bare Tomcat ${bare} ms (CPU ${bare_cpu} ms)" >&2
  echo "$card $send_ms $bare $cpu $bare_cpu" >> "$results"
done
card=$(cut -d' ' -f1 "$results" | median)
send_ms=$(cut -d' ' -f2 "$results" | median)
bare=$(cut -d' ' -f3 "$results" | median)
cpu=$(cut -d' ' -f4 "$results" | median)
bare_cpu=$(cut -d' ' -f5 "$results" | median)
rm -f "$results"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "cold start, medians of $runs alternating starts: JVM launch to first card 200 ${card} ms (ratio $(ratio "$card" "$bare"))," \
  "to first answered SendMessage ${send_ms} ms (ratio $(ratio "$send_ms" "$bare")), bare Tomcat to first static 200 ${bare} ms;" \
  "CPU by then: switchboard ${cpu} ms, bare Tomcat ${bare_cpu} ms"
