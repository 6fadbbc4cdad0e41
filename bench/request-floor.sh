#!/usr/bin/env bash
# What a JSON-RPC request costs the server by what it does, to tell the store's share from the
# rest: a durable SendMessage; a GetTask refused before the store (no id: Tomcat, the filters,
# Jersey, the envelope and an error, nothing stored or read); a GetTask read from the store; the
# card. With PEER_URL and PEER_PID, each round starts with a SendMessage to that server (the
# official Java SDK's 0.3 reference server: PEER_BODY, bench/bodies/send-0.3.json by default).
# Rows alternate within each round; a warm-up of each comes first. Server CPU per request is read
# from /proc, so run it on the servers' machine.
#   bench/request-floor.sh URL PID [ROUNDS]      (2 rounds when not given)
# Knobs: WARMUP=30s (each row once) DURATION=20s CONNS=64, PEER_URL=, PEER_PID=, PEER_BODY=.
# Run the server with rate limits off (docs/performance.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${1:?usage: request-floor.sh URL PID [ROUNDS]} pid=${2:?usage: request-floor.sh URL PID [ROUNDS]}
rounds=${3:-2}
command -v wrk >/dev/null || { echo "request-floor.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
WARMUP=${WARMUP:-30s} DURATION=${DURATION:-20s} CONNS=${CONNS:-64}
rpc=$url/a2a/jsonrpc
bodies=$(mktemp -d)
trap 'rm -rf "$bodies"' EXIT
# the reads are one caller's (an anonymous caller key): another caller's GetTask is not found
key=X-Switchboard-Caller-Key:request-floor-$(date +%s)-0123456789abcdef
json=$'Content-Type: application/json\nA2A-Version: 1.0'
task=$(curl -sf "$rpc" -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' -H "$key" \
  -d @"$here/bodies/send.json" | grep -o '"task":{"id":"[^"]*"' | cut -d'"' -f6)
[[ -n $task ]] || { echo "the first SendMessage made no task" >&2; exit 1; }
echo '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{}}' > "$bodies/refused.json"
echo "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\",\"params\":{\"id\":\"$task\"}}" > "$bodies/get.json"

ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'; }
row() { # name pid url method body headers duration
  local before after line requests
  before=$(ticks "$2")
  line=$(LOAD_METHOD=$4 LOAD_BODY=$5 LOAD_HEADERS=$6 wrk -t2 -c"$CONNS" -d"$7" -s "$here/wrk/report.lua" "$3" \
    | grep '^LOAD')
  after=$(ticks "$2")
  requests=$(grep -o 'requests=[0-9]*' <<< "$line" | cut -d= -f2)
  awk -v name="$1" -v line="$line" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN {
    split(line, kv, " "); for (i in kv) { split(kv[i], p, "="); v[p[1]] = p[2] }
    cpu = v["requests"] == 0 ? "-" : sprintf("%.0f", ticks * 1e6 / hz / v["requests"])
    printf "%-22s %9.0f %10s %7d %7d\n", name, v["requests"] / (v["duration_us"] / 1e6), cpu, v["non2xx"],
      v["socket_errors"] }'
}
rows() { # duration
  if [[ -n ${PEER_URL:-} ]]; then
    row "peer SendMessage" "${PEER_PID:?PEER_PID with PEER_URL}" "$PEER_URL" POST \
      "${PEER_BODY:-$here/bodies/send-0.3.json}" "Content-Type: application/json" "$1"
  fi
  row "SendMessage" "$pid" "$rpc" POST "$here/bodies/send.json" "$json" "$1"
  row "refused before store" "$pid" "$rpc" POST "$bodies/refused.json" "$json" "$1"
  row "GetTask from store" "$pid" "$rpc" POST "$bodies/get.json" "$json"$'\n'"${key/:/: }" "$1"
  row "card" "$pid" "$url/.well-known/agent-card.json" GET "" "" "$1"
}
header() { printf "%-22s %9s %10s %7s %7s\n" "$1" "req/s" "cpu us/req" non2xx sockerr; }
header "warm-up"
rows "$WARMUP"
for round in $(seq "$rounds"); do
  header "round $round"
  rows "$DURATION"
done
