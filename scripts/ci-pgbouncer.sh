#!/usr/bin/env bash
# Brings up PgBouncer in transaction mode in front of the test database (run after
# scripts/ci-postgres.sh): 127.0.0.1:6432, database stockroom_test, role stockroom/stockroom, so
# TEST_PGBOUNCER_URL=postgres://stockroom:stockroom@127.0.0.1:6432/stockroom_test.
# Idempotent: a PgBouncer this script started is kept; a second run only checks it answers.
#
# PgBouncer refuses to run as root: it runs as the `postgres` system user (created by Debian's
# postgresql package), with its own ini, userlist, pid and log in $PGB_DIR, not Debian's
# /etc/pgbouncer service. Needs root (or sudo) for apt-get and runuser.
set -euo pipefail

PGUSER_NAME=${PGUSER_NAME:-stockroom}
PGPASS=${PGPASS:-stockroom}
PGDB=${PGDB:-stockroom_test}
PG_PORT=${PG_PORT:-5432}
PGB_PORT=${PGB_PORT:-6432}
PGB_DIR=${PGB_DIR:-/var/run/stockroom-pgbouncer}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pgbouncer >/dev/null 2>&1; then
  echo "ci-pgbouncer: installing pgbouncer via apt-get"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq pgbouncer >/dev/null
  # Debian's own service (an empty /etc/pgbouncer config) would take port 6432 where systemd runs.
  as_root systemctl stop pgbouncer.service >/dev/null 2>&1 || true
fi

url="postgres://$PGUSER_NAME:$PGPASS@127.0.0.1:$PGB_PORT/$PGDB"
answers() { PGPASSWORD=$PGPASS psql -h 127.0.0.1 -p "$PGB_PORT" -U "$PGUSER_NAME" -d "$PGDB" -qtAc 'select 1' >/dev/null 2>&1; }

if ! answers; then
  as_root mkdir -p "$PGB_DIR"
  as_root chown postgres:postgres "$PGB_DIR"
  as_root chmod 0700 "$PGB_DIR"
  # The stockroom role's password in plain text: PgBouncer needs it (or its SCRAM secret) to
  # authenticate to PostgreSQL with SCRAM on the clients' behalf. A test password, on loopback.
  printf '"%s" "%s"\n' "$PGUSER_NAME" "$PGPASS" | as_root tee "$PGB_DIR/userlist.txt" >/dev/null
  # Transaction pooling; sizes as in deploy/pgbouncer.ini, smaller pool (tests share PostgreSQL's
  # 100 connections with the direct suites).
  as_root tee "$PGB_DIR/pgbouncer.ini" >/dev/null <<EOF
[databases]
$PGDB = host=127.0.0.1 port=$PG_PORT dbname=$PGDB

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $PGB_DIR/userlist.txt
pool_mode = transaction
default_pool_size = 20
max_client_conn = 1000
stats_users = $PGUSER_NAME
log_connections = 0
log_disconnections = 0
pidfile = $PGB_DIR/pgbouncer.pid
logfile = $PGB_DIR/pgbouncer.log
EOF
  as_root chown postgres:postgres "$PGB_DIR/userlist.txt" "$PGB_DIR/pgbouncer.ini"
  as_root chmod 0600 "$PGB_DIR/userlist.txt" "$PGB_DIR/pgbouncer.ini"
  if [ -f "$PGB_DIR/pgbouncer.pid" ] && kill -0 "$(cat "$PGB_DIR/pgbouncer.pid")" 2>/dev/null; then
    echo "ci-pgbouncer: restarting the PgBouncer of $PGB_DIR (it did not answer)"
    as_root kill "$(cat "$PGB_DIR/pgbouncer.pid")"
    for _ in $(seq 1 50); do kill -0 "$(cat "$PGB_DIR/pgbouncer.pid")" 2>/dev/null || break; sleep 0.1; done
  fi
  echo "ci-pgbouncer: starting pgbouncer (transaction mode) on 127.0.0.1:$PGB_PORT"
  as_root runuser -u postgres -- pgbouncer -d "$PGB_DIR/pgbouncer.ini"
  for _ in $(seq 1 50); do
    if answers; then break; fi
    sleep 0.2
  done
fi

if ! answers; then
  echo "ci-pgbouncer: PgBouncer does not answer at $url (log: $PGB_DIR/pgbouncer.log)" >&2
  exit 1
fi
echo "ci-pgbouncer: ready at $url"
