#!/usr/bin/env bash
# Cold start: JVM launch to the first 200 on the Agent Card, for target/switchboard.war as ROOT of a
# fresh Tomcat 11, next to the same Tomcat serving a static card file (the baseline). Median of RUNS.
#   bench/coldstart.sh [RUNS]        (after mvn package)
# JAVA_OPTS is passed on, e.g. JAVA_OPTS="-XX:SharedArchiveFile=target/bench/switchboard.jsa".
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
war=target/switchboard.war
[[ -f $war ]] || { echo "build first: mvn package" >&2; exit 1; }
version=$(sed -n "s:.*<tomcat.version>\(.*\)</tomcat.version>.*:\1:p" pom.xml)
work=target/bench
mkdir -p "$work"
if [[ ! -d $work/apache-tomcat-$version ]]; then
  mvn -q dependency:copy -Dartifact="org.apache.tomcat:tomcat:$version:zip" -DoutputDirectory="$work"
  unzip -q -o "$work/tomcat-$version.zip" -d "$work"
  chmod +x "$work/apache-tomcat-$version"/bin/*.sh
fi
home=$(cd "$work/apache-tomcat-$version" && pwd)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# one start: prints milliseconds from launch to the first 200 on the card
start_once() { # kind
  local base port start pid ms
  base=$(mktemp -d "$PWD/$work/base-XXXX"); port=$(free_port)
  mkdir -p "$base"/{conf,logs,temp,work,webapps}
  cp "$home"/conf/{catalina.properties,context.xml,logging.properties,web.xml} "$base/conf/"
  sed -e "s/port=\"8005\"/port=\"-1\"/" -e "s/port=\"8080\"/port=\"$port\" address=\"127.0.0.1\"/" \
    "$home/conf/server.xml" > "$base/conf/server.xml"
  if [[ $1 == switchboard ]]; then
    cp "$war" "$base/webapps/ROOT.war"
  else
    mkdir -p "$base/webapps/ROOT/.well-known" && cp "$work/card.json" "$base/webapps/ROOT/.well-known/agent-card.json"
  fi
  start=$(date +%s%N)
  CATALINA_HOME=$home CATALINA_BASE=$base SWITCHBOARD_DATA_DIR=$base/data \
    setsid bash "$home/bin/catalina.sh" run > "$base/logs/console.log" 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/.well-known/agent-card.json"; do
    sleep 0.02
    (( $(date +%s%N) - start < 120000000000 )) || { echo "no card after 120 s; see $base/logs" >&2; break; }
  done
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [[ $1 == switchboard && ! -f $work/card.json ]] && curl -sf "http://127.0.0.1:$port/.well-known/agent-card.json" > "$work/card.json"
  kill -- -"$pid" 2>/dev/null || kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$base"
  echo "$ms"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
start_once switchboard > /dev/null   # writes the card the baseline serves, and warms the page cache
ours=$(for _ in $(seq "$runs"); do start_once switchboard; done | median)
bare=$(for _ in $(seq "$runs"); do start_once static; done | median)
echo "cold start, JVM launch to first card 200 (median of $runs): switchboard ${ours} ms, bare Tomcat ${bare} ms," \
  "ratio $(awk -v a="$ours" -v b="$bare" 'BEGIN {printf "%.2f", a / b}')"
