#!/bin/sh
# bench-compare.sh BASE: make bench's (c) and (g) for a baseline build
# and this tree's, side by side in one run, and the page weight of each
# game's table (issue 16, "Speed": the new pages must not cost more).
#
#   sh tools/bench-compare.sh DIR      (or BENCH_BASE=DIR make bench)
#
# DIR is a built tree of the baseline (for instance "git archive" of
# the base commit, then "make build/topper" in it): its program
# (DIR/bin/topper or DIR/build/topper) renders with its own templates
# (DIR/templates), this tree's bin/topper with this tree's.  One private
# instance (tests/e2e/lib/instance.sh, as tools/bench.sh) and one
# database, filled once ("topper bench-fill", then "topper bench-table"
# for a table of every game, 4 seats or fewer, Vodkapolis 500's at 6
# for (g)); the two programs take
# turns as its FastCGI readers, the same socket each time: for
# BENCH_ROUNDS (3) rounds, base then new in odd rounds and new then base
# in even ones (a drift of the shared machine falls on both alike),
# each turn wrk on (c) and (g) for BENCH_SECONDS (5) with
# BENCH_CONNECTIONS (4) connections.  Prints every turn, the means, and
# new/base for each with the target (within 10%: new >= 90% of base).
# Then, for each side and each game, the bytes a first visit to the
# table loads: the page's HTML, and the style sheets and scripts it
# links (their files in that side's static/).
# wrk is in tools/deps.txt; nothing is installed here.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
base=${1:-${BENCH_BASE:-}}
secs=${BENCH_SECONDS:-5}
rounds=${BENCH_ROUNDS:-3}
conns=${BENCH_CONNECTIONS:-4}
password=bench-password

die() { echo "bench-compare: $*" >&2; exit 1; }
say() { echo "bench-compare: $*" >&2; }

[ -n "$base" ] && [ -d "$base/templates" ] ||
    die "usage: tools/bench-compare.sh BASE_TREE (a built tree of the baseline)"
base=$(cd "$base" && pwd)
BASE_BIN=$base/bin/topper
[ -x "$BASE_BIN" ] || BASE_BIN=$base/build/topper
[ -x "$BASE_BIN" ] || die "no $base/bin/topper nor $base/build/topper"
NEW_BIN=${BENCH_TOPPER:-$root/bin/topper}
[ -x "$NEW_BIN" ] || die "bin/topper is missing; run make first"
for t in wrk nginx sqlite3 curl; do
	command -v $t > /dev/null || die "$t is missing (make deps installs it)"
done

TOPPER=$NEW_BIN
export TOPPER
. tests/e2e/lib/instance.sh
cleanup() {
	if [ "${BENCH_KEEP:-0}" = 1 ]; then
		INSTANCE_KEEP=1 instance_stop
	else
		instance_stop > /dev/null 2>&1
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM
INSTANCE_DATA_DIR=$root
instance_start || die "the instance did not start"
url=$INST_URL
db=$INST/topper.db
# The baseline's configuration: the same database and socket, its own
# templates.
sed "s|^data_dir = .*|data_dir = $base|" "$INST_CONF" > "$INST/base.conf"

# Make side $1 (base or new) the readers: stop the running ones, start
# its program on the same socket, wait until a page answers.
side=new
use() {
	[ "$side" = "$1" ] && return 0
	kill -TERM "$INST_FCGI_PID" 2>/dev/null
	inst_wait _inst_gone "$INST_FCGI_PID" || die "the readers did not stop"
	wait "$INST_FCGI_PID" 2>/dev/null
	inst_wait test ! -e "$INST_SOCKET" || rm -f "$INST_SOCKET"
	if [ "$1" = base ]; then
		_bin=$BASE_BIN _conf=$INST/base.conf _sql=$base/sql
	else
		_bin=$NEW_BIN _conf=$INST_CONF _sql=$root/sql
	fi
	# A baseline older than a migration refuses the database at its
	# start (its schema version is higher).  Migrations only add
	# tables and columns, so the older readers read the same rows:
	# each side's turn sets the version that side expects.
	sqlite3 "$db" "PRAGMA user_version = $(ls "$_sql"/*.sql | wc -l)" ||
	    die "$1: cannot set the schema version"
	"$_bin" fcgi --config "$_conf" --processes 2 \
	    --pid-file "$INST/run/topper-fcgi.pid" \
	    < /dev/null >> "$INST/log/fcgi.log" 2>&1 &
	INST_FCGI_PID=$!
	inst_wait test -S "$INST_SOCKET" || die "$1: the readers did not start"
	inst_wait curl -fsS -o /dev/null "$url/healthz" ||
	    die "$1: /healthz does not answer"
	side=$1
}

say "filling a fresh database (about half a minute)"
fill=$("$NEW_BIN" bench-fill --game gin-vodka --config "$INST_CONF" \
    --password "$password") || die "bench-fill failed"
say "$fill"

# Log in as $1 through the login form; sets cookie.
login() {
	jar=$INST/cookies.$1
	code=$(curl -sS -c "$jar" -o "$INST/login.html" -w '%{http_code}' \
	    "$url/login")
	[ "$code" = 200 ] || die "GET /login answered $code"
	csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' \
	    "$INST/login.html" | head -n 1)
	code=$(curl -sS -b "$jar" -c "$jar" -o /dev/null -w '%{http_code}' \
	    --data-urlencode "csrf=$csrf" --data-urlencode "name=$1" \
	    --data-urlencode "password=$password" "$url/login")
	[ "$code" = 303 ] || die "POST /login as $1 answered $code, not 303"
	cookie="topper_session=$(awk '$6 == "topper_session" { print $7 }' "$jar")"
}

# (c): as tools/bench.sh, a game in progress mid-game, its player to act.
set -- $(sqlite3 -separator ' ' "$db" "SELECT g.id, u.name FROM games
    AS g JOIN seats AS s ON s.game = g.id JOIN users AS u ON u.id = s.user
    WHERE g.status = 'active' AND (g.to_act >> s.seat) & 1
    ORDER BY abs(g.ply - 80), g.id LIMIT 1")
[ $# -eq 2 ] || die "no game in progress"
c_url=$url/g/$1
login "$2"
c_cookie=$cookie

# A table of every game at 4 seats (or its most, when fewer), and
# (g), Vodkapolis 500's at 6 as make bench's.
tables=""
while read -r slug seats name; do
	n=${seats#*-}
	[ "$n" -le 4 ] || n=4
	[ "$slug" = vodkapolis-500 ] && n=6
	out=$("$NEW_BIN" bench-table --game "$slug" --seats "$n" \
	    --config "$INST_CONF") || die "bench-table --game $slug failed"
	gid=$(echo "$out" | sed -n 's/^bench-table: game \([0-9]*\) .*/\1/p')
	who=$(echo "$out" | sed -n 's/.*, \([^ ]*\) to act$/\1/p')
	[ -n "$gid" ] && [ -n "$who" ] || die "bench-table said: $out"
	login "$who"
	tables="$tables $slug:$gid:$cookie"
	if [ "$slug" = vodkapolis-500 ]; then
		g_url=$url/g/$gid g_cookie=$cookie
	fi
done <<EOF
$("$NEW_BIN" games)
EOF
[ -n "${g_url:-}" ] || die "no Vodkapolis 500 table"

# wrk on $2 with cookie $3 for part $1; prints req/s.
measure() {
	wrk -t2 -c"$conns" -d"${secs}s" -H "Cookie: $3" "$2" \
	    > "$INST/$1.wrk" 2>&1 || die "wrk failed: $(cat "$INST/$1.wrk")"
	! grep -q "Non-2xx or 3xx" "$INST/$1.wrk" ||
	    die "$1: $(grep "Non-2xx" "$INST/$1.wrk")"
	awk '/^Requests\/sec:/ { print $2 }' "$INST/$1.wrk"
}

turns=""
i=1
while [ "$i" -le "$rounds" ]; do
	if [ $((i % 2)) = 1 ]; then order="base new"; else order="new base"; fi
	for s in $order; do
		use "$s"
		c=$(measure "c-$s-$i" "$c_url" "$c_cookie")
		g=$(measure "g-$s-$i" "$g_url" "$g_cookie")
		say "round $i $s: (c) $c req/s, (g) $g req/s"
		turns="$turns
$s $c $g"
	done
	i=$((i + 1))
done

mean() {	# side column
	echo "$turns" | awk -v s="$1" -v k="$2" '$1 == s { t += $k; n++ }
	    END { printf "%.0f", n ? t / n : 0 }'
}
cb=$(mean base 2) cn=$(mean new 2) gb=$(mean base 3) gn=$(mean new 3)
# A side without a figure (its pages failed) has no ratio, and fails.
ratio() { awk -v n="$1" -v b="$2" 'BEGIN { if (b + 0 <= 0 || n + 0 <= 0) print "-"; else printf "%.1f", 100 * n / b }'; }
verdict() { awk -v r="$1" 'BEGIN { print (r != "-" && r >= 90 ? "met" : "NOT met") }'; }

# The bytes a first visit to each table loads, on side $1: the page,
# and the files of the style sheets and scripts it links.
weights() {
	use "$1"
	_dir=$root
	[ "$1" = base ] && _dir=$base
	for t in $tables; do
		_slug=${t%%:*}
		_rest=${t#*:}
		_gid=${_rest%%:*}
		_ck=${_rest#*:}
		curl -fsS -H "Cookie: $_ck" -o "$INST/w.html" "$url/g/$_gid" ||
		    die "GET /g/$_gid failed"
		_html=$(wc -c < "$INST/w.html")
		_css=0 _js=0
		for f in $(grep -o '<link rel="stylesheet" href="/static/[^"]*"' \
		    "$INST/w.html" | sed 's/.*href="\/static\/\([^"]*\)"/\1/'); do
			_css=$((_css + $(wc -c < "$_dir/static/$f")))
		done
		for f in $(grep -o '<script src="/static/[^"]*"' "$INST/w.html" |
		    sed 's/.*src="\/static\/\([^"]*\)"/\1/'); do
			_js=$((_js + $(wc -c < "$_dir/static/$f")))
		done
		printf '%-6s %-20s %8d %8d %8d %8d\n' "$1" "$_slug" "$_html" \
		    "$_css" "$_js" $((_html + _css + _js))
	done
}

echo
echo "bench-compare: $(nproc) CPUs, 2 FastCGI readers, wrk -t2 -c$conns -d${secs}s, $rounds rounds, the two programs in turns"
echo "base: $BASE_BIN"
echo "new:  $NEW_BIN"
echo "data: $fill"
echo "turns (side, (c) req/s, (g) req/s), in order:$(echo "$turns" | sed 's/^/  /')"
echo
printf '%-40s %10s %10s %8s\n' "" "base" "new" "new/base"
printf '%-40s %10s %10s %7s%% (target >= 90%%: %s)\n' \
    "(c) GET /g/ID, Gin Vodka, player to act" "$cb" "$cn" "$(ratio "$cn" "$cb")" \
    "$(verdict "$(ratio "$cn" "$cb")")"
printf '%-40s %10s %10s %7s%% (target >= 90%%: %s)\n' \
    "(g) GET /g/ID, Vodkapolis 500, 6 seats" "$gb" "$gn" "$(ratio "$gn" "$gb")" \
    "$(verdict "$(ratio "$gn" "$gb")")"
echo
echo "page weight of each game's table (4 seats or its most; Vodkapolis 500 at 6), a first visit (bytes):"
printf '%-6s %-20s %8s %8s %8s %8s\n' side game html css script total
weights base
weights new
