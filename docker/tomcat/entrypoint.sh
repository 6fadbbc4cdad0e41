#!/usr/bin/env bash
# Starts Tomcat with Switchboard at the root context, in the foreground (the container's process).
# Settings come from SWITCHBOARD_* environment variables, which the application reads itself.
#   HTTP_PORT     port to listen on (default 8080)
#   HTTP_ADDRESS  address to listen on (default 0.0.0.0; 127.0.0.1 behind a local proxy)
#   JAVA_OPTS     extra JVM options, e.g. -Xmx512m
# With CATALINA_HOME/switchboard.jsa (made by cds-archive.sh) the JVM maps its classes from there.
set -euo pipefail
: "${CATALINA_HOME:?CATALINA_HOME must name the Tomcat installation}"
export SWITCHBOARD_DATA_DIR="${SWITCHBOARD_DATA_DIR:-/var/lib/switchboard}"

if ! mkdir -p "$SWITCHBOARD_DATA_DIR" 2>/dev/null || [[ ! -w "$SWITCHBOARD_DATA_DIR" ]]; then
  echo "entrypoint: the data directory $SWITCHBOARD_DATA_DIR is not writable by $(id -un) (uid $(id -u))" >&2
  exit 1
fi

# the AppCDS archive cds-archive.sh made, when there is one; a JVM that cannot map it starts without
if [[ -f $CATALINA_HOME/switchboard.jsa && ${CATALINA_OPTS:-} != *ArchiveClassesAtExit* ]]; then
  CATALINA_OPTS="${CATALINA_OPTS:-} -XX:SharedArchiveFile=$CATALINA_HOME/switchboard.jsa -Xshare:auto"
fi
export CATALINA_OPTS="${CATALINA_OPTS:-} -Dhttp.port=${HTTP_PORT:-8080} -Dhttp.address=${HTTP_ADDRESS:-0.0.0.0}"
exec bash "$CATALINA_HOME/bin/catalina.sh" run
