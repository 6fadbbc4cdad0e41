#!/usr/bin/env bash
# Memory under a long run: sends SendMessage requests with wrk until TOTAL were answered, and
# prints the server's resident set (VmRSS) and peak (VmHWM) at every MARK requests, with the size
# of the embedded H2 file when the server's data directory is given (DATA_DIR, or the fifth argument),
# and what the server wrote to disk since the start of the run; at the end, the server's CPU time and
# bytes written per request.
#   bench/memory.sh http://127.0.0.1:8080 PID [TOTAL] [MARK] [DATA_DIR]   (defaults 1000000, 100000)
# Run the server with rate limits off (see docs/performance.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${1:?usage: memory.sh URL PID [TOTAL] [MARK]}
pid=${2:?usage: memory.sh URL PID [TOTAL] [MARK]}
total=${3:-1000000}
mark=${4:-100000}
data_dir=${5:-${DATA_DIR:-}}
rpc=$(curl -sf "$url/.well-known/agent-card.json" | grep -o '"url":"[^"]*","protocolBinding":"JSONRPC"' | head -n1 | cut -d'"' -f4)
path=$(sed -E 's#^[a-z]+://[^/]+##' <<< "${rpc:-$url/a2a/jsonrpc}")
kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }
# live heap after a full collection: what the server keeps, whatever the collector has reserved
live_mb() {
  command -v jcmd >/dev/null || { echo -; return; }
  jcmd "$pid" GC.run >/dev/null 2>&1
  jcmd "$pid" GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -n1 | awk '{print int($2 / 1024)}'
}
# the H2 file in MB, or - without a data directory
file_mb() {
  local file="$data_dir/switchboard.mv.db"
  [[ -n $data_dir && -f $file ]] || { echo -; return; }
  echo $(( $(stat -c %s "$file") / 1024 / 1024 ))
}
# bytes the server's process has written to storage (its own and its threads'), and its CPU ticks
written() { awk '$1 == "write_bytes:" {print $2}' "/proc/$pid/io"; }
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
written0=$(written) ticks0=$(ticks) hz=$(getconf CLK_TCK)
sent=0 next=$mark
printf "%10s %10s %10s %12s %10s %10s %s\n" requests "rss MB" "peak MB" "live heap MB" "file MB" "written MB" time
while (( sent < total )); do
  line=$(LOAD_METHOD=POST LOAD_BODY="$here/bodies/send.json" \
    LOAD_HEADERS=$'Content-Type: application/json\nA2A-Version: 1.0' \
    wrk -t2 -c"${CONNS:-32}" -d"${STEP:-10s}" -s "$here/wrk/report.lua" "$url$path" | grep '^LOAD')
  sent=$(( sent + $(grep -o 'requests=[0-9]*' <<< "$line" | cut -d= -f2) ))
  if (( sent >= next )); then
    printf "%10d %10d %10d %12s %10s %10d %s\n" "$sent" $(( $(kb VmRSS) / 1024 )) $(( $(kb VmHWM) / 1024 )) "$(live_mb)" \
      "$(file_mb)" $(( ($(written) - written0) / 1048576 )) "$(date -u +%H:%M:%S)"
    next=$(( (sent / mark + 1) * mark ))
  fi
done
# the full collections run for the live-heap column are in the CPU figure
echo "per request: $(( ($(ticks) - ticks0) * 1000000 / hz / sent )) µs server CPU, $(( ($(written) - written0) / 1024 / sent )) KB written"
