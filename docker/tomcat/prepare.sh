#!/usr/bin/env bash
# Lays Switchboard into a Tomcat 11 installation (run once, when the image is built):
#   prepare.sh CATALINA_HOME WAR
# The WAR becomes the ROOT application, because the Agent Card's well-known URI lives at the
# origin root, and nothing else is deployed. The connector's port and address come from the
# system properties http.port and http.address (set by entrypoint.sh), the shutdown port is off,
# and the requests Tomcat rejects before the application sees them get a JSON error report
# without details or version (never Tomcat's HTML page).
set -euo pipefail
home="$1" war="$2"
server="$home/conf/server.xml"

rm -rf "$home"/webapps/*
cp "$war" "$home/webapps/ROOT.war"
mkdir -p "$home/conf/Catalina/localhost"

# the stock server.xml: one HTTP connector (given HTTP/2 beside HTTP/1.1, for gRPC clients' h2c),
# a shutdown port, a Host without an error valve. The
# Host's errorReportValveClass must name the JSON valve too: otherwise Tomcat adds its HTML one
# behind it, which reports first.
valve=org.apache.catalina.valves.JsonErrorReportValve
sed -i -E \
  -e 's|<Server port="8005"|<Server port="-1"|' \
  -e 's|<Connector port="8080" protocol="HTTP/1.1"|<Connector port="${http.port}" address="${http.address}" protocol="HTTP/1.1"|' \
  -e '0,/redirectPort="8443" \/>/s||redirectPort="8443" maxSavePostSize="4194304">\n      <UpgradeProtocol className="org.apache.coyote.http2.Http2Protocol" overheadWindowUpdateThreshold="0" discardRequestsAndResponses="true" initialWindowSize="65536"/>\n    </Connector>|' \
  -e "s|<Host name=\"localhost\"|<Host name=\"localhost\" errorReportValveClass=\"$valve\"|" \
  -e "s|</Host>|  <Valve className=\"$valve\" showReport=\"false\" showServerInfo=\"false\"/>\n      </Host>|" \
  "$server"
grep -q 'port="${http.port}"' "$server" || { echo "prepare.sh: no HTTP connector found in $server" >&2; exit 1; }
grep -q 'redirectPort="8443" maxSavePostSize="4194304">' "$server" \
  || { echo "prepare.sh: could not give the connector HTTP/2 in $server" >&2; exit 1; }
grep -q "errorReportValveClass=\"$valve\"" "$server" && grep -q 'showReport="false"' "$server" \
  || { echo "prepare.sh: no Host found in $server" >&2; exit 1; }

# the image is Linux, whose file systems are case-sensitive: Tomcat may skip the canonical-path
# check it makes on every lookup in the unpacked WAR, which every class the application loads pays
# once (0.5–0.8 s of a start, docs/performance.md, "Ready to work"). Never on Windows or macOS.
context="$home/conf/context.xml"
sed -i 's|</Context>|    <Resources allowLinking="true"/>\n</Context>|' "$context"
grep -q '<Resources allowLinking="true"/>' "$context" \
  || { echo "prepare.sh: no Context found in $context" >&2; exit 1; }
