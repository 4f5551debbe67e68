#!/usr/bin/env bash
# Makes sure what Printloom needs on this machine is there: PostgreSQL reachable at DATABASE_URL,
# the nats-server binary (and a JetStream server at NATS_URL unless --no-nats-server), Chromium for
# browser tests when --chromium is given, the operators' checking tools when --ops-tools is given
# (kubectl from kubernetes-client, promtool from prometheus, docker-compose, pg_dump/pg_restore),
# tesseract for the design engine's legibility test and assets' quality verdicts when --tesseract is given
# (make dev passes it).
# Installs Debian packages when missing (needs root).
set -euo pipefail

want_chromium=false
want_tesseract=false
want_nats_server=true
want_ops_tools=false
for arg in "$@"; do
  case "$arg" in
    --chromium) want_chromium=true ;;
    --tesseract) want_tesseract=true ;;
    --no-nats-server) want_nats_server=false ;;
    --ops-tools) want_ops_tools=true ;;
  esac
done

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/printloom}"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
here="$(cd "$(dirname "$0")/.." && pwd)"

log() { printf '[infra] %s\n' "$*"; }

apt_updated=false
apt_install() {
  if ! command -v apt-get >/dev/null; then
    log "apt-get is not available: install $* yourself"; return 1
  fi
  if [ "$apt_updated" = false ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || true
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

host_port() { # url -> "host port"; plain host[:port] in bash (a Node start costs a warm make dev ~0.1-0.5 s)
  local authority="${1#*://}"
  authority="${authority%%[/?#]*}"
  authority="${authority##*@}"
  if [[ "$authority" =~ ^([A-Za-z0-9.-]+)(:([0-9]+))?$ ]]; then
    echo "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]:-$2}"
  else # IPv6 literals and anything unusual: the URL parser decides
    node -e 'const u=new URL(process.argv[1]); console.log(u.hostname, u.port || process.argv[2])' "$1" "$2"
  fi
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && exec 3>&- ; }

is_local() { [ "$1" = "127.0.0.1" ] || [ "$1" = "localhost" ] || [ "$1" = "::1" ]; }

wait_port() {
  for _ in $(seq 1 100); do port_open "$1" "$2" && return 0; sleep 0.2; done
  return 1
}

# --- PostgreSQL -------------------------------------------------------------------------------
read -r pg_host pg_port < <(host_port "$DATABASE_URL" 5432)
if ! port_open "$pg_host" "$pg_port"; then
  is_local "$pg_host" || { log "PostgreSQL at $pg_host:$pg_port is not reachable"; exit 1; }
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    log "installing PostgreSQL (Debian package)"
    apt_install postgresql
    fresh_install=true
  fi
  version="$(ls /etc/postgresql | sort -n | tail -1)"
  if [ "${fresh_install:-false}" = true ]; then
    # A development machine: local connections trusted, as DATABASE_URL's default expects.
    sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/; s/^(host\s+all\s+all\s+::1\/128\s+)\S+/\1trust/; s/^(local\s+all\s+postgres\s+)\S+/\1trust/' "/etc/postgresql/$version/main/pg_hba.conf"
  fi
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_port "$pg_host" "$pg_port" || { log "PostgreSQL did not come up on $pg_host:$pg_port"; exit 1; }
fi
log "PostgreSQL reachable at $pg_host:$pg_port"

# --- NATS -------------------------------------------------------------------------------------
nats_bin="$(command -v nats-server || true)"
[ -z "$nats_bin" ] && [ -x /usr/sbin/nats-server ] && nats_bin=/usr/sbin/nats-server
if [ -z "$nats_bin" ]; then
  log "installing nats-server (Debian package)"
  apt_install nats-server
  nats_bin=/usr/sbin/nats-server
fi
if [ "$want_nats_server" = true ]; then
  read -r nats_host nats_port < <(host_port "$NATS_URL" 4222)
  if ! port_open "$nats_host" "$nats_port"; then
    is_local "$nats_host" || { log "NATS at $nats_host:$nats_port is not reachable"; exit 1; }
    mkdir -p "$here/.data/nats"
    log "starting nats-server with JetStream on $nats_port"
    start-stop-daemon --start --oknodo --background --exec "$nats_bin" -- -a 127.0.0.1 -p "$nats_port" -js -sd "$here/.data/nats" -l "$here/.data/nats/nats-server.log"
    wait_port "$nats_host" "$nats_port" || { log "nats-server did not come up"; exit 1; }
  fi
  log "NATS reachable at $nats_host:$nats_port"
fi

# --- Tools some steps need: one apt-get install for all that is missing (each call re-reads dpkg's
# database and runs its triggers, which on a fresh machine cost more than the downloads) -----------
ops_missing=()
if [ "$want_ops_tools" = true ]; then # compose and Kubernetes checks, alert rules, backups
  command -v kubectl >/dev/null || ops_missing+=(kubernetes-client)
  command -v promtool >/dev/null || ops_missing+=(prometheus)
  command -v docker-compose >/dev/null || ops_missing+=(docker-compose)
  command -v pg_dump >/dev/null || ops_missing+=(postgresql-client)
  command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || ops_missing+=(pgbouncer) # listings' pooler test
fi
needed=() # OCR for the design engine's legibility check and test; Chromium for browser tests
[ "$want_tesseract" = true ] && ! command -v tesseract >/dev/null && needed+=(tesseract-ocr tesseract-ocr-eng)
[ "$want_chromium" = true ] && [ ! -x /usr/bin/chromium ] && needed+=(chromium fonts-liberation)
if [ "$((${#ops_missing[@]} + ${#needed[@]}))" -gt 0 ]; then
  log "installing ${ops_missing[*]} ${needed[*]} (Debian packages) for the operators' checks, OCR and browser tests"
  if ! apt_install "${ops_missing[@]}" "${needed[@]}"; then
    # One at a time, so that a missing operators' tool fails only the checks that need it.
    if [ "${#ops_missing[@]}" -gt 0 ]; then
      apt_install "${ops_missing[@]}" || log "could not install ${ops_missing[*]}; the checks that need them will fail"
    fi
    [ "${#needed[@]}" -eq 0 ] || apt_install "${needed[@]}"
  fi
fi
exit 0
