# tests/e2e/lib/instance.sh: a private Topper instance for end-to-end tests.
#
# Source this file; it defines functions and runs nothing.  An instance is
# a mktemp directory holding its own topper.conf, database, FastCGI socket,
# nginx prefix and logs, on a free loopback port, so tests run side by
# side with "make run" and with each other.
#
#   . tests/e2e/lib/instance.sh
#   instance_start            # sets INST, INST_PORT, INST_URL, INST_CONF
#   curl "$INST_URL/healthz"
#   instance_stop             # stops everything; fails on a sanitizer report
#
# Environment:
#   TOPPER            the topper binary for fcgi/init/worker (tests/run.sh
#                     sets the ASan build); default build-asan/topper,
#                     which instance_start then brings up to date (make
#                     all does not build it, so a test run by hand would
#                     otherwise serve an older tree)
#   INSTANCE_WORKER=1 also start "topper worker" when the binary has it
#   INSTANCE_KEEP=1   keep the directory after instance_stop (debugging)
#   INSTANCE_DATA_DIR data_dir (templates/, static/); default the tree
#   TOPPER_STORE      sqlite (default) or postgresql: the instance's
#                     database is then a new one on the PostgreSQL server
#                     of PG_DIR (tests/run.sh starts one for its
#                     PostgreSQL pass), or on a server of its own
#                     (tests/e2e/lib/pg.sh) when PG_DIR is not set
# inst_sql "SQL" runs one statement on the instance's database, either
# store, and prints its rows as sqlite3 does (columns joined by |).
# Extra "key = value" lines for topper.conf can be given in INSTANCE_CONF
# (newline-separated) before instance_start.

INST_ROOT=$(cd "$(dirname "${0:-.}")/../.." 2>/dev/null && pwd)
[ -f "$INST_ROOT/nginx/topper.conf.in" ] || INST_ROOT=$(pwd)
INST_TOPPER_DEFAULT=
[ -n "${TOPPER:-}" ] || INST_TOPPER_DEFAULT=1
: "${TOPPER:=$INST_ROOT/build-asan/topper}"

inst_log() { echo "instance: $*" >&2; }

# A TCP port on 127.0.0.1 that nothing listens on right now.
instance_free_port() {
	/usr/bin/python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# 0 while pid runs (a zombie counts as gone).
instance_alive() {
	_st=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
	case "$_st" in *Z*) return 1 ;; esac
	return 0
}

# Wait until "$@" succeeds, up to about 10 s; returns its last status.
inst_wait() {
	_i=0
	until "$@"; do
		_i=$((_i + 1))
		[ $_i -le 100 ] || return 1
		sleep 0.1
	done
}

_inst_nginx() {
	nginx -p "$INST/nginx/" -c "$INST/nginx/topper.conf" \
	    -e "$INST/nginx/logs/error.log" "$@"
}

_inst_has_command() {
	"$TOPPER" help 2>/dev/null | grep -q "^  $1 "
}

# The instance's database: a file, or a new PostgreSQL database.
_inst_db() {
	if [ "${TOPPER_STORE:-sqlite}" != postgresql ]; then
		INST_DB=$INST/topper.db
		return 0
	fi
	if [ -z "${PG_DIR:-}" ]; then
		. "$INST_ROOT/tests/e2e/lib/pg.sh"
		pg_start || return 1
		_inst_own_pg=1
	fi
	_inst_pgdb=e2e_$(basename "$INST" | tr -c 'a-zA-Z0-9\n' _ |
	    tr 'A-Z' 'a-z')
	"$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$PG_SUPER_URI" \
	    -c "CREATE DATABASE $_inst_pgdb OWNER topper" > /dev/null || return 1
	INST_DB="postgresql:///$_inst_pgdb?host=$PG_DIR&user=topper"
}

# $INST/sql "SQL": the client of the instance's store, as a script, so
# that a check's "sh -c" can run it too.
_inst_sql_script() {
	if [ "${TOPPER_STORE:-sqlite}" = postgresql ]; then
		printf '#!/bin/sh\nexec "%s/psql" -X -q -A -t -v ON_ERROR_STOP=1 "%s" -c "$1"\n' \
		    "$PG_BIN" "$INST_DB"
	else
		printf '#!/bin/sh\nexec sqlite3 "%s" "$1"\n' "$INST_DB"
	fi > "$INST/sql" && chmod +x "$INST/sql"
}

inst_sql() { "$INST/sql" "$1"; }

# instance_db: only the database of an instance and its $INST/sql (INST
# set), for a suite that starts its processes itself (tcp.sh); sets
# INST_DB.  instance_db_drop [keep] drops it (unless keep) and stops the
# PostgreSQL server _inst_db started, if it did.
instance_db() {
	_inst_db || { inst_log "no database for the instance"; return 1; }
	_inst_sql_script
}

instance_db_drop() {
	_idr=0
	if [ "${1:-}" != keep ] && [ -n "${_inst_pgdb:-}" ]; then
		"$PG_BIN/psql" -X -q "$PG_SUPER_URI" \
		    -c "DROP DATABASE IF EXISTS $_inst_pgdb" > /dev/null 2>&1
	fi
	[ "${_inst_own_pg:-0}" = 1 ] && { pg_stop || _idr=1; _inst_own_pg=0; }
	_inst_pgdb=
	return $_idr
}

# inst_blob TEXT: an SQL literal of TEXT's bytes as a blob, to compare
# with a blob column (SQLite's X'..' is a bit string in PostgreSQL).
inst_blob() {
	_h=$(printf %s "$1" | od -An -v -tx1 | tr -d ' \n')
	if [ "${TOPPER_STORE:-sqlite}" = postgresql ]; then
		printf "'\\\\x%s'::bytea" "$_h"
	else
		printf "X'%s'" "$_h"
	fi
}

# inst_db_sum: a checksum of the store that changes with any write, to
# prove that a request wrote nothing.  SQLite: the database file and its
# WAL, byte for byte.  PostgreSQL: every row of every table with its
# xmin (any UPDATE, even to the same values, makes a new row version
# with a new xmin) and every sequence (an INSERT, even one deleted or
# rolled back, draws an id).
inst_db_sum() {
	if [ "${TOPPER_STORE:-sqlite}" != postgresql ]; then
		cat "$INST_DB" "$INST_DB-wal" 2>/dev/null | sha256sum
		return
	fi
	{
		for _t in $(inst_sql "SELECT tablename FROM pg_tables
		    WHERE schemaname = 'public' ORDER BY 1"); do
			echo "$_t"
			inst_sql "SELECT xmin, t.* FROM \"$_t\" t ORDER BY ctid"
		done
		inst_sql "SELECT sequencename, last_value FROM pg_sequences
		    ORDER BY 1"
	} | sha256sum
}

instance_start() {
	if [ -n "$INST_TOPPER_DEFAULT" ]; then
		make -s -C "$INST_ROOT" build-asan/topper >&2 || {
			inst_log "make build-asan/topper failed"
			return 1
		}
	fi
	INST=$(mktemp -d "${TMPDIR:-/tmp}/topper-e2e.XXXXXX") || return 1
	instance_db || return 1
	INST_PORT=$(instance_free_port)
	INST_URL=http://127.0.0.1:$INST_PORT
	INST_CONF=$INST/topper.conf
	INST_SOCKET=$INST/run/topper.sock
	mkdir -p "$INST/run" "$INST/log"
	cat > "$INST_CONF" <<EOF
db = $INST_DB
socket = $INST_SOCKET
port = $INST_PORT
base_url = $INST_URL
data_dir = ${INSTANCE_DATA_DIR:-$INST_ROOT}
pwhash = min
${INSTANCE_CONF:-}
EOF
	if _inst_has_command init; then
		"$TOPPER" init --config "$INST_CONF" > "$INST/log/init.log" 2>&1 || {
			inst_log "topper init failed:"; cat "$INST/log/init.log" >&2
			return 1
		}
	fi
	INST_WRITER_SOCKET=$INST/run/topper-writer.sock
	sh "$INST_ROOT/tools/nginx-conf.sh" "$INST/nginx" "$INST_PORT" \
	    "$INST_SOCKET" "${INSTANCE_DATA_DIR:-$INST_ROOT}" \
	    "$INST_WRITER_SOCKET" || return 1
	"$TOPPER" fcgi --config "$INST_CONF" --processes 2 \
	    --pid-file "$INST/run/topper-fcgi.pid" \
	    < /dev/null > "$INST/log/fcgi.log" 2>&1 &
	INST_FCGI_PID=$!
	# The writer: one process for every POST (nginx/topper.conf.in),
	# up to 16 waiting POSTs to a commit.
	"$TOPPER" fcgi --config "$INST_CONF" --processes 1 --batch 16 \
	    --socket "$INST_WRITER_SOCKET" \
	    < /dev/null > "$INST/log/fcgi-writer.log" 2>&1 &
	INST_WRITER_FCGI_PID=$!
	if ! inst_wait test -S "$INST_SOCKET" ||
	    ! inst_wait test -S "$INST_WRITER_SOCKET"; then
		inst_log "topper fcgi did not create its sockets:"
		cat "$INST/log/fcgi.log" "$INST/log/fcgi-writer.log" >&2
		return 1
	fi
	INST_WORKER_PID=
	if [ "${INSTANCE_WORKER:-0}" = 1 ] && _inst_has_command worker; then
		"$TOPPER" worker --config "$INST_CONF" \
		    < /dev/null > "$INST/log/worker.log" 2>&1 &
		INST_WORKER_PID=$!
	fi
	if ! _inst_nginx; then
		inst_log "nginx did not start:"
		cat "$INST/nginx/logs/error.log" >&2
		return 1
	fi
	if ! inst_wait curl -fsS -o /dev/null "$INST_URL/healthz"; then
		inst_log "$INST_URL/healthz does not answer"
		return 1
	fi
	INST_NGINX_PID=$(cat "$INST/nginx/nginx.pid")
	export INST INST_PORT INST_URL INST_CONF INST_SOCKET INST_WRITER_SOCKET
}

# Every pid of our processes: the nginx master and its workers, the fcgi
# supervisor and its children, the worker.
instance_pids() {
	for p in ${INST_NGINX_PID:-} ${INST_FCGI_PID:-} \
	    ${INST_WRITER_FCGI_PID:-} ${INST_WORKER_PID:-}; do
		instance_alive "$p" && echo "$p"
		ps -o pid= --ppid "$p" 2>/dev/null
	done | tr -d ' '
}

# 1 (failure) when a log holds a sanitizer report.
_inst_sanitizer_clean() {
	for f in "$INST"/log/*.log; do
		[ -f "$f" ] || continue
		if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$f"; then
			inst_log "sanitizer report in $f:"
			cat "$f" >&2
			return 1
		fi
	done
	return 0
}

_inst_gone() { ! instance_alive "$1"; }

instance_stop() {
	[ -n "${INST:-}" ] || return 0
	_rc=0
	_left=$(instance_pids)
	[ -n "${INST_NGINX_PID:-}" ] && _inst_nginx -s quit 2>/dev/null
	[ -n "${INST_FCGI_PID:-}" ] && kill -TERM "$INST_FCGI_PID" 2>/dev/null
	[ -n "${INST_WRITER_FCGI_PID:-}" ] &&
	    kill -TERM "$INST_WRITER_FCGI_PID" 2>/dev/null
	[ -n "${INST_WORKER_PID:-}" ] && kill -TERM "$INST_WORKER_PID" 2>/dev/null
	for p in $_left; do
		if ! inst_wait _inst_gone "$p"; then
			inst_log "process $p did not stop; killing it"
			kill -KILL "$p" 2>/dev/null
			_rc=1
		fi
	done
	wait 2>/dev/null
	_inst_sanitizer_clean || _rc=1
	if [ -e "$INST_SOCKET" ] || [ -e "$INST_WRITER_SOCKET" ]; then
		inst_log "a socket was not removed"
		_rc=1
	fi
	if [ "${INSTANCE_KEEP:-0}" = 1 ] || [ $_rc -ne 0 ]; then
		inst_log "kept $INST"
		instance_db_drop keep || _rc=1
	else
		rm -rf "$INST"
		instance_db_drop || _rc=1
	fi
	INST=
	return $_rc
}
