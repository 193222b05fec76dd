#!/bin/sh
# tcp.sh: "topper fcgi" on TCP, several hosts behind one nginx upstream
# (README "Several hosts").
#
# Two readers, on 127.0.0.1 (its address from topper.conf's "socket")
# and on [::1] (--socket), and the one writer, all on TCP ports over one
# database: with SQLite every process runs on the database's machine and
# one process writes, as ever; nginx spreads the GETs over the readers
# (tools/nginx-conf.sh, upstream of two).  Then:
#   - pages answer through nginx, from both readers; a POST that writes
#     goes to the writer and is stored;
#   - one reader killed (SIGKILL): GETs still answer, nginx routes round
#     it, and a POST to the pool is answered too (a refused connection
#     carried nothing, so nginx may pass even a POST on);
#   - a pool of a dead port, a host that breaks off every request it
#     received (lib/fcgi_drop.py) and a live reader: every GET answers
#     (those the broken host took went on to the next), while a POST the
#     broken host took is answered 502 and reaches no other host, so no
#     POST is ever sent twice;
#   - tools/fcgi-healthz.sh, the watchdog's question past nginx, on a
#     live, a stopped (SIGSTOP) and a dead host;
#   - the writer killed: a POST is 502, GETs still answer;
#   - a bad address, in --socket or topper.conf, ends topper fcgi with a
#     sentence saying what to write; a port in use is named;
#   - fcgi_allow: a peer not on the list gets nothing, one on it an
#     answer; the key is refused on an IPv6 listener;
# and after the stop no process is left and no sanitizer spoke.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
INST=$tmp
INST_CONF=$tmp/topper.conf
INST_PORT=$(instance_free_port)
INST_URL=http://127.0.0.1:$INST_PORT
pids=
cleanup() {
	[ -f "$tmp/nginx/nginx.pid" ] && _inst_nginx -s quit 2>/dev/null
	for p in $pids; do
		kill -TERM "$p" 2>/dev/null
	done
	wait 2>/dev/null
	instance_db_drop
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
mkdir -p "$tmp/run" "$tmp/log"
# The database (either store) and $INST/sql, which web.sh's sql runs.
instance_db || { echo "FAIL: no database"; exit 1; }
. tests/e2e/lib/web.sh

free_port6() {
	"$PY" -c 'import socket
s = socket.socket(socket.AF_INET6)
s.bind(("::1", 0))
print(s.getsockname()[1])'
}
PA=$(instance_free_port)
PB=$(free_port6)
PW=$(instance_free_port)
A=127.0.0.1:$PA B=[::1]:$PB W=127.0.0.1:$PW
cat > "$INST_CONF" <<EOF
db = $INST_DB
socket = $A
port = $INST_PORT
base_url = $INST_URL
data_dir = $PWD
pwhash = min
EOF
T init > "$tmp/log/init.log" 2>&1 || { cat "$tmp/log/init.log"; exit 1; }

# fcgi NAME ARGS...: start "topper fcgi" NAME; its supervisor's pid in
# pid_NAME once its socket listens (the pid file is written after).
fcgi() {
	_n=$1
	shift
	"$TOPPER" fcgi --config "$INST_CONF" --pid-file "$tmp/run/$_n.pid" \
	    "$@" < /dev/null > "$tmp/log/fcgi-$_n.log" 2>&1 &
	eval "pid_$_n=$!"
	pids="$pids $!"
	inst_wait test -s "$tmp/run/$_n.pid" ||
	    { echo "FAIL: topper fcgi $_n did not start"; cat "$tmp/log/fcgi-$_n.log"; exit 1; }
}
# down PID: SIGKILL the supervisor and its workers, as a crash would.
down() {
	_k=$(ps -o pid= --ppid "$1" | tr -d ' ')
	kill -KILL "$1" $_k
	for _p in "$1" $_k; do
		inst_wait _inst_gone "$_p"
	done
}
fcgi a --processes 1
fcgi b --processes 1 --socket "$B"
fcgi w --processes 1 --batch 16 --socket "$W"

sh tools/nginx-conf.sh "$tmp/nginx" "$INST_PORT" "$A $B" "$PWD" "$W" ||
    { echo "FAIL: nginx-conf.sh"; exit 1; }
check "the readers' upstream has both hosts, with passive checks" \
    grep -qF "server $B max_fails=1 fail_timeout=10s;" "$tmp/nginx/topper.conf"
check "  and no POST is sent on (no non_idempotent)" \
    sh -c "grep -q 'fastcgi_next_upstream error timeout;' '$tmp/nginx/topper.conf' &&
    ! grep -q 'non_idempotent;' '$tmp/nginx/topper.conf'"
_inst_nginx || { echo "FAIL: nginx did not start"; cat "$tmp/nginx/logs/error.log"; exit 1; }
check "nginx answers" inst_wait curl -fsS -o /dev/null "$INST_URL/healthz"

# The access log's upstream field ("A" or "A, B") of the request whose
# URI holds TAG.
upstream_of() { grep -F "$1" "$tmp/nginx/logs/access.log" | sed 's/.* "\([^"]*\)" [^"]*$/\1/'; }
oks=0
for i in $(seq 1 20); do
	[ "$(curl -sS "$INST_URL/healthz?one-$i")" = ok ] && oks=$((oks + 1))
done
check "20 GETs through nginx, all ok" [ $oks -eq 20 ]
check "  answered by the IPv4 reader" grep -q "\"$A\" 200" "$tmp/nginx/logs/access.log"
check "  and by the IPv6 reader" grep -qF "\"$B\" 200" "$tmp/nginx/logs/access.log"
page lin anon "$INST_URL/login"
check "the login page over TCP ($(code lin))" [ "$(code lin)" = 200 ]
users alice
page lob alice "$INST_URL/lobby"
post new alice "$INST_URL/lobby/new?one-new" "$(form "$tmp/lob.html" "#new-form-gin-vodka")"
check "a new game (a POST) is made" [ "$(code new)" = 303 ]
check "  and stored" [ "$(sql "SELECT count(*) FROM games")" = 1 ]
check "  by the writer, over TCP" [ "$(upstream_of one-new)" = "$W" ]

# ---- one reader host dies ----
down "$pid_a"
oks=0
for i in $(seq 1 10); do
	[ "$(curl -sS "$INST_URL/healthz?two-$i")" = ok ] && oks=$((oks + 1))
done
check "reader $A killed: 10 GETs still ok" [ $oks -eq 10 ]
check "  nginx tried it, then the other" grep -qF "\"$A, $B\" 502, 200" "$tmp/nginx/logs/access.log"
page g alice "$INST_URL/g/1"
check "  a game page answers" [ "$(code g)" = 200 ]
c=$(curl -sS -o /dev/null -w '%{http_code}' --data 'name=x&password=y' "$INST_URL/login?two-post")
check "  a POST to the readers answers ($c)" [ "$c" != 502 ]

# ---- a host that breaks off what it received; a port nobody holds ----
PD=$(instance_free_port)
PF=$(instance_free_port)
D=127.0.0.1:$PD F=127.0.0.1:$PF
"$PY" tests/e2e/lib/fcgi_drop.py 127.0.0.1 "$PF" "$tmp/dropped.txt" \
    > "$tmp/log/drop.log" 2>&1 &
drop=$!
pids="$pids $drop"
inst_wait sh -c "ss -ltn | grep -q '127.0.0.1:$PF '"
# Never skipped (NGINX_MAX_FAILS=0), so each takes its turn.
NGINX_MAX_FAILS=0 sh tools/nginx-conf.sh "$tmp/nginx" "$INST_PORT" \
    "$D $F $B" "$PWD" "$W" || { echo "FAIL: nginx-conf.sh"; exit 1; }
: > "$tmp/nginx/logs/access.log"
_inst_nginx -s reload
# A reload is done when a new nginx worker answers by the new pool.
reloaded() {
	curl -sS -o /dev/null "$INST_URL/healthz?probe" &&
	    upstream_of probe | tail -n 1 | grep -qF -e "$D" -e "$F"
}
check "nginx reloaded with the pool $D $F $B" inst_wait reloaded
: > "$tmp/dropped.txt"
oks=0
for i in $(seq 1 9); do
	[ "$(curl -sS "$INST_URL/healthz?three-$i")" = ok ] && oks=$((oks + 1))
done
check "9 GETs, all ok" [ $oks -eq 9 ]
check "  the broken host took some" grep -q "^GET /healthz?three-" "$tmp/dropped.txt"
tried=$(upstream_of three- | grep -cF "$F")
check "  and each of those $tried went on to another (all ok above)" \
    [ "$tried" -eq "$(grep -c three- "$tmp/dropped.txt")" ]
check "  a refused connection went on too" grep -qF "\"$D, " "$tmp/nginx/logs/access.log"
n502=0
for i in $(seq 1 9); do
	c=$(curl -sS -o /dev/null -w '%{http_code}' --data 'name=x&password=y' \
	    "$INST_URL/login?four-$i")
	[ "$c" = 502 ] && n502=$((n502 + 1))
done
taken=$(grep -c "^POST /login?four-" "$tmp/dropped.txt")
check "POSTs the broken host took: $taken, answered 502: $n502" \
    [ "$taken" -ge 1 -a "$n502" -eq "$taken" ]
check "  none of them went on to another host" \
    sh -c "! grep 'four-' '$tmp/nginx/logs/access.log' | grep -qF '$F, '"
check "  a POST refused by the dead port did go on (it was never sent)" \
    sh -c "grep 'four-' '$tmp/nginx/logs/access.log' | grep -qF '\"$D, '"

# ---- the watchdog's question, past nginx (tools/fcgi-healthz.sh) ----
hz() { sh tools/fcgi-healthz.sh "$@" 2> "$tmp/hz.err"; }
check "fcgi-healthz: the live writer answers" hz "$W"
wk=$(ps -o pid= --ppid "$pid_w" | tr -d ' ')
kill -STOP $wk
hz "$W" 1
rc=$?
check "  stopped (SIGSTOP): exit 1 ($rc), no answer within 1 s" \
    sh -c "[ $rc -eq 1 ] && grep -q 'no answer' '$tmp/hz.err'"
kill -CONT $wk
check "  going again: it answers" hz "$W"
hz "$A"
check "  the killed reader: exit 1" [ $? -eq 1 ]
hz "$B"
check "  an IPv6 address: exit 2, cgi-fcgi cannot reach it" [ $? -eq 2 ]

# ---- the writer dies ----
down "$pid_w"
page lob alice "$INST_URL/lobby"
c=$(curl -sS -b "$tmp/alice.jar" -o /dev/null -w '%{http_code}' \
    --data "$(form "$tmp/lob.html" "#new-form-gin-vodka")" "$INST_URL/lobby/new")
check "writer killed: a POST is 502 ($c)" [ "$c" = 502 ]
check "  nothing was stored" [ "$(sql "SELECT count(*) FROM games")" = 1 ]
check "  GETs still answer" [ "$(curl -sS "$INST_URL/healthz")" = ok ]

# ---- bad addresses ----
bad() {	# name expected-text fcgi-args...
	_n=$1 _want=$2
	shift 2
	"$TOPPER" fcgi --processes 0 "$@" > "$tmp/$_n.out" 2>&1 < /dev/null
	_rc=$?
	check "$_n: exit 1 ($_rc)" [ $_rc -eq 1 ]
	check "  says: $_want" grep -qF -- "$_want" "$tmp/$_n.out"
}
bad "--socket localhost:9000" '"localhost" is not an IPv4 address' \
    --config "$INST_CONF" --socket localhost:9000
check "  and what to write" grep -qF "such as 127.0.0.1:9000 or [::1]:9000" "$tmp/--socket localhost:9000.out"
bad "--socket ::1:9000" "an IPv6 address goes in brackets" \
    --config "$INST_CONF" --socket ::1:9000
bad "--socket 127.0.0.1:99999" "the port must be a number from 1 to 65535" \
    --config "$INST_CONF" --socket 127.0.0.1:99999
sed "s|^socket = .*|socket = 10.0.0.300:80|" "$INST_CONF" > "$tmp/bad.conf"
bad "socket = 10.0.0.300:80" "$tmp/bad.conf: socket \"10.0.0.300:80\"" \
    --config "$tmp/bad.conf"
bad "a port in use" "bind 127.0.0.1:$INST_PORT: Address already in use" \
    --config "$INST_CONF" --socket "127.0.0.1:$INST_PORT"
bad "an address of another host" "is it an address of this host?" \
    --config "$INST_CONF" --socket 192.0.2.1:9000

# ---- fcgi_allow ----
PX=$(instance_free_port)
ask() {	# address: the status line of /healthz asked directly
	REQUEST_METHOD=GET DOCUMENT_URI=/healthz timeout 10 \
	    cgi-fcgi -bind -connect "$1" 2>/dev/null | head -n 1 | tr -d '\r'
}
for allow in 127.0.0.2 "127.0.0.2, 127.0.0.1"; do
	cp "$INST_CONF" "$tmp/allow.conf"
	echo "fcgi_allow = $allow" >> "$tmp/allow.conf"
	"$TOPPER" fcgi --config "$tmp/allow.conf" --processes 0 \
	    --socket "127.0.0.1:$PX" > "$tmp/log/fcgi-allow.log" 2>&1 < /dev/null &
	px=$!
	inst_wait sh -c "ss -ltn | grep -q '127.0.0.1:$PX '"
	case "$allow" in
	*127.0.0.1) check "fcgi_allow = $allow: 127.0.0.1 is answered" \
	    [ "$(ask "127.0.0.1:$PX")" = "Status: 200 OK" ] ;;
	*) check "fcgi_allow = $allow: 127.0.0.1 gets nothing" \
	    [ -z "$(ask "127.0.0.1:$PX")" ] ;;
	esac
	kill -TERM $px
	wait $px
	check "  and it stops cleanly" [ $? -eq 0 ]
done
bad "fcgi_allow on [::1]" "fcgi_allow works on an IPv4 listener only" \
    --config "$tmp/allow.conf" --socket "[::1]:$PX"
echo "fcgi_allow = localhost" >> "$tmp/allow.conf"
bad "fcgi_allow = localhost" "fcgi_allow must list the IPv4 addresses" \
    --config "$tmp/allow.conf"

# ---- stop ----
_inst_nginx -s quit
kill -TERM "$pid_b" "$drop"
left=
for p in $pid_b $drop $(cat "$tmp/nginx/nginx.pid" 2>/dev/null); do
	inst_wait _inst_gone "$p" || left="$left $p"
done
check "everything stops (left:$left)" [ -z "$left" ]
wait 2>/dev/null
pids=
check "no sanitizer report" _inst_sanitizer_clean
exit $fail
