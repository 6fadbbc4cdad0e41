#!/usr/bin/env bash
# Load a running Switchboard with wrk and print, per scenario: req/s, p50/p99 latency, errors and
# the server's CPU time per request (read from /proc, so run it on the server's machine).
#   bench/load.sh http://127.0.0.1:8080 [PID]
# Knobs: SCENARIOS="card card304 send stream" DURATION=10s CONNS=64 STREAM_CONNS=64 THREADS=2 BEARER=
# Two more scenarios tell the store's share of a request: "refused", a GetTask without an id
# (refused before the store), and "get", a GetTask of a task made for it (read from the store).
# SEND_BODY (bench/bodies/send.json) and RPC_PATH (the card's JSON-RPC url) point "send" at
# another server, such as the official Java SDK's 0.3 server (bench/bodies/send-0.3.json, /).
# Run the server with rate limits off for this (see docs/performance.md):
#   SWITCHBOARD_LIMIT_ANONYMOUS_PER_MINUTE=0 SWITCHBOARD_LIMIT_DAILY=0
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${1:?usage: load.sh URL [PID]}
port=$(sed -E 's#^[a-z]+://[^:/]+:?([0-9]*).*#\1#' <<< "$url"); port=${port:-80}
pid=${2:-$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)}
command -v wrk >/dev/null || { echo "load.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
DURATION=${DURATION:-10s} CONNS=${CONNS:-64} STREAM_CONNS=${STREAM_CONNS:-64} THREADS=${THREADS:-2}
card=/.well-known/agent-card.json
if [[ -n ${RPC_PATH:-} ]]; then
  rpc_path=$RPC_PATH
else
  rpc=$(curl -sf "$url$card" | grep -o '"url":"[^"]*","protocolBinding":"JSONRPC"' | head -n1 | cut -d'"' -f4 || true)
  rpc_path=$(sed -E 's#^[a-z]+://[^/]+##' <<< "${rpc:-$url/a2a/jsonrpc}")
fi
etag=$(curl -sfI "$url$card" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag" {print $2}' || true)

cpu_ticks() { [[ -n "$pid" && -r /proc/$pid/stat ]] && sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}' || echo 0; }

scenario() { # name conns method path headers body
  local before after line requests
  before=$(cpu_ticks)
  line=$(LOAD_METHOD=$3 LOAD_HEADERS=$5 LOAD_BODY=$6 wrk -t"$THREADS" -c"$2" -d"$DURATION" \
    -s "$here/wrk/report.lua" "$url$4" | grep '^LOAD')
  after=$(cpu_ticks)
  requests=$(grep -o 'requests=[0-9]*' <<< "$line" | cut -d= -f2)
  awk -v name="$1" -v line="$line" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v pid="$pid" 'BEGIN {
    split(line, kv, " "); for (i in kv) { split(kv[i], p, "="); v[p[1]] = p[2] }
    rps = v["requests"] / (v["duration_us"] / 1e6)
    cpu = (pid == "" || v["requests"] == 0) ? "-" : sprintf("%.0f", ticks * 1e6 / hz / v["requests"])
    printf "%-8s %9.0f %8.2f %8.2f %7d %7d %10s\n", name, rps, v["p50_us"] / 1000, v["p99_us"] / 1000,
      v["non2xx"], v["socket_errors"], cpu }'
}

json=$'Content-Type: application/json\nA2A-Version: 1.0'
# BEARER=<token> calls as that key holder or the operator instead of anonymously
if [[ -n "${BEARER:-}" ]]; then json+=$'\nAuthorization: Bearer '"$BEARER"; fi
# one caller's task (an anonymous caller key: another caller's GetTask is not found), made at first use
caller="X-Switchboard-Caller-Key: load-$(date +%s)-0123456789abcdef" get_body=""
make_get_body() {
  [[ -z $get_body ]] || return 0
  local headers=() header task
  while IFS= read -r header; do headers+=(-H "$header"); done <<< "$json"$'\n'"$caller"
  task=$(curl -sf "${headers[@]}" "$url$rpc_path" -d @"$here/bodies/send.json" \
    | grep -o '"task":{"id":"[^"]*"' | cut -d'"' -f6)
  [[ -n $task ]] || { echo "load.sh: the SendMessage for the get scenario made no task" >&2; exit 1; }
  get_body=$(mktemp)
  trap 'rm -f "$get_body"' EXIT
  echo "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\",\"params\":{\"id\":\"$task\"}}" > "$get_body"
}
printf "%-8s %9s %8s %8s %7s %7s %10s\n" scenario "req/s" "p50 ms" "p99 ms" non2xx sockerr "cpu us/req"
for s in ${SCENARIOS:-card card304 send stream}; do
  case $s in
    card) scenario card "$CONNS" GET "$card" "" "" ;;
    card304) scenario card304 "$CONNS" GET "$card" "If-None-Match: $etag" "" ;;
    send) scenario send "$CONNS" POST "$rpc_path" "$json" "${SEND_BODY:-$here/bodies/send.json}" ;;
    refused) scenario refused "$CONNS" POST "$rpc_path" "$json" "$here/bodies/refused.json" ;;
    get) make_get_body; scenario get "$CONNS" POST "$rpc_path" "$json"$'\n'"$caller" "$get_body" ;;
    stream) scenario stream "$STREAM_CONNS" POST "$rpc_path" "$json"$'\nAccept: text/event-stream' "$here/bodies/stream.json" ;;
  esac
done
# streams end with their last chunk and keep the connection, so the stream row's sockerr counts
# real failures (before 2026-12-01 every stream closed its connection and counted as one).
