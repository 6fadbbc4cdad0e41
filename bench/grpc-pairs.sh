#!/usr/bin/env bash
# gRPC against JSON-RPC under two C clients, so that neither binding's client is a JVM competing
# with the server for the cores: nghttp2's h2load sends the A2A 1.0 gRPC SendMessage (one call
# outstanding per connection, as wrk), wrk (through load.sh) the same message as JSON-RPC. Rows
# alternate which goes first from pair to pair. For each row: requests/s, the server's CPU per
# request, and that CPU split by thread (the agent threads, which also do H2's file I/O, the
# connector's, the store's compaction thread, the GC, the rest); at the end the gRPC / JSON-RPC ratio of the
# summed CPU per request. Read from /proc: run it on the server's machine.
#   bench/grpc-pairs.sh http://127.0.0.1:8080 [PID]
# Knobs: PAIRS=6 WARMUP=2 (pairs run first and not counted) DURATION=20 (seconds) CONNS=64
#   BEARER=<token> to call as a key holder (else every call is a new anonymous caller, as with wrk)
#   FRAME=<file> the gRPC body to send (else bench's GrpcLoad writes bench/bodies/send.json's message)
# Needs h2load (Debian: nghttp2-client), wrk and curl; the server with rate limits off
# (docs/performance.md). h2load cannot read gRPC trailers: one call is checked with curl first.
set -euo pipefail
cd "$(dirname "$0")/.."
url=${1:?usage: grpc-pairs.sh URL [PID]}
port=$(sed -E 's#^[a-z]+://[^:/]+:?([0-9]*).*#\1#' <<< "$url"); port=${port:-80}
pid=${2:-$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)}
PAIRS=${PAIRS:-6} WARMUP=${WARMUP:-2} DURATION=${DURATION:-20} CONNS=${CONNS:-64}
for tool in h2load wrk curl; do
  command -v "$tool" >/dev/null || { echo "grpc-pairs.sh needs $tool (apt-get install nghttp2-client wrk curl)" >&2; exit 1; }
done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
if [[ -n "${FRAME:-}" ]]; then
  cp "$FRAME" "$work/send.grpc"
else
  if [[ ! -f target/bench.classpath || ! -d target/test-classes/dev/switchboard/bench ]]; then
    mvn -q -B test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
  fi
  java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" dev.switchboard.bench.GrpcLoad frame \
    "$work/send.grpc"
fi
method="${url%/}/lf.a2a.v1.A2AService/SendMessage"
headers=(-H 'content-type: application/grpc' -H 'te: trailers' -H 'a2a-version: 1.0')
if [[ -n "${BEARER:-}" ]]; then headers+=(-H "authorization: Bearer $BEARER"); fi
status=$(curl -s --http2-prior-knowledge -o /dev/null -D - --data-binary @"$work/send.grpc" "${headers[@]}" "$method" \
  | tr -d '\r' | awk -F': ' 'tolower($1)=="grpc-status" {print $2}')
[[ $status == 0 ]] || { echo "a gRPC SendMessage to $method answered grpc-status '${status}', not 0" >&2; exit 1; }

# CPU ticks of the process, and of each thread with its group (comm names are cut at 15
# characters); a thread that ends within a row takes its ticks out of the split, not the total
threads() {
  [[ -n "$pid" && -d /proc/$pid/task ]] || return 0
  sed 's/.*) //' "/proc/$pid/stat" | awk '{print "process process", $12 + $13}'
  for t in /proc/"$pid"/task/*; do
    { read -r name < "$t/comm" && stat=$(< "$t/stat"); } 2>/dev/null || continue
    awk -v tid="${t##*/}" -v name="$name" -v stat="${stat##*) }" 'BEGIN { split(stat, f, " ")
      g = name ~ /^switchboard-age/ ? "agent" : name ~ /^(http|https|ajp)-/ ? "connector" \
        : name ~ /^switchboard-h2/ ? "compaction" \
        : name ~ /^(GC|G1)/ ? "gc" : "other"
      print tid, g, f[12] + f[13] }'
  done
}
row() { # pair name requests-command
  local n
  threads > "$work/before"
  n=$("${@:3}")
  threads > "$work/after"
  awk -v pair="$1" -v name="$2" -v n="$n" -v d="$DURATION" -v hz="$(getconf CLK_TCK)" '
    FNR == NR { was[$1] = $3; next }
    $2 == "process" { total = $3 - was[$1]; next }
    { s[$2] += $3 - was[$1] }
    END {
      us = n > 0 && total > 0 ? total * 1e6 / hz / n : 0
      printf "%-4s %-8s %8.0f %9s", pair, name, n / d, (us > 0 ? sprintf("%.0f", us) : "-")
      split("agent connector compaction gc other", order, " ")
      for (i = 1; i <= 5; i++) printf " %10s", (us > 0 ? sprintf("%.0f", s[order[i]] * 1e6 / hz / n) : "-")
      printf "\n" }' "$work/before" "$work/after"
}
grpc_requests() {
  local out
  out=$(h2load -t 2 -c "$CONNS" -m 1 -D "$DURATION" -d "$work/send.grpc" "${headers[@]}" "$method" 2>&1)
  grep -q 'status codes: [0-9]* 2xx, 0 3xx, 0 4xx, 0 5xx' <<< "$out" || echo "h2load: $(grep 'status codes' <<< "$out")" >&2
  grep -o '[0-9]* succeeded' <<< "$out" | awk '{print $1}'
}
jsonrpc_requests() {
  SCENARIOS=send DURATION="${DURATION}s" CONNS="$CONNS" bench/load.sh "$url" "$pid" | tail -n1 \
    | awk -v d="$DURATION" '{ printf "%d\n", $2 * d; if ($5 + $6 > 0) print "wrk: " $5 " non-2xx, " $6 " socket errors" > "/dev/stderr" }'
}

printf "%-4s %-8s %8s %9s %10s %10s %10s %10s %10s\n" pair binding "req/s" "cpu us/req" agent connector \
  compaction gc other
rows=$work/rows
for ((i = 1 - WARMUP; i <= PAIRS; i++)); do
  label=$i; ((i > 0)) || label=w
  if ((i % 2)); then
    row "$label" grpc grpc_requests | tee -a "$rows"; row "$label" jsonrpc jsonrpc_requests | tee -a "$rows"
  else
    row "$label" jsonrpc jsonrpc_requests | tee -a "$rows"; row "$label" grpc grpc_requests | tee -a "$rows"
  fi
done
awk '$1 != "w" && $4 != "-" { cpu[$2] += $4; n[$2]++; per[$1, $2] = $4; pairs[$1] = 1 }
  END {
    if (n["grpc"] == 0 || n["jsonrpc"] == 0) { print "no CPU figures (no server PID?)"; exit }
    printf "gRPC / JSON-RPC server CPU per request, ratio of the sums over %d pairs: %.2f (pairs:", n["grpc"], cpu["grpc"] / cpu["jsonrpc"]
    for (p = 1; (p, "grpc") in per; p++) printf " %.2f", per[p, "grpc"] / per[p, "jsonrpc"]
    print ")" }' "$rows"
