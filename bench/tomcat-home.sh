#!/usr/bin/env bash
# Prints the Tomcat the benchmarks run: TOMCAT_HOME when set, else the distribution of the pom's
# tomcat.version, fetched from Maven Central into target/bench on first use.
#   home=$(bench/tomcat-home.sh)        (from the project's root)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n ${TOMCAT_HOME:-} ]]; then
  cd "$TOMCAT_HOME" && pwd
  exit
fi
version=$(sed -n "s:.*<tomcat.version>\(.*\)</tomcat.version>.*:\1:p" pom.xml)
home=target/bench/apache-tomcat-$version
if [[ ! -d $home ]]; then
  mkdir -p target/bench
  mvn -q -B dependency:copy -Dartifact="org.apache.tomcat:tomcat:$version:zip" -DoutputDirectory=target/bench >&2
  unzip -q -o "target/bench/tomcat-$version.zip" -d target/bench
  chmod +x "$home"/bin/*.sh
fi
cd "$home" && pwd
