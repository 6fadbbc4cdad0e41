#!/usr/bin/env bash
# Prints the home of an installed JDK of at least the given feature version (default 21), or
# nothing, with a loud warning on stderr, when there is none. Looks at PAYARA_JAVA_HOME,
# JAVA_HOME, the java on the PATH and the usual install folders, newest version first.
set -uo pipefail
want="${1:-21}"

feature() { # the feature version of the JDK at $1, or 0
  local release="$1/release" version
  [[ -x "$1/bin/java" && -f "$release" ]] || { echo 0; return; }
  version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
  echo "${version:-0}"
}

candidates=()
[[ -n "${PAYARA_JAVA_HOME:-}" ]] && candidates+=("$PAYARA_JAVA_HOME")
[[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
if command -v java >/dev/null; then
  candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
fi
for dir in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
  [[ -d "$dir" ]] && candidates+=("$dir")
done

best="" best_version=0
for home in "${candidates[@]}"; do
  home=$(readlink -f "$home")
  version=$(feature "$home")
  if (( version >= want && version > best_version )); then
    best="$home" best_version=$version
  fi
done

if [[ -z "$best" ]]; then
  {
    echo "****************************************************************************"
    echo "*  No JDK $want or newer found: the Payara Micro integration tests are SKIPPED."
    echo "*  Install one (or point PAYARA_JAVA_HOME at it) to run them."
    echo "****************************************************************************"
  } >&2
  exit 0
fi
echo "$best"
