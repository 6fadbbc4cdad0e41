#!/usr/bin/env bash
# Streams after clients drop theirs: wrk opens 256 SendStreamingMessage streams at a time for 8 s
# and drops those still open when it stops, then bench/stream-probe.mjs runs 16 clients for 3 s and
# counts streams that ended completed, ended early, failed, or never ended. Repeated ROUNDS times.
#   bench/dropped-streams.sh http://127.0.0.1:8080 [ROUNDS]
# Run the server with rate limits off (docs/performance.md). Needs wrk and Node.js.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${1:?usage: dropped-streams.sh URL [ROUNDS]}
command -v wrk >/dev/null || { echo "dropped-streams.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
for round in $(seq 1 "${2:-3}"); do
  LOAD_METHOD=POST LOAD_BODY=$here/bodies/stream.json LOAD_HEADERS=$'Content-Type: application/json\nAccept: text/event-stream\nA2A-Version: 1.0' \
    wrk -t2 -c256 -d8s -s "$here/wrk/report.lua" "$url/a2a/jsonrpc" | grep '^LOAD' | sed "s/^LOAD/round $round wrk:/"
  node "$here/stream-probe.mjs" "$url/a2a/jsonrpc" "$here/bodies/stream.json" 16 3 | sed "s/^PROBE/round $round probe:/"
done
