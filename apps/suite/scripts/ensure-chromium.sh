#!/usr/bin/env bash
# The browser check (apps/suite/src/browser) opens the API reference and the queue dashboard in
# Debian's Chromium. Installs it when missing (CI and a fresh machine of this kind are root with
# Debian's packages reachable); says so loudly otherwise. CHROMIUM_PATH names another binary.
set -uo pipefail
chromium_bin=${CHROMIUM_PATH:-/usr/bin/chromium}
version() { "$chromium_bin" --version 2>/dev/null | head -n 1; }
if [ -x "$chromium_bin" ]; then
  echo "suite: chromium found: $(version) ($chromium_bin)"
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "suite: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: the browser check will fail" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "suite: chromium is not installed and cannot be installed here: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi
echo "suite: installing chromium from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q chromium >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; } || {
  echo "suite: apt-get install chromium failed" >&2
  exit 1
}
echo "suite: chromium installed: $(version)"
