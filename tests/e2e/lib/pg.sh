# tests/e2e/lib/pg.sh: a private PostgreSQL server for tests.
#
# Source this file; it defines functions and runs nothing (its own
# variables start with _pg, so it can be sourced beside instance.sh).
# A server is a mktemp directory holding its cluster (data/), its log
# and its unix socket; it listens on no TCP address, so servers run side
# by side with each other and with any system cluster.  Nothing is set
# up by hand: the Debian packages postgresql and libpq-dev
# (tools/deps.txt) are all it needs.
#
#   . tests/e2e/lib/pg.sh
#   trap 'pg_stop' EXIT INT TERM
#   pg_start                  # sets PG_DIR, PG_URI, PG_SUPER_URI, PG_BIN
#   "$PG_BIN/psql" "$PG_URI" -c 'SELECT 1'
#   pg_stop                   # stops the server, removes the directory
#
# PostgreSQL refuses to run as root.  The tests run as root, so then the
# cluster belongs to the unprivileged "nobody" (present on every Debian
# system; no user is created) and initdb, the server and pg_ctl run as it
# through setpriv (util-linux, which is essential); as any other user
# they run as that user.  Clients run as the caller and connect through
# the socket, where the cluster trusts everyone (only its owner and root
# can reach the directory).
#
# PG_URI connects as "topper", an ordinary role that owns the database
# "topper", as the program will in production: what a migration needs
# beyond that (an extension, say) shows up here.  PG_SUPER_URI connects
# as the superuser "postgres".
#
# Environment:
#   PG_BIN    the directory of initdb, pg_ctl and psql; default: pg_config
#             --bindir, else the newest /usr/lib/postgresql/*/bin
#   PG_CONF   extra postgresql.conf lines (newline-separated)
#   PG_KEEP=1 keep the directory after pg_stop (debugging)

pg_log() { echo "pg: $*" >&2; }

# The directory holding initdb: pg_config's may be a client-only one
# (libpq-dev from another version), so it must actually hold initdb.
_pg_find_bin() {
	if [ -n "${PG_BIN:-}" ]; then
		[ -x "$PG_BIN/initdb" ] && return 0
		pg_log "no initdb in PG_BIN=$PG_BIN"
		return 1
	fi
	_pg_b=$(pg_config --bindir 2>/dev/null)
	if [ -n "$_pg_b" ] && [ -x "$_pg_b/initdb" ]; then
		PG_BIN=$_pg_b
		return 0
	fi
	for _pg_b in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null |
	    sort -t / -k 4 -n); do
		[ -x "$_pg_b/initdb" ] && PG_BIN=$_pg_b
	done
	[ -n "${PG_BIN:-}" ] && return 0
	pg_log "no PostgreSQL server found (Debian package postgresql)"
	return 1
}

# Run a server-side command as the cluster's owner.
_pg_as_owner() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" \
		    --clear-groups -- "$@"
	else
		"$@"
	fi
}

pg_start() {
	_pg_find_bin || return 1
	PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/topper-pg.XXXXXX") || return 1
	if [ "$(id -u)" -eq 0 ]; then
		chown nobody "$PG_DIR" || return 1
		# nobody must reach the directory through its parents.
		if ! _pg_as_owner test -w "$PG_DIR"; then
			pg_log "nobody cannot write $PG_DIR (a private TMPDIR?)"
			return 1
		fi
	fi
	# The C locale: text sorts by bytes, as SQLite's BINARY collation
	# does, and citext folds ASCII only, as NOCASE does.
	if ! (cd "$PG_DIR" && _pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" \
	    -U postgres -A trust -E UTF8 --locale=C --no-sync) \
	    > "$PG_DIR/initdb.log" 2>&1; then
		pg_log "initdb failed:"
		cat "$PG_DIR/initdb.log" >&2
		return 1
	fi
	# Only the socket in our directory; durability is not tested here.
	cat >> "$PG_DIR/data/postgresql.conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$PG_DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 32MB
${PG_CONF:-}
EOF
	if ! (cd "$PG_DIR" && _pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" \
	    -l "$PG_DIR/server.log" -w -t 30 start) > /dev/null 2>&1; then
		pg_log "the server did not start:"
		cat "$PG_DIR/server.log" >&2
		return 1
	fi
	PG_SUPER_URI="postgresql:///postgres?host=$PG_DIR&user=postgres"
	PG_URI="postgresql:///topper?host=$PG_DIR&user=topper"
	if ! "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$PG_SUPER_URI" \
	    -c 'CREATE ROLE topper LOGIN' \
	    -c 'CREATE DATABASE topper OWNER topper' > "$PG_DIR/setup.log" 2>&1
	then
		pg_log "could not create the database:"
		cat "$PG_DIR/setup.log" >&2
		return 1
	fi
	export PG_DIR PG_URI PG_SUPER_URI PG_BIN
}

# Stop the server (fast: sessions are cut, nothing is flushed that a
# test needs) and remove its directory.  Safe to call twice, or after a
# pg_start that failed half way.
pg_stop() {
	[ -n "${PG_DIR:-}" ] || return 0
	_pg_rc=0
	if [ -f "$PG_DIR/data/postmaster.pid" ]; then
		if ! (cd "$PG_DIR" && _pg_as_owner "$PG_BIN/pg_ctl" \
		    -D "$PG_DIR/data" -m fast -w -t 30 stop) > /dev/null 2>&1
		then
			pg_log "the server did not stop; killing it"
			kill -KILL "$(head -n 1 "$PG_DIR/data/postmaster.pid")" \
			    2>/dev/null
			_pg_rc=1
		fi
	fi
	if [ "${PG_KEEP:-0}" = 1 ] || [ $_pg_rc -ne 0 ]; then
		pg_log "kept $PG_DIR"
	else
		rm -rf "$PG_DIR"
	fi
	PG_DIR=
	return $_pg_rc
}
