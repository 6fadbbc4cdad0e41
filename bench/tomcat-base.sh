#!/usr/bin/env bash
# Lays out a CATALINA_BASE for a benchmark's Tomcat in the shared harness's bare-Tomcat
# configuration: one HTTP/1.1 NIO connector on 127.0.0.1:PORT with Tomcat's defaults, no shutdown
# port, no access log, the distribution's other conf files, and empty logs, temp, work, webapps
# and data folders. The Tomcat is bench/tomcat-home.sh's.
#   bench/tomcat-base.sh BASE PORT        (from the project's root)
set -euo pipefail
base=${1:?usage: tomcat-base.sh BASE PORT} port=${2:?usage: tomcat-base.sh BASE PORT}
home=$("$(dirname "$0")/tomcat-home.sh")
mkdir -p "$base"/{conf,logs,temp,work,webapps,data}
cp "$home"/conf/{catalina.properties,context.xml,logging.properties,web.xml} "$base/conf/"
cat > "$base/conf/server.xml" <<XML
<Server port="-1" shutdown="SHUTDOWN">
  <Listener className="org.apache.catalina.core.JreMemoryLeakPreventionListener" />
  <Listener className="org.apache.catalina.core.ThreadLocalLeakPreventionListener" />
  <Service name="Catalina">
    <Connector port="$port" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000" />
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false" />
    </Engine>
  </Service>
</Server>
XML
