#!/bin/sh
# make stop: stop what tools/run.sh started, and nothing else.
#
# Each process is found by its pid file under var/ and checked to be the
# program we expect before it is signalled, so a stale pid file cannot
# hit an unrelated process that reused the number.  nginx is stopped
# first (with -s quit, so requests in flight finish), then the FastCGI
# supervisors of the readers and of the writer (SIGTERM; each stops its
# processes), the worker, and the local
# mail server (aiosmtpd) when make run started one.
#
#   tools/stop.sh [--quiet]
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
var=$root/var
quiet=0
[ "${1:-}" = "--quiet" ] && quiet=1

say() { [ $quiet -eq 1 ] || echo "stop: $*"; }

# The pid in file if that process runs and its command line has word.
live_pid() {	# file word
	[ -s "$1" ] || return 1
	pid=$(head -n 1 "$1")
	case "$pid" in ''|*[!0-9]*) return 1 ;; esac
	kill -0 "$pid" 2>/dev/null || return 1
	ps -p "$pid" -o args= 2>/dev/null | grep -q -- "$2" || return 1
	echo "$pid"
}

# Wait up to 10 s for pid to go away.
wait_gone() {	# pid
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -le 100 ] || return 1
		sleep 0.1
	done
	return 0
}

stop_one() {	# name pidfile word
	if pid=$(live_pid "$2" "$3"); then
		kill -TERM "$pid"
		if ! wait_gone "$pid"; then
			say "$1 (pid $pid) did not stop; killing it"
			kill -KILL "$pid" 2>/dev/null
		fi
		say "stopped $1 (pid $pid)"
	fi
	rm -f "$2"
}

ngx_pid=$var/nginx/nginx.pid
if pid=$(live_pid "$ngx_pid" nginx); then
	if [ -f "$var/nginx/topper.conf" ]; then
		nginx -p "$var/nginx/" -c "$var/nginx/topper.conf" \
		    -e "$var/nginx/logs/error.log" -s quit 2>/dev/null ||
		    kill -QUIT "$pid"
	else
		kill -QUIT "$pid"
	fi
	if ! wait_gone "$pid"; then
		say "nginx (pid $pid) did not quit; killing it"
		kill -KILL "$pid" 2>/dev/null
	fi
	say "stopped nginx (pid $pid)"
fi
rm -f "$ngx_pid"

stop_one "topper fcgi" "$var/run/topper-fcgi.pid" "topper fcgi"
stop_one "topper fcgi writer" "$var/run/topper-fcgi-writer.pid" "topper fcgi"
stop_one "topper worker" "$var/run/topper-worker.pid" "topper worker"
stop_one "mail server" "$var/run/topper-smtp.pid" "aiosmtpd"
exit 0
