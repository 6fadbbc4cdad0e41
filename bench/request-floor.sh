#!/usr/bin/env bash
# What a JSON-RPC request costs the server by what it does, to tell the store's share from the
# rest: bench/load.sh's scenarios send (a durable SendMessage), refused (a GetTask refused before
# the store: Tomcat, the filters, Jersey, the envelope and an error), get (a GetTask read from the
# store) and card, one after the other in each round, after a warm-up round. With PEER_URL and
# PEER_PID each round ends with a SendMessage to that server, labelled peer: by default the
# official Java SDK's 0.3 reference server (PEER_BODY bench/bodies/send-0.3.json, PEER_PATH /).
# Server CPU per request is read from /proc, so run it on the servers' machine.
#   bench/request-floor.sh URL PID [ROUNDS]      (2 rounds when not given)
# Knobs: WARMUP=30s (each row once) DURATION=20s CONNS=64, PEER_URL=, PEER_PID=, PEER_BODY=, PEER_PATH=.
# Run the server with rate limits off (docs/performance.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${1:?usage: request-floor.sh URL PID [ROUNDS]} pid=${2:?usage: request-floor.sh URL PID [ROUNDS]}
rounds=${3:-2}
export CONNS=${CONNS:-64}
one_round() { # label duration
  echo "$1"
  SCENARIOS="send refused get card" DURATION=$2 "$here/load.sh" "$url" "$pid"
  if [[ -n ${PEER_URL:-} ]]; then
    SCENARIOS=send DURATION=$2 SEND_BODY=${PEER_BODY:-$here/bodies/send-0.3.json} RPC_PATH=${PEER_PATH:-/} \
      "$here/load.sh" "$PEER_URL" "${PEER_PID:?PEER_PID with PEER_URL}" | sed -n 's/^send    /peer    /p'
  fi
}
one_round warm-up "${WARMUP:-30s}"
for round in $(seq "$rounds"); do
  one_round "round $round" "${DURATION:-20s}"
done
