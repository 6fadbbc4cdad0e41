#!/usr/bin/env bash
# Starts Payara Micro 7 with Switchboard at the root context, in the foreground (the container's
# process; needs Java 21+). Settings come from SWITCHBOARD_* environment variables, which the
# application reads itself.
#   PAYARA_JAR      the payara-micro jar, with Exousia 3.0.1 put in (README, Payara 7; default
#                   /opt/payara/payara-micro.jar)
#   SWITCHBOARD_WAR the Payara WAR, target/switchboard-payara.war (default /opt/payara/switchboard.war)
#   PAYARA_ROOT     Payara's runtime directory (default /opt/payara/runtime)
#   HTTP_PORT       port to listen on (default 8080)
#   HTTP_ADDRESS    address to listen on (default 0.0.0.0)
#   PAYARA_LIBS     a directory of extra jars for the server, e.g. a JDBC driver (default /opt/payara/lib)
#   HAZELCAST_PORT  first port Payara's (unclustered, loopback-only) data grid tries (default 6900)
#   JAVA_HOME       the JDK or JRE to run (default: java on the PATH)
#   JAVA_OPTS       extra JVM options, e.g. -Xmx512m
set -euo pipefail
jar="${PAYARA_JAR:-/opt/payara/payara-micro.jar}"
war="${SWITCHBOARD_WAR:-/opt/payara/switchboard.war}"
root="${PAYARA_ROOT:-/opt/payara/runtime}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
libs="${PAYARA_LIBS:-/opt/payara/lib}"
extra=()
if compgen -G "$libs/*.jar" >/dev/null; then
  extra+=(--addlibs "$libs")
fi
export SWITCHBOARD_DATA_DIR="${SWITCHBOARD_DATA_DIR:-/var/lib/switchboard}"

if ! mkdir -p "$SWITCHBOARD_DATA_DIR" "$root" 2>/dev/null || [[ ! -w "$SWITCHBOARD_DATA_DIR" ]]; then
  echo "entrypoint: the data directory $SWITCHBOARD_DATA_DIR is not writable by $(id -un) (uid $(id -u))" >&2
  exit 1
fi

# Payara Micro's own /health (MicroProfile Health) would hide the application's; its data grid
# stays on loopback, where it serves nobody but itself; no answer names the server (its Grizzly
# rejections of malformed requests, empty-bodied, would otherwise say "Server: Payara Micro").
preboot="$root/preboot.asadmin"
cat > "$preboot" <<ASADMIN
set configs.config.server-config.network-config.network-listeners.network-listener.http-listener.address=${HTTP_ADDRESS:-0.0.0.0}
set hazelcast-runtime-configuration.interface=127.0.0.1
set-microprofile-healthcheck-configuration --enabled=false
set configs.config.server-config.network-config.protocols.protocol.http-listener.http.server-header=false
ASADMIN

# JAVA_OPTS is split into words on purpose: several options in one variable
# shellcheck disable=SC2086
exec "$java" ${JAVA_OPTS:-} -Dhazelcast.socket.bind.any=false -jar "$jar" \
  --nocluster --rootdir "$root" --prebootcommandfile "$preboot" \
  --port "${HTTP_PORT:-8080}" --startport "${HAZELCAST_PORT:-6900}" \
  "${extra[@]}" --deploy "$war" --contextroot /
