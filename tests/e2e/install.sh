#!/bin/sh
# install.sh: "make install" into a staging DESTDIR, then the installed
# binary initialises a database and answers /healthz over FastCGI
# (cgi-fcgi, no nginx), with the installed example configuration's
# data_dir pointing at the installed data.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

fail=0
check() {	# description command...
	_d=$1
	shift
	if "$@"; then
		echo "ok: $_d"
	else
		echo "FAIL: $_d"
		fail=1
	fi
}

dest=$(mktemp -d)
tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid"
	rm -rf "$dest" "$tmp"
}
trap cleanup EXIT INT TERM

prefix=/usr/local
if ! make install DESTDIR="$dest" PREFIX="$prefix" > "$tmp/make.log" 2>&1; then
	cat "$tmp/make.log"
	echo "FAIL: make install"
	exit 1
fi
echo "ok: make install DESTDIR=<tmp> PREFIX=$prefix"

top=$dest$prefix
installed=$top/bin/topper
share=$top/share/topper
check "bin/topper installed and executable" [ -x "$installed" ]
check "the example configuration" [ -f "$share/topper.conf.example" ]
check "its data_dir is PREFIX/share/topper" \
    grep -qx "data_dir = $prefix/share/topper" "$share/topper.conf.example"
check "templates installed" [ -d "$share/templates" ]
check "nginx example installed" [ -f "$share/nginx/example-production.conf" ]
check "  and the one for several hosts" [ -f "$share/nginx/example-many-hosts.conf" ]
check "the /healthz watchdog script, executable" [ -x "$share/fcgi-healthz.sh" ]
check "  its timer and service" sh -c "[ -f '$top/lib/systemd/system/topper-fcgi-healthz.timer' ] &&
    grep -q '$prefix/share/topper/fcgi-healthz.sh' '$top/lib/systemd/system/topper-fcgi-healthz.service'"
for u in topper-fcgi.service topper-worker.service; do
	check "$u installed" [ -f "$top/lib/systemd/system/$u" ]
	check "$u runs $prefix/bin/topper" \
	    grep -q "^ExecStart=$prefix/bin/topper " "$top/lib/systemd/system/$u"
done
check "no @PREFIX@ left" sh -c "! grep -rq @PREFIX@ '$top/share' '$top/lib'"
check "nothing installed outside DESTDIR/PREFIX" \
    [ "$(ls -A "$dest")" = "$(echo "$prefix" | cut -d/ -f2)" ]

# A configuration like the example's, with paths a test may write.
conf=$tmp/topper.conf
sed -e "s|^db = .*|db = $tmp/topper.db|" \
    -e "s|^socket = .*|socket = $tmp/topper.sock|" \
    -e "s|^pwhash = .*|pwhash = min|" \
    -e "s|^data_dir = $prefix|data_dir = $top|" \
    "$share/topper.conf.example" > "$conf"

if "$installed" help 2>/dev/null | grep -q '^  init '; then
	check "installed topper init" sh -c "'$installed' init --config '$conf' > '$tmp/init.log' 2>&1"
	check "the database exists" [ -s "$tmp/topper.db" ]
	check "topper init again (idempotent)" sh -c "'$installed' init --config '$conf' >> '$tmp/init.log' 2>&1"
	[ $fail -eq 0 ] || cat "$tmp/init.log"
else
	echo "note: this build has no \"topper init\" yet; skipping it"
fi

"$installed" fcgi --config "$conf" --processes 1 --pid-file "$tmp/fcgi.pid" \
    < /dev/null > "$tmp/fcgi.log" 2>&1 &
pid=$!
check "installed topper fcgi creates its socket" inst_wait test -S "$tmp/topper.sock"
check "socket mode is 0660" [ "$(stat -c %a "$tmp/topper.sock")" = 660 ]
check "pid file names the supervisor" [ "$(cat "$tmp/fcgi.pid" 2>/dev/null)" = "$pid" ]
out=$(REQUEST_METHOD=GET DOCUMENT_URI=/healthz \
    cgi-fcgi -bind -connect "$tmp/topper.sock" 2>/dev/null)
check "/healthz through cgi-fcgi is 200" sh -c "printf '%s' \"\$1\" | head -n 1 | grep -q '^Status: 200 OK'" _ "$out"
check "the installed fcgi-healthz.sh finds it answering" "$share/fcgi-healthz.sh" "$tmp/topper.sock"
check "/healthz body is ok" sh -c "printf '%s' \"\$1\" | tail -n 1 | grep -qx ok" _ "$out"

kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
check "topper fcgi exits 0 on SIGTERM" [ $rc -eq 0 ]
check "the socket is removed" [ ! -e "$tmp/topper.sock" ]
check "the pid file is removed" [ ! -e "$tmp/fcgi.pid" ]
[ $fail -eq 0 ] || cat "$tmp/fcgi.log"
exit $fail
