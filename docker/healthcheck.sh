#!/usr/bin/env bash
# Docker HEALTHCHECK: exit 0 when GET /health/ready answers 200 (the task store is open and the API
# started). Plain bash (no curl in slim images).
# HTTP_PORT: the port the server listens on (default 8080).
set -u
port="${HTTP_PORT:-8080}"
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET /health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
read -r -t 5 _ status _ <&3 || exit 1
[[ "$status" == "200" ]]
