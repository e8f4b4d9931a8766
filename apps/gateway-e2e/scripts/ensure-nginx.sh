#!/usr/bin/env bash
# The gateway journey runs Debian's nginx in front of the areas. Installs it when missing (CI and
# a fresh machine of this kind are root with Debian's packages reachable); says so loudly otherwise.
set -uo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  echo "gateway-e2e: nginx found: $( (nginx -v || /usr/sbin/nginx -v) 2>&1)"
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "gateway-e2e: nginx is not installed and cannot be installed here: install nginx (Debian: apt-get install -y nginx-light)" >&2
  exit 1
fi
echo "gateway-e2e: installing nginx-light from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q nginx-light >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q nginx-light >/dev/null; } || {
  echo "gateway-e2e: apt-get install nginx-light failed" >&2
  exit 1
}
# The Debian package starts a default server on port 80; the journey runs its own nginx.
(service nginx stop || nginx -s quit || true) >/dev/null 2>&1
echo "gateway-e2e: nginx installed: $(nginx -v 2>&1)"
