#!/usr/bin/env bash
# Validates docker-compose.yml offline (no Docker engine needed) with Debian's docker-compose, and
# checks what `--scale` needs: no fixed container names, host ports only on web, mailpit and minio.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker-compose >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "[compose] docker-compose and apt-get are both missing: cannot check the compose file" >&2
    exit 1
  fi
  echo "[compose] installing Debian's docker-compose"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null 2>&1 || {
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  }
fi

docker-compose -f docker-compose.yml config -q
rendered="$(docker-compose -f docker-compose.yml config)"
services="$(docker-compose -f docker-compose.yml config --services | sort | tr '\n' ' ')"
expected="assets auth billing gateway generation mailpit minio minio-init nats notifications postgres web "
if [ "$services" != "$expected" ]; then
  echo "[compose] services are '$services', expected '$expected'" >&2
  exit 1
fi
if grep -q 'container_name' <<<"$rendered"; then
  echo "[compose] a service has a fixed container_name: it could not be scaled" >&2
  exit 1
fi
node -e '
  const text = require("fs").readFileSync(0, "utf8");
  const allowed = new Set(["web", "mailpit", "minio"]);
  let service = null, inServices = false, bad = [];
  for (const line of text.split("\n")) {
    if (/^services:/.test(line)) { inServices = true; continue; }
    if (/^\S/.test(line)) inServices = false;
    const name = /^  ([\w-]+):\s*$/.exec(line);
    if (inServices && name) service = name[1];
    if (inServices && /^    ports:/.test(line) && !allowed.has(service)) bad.push(service);
  }
  if (bad.length) { console.error("[compose] host ports published by: " + bad.join(", ")); process.exit(1); }
' <<<"$rendered"
echo "[compose] docker-compose.yml is valid; services: $services"
