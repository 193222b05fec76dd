#!/bin/sh
# cluster.sh: a small cluster inside this machine (issue 22 item 3,
# DESIGN.md "Growing past one machine"): several FastCGI hosts and two
# workers on one PostgreSQL, behind one nginx, and a host killed in the
# middle of a stream of moves.
#
# The machines are network namespaces joined by a bridge, each with its
# own address on 10.77.0.0/24:
#   front  10.77.0.1   the bridge; nginx on 127.0.0.1, the SMTP server
#                      (aiosmtpd) and the test's own clients.  The suite
#                      runs itself inside a private namespace (unshare
#                      --net), so nothing touches the machine's network
#                      and runs side by side do not meet.
#   db     10.77.0.2   PostgreSQL (tests/e2e/lib/pg.sh), listening on
#                      TCP there; every process below connects over TCP
#   h1-h3  10.77.0.11-13  "topper fcgi --processes 2" on ADDRESS:9000,
#                      each with its own topper.conf, fcgi_allow = the
#                      front's address
#   w1 w2  10.77.0.21-22  "topper worker", polling the same database
# nginx has one pool over the three hosts (tools/nginx-conf.sh, SERVERS
# and WRITER_SERVERS the same): with PostgreSQL there is no single
# writer, every host takes GETs and POSTs alike.
#
# Then: human players register through nginx (their verification mail
# goes to the outbox) and make API tokens; 200 more mails are queued at
# once; games are imported for them, human against human, human against
# a bot, and bot against bot.  tests/e2e/lib/cluster_play.py plays
# CLUSTER_MOVES (360) moves in 4 threads through the JSON API, and when
# a third of them are sent host h2 is killed (SIGKILL, its supervisor
# and its processes).  Checked:
#   - every GET answered 200, before and after the kill: nginx tried the
#     dead host now and then and went on to another (its access log);
#   - every move answered 200 is in the database's move log (0 lost);
#     every human move there was asked for by a POST that was answered or
#     whose answer was lost to the kill (a 502: counted and reported),
#     and none was refused; each game's plies are 1..N once each, N its
#     ply, and its log replays (export -> topper play) to its snapshot;
#   - the workers did no work twice: the bot moves in the database are
#     exactly as many as the two workers say they committed, no choice
#     was dropped as stale (each claims its seats), and every
#     mail arrived once (Message-IDs in the Maildir), sent in one attempt,
#     as many as the workers say they sent;
# and everything stops: no process, namespace or server is left, no
# sanitizer spoke, and the hosts and workers logged no error (but one
# known fault, counted in a note).  A machine that forbids namespaces (no root, no
# CAP_NET_ADMIN) makes the suite fail and say so: it is never skipped.
set -u
cd "$(dirname "$0")/../.." || exit 1
PY=/usr/bin/python3

# ---- outside: check that namespaces can be made, then go inside one ----
if [ "${CLUSTER_INSIDE:-0}" != 1 ]; then
	why=
	if [ "$(id -u)" -ne 0 ]; then
		why="it runs as $(id -un), not root"
	elif ! command -v ip > /dev/null || ! command -v unshare > /dev/null
	then
		why="ip (iproute2) or unshare (util-linux) is missing"
	elif ! unshare --net true 2> /dev/null; then
		why="unshare --net is refused (no CAP_SYS_ADMIN?)"
	elif ! unshare --net ip link add p0 type veth peer name p1 2> /dev/null
	then
		why="a veth pair cannot be made (no CAP_NET_ADMIN?)"
	elif ! ip netns add "tpc$$-probe" 2> /dev/null; then
		why="ip netns add is refused"
	else
		ip netns del "tpc$$-probe"
	fi
	if [ -n "$why" ]; then
		echo "FAIL: cluster.sh builds network namespaces, and cannot here: $why"
		exit 1
	fi
	CLUSTER_INSIDE=1 exec unshare --net -- sh "$0" "$@"
fi

. tests/e2e/lib/instance.sh
. tests/e2e/lib/pg.sh
NMOVES=${CLUSTER_MOVES:-360}
start=$(date +%s)
tmp=$(mktemp -d)
chmod 755 "$tmp"
NET=10.77.0
NS=tpc$$
HOSTS="h1 h2 h3"
WORKERS="w1 w2"
nss=
pids=
play=
smtp=
cleanup() {
	[ -n "$play" ] && kill -KILL "$play" 2>/dev/null
	[ -f "$tmp/nginx/nginx.pid" ] && nginx -p "$tmp/nginx/" \
	    -c "$tmp/nginx/topper.conf" -e "$tmp/nginx/logs/error.log" \
	    -s quit 2>/dev/null
	for p in $pids; do
		kill -TERM "$p" 2>/dev/null
	done
	[ -n "$smtp" ] && kill -TERM "$smtp" 2>/dev/null
	for p in $pids; do
		inst_wait _inst_gone "$p" || kill -KILL "$p" 2>/dev/null
	done
	wait 2>/dev/null
	pg_stop > /dev/null 2>&1
	for n in $nss; do
		ip netns del "$NS-$n" 2>/dev/null
	done
	[ "${CLUSTER_KEEP:-0}" = 1 ] && echo "kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
mkdir -p "$tmp/log"
INST=$tmp
. tests/e2e/lib/web.sh

# ---- the network ----
# machine NAME ADDRESS: a namespace joined to the bridge.
machine() {
	ip netns add "$NS-$1" || return 1
	nss="$nss $1"
	ip link add "v$1" type veth peer name eth0 netns "$NS-$1" &&
	    ip link set "v$1" master br0 up &&
	    ip -n "$NS-$1" link set lo up &&
	    ip -n "$NS-$1" addr add "$2/24" dev eth0 &&
	    ip -n "$NS-$1" link set eth0 up
}
in_ns() {	# NAME COMMAND...: run it on that machine
	_n=$1
	shift
	ip netns exec "$NS-$_n" "$@"
}
net() {
	ip link set lo up &&
	    ip link add br0 type bridge &&
	    ip addr add "$NET.1/24" dev br0 &&
	    ip link set br0 up &&
	    machine db "$NET.2" || return 1
	i=0
	for h in $HOSTS; do
		i=$((i + 1))
		machine "$h" "$NET.1$i" || return 1
	done
	i=0
	for w in $WORKERS; do
		i=$((i + 1))
		machine "$w" "$NET.2$i" || return 1
	done
}
check "the network: a bridge and 6 namespaces ($NS-*)" net
[ $fail = 0 ] || exit 1
reach() {	# NAME ADDRESS PORT: a TCP connection from machine NAME
	in_ns "$1" "$PY" -c 'import socket, sys
socket.create_connection((sys.argv[1], int(sys.argv[2])), 2).close()' "$2" "$3" \
	    2> /dev/null
}

# ---- PostgreSQL on db, over TCP ----
# pg_start runs on the db machine; what it sets comes back as lines.
PG_CONF="listen_addresses = '$NET.2'
max_connections = 50"
export PG_CONF
in_ns db sh -c '. tests/e2e/lib/pg.sh && pg_start &&
    echo "PG_DIR=$PG_DIR PG_BIN=$PG_BIN"' > "$tmp/pg.env" 2> "$tmp/log/pg.log"
rc=$?
[ -s "$tmp/pg.env" ] && eval "$(cat "$tmp/pg.env")"
if [ $rc -ne 0 ] || [ -z "${PG_DIR:-}" ]; then
	echo "FAIL: PostgreSQL did not start on the db machine:"
	cat "$tmp/log/pg.log"
	exit 1
fi
PG_SUPER_URI="postgresql:///postgres?host=$PG_DIR&user=postgres"
echo "host all all $NET.0/24 trust" >> "$PG_DIR/data/pg_hba.conf"
"$PG_BIN/psql" -X -q -A -t "$PG_SUPER_URI" -c 'SELECT pg_reload_conf()' \
    > /dev/null || { echo "FAIL: pg_reload_conf"; exit 1; }
DB=postgresql://topper@$NET.2:5432/topper
psql_() { "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 "$DB" -c "$1"; }
check "PostgreSQL answers on $NET.2:5432 from the front" \
    [ "$(psql_ 'SELECT 1')" = 1 ]
check "  and from a host's machine" reach h1 "$NET.2" 5432
check "  and from a worker's machine" reach w2 "$NET.2" 5432

# ---- configuration, schema ----
PORT=$(instance_free_port)
URL=http://127.0.0.1:$PORT
SMTP=$NET.1:2525
conf() {	# FILE [EXTRA LINE]
	cat > "$1" <<EOF
db = $DB
port = $PORT
base_url = $URL
data_dir = $PWD
pwhash = min
register_rate = 1000/3600
mail.smtp_url = smtp://$SMTP
mail.starttls = no
mail.from = Topper <topper@example.org>
mail.retry = 1
mail.quiet = 0
${2:-}
EOF
}
INST_CONF=$tmp/topper.conf
conf "$INST_CONF"
T init > "$tmp/log/init.log" 2>&1
check "topper init on PostgreSQL over TCP" [ $? -eq 0 ]
[ $fail = 0 ] || { cat "$tmp/log/init.log"; exit 1; }

# ---- SMTP on the front ----
BOX=$tmp/mail
PYTHONPATH=tests/e2e/lib "$PY" -m aiosmtpd -n -l "$SMTP" \
    -c slowbox.SlowMailbox "$BOX" "$tmp/never" > "$tmp/log/smtp.log" 2>&1 &
smtp=$!
check "aiosmtpd listens on $SMTP, seen from w1" inst_wait reach w1 "$NET.1" 2525

# ---- the hosts, the workers, nginx ----
i=0
servers=
for h in $HOSTS; do
	i=$((i + 1))
	mkdir -p "$tmp/$h"
	conf "$tmp/$h/topper.conf" "socket = $NET.1$i:9000
fcgi_allow = $NET.1"
	# "ip netns exec" execs the program: $! is its pid.
	ip netns exec "$NS-$h" "$TOPPER" fcgi --config "$tmp/$h/topper.conf" \
	    --processes 2 --pid-file "$tmp/$h/fcgi.pid" \
	    < /dev/null > "$tmp/log/fcgi-$h.log" 2>&1 &
	eval "pid_$h=$!"
	pids="$pids $!"
	servers="$servers $NET.1$i:9000"
done
for h in $HOSTS; do
	check "host $h: topper fcgi started" inst_wait test -s "$tmp/$h/fcgi.pid"
	check "  its pid is the one started here" \
	    [ "$(cat "$tmp/$h/fcgi.pid")" = "$(eval echo \$pid_$h)" ]
done
for w in $WORKERS; do
	mkdir -p "$tmp/$w"
	conf "$tmp/$w/topper.conf"
	ip netns exec "$NS-$w" "$TOPPER" worker --config "$tmp/$w/topper.conf" \
	    < /dev/null > "$tmp/log/worker-$w.log" 2>&1 &
	eval "pid_$w=$!"
	pids="$pids $!"
done
# A failed host is skipped for 2 s (not 10), so that the stream after
# the kill sees nginx try it again several times.
NGINX_FAIL_TIMEOUT=2s sh tools/nginx-conf.sh "$tmp/nginx" "$PORT" "$servers" "$PWD" ||
    { echo "FAIL: nginx-conf.sh"; exit 1; }
check "nginx: one pool of the three hosts for every method" sh -c "
    [ \$(grep -c 'server $NET.1[123]:9000 max_fails' '$tmp/nginx/topper.conf') = 6 ] &&
    grep -q 'fastcgi_next_upstream error timeout;' '$tmp/nginx/topper.conf' &&
    ! grep -q 'non_idempotent;' '$tmp/nginx/topper.conf'"
nginx -p "$tmp/nginx/" -c "$tmp/nginx/topper.conf" \
    -e "$tmp/nginx/logs/error.log" ||
    { echo "FAIL: nginx did not start"; cat "$tmp/nginx/logs/error.log"; exit 1; }
pids="$pids $(cat "$tmp/nginx/nginx.pid")"
INST_URL=$URL
check "nginx answers /healthz" inst_wait curl -fsS -o /dev/null "$URL/healthz"
[ $fail = 0 ] || exit 1
upstreams() { sed 's/.* "\([^"]*\)" [^"]*$/\1/' "$tmp/nginx/logs/access.log"; }
for i in $(seq 1 12); do
	curl -sS -o /dev/null "$URL/healthz?warm-$i"
done
for i in 1 2 3; do
	check "  host $NET.1$i answered some" sh -c \
	    "grep 'warm-' '$tmp/nginx/logs/access.log' | grep -q '\"$NET.1$i:9000\" 200'"
done
check "a host refuses a peer not in fcgi_allow (asked from w1)" sh -c \
    "[ -z \"\$(REQUEST_METHOD=GET DOCUMENT_URI=/healthz ip netns exec $NS-w1 \
    timeout 5 cgi-fcgi -bind -connect $NET.11:9000 2>/dev/null)\" ]"

# ---- players, through nginx ----
# register NAME: sign up through the pool (each POST to any host), then
# make an API token; the token goes to $tmp/NAME.token.
register() {
	_j=$tmp/$1.jar
	curl -sS -c "$_j" -b "$_j" -o "$tmp/reg.html" "$URL/register" &&
	_t=$(csrf_of reg) &&
	[ "$(curl -sS -c "$_j" -b "$_j" -o /dev/null -w '%{http_code}' \
	    --data-urlencode "csrf=$_t" --data-urlencode "name=$1" \
	    --data-urlencode "email=$1@example.org" \
	    --data-urlencode "password=secret-$1-pw" --data-urlencode tz=UTC \
	    "$URL/register")" = 303 ] &&
	curl -sS -b "$_j" -o "$tmp/tok.html" \
	    --data-urlencode "csrf=$(session_csrf "$_j")" "$URL/account/token" &&
	sed -n 's/.*id="token"[^>]*value="\([^"]*\)".*/\1/p' "$tmp/tok.html" |
	    head -1 > "$tmp/$1.token" &&
	[ -s "$tmp/$1.token" ]
}
PLAYERS="ann ben cat dan eve fay gus hal"
n=0
for u in $PLAYERS; do
	register "$u" && n=$((n + 1))
done
check "8 players registered through nginx, each with an API token ($n)" [ $n = 8 ]
check "  their verification mails are queued" \
    [ "$(psql_ "SELECT count(*) FROM outbox")" -ge 8 ]
for b in 1 2; do
	T user add "bot$b" "bot$b@example.org" --bot > /dev/null ||
	    { echo "FAIL: bot user"; exit 1; }
done

# 200 mails at once, as a burst of notices would queue them, while the
# workers have nothing else to do: both claim from the same rows.
psql_ "INSERT INTO outbox (to_addr, subject, body, message_id, created, headers)
    SELECT 'p' || i || '@example.org', 'burst ' || i, 'mail ' || i,
    'cluster.burst.' || i,
    extract(epoch FROM now())::bigint, '' FROM generate_series(1, 200) i" ||
    { echo "FAIL: the burst of mail"; exit 1; }

# game USERS TARGET: import a Gin Vodka game from a fresh seed; its id.
game() {
	_seed=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
	printf '{"game": "gin-vodka", "notation": 1, "options": {"target": %d}, "seats": 2, "seed": "%s", "moves": []}\n' \
	    "$2" "$_seed" > "$tmp/new.json"
	_id=$(T import "$tmp/new.json" --users "$1" 2> /dev/null) &&
	echo "$_seed" > "$tmp/seed.$_id" &&
	echo "$_id"
}
tok() { case $1 in bot*) echo - ;; *) cat "$tmp/$1.token" ;; esac; }
: > "$tmp/games"
# Humans against each other, and against a bot: the stream plays these.
set -- ann:ben cat:dan eve:fay gus:hal ann:bot1 cat:bot2 eve:bot1 gus:bot2
for pair in "$@"; do
	a=${pair%:*} b=${pair#*:}
	id=$(game "$a,$b" 50) || { echo "FAIL: import $pair"; exit 1; }
	echo "$id $(tok "$a") $(tok "$b")" >> "$tmp/games"
done
# Bots against each other: the workers alone.
for pair in bot1:bot2 bot2:bot1; do
	game "${pair%:*},${pair#*:}" 50 > /dev/null ||
	    { echo "FAIL: import $pair"; exit 1; }
done
NGAMES=10
check "$NGAMES games stored" [ "$(psql_ 'SELECT count(*) FROM games')" = $NGAMES ]

# ---- the stream of moves, and a host killed in it ----
rm -f "$tmp/play.log"
"$PY" tests/e2e/lib/cluster_play.py play "$URL" "$tmp/games" "$tmp/play.log" \
    "$NMOVES" 4 "$$" > "$tmp/log/play.out" 2>&1 &
play=$!
posts() { cat "$tmp/play.log" 2>/dev/null | grep -c '^POST'; }
sent_third() { [ "$(posts)" -ge $((NMOVES / 3)) ]; }
i=0
until sent_third || ! instance_alive "$play"; do
	i=$((i + 1))
	[ $i -le 600 ] || break
	sleep 0.1
done
before_kill=$(posts)
h2kids=$(ps -o pid= --ppid "$pid_h2" | tr -d ' ')
kill -KILL "$pid_h2" $h2kids
for p in $pid_h2 $h2kids; do
	inst_wait _inst_gone "$p"
done
# A request sent after this cannot have reached h2.
killed=$(date +%s.%N)
check "host h2 ($NET.12) killed with SIGKILL after $before_kill of $NMOVES moves" \
    [ -n "$h2kids" ]
check "  it is gone: nothing listens on $NET.12:9000" \
    sh -c "! ip netns exec $NS-h2 ss -ltn | grep -q ':9000 '"
wait "$play"
play=
check "the stream ended" [ -s "$tmp/play.log" ]
# GETs for 4 s more: past nginx's fail_timeout (2 s) after the last
# failure, so nginx tries the dead host again however fast the stream
# ended (on an idle machine all of it can fall inside those 2 s).
"$PY" tests/e2e/lib/cluster_play.py probe "$URL" "$tmp/games" "$tmp/play.log" 4 \
    >> "$tmp/log/play.out" 2>&1
grep -q Traceback "$tmp/log/play.out" && { echo "FAIL: cluster_play.py:"; cat "$tmp/log/play.out"; fail=1; }

# ---- the workers finish, then stop ----
# Let the mail out, then stop the workers so their counts are final.
mail_left() { psql_ "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL"; }
i=0
while [ "$(mail_left)" != 0 ] && [ $i -lt 300 ]; do
	i=$((i + 1))
	sleep 0.1
done
check "the outbox empties ($(mail_left) left)" [ "$(mail_left)" = 0 ]
for w in $WORKERS; do
	eval "kill -TERM \$pid_$w"
done
for w in $WORKERS; do
	eval "p=\$pid_$w"
	wait "$p"
	check "worker $w stops on SIGTERM with status 0" [ $? -eq 0 ]
done

# ---- the moves ----
psql_ "SELECT game, ply, seat, text FROM moves ORDER BY game, ply" > "$tmp/moves.tsv"
"$PY" tests/e2e/lib/cluster_play.py tally "$tmp/play.log" "$tmp/moves.tsv" \
    "$tmp/games" "$tmp/nginx/logs/access.log" "$NET.12:9000" "$killed" \
    > "$tmp/tally"
v() { sed -n "s/^$1=//p" "$tmp/tally"; }
check "every GET answered 200: $(v gets_ok) of $(v gets)" \
    [ "$(v gets)" -gt 0 -a "$(v gets_ok)" = "$(v gets)" ]
check "requests sent after the kill: $(v after); nginx tried the dead host first for $(v around) and went on" \
    [ "$(v after)" -gt 0 -a "$(v around)" -ge 1 ]
check "  the dead host 'answered' none of them ($(v by_dead)), all are in nginx's log ($(v unlogged) not)" \
    [ "$(v by_dead)" = 0 -a "$(v unlogged)" = 0 ]
check "moves sent: $(v posts); acknowledged (200): $(v acked)" \
    [ "$(v posts)" = "$NMOVES" -a "$(v acked)" -gt 0 ]
echo "   answers lost to the kill (502): $(v lost), of which applied: $(v lost_applied); refused (409/422): $(v refused)"
check "  each lost answer was the killed host's ($(v lost_on_dead) of $(v lost))" \
    [ "$(v lost_on_dead)" = "$(v lost)" ]
check "0 acknowledged moves lost ($(v missing) missing)" [ "$(v missing)" = 0 ]
check "no move applied that was not asked for ($(v unexplained))" [ "$(v unexplained)" = 0 ]
check "no refused move applied ($(v refused_applied))" [ "$(v refused_applied)" = 0 ]
check "the human moves stored = acknowledged + lost and applied ($(v human_db) = $(v acked) + $(v lost_applied))" \
    [ "$(v human_db)" = $(($(v acked) + $(v lost_applied))) ]
check "no other answer to a move ($(v other))" [ "$(v other)" = 0 ]
grep '^bad:' "$tmp/tally" | head -20
check "each game's plies are 1..N once each, N its ply" [ "$(psql_ "
    SELECT count(*) FROM games g WHERE g.ply <> (SELECT count(*) FROM moves m
    WHERE m.game = g.id) OR g.ply <> coalesce((SELECT max(ply) FROM moves m
    WHERE m.game = g.id), 0)")" = 0 ]
replays=0
for id in $(psql_ "SELECT id FROM games ORDER BY id"); do
	# A game in progress is exported without its seed: the suite
	# made the seed, so it puts it back.
	if T export "$id" > "$tmp/export.json" 2> "$tmp/replay.err" &&
	    "$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["seed"] = open(sys.argv[2]).read().strip()
json.dump(d, open(sys.argv[1], "w"))' "$tmp/export.json" "$tmp/seed.$id" &&
	    "$TOPPER" play "$tmp/export.json" > "$tmp/replay.json" \
	    2>> "$tmp/replay.err" &&
	    [ "$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["state_sha256"])' "$tmp/replay.json")" = "$(T test-state-sha "$id")" ]
	then
		replays=$((replays + 1))
	else
		echo "   game $id does not replay:"
		head -n 5 "$tmp/replay.err"
	fi
done
check "every game's log replays to its stored snapshot ($replays of $NGAMES)" \
    [ $replays = $NGAMES ]

# ---- no double work by the two workers ----
wsum() {	# the sum of a worker log field: PATTERN (a sed group)
	cat "$tmp"/log/worker-w?.log | sed -n "s/$1/\\1/p" |
	    awk '{ n += $1 } END { print n + 0 }'
}
moved=$(wsum '.*stopped: \([0-9]*\) moves.*')
stale=$(wsum '.*moves, \([0-9]*\) stale.*')
bots=$(psql_ "SELECT count(*) FROM moves m JOIN seats s ON s.game = m.game
    AND s.seat = m.seat WHERE s.is_bot = 1")
each=$(for w in $WORKERS; do sed -n 's/.*stopped: \([0-9]*\) moves.*/\1/p' "$tmp/log/worker-$w.log"; done | tr '\n' ' ')
check "bot moves stored: $bots = the workers' committed moves ($each; $stale choices dropped as stale)" \
    [ "$bots" -gt 0 -a "$bots" = "$moved" ]
# Each worker claims the bot seats it thinks for (worker.c): with the
# humans' moves all on their own turns, no choice should go stale.
check "  the workers' claims kept them apart: $stale choices dropped as stale" \
    [ "$stale" = 0 ]
"$PY" tests/e2e/lib/maildir.py "$BOX" | cut -f1 | sort > "$tmp/mids"
nmail=$(wc -l < "$tmp/mids")
dups=$(uniq -d "$tmp/mids" | wc -l)
sent=$(wsum '.*mail: \([0-9]*\) sent.*')
each=$(for w in $WORKERS; do sed -n 's/.*mail: \([0-9]*\) sent.*/\1/p' "$tmp/log/worker-$w.log"; done | tr '\n' ' ')
check "mail: $nmail arrived, $dups Message-IDs twice" [ "$nmail" -ge 208 -a "$dups" = 0 ]
uniq -d "$tmp/mids" | head -n 5
psql_ "SELECT id, message_id, attempts, sent FROM outbox WHERE attempts > 1 LIMIT 5"
check "  each is an outbox row marked sent once" \
    [ "$(psql_ "SELECT count(*) FROM outbox WHERE sent IS NOT NULL")" = "$nmail" ]
check "  every one in one attempt ($(psql_ "SELECT count(*) FROM outbox WHERE attempts > 1") took more)" \
    [ "$(psql_ "SELECT count(*) FROM outbox WHERE attempts > 1")" = 0 ]
check "  as many as the workers say they sent ($each)" [ "$sent" = "$nmail" ]

check "the workers logged no failed job" \
    sh -c "! grep -q 'job failed' '$tmp'/log/worker-w?.log"

# ---- stop ----
_inst_nginx() { nginx -p "$tmp/nginx/" -c "$tmp/nginx/topper.conf" -e "$tmp/nginx/logs/error.log" "$@"; }
_inst_nginx -s quit
for h in h1 h3; do
	eval "kill -TERM \$pid_$h"
done
kill -TERM "$smtp"
left=
for p in $pids $smtp; do
	inst_wait _inst_gone "$p" || left="$left $p"
done
wait 2>/dev/null
check "everything stops (left:$left)" [ -z "$left" ]
pids= smtp=
check "no sanitizer report" _inst_sanitizer_clean
# A process that served a POST goes back to query-only mode for its
# next GET (db_query_only() once logged "query_only inside a
# transaction" after every write here, and the GETs lost their snapshot).
check "the hosts logged nothing else" sh -c "! cat '$tmp'/log/fcgi-h?.log |
    grep -v -e 'requests in .* batches' | grep -q ."
check "PostgreSQL stops" pg_stop
for n in $nss; do
	ip netns del "$NS-$n"
done
nss=
check "no namespace is left" sh -c "! ip netns list | grep -q '^$NS-'"
echo "cluster.sh: $(( $(date +%s) - start )) s"
exit $fail
