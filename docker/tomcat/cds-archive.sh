#!/usr/bin/env bash
# Records an AppCDS archive of one Switchboard start-up: the classes Tomcat, Jersey, Hibernate and
# H2 load, already parsed and verified, which later JVMs map from the file instead of loading them
# from jars (a tenth less from launch to the first card; docs/performance.md). The entrypoint uses
# the archive when it exists; a JVM that cannot use it starts without it.
#   cds-archive.sh CATALINA_HOME [ARCHIVE]     (ARCHIVE defaults to CATALINA_HOME/switchboard.jsa)
# Run it where the image is built, after prepare.sh, as the user that will run the server.
set -euo pipefail
home=${1:?usage: cds-archive.sh CATALINA_HOME [ARCHIVE]}
archive=${2:-$home/switchboard.jsa}
here=$(cd "$(dirname "$0")" && pwd)
# healthcheck.sh lies beside this script in the image, one directory up in the repository
health=$here/healthcheck.sh
[[ -f $health ]] || health=$here/../healthcheck.sh
port=${HTTP_PORT:-8080}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

CATALINA_HOME=$home SWITCHBOARD_DATA_DIR=$data HTTP_PORT=$port HTTP_ADDRESS=127.0.0.1 \
  CATALINA_OPTS="-XX:ArchiveClassesAtExit=$archive" setsid bash "$here/entrypoint.sh" > "$data/training.log" 2>&1 &
server=$!
# up to five minutes: a build machine busy with other work starts Tomcat slowly
for _ in $(seq 1500); do
  HTTP_PORT=$port bash "$health" 2>/dev/null && break
  sleep 0.2
done
HTTP_PORT=$port bash "$health" || { cat "$data/training.log" >&2; kill -- -"$server"; exit 1; }

# one answered SendMessage, so the archive holds the request path's classes as well
body='{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"cds-training",'
body+='"role":"ROLE_USER","parts":[{"text":"Which SDKs support A2A?"}]}}}'
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\n' >&3
printf 'Content-Length: %d\r\nConnection: close\r\n\r\n%s' "${#body}" "$body" >&3
read -r -t 30 _ status _ <&3 || status=none
exec 3<&-
[[ $status == 200 ]] || echo "cds-archive: the training SendMessage answered $status" >&2

# a normal exit writes the archive
kill -TERM -- -"$server"
wait "$server" || true
[[ -s $archive ]] || { echo "cds-archive: no archive written" >&2; cat "$data/training.log" >&2; exit 1; }
echo "cds-archive: $archive ($(du -h "$archive" | cut -f1))"
