#!/usr/bin/env bash
# The gRPC counterpart of load.sh: loads a running Switchboard's A2A 1.0 gRPC service with
# bench's GrpcLoad client (grpc-java, one call outstanding per connection, as wrk does) and prints
# load.sh's columns, the server's CPU per request included (read from /proc: run it on the server's
# machine). Run the JSON-RPC rows with load.sh against the same server in the same minutes.
#   bench/grpc-load.sh 127.0.0.1 8080 [PID]
# Knobs: SCENARIOS="send stream" DURATION=10 (seconds) CONNS=64; the scenario jsonrpc-send sends the
# same message as JSON-RPC from the same client JVM (GrpcLoad), for a like-for-like CPU comparison;
# LOAD_RATE=300 paces either to 300 calls/s in all, to compare them at the same request rate
# Run the server with rate limits off (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
host=${1:?usage: grpc-load.sh HOST PORT [PID]}
port=${2:?usage: grpc-load.sh HOST PORT [PID]}
pid=${3:-$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)}
DURATION=${DURATION:-10} CONNS=${CONNS:-64}
if [[ ! -f target/bench.classpath || ! -d target/test-classes/dev/switchboard/bench ]]; then
  mvn -q -B test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
fi
classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
cpu_ticks() { [[ -n "$pid" && -r /proc/$pid/stat ]] && sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}' || echo 0; }

printf "%-12s %9s %8s %8s %7s %7s %10s\n" scenario "req/s" "p50 ms" "p99 ms" failed sockerr "cpu us/req"
for s in ${SCENARIOS:-send stream}; do
  before=$(cpu_ticks)
  line=$(java -cp "$classpath" dev.switchboard.bench.GrpcLoad "$host" "$port" "$s" "$CONNS" "$DURATION" | grep '^LOAD')
  after=$(cpu_ticks)
  name="grpc-$s"; [[ $s == jsonrpc-* ]] && name=$s
  awk -v name="$name" -v line="$line" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v pid="$pid" 'BEGIN {
    split(line, kv, " "); for (i in kv) { split(kv[i], p, "="); v[p[1]] = p[2] }
    rps = v["requests"] / (v["duration_us"] / 1e6)
    cpu = (pid == "" || v["requests"] == 0) ? "-" : sprintf("%.0f", ticks * 1e6 / hz / v["requests"])
    printf "%-12s %9.0f %8.2f %8.2f %7d %7d %10s\n", name, rps, v["p50_us"] / 1000, v["p99_us"] / 1000,
      v["non2xx"], v["socket_errors"], cpu }'
done
