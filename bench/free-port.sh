#!/usr/bin/env bash
# Prints a TCP port of 127.0.0.1 that was free a moment ago, for a benchmark server to listen on.
#   port=$(bench/free-port.sh)
exec python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
