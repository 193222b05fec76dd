#!/bin/sh
# make bench: the benchmark of DESIGN.md "Speed".  A benchmark, not a
# test: it prints numbers and says whether the targets were met, and it
# fails only when a step breaks (a page that does not answer, a move
# count that does not add up).
#
# A private instance (tests/e2e/lib/instance.sh: its own directory,
# nginx, 2 FastCGI readers and 1 writer for POSTs, no worker, pwhash =
# min) on a free port, running the optimised bin/topper.  "topper
# bench-fill" fills its fresh database with 1,000 users and 10,000
# bot-played games (8,000 over, 2,000 in progress at varied plies);
# then, each with wrk for
# BENCH_SECONDS (10) on 2 threads and BENCH_CONNECTIONS (4) connections:
#   (a) nginx serving a static file as big as the game page (its bytes)
#   (b) GET /healthz: the FastCGI round trip, no database
#   (c) GET /g/ID for the player to act, logged in through /login
#   (p) GET /api/games/ID/ply, the game page's poll (every open page,
#       every few seconds), as that player: the reply carries the count
#       of games waiting for them and marks the table seen; right after
#       (b), so both see the same machine
#   (d) POST /g/ID/move from "topper bench-moves"'s script of legal
#       moves (tools/bench/moves.lua); only 303s count, and the moves
#       table must grow by their number
#   (e) "topper bench-write": BEGIN IMMEDIATE, UPDATE a 4 KB blob,
#       INSERT a row, COMMIT, in one process, one at a time
#   (d) and (e) run in turns, BENCH_ROUNDS (5) of (d), each for a share
#       of BENCH_SECONDS, between 6 of (e) sharing BENCH_WRITES (5,000)
#       writes; d/e is the mean of the (d) turns over that of (e)
#   (d16) the same POSTs with 16 connections (not in a ratio: it shows
#       how the writer's group commit grows with the POSTs waiting)
#   (f) nginx serving a static file as big as the page of (g) (its bytes)
#   (g) GET /g/ID of a 6-seat Vodkapolis 500 game halfway through
#       ("topper bench-table --game vodkapolis-500 --seats 6"), for its player to act (issue 4)
#   (dl) the POSTs of (d) while 16 more connections post random names
#       to /login (tools/bench/login.lua), beside (dl0) without them
# Targets: c >= 60% of b, p >= 80% of b, d >= 75% of e; p99 of c
# against a 5 ms goal;
# the p50 of (dl) within 2x that of (dl0).
# (d) and (e) run the same db.c: WAL with synchronous=FULL, the writers'
# queue, and SQLite's checkpoint rule run by the writer after COMMIT;
# no other process checkpoints for them.
# Then tools/bench-scale.sh 10000 100000: the capacity curve, SQLite
# and PostgreSQL side by side (see that file).
# BENCH_KEEP=1 keeps the instance's directory and wrk's reports.
# BENCH_TOPPER=PATH runs another build than bin/topper.
# BENCH_BASE=DIR runs tools/bench-compare.sh instead: (c) and (g) for
# the built baseline tree DIR and this tree in turns, side by side, and
# each game's page weight.
# wrk is in tools/deps.txt; nothing is installed here.
set -u
cd "$(dirname "$0")/.." || exit 1
[ -z "${BENCH_BASE:-}" ] || exec sh tools/bench-compare.sh "$BENCH_BASE"
root=$PWD
secs=${BENCH_SECONDS:-10}
conns=${BENCH_CONNECTIONS:-4}
threads=2
writes=${BENCH_WRITES:-5000}
password=bench-password

die() { echo "bench: $*" >&2; exit 1; }
say() { echo "bench: $*" >&2; }

for t in wrk nginx sqlite3 curl; do
	command -v $t > /dev/null || die "$t is missing (make deps installs it)"
done
TOPPER=${BENCH_TOPPER:-$root/bin/topper}
[ -x "$TOPPER" ] || die "bin/topper is missing; run make first"
"$TOPPER" bench-fill --help 2>&1 | grep -q "usage: topper bench-fill" ||
    die "bin/topper has no bench-fill command"
export TOPPER

tmp=$(mktemp -d "${TMPDIR:-/tmp}/topper-bench.XXXXXX") || exit 1
. tests/e2e/lib/instance.sh
cleanup() {
	if [ "${BENCH_KEEP:-0}" = 1 ]; then
		INSTANCE_KEEP=1 instance_stop
		say "kept $tmp"
	else
		instance_stop > /dev/null 2>&1
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A data dir of our own, so the static file (a) can sit beside the
# tree's own static files without touching the tree.
mkdir -p "$tmp/data/static"
ln -s "$root/templates" "$tmp/data/templates"
for f in "$root"/static/*; do
	ln -s "$f" "$tmp/data/static/"
done
INSTANCE_DATA_DIR=$tmp/data
# Logins hash at the production cost, and neither nginx's limit_req nor
# login_rate stops the flood of (dl): every login reaches Argon2id in a
# reader, as a flood from many addresses would.
INSTANCE_CONF="pwhash = interactive
login_rate = 1000000/600"
NGINX_AUTH_RATE=100000r/s NGINX_AUTH_BURST=100000
export NGINX_AUTH_RATE NGINX_AUTH_BURST
instance_start || die "the instance did not start"
url=$INST_URL
db=$INST/topper.db

load0=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)
say "filling a fresh database (about half a minute)"
fill=$("$TOPPER" bench-fill --game gin-vodka --config "$INST_CONF" --password "$password") ||
    die "bench-fill failed"
say "$fill"

# Milliseconds from a wrk time ("812.00us", "1.20ms", "2.00s").
ms() {
	echo "$1" | awk '{
		v = $1 + 0
		if ($1 ~ /us$/) v /= 1000
		else if ($1 ~ /ms$/) v += 0
		else if ($1 ~ /m$/) v *= 60000
		else if ($1 ~ /s$/) v *= 1000
		printf "%.3f", v
	}'
}

# wrk for one part: name, then wrk's arguments after the options.
# Sets rps, p50, p99 from its report in $tmp/name.wrk.
run_wrk() {
	_n=$1
	shift
	say "wrk: $_n"
	wrk -t$threads -c$conns -d${secs}s --latency "$@" > "$tmp/$_n.wrk" 2>&1 ||
	    die "wrk failed for $_n: $(cat "$tmp/$_n.wrk")"
	rps=$(awk '/^Requests\/sec:/ { print $2 }' "$tmp/$_n.wrk")
	p50=$(ms "$(awk '$1 == "50%" { print $2 }' "$tmp/$_n.wrk")")
	p99=$(ms "$(awk '$1 == "99%" { print $2 }' "$tmp/$_n.wrk")")
	[ -n "$rps" ] || die "no result from wrk for $_n: $(cat "$tmp/$_n.wrk")"
	if grep -q "Socket errors" "$tmp/$_n.wrk"; then
		say "$_n: $(grep "Socket errors" "$tmp/$_n.wrk")"
	fi
}

# Fails unless every answer was 2xx/3xx.
all_ok() {
	! grep -q "Non-2xx or 3xx responses" "$tmp/$1.wrk" ||
	    die "$1: $(grep "Non-2xx" "$tmp/$1.wrk")"
}

# The game for (c): in progress, mid-game, its player to act.
row=$(sqlite3 -separator ' ' "$db" "SELECT g.id, u.name, g.ply FROM games
    AS g JOIN seats AS s ON s.game = g.id JOIN users AS u ON u.id = s.user
    WHERE g.status = 'active' AND (g.to_act >> s.seat) & 1
    ORDER BY abs(g.ply - 80), g.id LIMIT 1") || die "no game in progress"
set -- $row
gid=$1 player=$2 gply=$3

# Log in as player $1, through the login form; sets cookie.
login() {
	jar=$tmp/cookies.$1
	code=$(curl -sS -c "$jar" -o "$tmp/login.html" -w '%{http_code}' \
	    "$url/login")
	[ "$code" = 200 ] || die "GET /login answered $code"
	csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' \
	    "$tmp/login.html" | head -n 1)
	[ -n "$csrf" ] || die "no csrf field in the login form"
	code=$(curl -sS -b "$jar" -c "$jar" -o /dev/null -w '%{http_code}' \
	    --data-urlencode "csrf=$csrf" --data-urlencode "name=$1" \
	    --data-urlencode "password=$password" "$url/login")
	[ "$code" = 303 ] || die "POST /login as $1 answered $code, not 303"
	token=$(awk '$6 == "topper_session" { print $7 }' "$jar")
	[ -n "$token" ] || die "no session cookie after logging in"
	cookie="topper_session=$token"
}

# The page of game $1 for player $2 into file $3, with its move form;
# then the same bytes as static/$4 for nginx, checked byte for byte.
page_and_copy() {
	code=$(curl -sS -H "Cookie: $cookie" -o "$3" -w '%{http_code}' \
	    "$url/g/$1")
	[ "$code" = 200 ] || die "GET /g/$1 answered $code"
	grep -q "action=\"/g/$1/move\"" "$3" ||
	    die "the page of game $1 shows $2 no move form"
	cp "$3" "$tmp/data/static/$4"
	curl -fsS -o "$tmp/static.html" "$url/static/$4" ||
	    die "nginx does not serve the static copy"
	cmp -s "$tmp/static.html" "$3" || die "the static copy differs"
}

login "$player"
# (a) the same bytes, served by nginx from static/.
page_and_copy "$gid" "$player" "$tmp/page.html" bench-page.html
size=$(wc -c < "$tmp/page.html")

run_wrk a "$url/static/bench-page.html"
all_ok a
a_rps=$rps a_p50=$p50 a_p99=$p99
run_wrk b "$url/healthz"
all_ok b
b_rps=$rps b_p50=$p50 b_p99=$p99
# (p) the poll, as the player (their waiting count in the reply).
poll=$(curl -sS -H "Cookie: $cookie" "$url/api/games/$gid/ply") ||
    die "GET /api/games/$gid/ply failed"
case $poll in *'"waiting":'*) ;; *) die "the poll carries no waiting count: $poll" ;; esac
run_wrk p -H "Cookie: $cookie" "$url/api/games/$gid/ply"
all_ok p
p_rps=$rps p_p50=$p50 p_p99=$p99
run_wrk c -H "Cookie: $cookie" "$url/g/$gid"
all_ok c
c_rps=$rps c_p50=$p50 c_p99=$p99

# Issue 4: a 6-player Vodkapolis 500 game halfway, its player to act,
# against nginx serving the same bytes: (f) static, (g) the page.
vp=$("$TOPPER" bench-table --game vodkapolis-500 --seats 6 --config "$INST_CONF") ||
    die "bench-table failed"
say "$vp"
vgid=$(echo "$vp" | sed -n 's/^bench-table: game \([0-9]*\) .*/\1/p')
vply=$(echo "$vp" | sed -n 's/.* ply \([0-9]*\),.*/\1/p')
vplayer=$(echo "$vp" | sed -n 's/.*, \([^ ]*\) to act$/\1/p')
[ -n "$vgid" ] && [ -n "$vplayer" ] || die "bench-table said: $vp"
login "$vplayer"
page_and_copy "$vgid" "$vplayer" "$tmp/vp-page.html" bench-vp-page.html
vsize=$(wc -c < "$tmp/vp-page.html")
run_wrk f "$url/static/bench-vp-page.html"
all_ok f
f_rps=$rps f_p50=$p50 f_p99=$p99
run_wrk g -H "Cookie: $cookie" "$url/g/$vgid"
all_ok g
g_rps=$rps g_p50=$p50 g_p99=$p99

# Move POSTs from a fresh script of legal moves, as part $1 with $2
# connections; only 303s count, and the moves table must grow by them.
# Sets made, other, grew, inflight and rps, p50, p99.  A third argument
# is a command run once the script is made, just before wrk.
run_moves() {
	_c=$conns
	conns=$2
	mv_out=$("$TOPPER" bench-moves --game gin-vodka --config "$INST_CONF" --per-game 60 \
	    --out "$tmp/moves-$1.txt") || die "bench-moves failed"
	say "$mv_out"
	[ $# -lt 3 ] || $3
	before=$(sqlite3 "$db" "SELECT count(*) FROM moves")
	run_wrk "$1" -s "$root/tools/bench/moves.lua" "$url" -- \
	    "$tmp/moves-$1.txt" $threads
	conns=$_c
	after=$(sqlite3 "$db" "SELECT count(*) FROM moves")
	line=$(grep '^moves: made=' "$tmp/$1.wrk") ||
	    die "moves.lua printed no count"
	made=$(echo "$line" | sed 's/.*made=\([0-9]*\).*/\1/')
	other=$(echo "$line" | sed 's/.*other=\([0-9]*\).*/\1/')
	rps=$(echo "$line" | sed 's/.*rps=\([0-9.]*\).*/\1/')
	grep -q "ran out" "$tmp/$1.wrk" &&
	    say "($1) $(grep "ran out" "$tmp/$1.wrk")"
	sent=$(echo "$line" | sed 's/.*sent=\([0-9]*\).*/\1/')
	# wrk stops with up to one request per connection in flight: the
	# server may still commit those, but their 303s are never counted.
	inflight=$((sent - made - other))
	grew=$((after - before))
	[ "$grew" -ge "$made" ] && [ "$grew" -le $((made + inflight)) ] ||
	    die "($1) the moves table grew by $grew, but $made POSTs were answered 303 ($inflight unanswered when wrk stopped)"
	[ "$made" -gt 0 ] || die "($1) no move POST was answered 303"
}

# (e) the bare durable write, as part $1; sets rps, p50, p99.
bench_write() {
	say "bench-write ($1): $writes writes"
	w=$("$TOPPER" bench-write --config "$INST_CONF" --iterations \
	    "$writes") || die "bench-write failed"
	rps=$(echo "$w" | sed 's/.*rps=\([0-9.]*\).*/\1/')
	p50=$(echo "$w" | sed 's/.*p50_ms=\([0-9.]*\).*/\1/')
	p99=$(echo "$w" | sed 's/.*p99_ms=\([0-9.]*\).*/\1/')
}

# (d) and (e) in turns: (e), (d), (e), ... (d), (e), rounds of each,
# (d) for secs/rounds seconds a turn.  The time a sync takes drifts
# within minutes on a shared machine (one hour here: (e) alone from 900
# to 5,200 writes/s), so a (d) measured minutes away from its (e) is
# compared with another disk; in turns, both see the same one.  d/e is
# the mean of the (d) turns over the mean of the (e) turns, and every
# turn is printed.
rounds=${BENCH_ROUNDS:-5}
slice=$(( (secs + rounds - 1) / rounds ))
d_turns="" e_turns="" d_made=0 d_other=0 d_grew=0 d_inflight=0
d_p50s="" d_p99s="" e_p50s="" e_p99s=""
_secs=$secs
secs=$slice
_w=$writes
turn_writes=$(( (writes + rounds) / (rounds + 1) ))
writes=$turn_writes
i=0
while :; do
	i=$((i + 1))
	bench_write "e$i"
	e_turns="$e_turns $rps" e_p50s="$e_p50s $p50" e_p99s="$e_p99s $p99"
	[ "$i" -gt "$rounds" ] && break
	run_moves "d$i" "$conns"
	d_turns="$d_turns $rps" d_p50s="$d_p50s $p50" d_p99s="$d_p99s $p99"
	d_made=$((d_made + made)) d_other=$((d_other + other))
	d_grew=$((d_grew + grew)) d_inflight=$((d_inflight + inflight))
done
secs=$_secs
writes=$_w
mean() { echo "$@" | awk '{ for (i = 1; i <= NF; i++) s += $i; print s / NF }'; }
most() { echo "$@" | awk '{ m = $1; for (i = 2; i <= NF; i++) if ($i > m) m = $i; print m }'; }
d_rps=$(mean $d_turns) d_p50=$(mean $d_p50s) d_p99=$(most $d_p99s)
e_rps=$(mean $e_turns) e_p50=$(mean $e_p50s) e_p99=$(most $e_p99s)
# (d16) the same with 16 connections: more POSTs wait for the writer at
# once and share a commit.  Not in any ratio; it shows the headroom.
run_moves d16 16
d16_rps=$rps d16_p50=$p50 d16_p99=$p99 d16_made=$made

# (dl) the move POSTs of (d) while 16 more connections flood /login with
# random names (tools/bench/login.lua), each a wrong login that costs a
# reader one Argon2id at the interactive cost; (dl0) the same moves just
# before, without the flood.  Target: the p50 of (dl) within 2x that of
# (dl0): hashing never runs in the writer (README "Accounts").
curl -sS -c "$tmp/flood.jar" -o "$tmp/flood.html" "$url/login" ||
    die "GET /login failed"
fcsrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' \
    "$tmp/flood.html" | head -n 1)
fcookie="topper_csrf=$(awk '$6 == "topper_csrf" { print $7 }' "$tmp/flood.jar")"
[ -n "$fcsrf" ] || die "no csrf field in the login form"
_secs=$secs
secs=$slice
run_moves dl0 "$conns"
dl0_rps=$rps dl0_p50=$p50 dl0_p99=$p99
start_flood() {
	say "wrk: a login flood, 16 connections"
	wrk -t2 -c16 -d$((slice + 3))s -s "$root/tools/bench/login.lua" \
	    "$url" -- "$fcsrf" "$fcookie" > "$tmp/flood.wrk" 2>&1 &
	flood_pid=$!
	sleep 1
}
run_moves dl "$conns" start_flood
dl_rps=$rps dl_p50=$p50 dl_p99=$p99
wait "$flood_pid" || die "the login flood failed: $(cat "$tmp/flood.wrk")"
secs=$_secs
flood_rps=$(awk '/^Requests\/sec:/ { print $2 }' "$tmp/flood.wrk")

pct() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.0f", 100 * x / y }'; }
verdict() {	# percent target
	[ "$1" -ge "$2" ] && echo "met" || echo "NOT met"
}
ca=$(pct "$c_rps" "$a_rps")
cb=$(pct "$c_rps" "$b_rps")
pb=$(pct "$p_rps" "$b_rps")
de=$(pct "$d_rps" "$e_rps")
gf=$(pct "$g_rps" "$f_rps")
p99_goal=$(awk -v p="$c_p99" 'BEGIN { print (p <= 5 ? "met" : "NOT met") }')

echo
echo "make bench: $(nproc) CPUs, 2 FastCGI readers + 1 writer, wrk -t$threads -c$conns -d${secs}s"
echo "data: $fill"
echo "load average before: ${load0:-?}, after: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)"
echo "(on a shared machine other jobs move these numbers, the p99s most)"
echo
printf '%-46s %10s %9s %9s\n' "" "req/s" "p50 ms" "p99 ms"
row() { printf '%-46s %10.0f %9.3f %9.3f\n' "$1" "$2" "$3" "$4"; }
row "(a) nginx static file, $size bytes" "$a_rps" "$a_p50" "$a_p99"
row "(b) GET /healthz" "$b_rps" "$b_p50" "$b_p99"
row "(p) GET /api/games/$gid/ply, its player" "$p_rps" "$p_p50" "$p_p99"
row "(c) GET /g/$gid, its player to act (ply $gply)" "$c_rps" "$c_p50" "$c_p99"
row "(d) POST /g/ID/move: $d_made 303s, $d_other other" "$d_rps" "$d_p50" \
    "$d_p99"
row "(e) durable write in one process" "$e_rps" "$e_p50" "$e_p99"
row "(d16) the same, 16 connections: $d16_made 303s" "$d16_rps" "$d16_p50" \
    "$d16_p99"
row "(dl0) POST /g/ID/move, beside (dl)" "$dl0_rps" "$dl0_p50" "$dl0_p99"
row "(dl) the same, 16 more flooding /login" "$dl_rps" "$dl_p50" "$dl_p99"
row "(f) nginx static file, $vsize bytes" "$f_rps" "$f_p50" "$f_p99"
row "(g) GET /g/$vgid, Vodkapolis 500, 6 seats (ply $vply)" "$g_rps" "$g_p50" \
    "$g_p99"
echo
echo "c/a = $ca%"
echo "c/b = $cb% (target >= 60%: $(verdict "$cb" 60))"
echo "p/b = $pb% (target >= 80%: $(verdict "$pb" 80)): the poll, with its waiting count ($poll), against /healthz"
echo "d/e = $de% (target >= 75%: $(verdict "$de" 75))"
echo "(d) and (e) ran in turns, $rounds of (d) for ${slice}s each between $((rounds + 1)) of (e) for $turn_writes writes each;"
echo "  req/s of each turn, in order:$(echo $e_turns $d_turns | awk -v n="$((rounds + 1))" '{ for (i = 1; i <= n; i++) { printf " e %.0f", $i; if (i < n) printf ", d %.0f,", $(n + i) } }')"
echo "  (d) and (e) above: the means of their turns; p50 the mean, p99 the highest of the turns"
echo "dl/dl0 p50 = $(awk -v a="$dl_p50" -v b="$dl0_p50" 'BEGIN { printf "%.2f", a / b }')x (target <= 2x: $(awk -v a="$dl_p50" -v b="$dl0_p50" 'BEGIN { print (a <= 2 * b ? "met" : "NOT met") }')); the flood: ${flood_rps:-?} wrong logins a second, each one Argon2id (interactive) in a reader"
echo "p99 of c = $c_p99 ms (goal <= 5 ms: $p99_goal)"
echo "g/f = $gf% (the Vodkapolis page against nginx serving its bytes)"
echo "(d): the moves table grew by $d_grew: the $d_made 303s + $((d_grew - d_made)) of the $d_inflight POSTs in flight when wrk stopped"
echo "(d) and (e) both include SQLite's checkpoints (PASSIVE, every 8000 WAL pages), run by the writing process after its COMMIT;"
echo "(d) commits the POSTs waiting for the writer together (topper fcgi --batch 16), each reply after its commit"
# Further benchmarks may follow here (no "exit" above this line).
sh tools/bench-engines.sh || die "tools/bench-engines.sh failed"
# The capacity curve (issue 22): a game page and move POSTs on SQLite
# and on PostgreSQL side by side, at 10,000 and 100,000 stored games,
# with the bytes a finished game costs; make bench-scale goes on to
# 1,000,000.  Its own instances, started after this one's are stopped.
cleanup
trap - EXIT
sh tools/bench-scale.sh 10000 100000 || die "tools/bench-scale.sh failed"
