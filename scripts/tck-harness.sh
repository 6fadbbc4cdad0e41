#!/usr/bin/env bash
# Runs the conformance harness (the product plus the TCK skill) on 127.0.0.1:PORT with a fresh
# store, advertising http://localhost:PORT, until interrupted. Point the official A2A TCK at it.
#   scripts/tck-harness.sh 9999
set -euo pipefail
port="${1:?usage: $0 PORT}"
cd "$(dirname "$0")/.."
rm -rf target/tck/data
exec mvn -q -B -Ptck package cargo:run -DskipTests -Dswitchboard.run.port="$port"
