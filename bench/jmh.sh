#!/usr/bin/env bash
# Runs the JMH micro-benchmarks (bench/jmh) with real forks and iterations.
#   bench/jmh.sh                      every benchmark
#   bench/jmh.sh StoreBenchmark -f 1  any JMH option (regex, -f forks, -wi/-i iterations, -p param=v1,v2)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
if [[ $# -eq 0 ]]; then
  set -- -f 1 -wi 3 -w 2s -i 5 -r 2s
fi
exec java -cp "$classpath" org.openjdk.jmh.Main "$@"
