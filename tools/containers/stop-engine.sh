#!/usr/bin/env bash
# Stops the dockerd that tools/containers/build-images.sh started (and only that one): an engine
# someone else runs is left alone. Containers still running under it are stopped with it.
set -uo pipefail

DOCKERD_PIDFILE=/run/kyb-dockerd.pid
say() { printf 'stop-engine: %s\n' "$*"; }

if [ ! -s "$DOCKERD_PIDFILE" ]; then
  say "no dockerd started by build-images.sh: nothing to stop"
  exit 0
fi
pid=$(cat "$DOCKERD_PIDFILE")
if ! kill -0 "$pid" 2>/dev/null || [ "$(cat "/proc/$pid/comm" 2>/dev/null)" != dockerd ]; then
  rm -f "$DOCKERD_PIDFILE"
  say "dockerd (pid $pid) is no longer running"
  exit 0
fi
running=$(docker ps -q 2>/dev/null | wc -l)
kill -TERM "$pid"
# dockerd stops its containers (10 s each at most) and the containerd it started, then exits.
for _ in $(seq 1 60); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
if kill -0 "$pid" 2>/dev/null; then
  kill -KILL "$pid"
  say "dockerd (pid $pid) did not stop within 60 s: killed"
else
  say "stopped dockerd (pid $pid; $running container(s) were still running)"
fi
rm -f "$DOCKERD_PIDFILE"
