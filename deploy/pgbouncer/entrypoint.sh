#!/bin/sh
# PgBouncer for the API's instances, in transaction mode (docs/decisions/066): writes its
# configuration from the environment, then runs it. PGBOUNCER_CONFIG_ONLY=1 only writes the files
# (deploy/deploy.test.ts runs them with Debian's pgbouncer).
set -eu
: "${DB_HOST:?set DB_HOST, the PostgreSQL server}"
: "${DB_NAME:?set DB_NAME}"
: "${DB_USER:?set DB_USER}"
: "${DB_PASSWORD:?set DB_PASSWORD}"
DB_PORT="${DB_PORT:-5432}"
LISTEN_ADDR="${LISTEN_ADDR:-0.0.0.0}"
LISTEN_PORT="${LISTEN_PORT:-6432}"
# Server connections to PostgreSQL (the pool-size rule of decision 066: about 2-3 per core of the
# database server, well under its max_connections).
POOL_SIZE="${POOL_SIZE:-20}"
# Client connections: every API instance's pool (10 each) and some room.
MAX_CLIENT_CONN="${MAX_CLIENT_CONN:-200}"
CONFIG_DIR="${CONFIG_DIR:-/etc/pgbouncer}"
mkdir -p "$CONFIG_DIR"
umask 077
# Plain passwords in the auth file: PgBouncer then speaks SCRAM both to the API and to PostgreSQL.
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > "$CONFIG_DIR/userlist.txt"
cat > "$CONFIG_DIR/pgbouncer.ini" <<INI
[databases]
${DB_NAME} = host=${DB_HOST} port=${DB_PORT} dbname=${DB_NAME} connect_query='set jit = off'

[pgbouncer]
listen_addr = ${LISTEN_ADDR}
listen_port = ${LISTEN_PORT}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${CONFIG_DIR}/userlist.txt
pool_mode = transaction
default_pool_size = ${POOL_SIZE}
server_login_retry = 2
max_client_conn = ${MAX_CLIENT_CONN}
ignore_startup_parameters = extra_float_digits
INI
[ "${PGBOUNCER_CONFIG_ONLY:-0}" = "1" ] && exit 0
exec pgbouncer "$CONFIG_DIR/pgbouncer.ini"
