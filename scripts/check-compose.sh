#!/usr/bin/env bash
# Validates both compose modes offline (no Docker engine needed) with Debian's docker-compose; the
# rules themselves are in scripts/check-compose.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker-compose >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "[compose] docker-compose and apt-get are both missing: cannot check the compose files" >&2
    exit 1
  fi
  echo "[compose] installing Debian's docker-compose"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null 2>&1 || {
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  }
fi

node scripts/check-compose.mjs
