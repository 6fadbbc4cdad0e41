#!/usr/bin/env bash
# Runs the conformance harness (the product plus the TCK skill) on 127.0.0.1:PORT with a fresh
# store, advertising http://localhost:PORT, until interrupted. Point the official A2A TCK at it.
#   scripts/tck-harness.sh 9999                  # open: anonymous callers, no credentials
#   scripts/tck-harness.sh --auth 9999           # authenticated: credentials required (see below)
#   scripts/tck-harness.sh --grpc-url-http 9999  # for the main and 0.3 lines over gRPC (see below)
#
# The container is Tomcat's embedded distribution at tck.tomcat.version (src/tck/launcher), whose
# HTTP/2 accepts the TCKs' Python gRPC clients; it serves JSON-RPC, HTTP+JSON and gRPC (h2c) on
# PORT. The card lists gRPC as host:port, as A2A 1.0 and the 1.0-dev line want; --grpc-url-http
# lists it as http://host:port, which the main and 0.3 lines' clients need (docs/conformance.md).
#
# --auth starts the same harness with an operator token and a key secret made for this run,
# anonymous access off (the card then declares the bearer and apiKey schemes, requires them and
# offers the extended card), and an API key of the AUTHENTICATED tier issued for the run. It
# writes target/tck/auth.env, which sets the TCK's A2A_AUTH_* variables to that key, and prints
# it; source it in the shell that runs a TCK line:
#   . target/tck/auth.env && ../shared/tools/tck/run-tck.sh http://localhost:9999 --category all
# A2A_AUTH_TYPE=apikey in that shell sends the key in X-API-Key instead of as a bearer token.
# Only the main TCK line reads A2A_AUTH_* itself; auth.env also loads scripts/tck-plugins/
# tck_auth_headers, a pytest plugin that gives the 0.3 and 1.0-dev lines' own clients the same
# headers, and on the main line marks as expected failures six tests that fail on TCK defects.
# Either way the harness writes target/tck/plugins.env (auth.env includes it): source it before a
# main-line run, whose two push tests otherwise race their own receiver (tck_notification_wait):
#   . target/tck/plugins.env && ../shared/tools/tck/run-tck.sh http://localhost:9999 --category all
# docs/conformance.md says why each plugin is needed.
set -euo pipefail
auth=false
grpc_url_http=false
while [[ "${1:-}" == --* ]]; do
    case "$1" in
        --auth) auth=true ;;
        --grpc-url-http) grpc_url_http=true ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
port="${1:?usage: $0 [--auth] [--grpc-url-http] PORT}"
cd "$(dirname "$0")/.."
rm -rf target/tck/data target/tck/tomcat-base
mvn -q -B -Ptck package -DskipTests

# Harness-only settings (docs/conformance.md says why each is here and not a product default).
settings=(
    -Dswitchboard.data.dir="$PWD/target/tck/data"
    -Dswitchboard.public.url="http://localhost:$port"
    -Dswitchboard.card.modes=text
    # the conformance suites send hundreds of requests a minute from one address, and start
    # hundreds of tasks a minute
    -Dswitchboard.limit.anonymous.per.minute=0
    -Dswitchboard.limit.anonymous.tasks.per.minute=0
    # the suites' webhook receivers listen on localhost over plain http
    -Dswitchboard.push.allow.http=true
    -Dswitchboard.push.allowlist=127.0.0.0/8,::1
    # the TCKs reuse one messageId per scenario for a whole session (1.0-dev: tck_id(name); main
    # line: the same messageId over each transport) and expect a new task every time
    -Dswitchboard.send.idempotent=false
    # the 1.0-dev line checks gRPC status codes against A2A v1.0.0's table (UNIMPLEMENTED for
    # VersionNotSupported); the product answers with v1.0.1's unless told
    -Dswitchboard.grpc.statuses=1.0.0
    -Dswitchboard.tck.grpc.url.http="$grpc_url_http"
)
# one request per connection: the main-line TCK's REST client fails when it reuses a connection a
# stream ran on; the product keeps connections alive
keep_alive_requests=1
launch=(java -cp "target/tck/tomcat/*" "${settings[@]}" src/tck/launcher/TckTomcat.java
        127.0.0.1 "$port" target/tck/switchboard-tck.war "$keep_alive_requests")

# the pytest plugins of scripts/tck-plugins, for the shell that runs a TCK line: the main line's
# push tests then wait for their own task's notification (docs/conformance.md)
mkdir -p target/tck
cat > target/tck/plugins.env <<EOF
export PYTHONPATH="$PWD/scripts/tck-plugins\${PYTHONPATH:+:\$PYTHONPATH}"
export PYTEST_PLUGINS="tck_notification_wait\${PYTEST_PLUGINS:+,\$PYTEST_PLUGINS}"
EOF
if ! $auth; then
    exec "${launch[@]}"
fi

cli=(java -jar target/tck/switchboard-cli.jar)
SWITCHBOARD_KEY_SECRET="$("${cli[@]}" keys secret)"
SWITCHBOARD_OPERATOR_TOKEN="$(openssl rand -hex 24)"
key="$(SWITCHBOARD_KEY_SECRET="$SWITCHBOARD_KEY_SECRET" "${cli[@]}" keys issue "conformance run" --days 1 2>/dev/null)"
env_file="$PWD/target/tck/auth.env"
rm -f "$env_file"
(umask 077 && cat > "$env_file") <<EOF
# The credentials of the authenticated harness on port $port (valid until it stops).
export A2A_AUTH_TYPE=\${A2A_AUTH_TYPE:-bearer}   # or apikey: the same key in X-API-Key
export A2A_AUTH_TOKEN='$key'
export A2A_AUTH_HEADER=X-API-Key
# the 0.3 and 1.0-dev TCK lines do not read A2A_AUTH_*: tck_auth_headers gives their clients the
# same credentials, and marks six main-line tests that fail on TCK defects; tck_notification_wait
# lets the main line's push tests wait for their own notification (docs/conformance.md)
export PYTHONPATH="$PWD/scripts/tck-plugins\${PYTHONPATH:+:\$PYTHONPATH}"
export PYTEST_PLUGINS="tck_auth_headers,tck_notification_wait\${PYTEST_PLUGINS:+,\$PYTEST_PLUGINS}"
# for a person with curl: the operator's token (sees every caller's tasks)
SWITCHBOARD_OPERATOR_TOKEN='$SWITCHBOARD_OPERATOR_TOKEN'
EOF
echo "Authenticated harness on http://localhost:$port; credentials in $env_file:" >&2
cat "$env_file" >&2
export SWITCHBOARD_KEY_SECRET SWITCHBOARD_OPERATOR_TOKEN
export SWITCHBOARD_ANONYMOUS_ACCESS=false
# the TCKs' authentication tests present refused credentials from 127.0.0.1 dozens of times a
# minute, and the product answers an address 429 for the rest of the minute after 20 of them
export SWITCHBOARD_LIMIT_FAILED_CREDENTIALS_PER_MINUTE=0
exec "${launch[@]}"
