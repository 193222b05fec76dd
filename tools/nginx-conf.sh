#!/bin/sh
# Write an nginx configuration from nginx/topper.conf.in.
#
#   tools/nginx-conf.sh PREFIX PORT SOCKET DATA_DIR [WRITER_SOCKET]
#
# PREFIX is the nginx prefix (created with logs/ and tmp/ inside);
# SOCKET and DATA_DIR must be absolute.  POSTs go to WRITER_SOCKET, the
# single writer process (default: SOCKET, one pool for everything).
# The configuration goes to PREFIX/topper.conf.  Used by tools/run.sh and tests/e2e/lib/instance.sh.
# NGINX_AUTH_RATE (20r/s) and NGINX_AUTH_BURST (50) set the limit on
# POSTs to the pages that check a password, per client address (the
# login flood test and bench lift it, to reach the readers' hashing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 4 ] || [ $# -eq 5 ] ||
    { echo "usage: $0 PREFIX PORT SOCKET DATA_DIR [WRITER_SOCKET]" >&2; exit 2; }
prefix=$1 port=$2 socket=$3 data_dir=$4 writer_socket=${5:-$3}
for p in "$prefix" "$socket" "$data_dir" "$writer_socket"; do
	case "$p" in
	/*) ;;
	*) echo "nginx-conf: $p: must be an absolute path" >&2; exit 2 ;;
	esac
	case "$p" in
	*[\ \;\'\"\|\&\#\{\}]*)
		echo "nginx-conf: $p: unsupported character in path" >&2; exit 2 ;;
	esac
done
auth_rate=${NGINX_AUTH_RATE:-20r/s} auth_burst=${NGINX_AUTH_BURST:-50}
case "$auth_rate" in
[1-9]*r/s|[1-9]*r/m) ;;
*) echo "nginx-conf: bad NGINX_AUTH_RATE: $auth_rate" >&2; exit 2 ;;
esac
case "$auth_burst" in
''|*[!0-9]*) echo "nginx-conf: bad NGINX_AUTH_BURST: $auth_burst" >&2; exit 2 ;;
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
sed -e "s|@USER_LINE@|$user_line|" \
    -e "s|@PREFIX@|$prefix|g" \
    -e "s|@PORT@|$port|g" \
    -e "s|@SOCKET@|$socket|g" \
    -e "s|@WRITER_SOCKET@|$writer_socket|g" \
    -e "s|@DATA_DIR@|$data_dir|g" \
    -e "s|@AUTH_RATE@|$auth_rate|g" \
    -e "s|@AUTH_BURST@|$auth_burst|g" \
    "$here/../nginx/topper.conf.in" > "$prefix/topper.conf.tmp"
mv "$prefix/topper.conf.tmp" "$prefix/topper.conf"
