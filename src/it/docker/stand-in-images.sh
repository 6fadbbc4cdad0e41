#!/usr/bin/env bash
# Builds local stand-ins for the base images docker/tomcat and docker/payara name, for a Docker
# engine that reaches no image registry (as in CI): a Debian bookworm made by debootstrap, and on
# it the JDKs and the Tomcat release the build already has, laid out as the official images lay
# them out (eclipse-temurin: the JDK in /opt/java/openjdk, JAVA_HOME and PATH; tomcat: Tomcat in
# /usr/local/tomcat = CATALINA_HOME, on the PATH, webapps empty and the stock ones in webapps.dist).
#   stand-in-images.sh WORK TOMCAT_ZIP JAVA17_HOME [JAVA21_HOME]
# WORK is a scratch directory. Prints one line per image made, ROLE=IMAGE, for the Dockerfiles'
# build arguments: BASE_IMAGE (the Tomcat image's base), and with a JDK 21+ also JDK_IMAGE and
# JRE_IMAGE (the Payara image's stages; one image serves both). An image already built here from
# the same inputs (its label holds their digest) is kept rather than built again. Exits 3 when the
# Debian base must be made but cannot be here (no debootstrap, or not root).
set -euo pipefail
work=${1:?usage: stand-in-images.sh WORK TOMCAT_ZIP JAVA17_HOME [JAVA21_HOME]}
tomcat_zip=${2:?TOMCAT_ZIP}
java17=${3:?JAVA17_HOME}
java21=${4:-}
repo=switchboard-stand-in
label=dev.switchboard.stand-in
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

digest() { cat "$@" | sha256sum | cut -c1-16; }
feature() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"; }
script_digest=$(digest "$0")

# true when IMAGE exists and was built from inputs with digest KEY; otherwise its old version, if
# any, is noted for removal once the new ones are made
superseded=()
current() {
  [[ $(docker image inspect -f "{{index .Config.Labels \"$label\"}}" "$1" 2>/dev/null) == "$2" ]] && return
  superseded+=("$(docker image inspect -f '{{.Id}}' "$1" 2>/dev/null)")
  return 1
}

# A JDK as a self-contained tree: Debian's links into /etc are followed; links that lead nowhere
# (docs, src.zip, GUI libraries of packages not installed) and what a runtime never reads are left out.
copy_jdk() {
  mkdir -p "$2"
  # (the reading tar exits 1 for a link that leads nowhere; the JDK is checked by running it)
  ( set +o pipefail
    tar -C "$1" --create --dereference --ignore-failed-read --exclude=./jmods --exclude=./man --exclude=./docs \
        --exclude=src.zip --exclude=./demo --file=- . 2>/dev/null | tar -C "$2" --extract --file=- )
  [[ -x $2/bin/java ]] || { echo "stand-in-images: no bin/java copied from $1" >&2; exit 1; }
}

mkdir -p "$work"
base=$repo/debian:bookworm
if ! current "$base" "$script_digest"; then
  command -v debootstrap >/dev/null || { echo "stand-in-images: no Debian base: debootstrap is not installed" >&2; exit 3; }
  [[ $(id -u) == 0 ]] || { echo "stand-in-images: no Debian base: debootstrap needs root" >&2; exit 3; }
  rootfs="$work/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" > "$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" --create --file=- . | docker import \
    --change "LABEL $label=$script_digest" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' \
    --change 'CMD ["bash"]' - "$base" >/dev/null
  rm -rf "$rootfs"
fi

path_tail=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# tomcat:11.0-jre17-temurin
tomcat_version=$(basename "$tomcat_zip" .zip); tomcat_version=${tomcat_version#tomcat-}
tomcat_image=$repo/tomcat:$tomcat_version-jre$(feature "$java17")
key=$(digest "$0" "$tomcat_zip" "$java17/release")
if ! current "$tomcat_image" "$key"; then
  context="$work/tomcat"
  rm -rf "$context" && mkdir -p "$context"
  copy_jdk "$java17" "$context/jdk"
  (cd "$context" && "$java17/bin/jar" xf "$tomcat_zip")
  mv "$context/apache-tomcat-$tomcat_version" "$context/tomcat"
  chmod 0755 "$context"/tomcat/bin/*.sh
  mv "$context/tomcat/webapps" "$context/tomcat/webapps.dist" && mkdir "$context/tomcat/webapps"
  cat > "$context/Dockerfile" <<DOCKERFILE
FROM $base
COPY jdk /opt/java/openjdk
COPY tomcat /usr/local/tomcat
ENV JAVA_HOME=/opt/java/openjdk CATALINA_HOME=/usr/local/tomcat \\
    PATH=/usr/local/tomcat/bin:/opt/java/openjdk/bin:$path_tail
WORKDIR /usr/local/tomcat
RUN java -version && catalina.sh version
LABEL $label=$key
EXPOSE 8080
CMD ["catalina.sh", "run"]
DOCKERFILE
  docker build --quiet -t "$tomcat_image" "$context" >/dev/null
  rm -rf "$context"
fi
echo "BASE_IMAGE=$tomcat_image"

# eclipse-temurin:21-jdk and :21-jre
if [[ -n $java21 ]]; then
  jdk_image=$repo/temurin:$(feature "$java21")-jdk
  key=$(digest "$0" "$java21/release")
  if ! current "$jdk_image" "$key"; then
    context="$work/jdk"
    rm -rf "$context" && mkdir -p "$context"
    copy_jdk "$java21" "$context/jdk"
    cat > "$context/Dockerfile" <<DOCKERFILE
FROM $base
COPY jdk /opt/java/openjdk
ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:$path_tail
RUN java -version && jar --version
LABEL $label=$key
CMD ["jshell"]
DOCKERFILE
    docker build --quiet -t "$jdk_image" "$context" >/dev/null
    rm -rf "$context"
  fi
  echo "JDK_IMAGE=$jdk_image"
  echo "JRE_IMAGE=$jdk_image"
fi

# newest first: the stand-ins, then the base they were made on
for (( i = ${#superseded[@]} - 1; i >= 0; i-- )); do
  [[ -n ${superseded[i]} ]] && docker rmi "${superseded[i]}" >/dev/null 2>&1 || true
done
