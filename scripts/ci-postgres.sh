#!/usr/bin/env bash
# Brings up a local PostgreSQL for the Postgres store tests and the multi-process suites:
# role stockroom/stockroom, database stockroom_test, listening on 127.0.0.1:5432.
# Idempotent: safe to run twice (an existing package, cluster, role or database is kept).
#
# PostgreSQL refuses to run as root, so the server is started with Debian's pg_ctlcluster wrapper,
# which runs it as the `postgres` system user. Needs root (or sudo) for apt-get and that wrapper.
set -euo pipefail

PGUSER_NAME=${PGUSER_NAME:-stockroom}
PGPASS=${PGPASS:-stockroom}
PGDB=${PGDB:-stockroom_test}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root runuser -u postgres -- "$@"; }

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  echo "ci-postgres: installing postgresql via apt-get"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
fi

# The newest installed major version, and its first cluster (Debian creates `main`).
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
cluster=$(pg_lsclusters -h | awk -v v="$version" '$1 == v { print $2; exit }')
if [ -z "$cluster" ]; then
  cluster=main
  as_root pg_createcluster "$version" "$cluster"
fi

status=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $4 }')
if [ "$status" != "online" ]; then
  echo "ci-postgres: starting cluster $version/$cluster"
  as_root pg_ctlcluster "$version" "$cluster" start
fi
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $3 }')

psql_admin() { as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }

# Wait until it accepts connections (start returns before that on slow machines).
for _ in $(seq 1 50); do
  if psql_admin -c 'select 1' >/dev/null 2>&1; then break; fi
  sleep 0.2
done

if [ "$(psql_admin -c "select 1 from pg_roles where rolname = '$PGUSER_NAME'")" != "1" ]; then
  psql_admin -c "create role $PGUSER_NAME login password '$PGPASS'"
else
  psql_admin -c "alter role $PGUSER_NAME login password '$PGPASS'"
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname = '$PGDB'")" != "1" ]; then
  psql_admin -c "create database $PGDB owner $PGUSER_NAME"
fi

echo "ci-postgres: ready at postgres://$PGUSER_NAME:$PGPASS@127.0.0.1:$port/$PGDB"
