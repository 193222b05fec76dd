#!/bin/sh
# Write an nginx configuration from nginx/topper.conf.in.
#
#   tools/nginx-conf.sh PREFIX PORT SERVERS DATA_DIR [WRITER_SERVERS]
#
# PREFIX is the nginx prefix (created with logs/ and tmp/ inside);
# DATA_DIR must be absolute.  SERVERS are the "topper fcgi" readers: one
# or several, separated by blanks or commas, each an absolute unix socket
# path or ADDRESS:PORT (127.0.0.1:9000, [::1]:9000, or a host name that
# nginx looks up when it starts).  POSTs go to WRITER_SERVERS, the single
# writer process (default: SERVERS, one pool for everything).  The
# configuration goes to PREFIX/topper.conf.  Used by tools/run.sh and
# tests/e2e/lib/instance.sh.
# NGINX_AUTH_RATE (20r/s) and NGINX_AUTH_BURST (50) set the limit on
# POSTs to the pages that check a password, per client address (the
# login flood test and bench lift it, to reach the readers' hashing).
#
# A pool of several servers gets nginx's passive health checks: a server
# that fails NGINX_MAX_FAILS (1) times within NGINX_FAIL_TIMEOUT (10s) is
# skipped for NGINX_FAIL_TIMEOUT, then tried again; NGINX_MAX_FAILS=0
# never skips one (tests/e2e/tcp.sh uses it).  What a failure does to
# the request itself is written beside the blocks, in the output.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 4 ] || [ $# -eq 5 ] ||
    { echo "usage: $0 PREFIX PORT SERVERS DATA_DIR [WRITER_SERVERS]" >&2; exit 2; }
prefix=$1 port=$2 data_dir=$4
servers=$(echo "$3" | tr ',' ' ')
writers=$(echo "${5:-$3}" | tr ',' ' ')
unsupported() {
	case "$1" in
	*[\ \;\'\"\|\&\#\{\}]*)
		echo "nginx-conf: $1: unsupported character" >&2; exit 2 ;;
	esac
}
for p in "$prefix" "$data_dir"; do
	case "$p" in
	/*) ;;
	*) echo "nginx-conf: $p: must be an absolute path" >&2; exit 2 ;;
	esac
	unsupported "$p"
done
[ -n "$servers" ] && [ -n "$writers" ] ||
    { echo "nginx-conf: no FastCGI server given" >&2; exit 2; }
# Each server: an absolute socket path, or HOST:PORT with HOST an IPv4
# address or a name, or [IPv6].
for s in $servers $writers; do
	unsupported "$s"
	case "$s" in
	/*) continue ;;
	\[*\]:*) host=${s%:*} ;;
	*:*) host=${s%:*}
		case "$host" in *[!A-Za-z0-9.-]*) host= ;; esac ;;
	*) host= ;;
	esac
	case "${s##*:}" in ''|*[!0-9]*) host= ;; esac
	if [ -z "$host" ]; then
		echo "nginx-conf: $s: neither an absolute unix socket path nor ADDRESS:PORT" >&2
		exit 2
	fi
done
auth_rate=${NGINX_AUTH_RATE:-20r/s} auth_burst=${NGINX_AUTH_BURST:-50}
case "$auth_rate" in
[1-9]*r/s|[1-9]*r/m) ;;
*) echo "nginx-conf: bad NGINX_AUTH_RATE: $auth_rate" >&2; exit 2 ;;
esac
case "$auth_burst" in
''|*[!0-9]*) echo "nginx-conf: bad NGINX_AUTH_BURST: $auth_burst" >&2; exit 2 ;;
esac
max_fails=${NGINX_MAX_FAILS:-1} fail_timeout=${NGINX_FAIL_TIMEOUT:-10s}
case "$max_fails" in
''|*[!0-9]*) echo "nginx-conf: bad NGINX_MAX_FAILS: $max_fails" >&2; exit 2 ;;
esac
case "$fail_timeout" in
[1-9]*s|[1-9]*m) ;;
*) echo "nginx-conf: bad NGINX_FAIL_TIMEOUT: $fail_timeout" >&2; exit 2 ;;
esac
case "$port" in
''|*[!0-9]*) echo "nginx-conf: bad port: $port" >&2; exit 2 ;;
esac
mkdir -p "$prefix/logs" "$prefix/tmp"
if [ "$(id -u)" -eq 0 ]; then
	user_line="user $(id -un) $(id -gn);"
else
	user_line="# user: not started as root, workers keep our identity"
fi

# upstream NAME SERVER...: one upstream block.  A single server is
# written as it always was; several share their failure counts through
# a zone, so every nginx worker skips the same failed server.
upstream() {
	_name=$1
	shift
	printf '\tupstream %s {\n' "$_name"
	[ $# -gt 1 ] && printf '\t\tzone %s 64k;\n' "$_name"
	for _s in "$@"; do
		case "$_s" in /*) _s=unix:$_s ;; esac
		if [ $# -gt 1 ]; then
			printf '\t\tserver %s max_fails=%s fail_timeout=%s;\n' \
			    "$_s" "$max_fails" "$fail_timeout"
		else
			printf '\t\tserver %s;\n' "$_s"
		fi
	done
	printf '\t}\n'
}
# The lists split on blanks on purpose.
# shellcheck disable=SC2086
{
	if [ "$(echo $servers | wc -w)" -gt 1 ] ||
	    [ "$(echo $writers | wc -w)" -gt 1 ]; then
		cat <<'EOF'
	# Several servers in a pool.  nginx has passive health checks only:
	# a server that refuses a connection, breaks one off (error) or does
	# not answer in time (timeout) counts a failure, and enough of them
	# skip it for a while (tools/nginx-conf.sh); /healthz is for a
	# watchdog on each host (README "Several hosts").  After such a
	# failure the request goes on to the next server only if nginx had
	# not sent it yet or its method is idempotent: without
	# "non_idempotent", a POST that reached a server which then failed
	# is answered 502 (504 on a timeout), never sent twice.  A host that
	# does not answer a connection at all (gone without a reset) is given
	# up after 3 s instead of nginx's 60, since another can take over.
	fastcgi_next_upstream error timeout;
	fastcgi_connect_timeout 3s;
EOF
	fi
	upstream topper_readers $servers
	upstream topper_writer $writers
} > "$prefix/upstreams.tmp"
sed -e "s|@USER_LINE@|$user_line|" \
    -e "s|@PREFIX@|$prefix|g" \
    -e "s|@PORT@|$port|g" \
    -e "s|@DATA_DIR@|$data_dir|g" \
    -e "s|@AUTH_RATE@|$auth_rate|g" \
    -e "s|@AUTH_BURST@|$auth_burst|g" \
    -e "/^@UPSTREAMS@\$/{r $prefix/upstreams.tmp" -e "d}" \
    "$here/../nginx/topper.conf.in" > "$prefix/topper.conf.tmp"
rm -f "$prefix/upstreams.tmp"
mv "$prefix/topper.conf.tmp" "$prefix/topper.conf"
