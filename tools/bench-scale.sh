#!/bin/sh
# The capacity curve (issue 22 item 4): a game page's req/s and move
# POSTs/s on SQLite and on PostgreSQL side by side, as the stored games
# grow, with the bytes each finished game costs on each store.
#
#   sh tools/bench-scale.sh 10000 100000            (make bench runs this)
#   sh tools/bench-scale.sh 10000 100000 1000000    (make bench-scale)
#
# The first size is the base; every later one is compared with it.
# Four private instances (tests/e2e/lib/instance.sh: nginx, 2 FastCGI
# readers and 1 writer for POSTs with --batch 16, as tools/bench.sh), on
# the optimised bin/topper:
#   sq0, pg0   the base, at the first size, all the time
#   sqN, pgN   grown to each later size in turn
# pg0 and pgN are databases on one private PostgreSQL server started here
# (tests/e2e/lib/pg.sh) and stopped at the end.  pg.sh runs its test
# servers with fsync, synchronous_commit and full_page_writes off; here
# PG_CONF turns all three on, so a move's COMMIT waits for the disk as
# SQLite's does (WAL, synchronous=FULL), and gives the server 128 MB of
# shared_buffers (the SQLite connections have 32 MB of page cache each;
# the rest is the kernel's cache for both).
#
# Filling: "topper bench-fill" plays SCALE_SEED (4,000) games with the
# bots into a scratch SQLite file (1,000 users; 2,000 games left in
# progress at varied plies, the rest finished); every instance loads
# that file (PostgreSQL through COPY), then grows by copies of its
# finished games, in SQL: the games, seats, moves, hands (every table
# with a "game" column) of the finished games again under new ids,
# doubling each round, one transaction a round, the triggers off (the
# copies are finished games: no clock to start).  So every stored game
# past the 2,000 in progress is a finished bot game with its whole move
# log (about 150 moves), and the 2,000 in progress are the same in all
# four instances.  The users stay 1,000.
#
# After each growth the instances settle (settle(): SQLite's WAL
# checkpointed, PostgreSQL vacuumed and checkpointed, the kernel's
# dirty pages written): a bulk insert leaves work behind that a site
# grown by its own moves would have done along the way, and without it
# PostgreSQL's move rate at 1,000,000 fell from turn to turn (197, 163,
# 74/s) while autovacuum and the checkpointer ran beside the turns.
# Then in turns, SCALE_TURNS (3) of each, SCALE_SECONDS (3) each, wrk
# -t2 -c4, the four instances one after the other inside a turn, so a
# ratio compares figures taken seconds apart:
#   page  GET /g/ID, a game in progress, as its player to act (make
#         bench's (c))
#   move  POST /g/ID/move from a fresh "topper bench-moves" script
#         (tools/bench/moves.lua; make bench's (d)); only 303s count, and
#         the plies of the games in progress must grow by their number
# Each figure is the mean of its turns; the load average is printed
# before and after each size.  Target (issue 22): a game page and a
# move cost the same within 20% at the last size as at the base, i.e.
# base req/s over grown req/s at most 1.20.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
[ $# -ge 2 ] || { echo "usage: tools/bench-scale.sh BASE SIZE..." >&2; exit 2; }
base=$1
shift
sizes=$*
secs=${SCALE_SECONDS:-3}
turns=${SCALE_TURNS:-3}
nseed=${SCALE_SEED:-4000}
nopen=${SCALE_OPEN:-2000}
password=bench-password

die() { echo "bench-scale: $*" >&2; exit 1; }
say() { echo "bench-scale: $(date -u +%H:%M:%S) $*" >&2; }
load() { cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null; }
# 1234567 as 1,234,567.
human() { awk -v n="$1" 'BEGIN { s = sprintf("%.0f", n); o = ""
	while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) }
	print s o }'; }

for t in wrk nginx sqlite3 curl; do
	command -v $t > /dev/null || die "$t is missing (make deps installs it)"
done
TOPPER=${BENCH_TOPPER:-$root/bin/topper}
[ -x "$TOPPER" ] || die "bin/topper is missing; run make first"
export TOPPER
[ "$base" -gt $((nseed - nopen)) ] || die "the base must exceed $((nseed - nopen)) games"
for n in $sizes; do
	[ "$n" -gt "$base" ] || die "size $n is not above the base $base"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/topper-scale.XXXXXX") || exit 1
. tests/e2e/lib/instance.sh
. tests/e2e/lib/pg.sh
names=""

# instance.sh keeps one instance in its INST* variables: these save them
# under a name and bring them back.
_ivars="INST INST_PORT INST_URL INST_CONF INST_SOCKET INST_WRITER_SOCKET
INST_FCGI_PID INST_WRITER_FCGI_PID INST_WORKER_PID INST_NGINX_PID INST_DB
_inst_pgdb _inst_own_pg TOPPER_STORE"
inst_save() {
	for _v in $_ivars; do
		eval "${1}_$_v=\${$_v:-}"
	done
}
inst_use() {
	for _v in $_ivars; do
		eval "$_v=\${${1}_$_v:-}"
	done
}

# instance_stop waits for every child of the shell: all four are told
# to stop first.
cleanup() {
	for _n in $names; do
		inst_use "$_n"
		[ -n "${INST_NGINX_PID:-}" ] && _inst_nginx -s quit 2>/dev/null
		for _p in ${INST_FCGI_PID:-} ${INST_WRITER_FCGI_PID:-}; do
			kill -TERM "$_p" 2>/dev/null
		done
	done
	for _n in $names; do
		inst_use "$_n"
		if [ "${BENCH_KEEP:-0}" = 1 ]; then
			INSTANCE_KEEP=1 instance_stop
		else
			instance_stop > /dev/null 2>&1
		fi
	done
	if [ "${BENCH_KEEP:-0}" = 1 ]; then
		PG_KEEP=1 pg_stop
		say "kept $tmp"
	else
		pg_stop > /dev/null 2>&1
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The seed: bot games in a scratch SQLite file.
mkdir -p "$tmp/seed"
cat > "$tmp/seed/topper.conf" <<EOF
db = $tmp/seed/seed.db
socket = $tmp/seed/unused.sock
port = 1
base_url = http://127.0.0.1
data_dir = $root
pwhash = min
EOF
"$TOPPER" init --config "$tmp/seed/topper.conf" > /dev/null 2>&1 ||
    die "topper init failed for the seed"
say "bench-fill: $nseed bot games into the seed (about a minute)"
fill=$("$TOPPER" bench-fill --game gin-vodka --config "$tmp/seed/topper.conf" \
    --games "$nseed" --open "$nopen" --password "$password") ||
    die "bench-fill failed"
say "$fill"
seed=$tmp/seed/seed.db
# The tables a game's rows live in: games, and every one with a "game"
# column (outbox aside: copies send no mail).
game_tables=$(sqlite3 "$seed" "SELECT m.name FROM sqlite_master AS m,
    pragma_table_info(m.name) AS c WHERE m.type = 'table' AND c.name =
    'game' AND m.name != 'outbox' ORDER BY m.name")
seed_tables="users games $game_tables"
seed_max=$(sqlite3 "$seed" "SELECT max(id) FROM games")

PG_CONF="fsync = on
synchronous_commit = on
full_page_writes = on
shared_buffers = 128MB
max_wal_size = 4GB"
export PG_CONF
say "starting PostgreSQL (fsync, synchronous_commit, full_page_writes on)"
pg_start || die "PostgreSQL did not start"
pg_version=$("$PG_BIN/postgres" --version 2>/dev/null | awk '{ print $3 }')

# Start instance $1 on store $2 (sqlite or postgresql).
start() {
	TOPPER_STORE=$2
	export TOPPER_STORE
	instance_start || die "instance $1 did not start"
	inst_save "$1"
	names="$names $1"
}

# psql on the current instance's database as the superuser (COPY and
# session_replication_role need it), quiet and stopping at an error.
psql_super() {
	"$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 \
	    "postgresql:///$_inst_pgdb?host=$PG_DIR&user=postgres" "$@"
}

# Columns of table $1 of the current instance, comma-separated.
columns() {
	if [ "$TOPPER_STORE" = postgresql ]; then
		psql_super -c "SELECT string_agg(quote_ident(column_name), ','
		    ORDER BY ordinal_position) FROM information_schema.columns
		    WHERE table_schema = 'public' AND table_name = '$1'"
	else
		sqlite3 "$INST_DB" "SELECT group_concat('\"' || name || '\"', ',')
		    FROM pragma_table_info('$1')"
	fi
}

# Every identity sequence past its column's largest value (PostgreSQL).
pg_sequences() {
	psql_super -c "DO \$\$ DECLARE r record; BEGIN
	    FOR r IN SELECT table_name, column_name FROM information_schema.columns
	    WHERE table_schema = 'public' AND is_identity = 'YES' LOOP
		EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L),
		    greatest(1, (SELECT max(%I) FROM %I)))', r.table_name,
		    r.column_name, r.column_name, r.table_name);
	    END LOOP; END \$\$"
}

# SQLite: the triggers on the game tables, dropped and made again around
# the bulk inserts (the CLI runs without foreign keys).
sq_triggers() {
	sqlite3 "$INST_DB" "SELECT name FROM sqlite_master WHERE type =
	    'trigger' AND tbl_name IN ('games', 'seats', 'moves', 'hands')"
}
sq_bulk() {	# SQL [BEFORE]: SQL in one transaction, triggers off
	{
		echo ".timeout 60000"
		echo "${2:-}"
		echo "BEGIN IMMEDIATE;"
		for _t in $(sq_triggers); do
			echo "DROP TRIGGER $_t;"
		done
		echo "$1"
		sqlite3 "$INST_DB" "SELECT sql || ';' FROM sqlite_master WHERE
		    type = 'trigger' AND tbl_name IN ('games', 'seats', 'moves',
		    'hands')"
		echo "COMMIT;"
	} > "$tmp/bulk.sql"
	sqlite3 -bail "$INST_DB" < "$tmp/bulk.sql" > "$tmp/bulk.out" 2>&1 ||
	    die "SQLite bulk insert failed: $(cat "$tmp/bulk.out")"
}

# Load the seed into the current instance.
load_seed() {
	if [ "$TOPPER_STORE" = postgresql ]; then
		for _t in $seed_tables; do
			_cols=$(columns "$_t")
			# The seed's columns in the order of PostgreSQL's; bytea
			# as \x hex; NULL as \N.
			_sel=$(psql_super -c "SELECT string_agg(CASE WHEN data_type
			    = 'bytea' THEN 'CASE WHEN ' || quote_ident(column_name)
			    || ' IS NULL THEN ''\\N'' ELSE ''\\x'' || hex(' ||
			    quote_ident(column_name) || ') END' ELSE
			    'ifnull(' || quote_ident(column_name) || ', ''\\N'')'
			    END, ',' ORDER BY ordinal_position) FROM
			    information_schema.columns WHERE table_schema =
			    'public' AND table_name = '$_t'")
			sqlite3 -csv "$seed" "SELECT $_sel FROM \"$_t\"" |
			    psql_super -c "SET session_replication_role = replica" \
			    -c "\\copy \"$_t\" ($_cols) FROM pstdin WITH (FORMAT csv, NULL '\\N')" ||
			    die "COPY of $_t into PostgreSQL failed"
		done
		pg_sequences > /dev/null || die "setting the sequences failed"
	else
		_sql=""
		for _t in $seed_tables; do
			_sql="$_sql INSERT INTO main.\"$_t\" SELECT * FROM seed.\"$_t\";"
		done
		sq_bulk "$_sql" "ATTACH '$seed' AS seed;"
	fi
}

# One SQL statement on the current instance; rows as sqlite3 prints them.
q() {
	if [ "$TOPPER_STORE" = postgresql ]; then
		psql_super -c "$1"
	else
		sqlite3 "$INST_DB" "$1"
	fi
}

# The bytes the current instance's database takes: SQLite's pages in use
# (what the file holds after a checkpoint), pg_database_size.
db_bytes() {
	if [ "$TOPPER_STORE" = postgresql ]; then
		q "SELECT pg_database_size(current_database())"
	else
		q "SELECT (p.page_count - f.freelist_count) * s.page_size FROM
		    pragma_page_count AS p, pragma_freelist_count AS f,
		    pragma_page_size AS s"
	fi
}

# Grow the current instance to $1 games: copies of its finished games,
# doubling, one transaction a round.
grow() {
	while :; do
		_have=$(q "SELECT count(*) FROM games")
		[ "$_have" -lt "$1" ] || break
		_over=$(q "SELECT count(*) FROM games WHERE status = 'over'")
		_n=$(($1 - _have))
		[ "$_n" -le "$_over" ] || _n=$_over
		_off=$(q "SELECT max(id) FROM games")
		_r0=$(date +%s)
		# The copies of games: every column, the id moved by _off.
		_sql="CREATE TEMP TABLE src AS SELECT id FROM games WHERE
		    status = 'over' ORDER BY id LIMIT $_n;"
		for _t in games $game_tables; do
			_cols=$(columns "$_t")
			_sel=$(echo "$_cols" | tr ',' '\n' | while read -r _c; do
				case $_c in
				'"id"'|id)
					if [ "$_t" = games ]; then
						echo "$_c + $_off"
					else
						echo "$_c + (SELECT coalesce(max(id), 0) FROM \"$_t\")"
					fi ;;
				'"game"'|game) echo "$_c + $_off" ;;
				*) echo "$_c" ;;
				esac
			done | paste -sd , -)
			_key=game
			[ "$_t" = games ] && _key=id
			_sql="$_sql INSERT INTO \"$_t\" ($_cols) SELECT $_sel FROM
			    \"$_t\" WHERE $_key IN (SELECT id FROM src);"
		done
		_sql="$_sql DROP TABLE src;"
		if [ "$TOPPER_STORE" = postgresql ]; then
			psql_super -c "SET session_replication_role = replica" \
			    -c "SET synchronous_commit = off" \
			    -c "BEGIN" -c "$_sql" -c "COMMIT" > /dev/null ||
			    die "PostgreSQL bulk insert failed"
		else
			sq_bulk "$_sql"
		fi
		_r1=$(date +%s)
		say "$TOPPER_STORE: $(human $((_have + _n))) games, $(human "$_n") copied in" \
		    "$((_r1 - _r0)) s ($((_n / (_r1 - _r0 + 1))) games/s or more)"
	done
	if [ "$TOPPER_STORE" = postgresql ]; then
		pg_sequences > /dev/null || die "setting the sequences failed"
		psql_super -c "ANALYZE" > /dev/null || die "ANALYZE failed"
	fi
}

# Let instances $@ settle after a bulk growth, as a site that grew by
# its own moves would be: SQLite's WAL copied back and emptied;
# PostgreSQL's new rows vacuumed (else autovacuum, which a big insert
# wakes, scans the tables during the turns) and its dirty buffers
# written (else its checkpoint writes them during the turns); then the
# kernel's dirty pages.  Prints the seconds.
settle() {
	_s=$(date +%s)
	for _n in "$@"; do
		inst_use "$_n"
		if [ "$TOPPER_STORE" = postgresql ]; then
			psql_super -c "VACUUM (ANALYZE)" -c "CHECKPOINT" > /dev/null ||
			    die "$_n: VACUUM failed"
		else
			sqlite3 "$INST_DB" ".timeout 60000" \
			    "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null ||
			    die "$_n: the checkpoint failed"
		fi
	done
	sync
	echo $(($(date +%s) - _s))
}

# Log in as $1 on the current instance; prints the session cookie.
login() {
	_jar=$tmp/cookies.$$
	rm -f "$_jar"
	curl -sS -c "$_jar" -o "$tmp/login.html" "$INST_URL/login" ||
	    die "GET /login failed"
	_csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' \
	    "$tmp/login.html" | head -n 1)
	_code=$(curl -sS -b "$_jar" -c "$_jar" -o /dev/null -w '%{http_code}' \
	    --data-urlencode "csrf=$_csrf" --data-urlencode "name=$1" \
	    --data-urlencode "password=$password" "$INST_URL/login")
	[ "$_code" = 303 ] || die "POST /login as $1 answered $_code"
	echo "topper_session=$(awk '$6 == "topper_session" { print $7 }' "$_jar")"
}

say "starting 4 instances"
start sq0 sqlite
start sqN sqlite
start pg0 postgresql
start pgN postgresql

# The page's game: in progress, mid-game, its player to act; the same
# game in all four (they load the same seed).
row=$(sqlite3 -separator ' ' "$seed" "SELECT g.id, u.name, g.ply FROM games
    AS g JOIN seats AS s ON s.game = g.id JOIN users AS u ON u.id = s.user
    WHERE g.status = 'active' AND (g.to_act >> s.seat) & 1
    ORDER BY abs(g.ply - 80), g.id LIMIT 1") || die "no game in progress"
set -- $row
gid=$1 player=$2 gply=$3

for n in sq0 sqN pg0 pgN; do
	inst_use "$n"
	say "$n: loading the seed"
	load_seed
	b1=$(db_bytes)
	say "$n: growing to $base games"
	grow "$base"
	b2=$(db_bytes)
	eval "${n}_bytes=$b2 ${n}_games=$base"
	eval "${n}_cookie=\$(login \"$player\")"
	_code=$(curl -sS -H "Cookie: $(eval echo \$${n}_cookie)" -o "$tmp/page.html" \
	    -w '%{http_code}' "$INST_URL/g/$gid")
	[ "$_code" = 200 ] || die "$n: GET /g/$gid answered $_code"
	grep -q "action=\"/g/$gid/move\"" "$tmp/page.html" ||
	    die "$n: the page of game $gid shows $player no move form"
	[ "$n" = sq0 ] && sq_perg0=$(( (b2 - b1) / (base - nseed) ))
	[ "$n" = pg0 ] && pg_perg0=$(( (b2 - b1) / (base - nseed) ))
done
page_bytes=$(wc -c < "$tmp/page.html")
say "settling the four instances"
settle sq0 sqN pg0 pgN > /dev/null

# Milliseconds are not needed here: req/s from wrk's report.
# page: one turn on the current instance; prints req/s.
page_turn() {
	wrk -t2 -c4 -d${secs}s -H "Cookie: $1" "$INST_URL/g/$gid" \
	    > "$tmp/w.out" 2>&1 || die "wrk failed: $(cat "$tmp/w.out")"
	! grep -q "Non-2xx or 3xx" "$tmp/w.out" ||
	    die "$(grep "Non-2xx" "$tmp/w.out") for GET /g/$gid"
	awk '/^Requests\/sec:/ { print $2 }' "$tmp/w.out"
}

# plies of the games in progress at the start (their ids are the seed's)
plies() { q "SELECT sum(ply) FROM games WHERE id <= $seed_max"; }

# move: one turn on the current instance; prints 303s/s.
move_turn() {
	"$TOPPER" bench-moves --game gin-vodka --config "$INST_CONF" \
	    --per-game 10 --out "$tmp/moves.txt" > /dev/null ||
	    die "bench-moves failed"
	_before=$(plies)
	wrk -t2 -c4 -d${secs}s -s "$root/tools/bench/moves.lua" "$INST_URL" -- \
	    "$tmp/moves.txt" 2 > "$tmp/w.out" 2>&1 ||
	    die "wrk failed: $(cat "$tmp/w.out")"
	_after=$(plies)
	_line=$(grep '^moves: made=' "$tmp/w.out") || die "moves.lua printed no count"
	_made=$(echo "$_line" | sed 's/.*made=\([0-9]*\).*/\1/')
	_sent=$(echo "$_line" | sed 's/.*sent=\([0-9]*\).*/\1/')
	_other=$(echo "$_line" | sed 's/.*other=\([0-9]*\).*/\1/')
	_grew=$((_after - _before))
	[ "$_made" -gt 0 ] && [ "$_grew" -ge "$_made" ] &&
	    [ "$_grew" -le $((_sent - _other)) ] ||
	    die "$1: the plies grew by $_grew for $_made 303s ($_sent sent, $_other other)"
	grep -q "ran out" "$tmp/w.out" && say "$1: the moves script ran out"
	echo "$_line" | sed 's/.*rps=\([0-9.]*\).*/\1/'
}

mean() { echo "$@" | awk '{ for (i = 1; i <= NF; i++) s += $i; printf "%.0f", s / NF }'; }

# Measure the four instances in turns; sets <name>_page, <name>_move.
measure() {
	for _n in sq0 sqN pg0 pgN; do
		eval "${_n}_pages='' ${_n}_moves=''"
	done
	_t=0
	while [ $_t -lt "$turns" ]; do
		_t=$((_t + 1))
		for _n in sq0 sqN pg0 pgN; do
			inst_use "$_n"
			_r=$(page_turn "$(eval echo \$${_n}_cookie)") || exit 1
			eval "${_n}_pages=\"\$${_n}_pages $_r\""
		done
		for _n in sq0 sqN pg0 pgN; do
			inst_use "$_n"
			_r=$(move_turn "$_n") || exit 1
			eval "${_n}_moves=\"\$${_n}_moves $_r\""
		done
	done
	for _n in sq0 sqN pg0 pgN; do
		eval "${_n}_page=\$(mean \$${_n}_pages) ${_n}_move=\$(mean \$${_n}_moves)"
	done
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" 'BEGIN { print (r <= 1.20 ? "met" : "NOT met") }'; }

out=$tmp/report
{
	echo
	echo "capacity curve (tools/bench-scale.sh $base $sizes): $(nproc) CPUs, on each store 2 FastCGI readers + 1 writer (--batch 16), wrk -t2 -c4"
	echo "data: $fill, then copies of the finished games by SQL; 1,000 users; $(human "$nopen") games in progress"
	echo "SQLite $(sqlite3 --version | cut -d ' ' -f 1) (WAL, synchronous=FULL); PostgreSQL $pg_version on the same disk, fsync=on synchronous_commit=on full_page_writes=on shared_buffers=128MB"
	echo "page: GET /g/$gid as $player, to act at ply $gply ($page_bytes bytes); move: POST /g/ID/move, 303s/s"
	echo "each figure: the mean of $turns turns of ${secs}s; in a turn the four instances run one after the other"
	echo "bytes per finished game at $(human "$base"): (sq0, pg0 after growing from $(human "$nseed") to $(human "$base")) / $(human $((base - nseed))) games:"
	echo "  SQLite $(human "$sq_perg0") bytes, PostgreSQL $(human "$pg_perg0") bytes"
} > "$out"
cat "$out"
prev_sq=$sq0_bytes prev_pg=$pg0_bytes prev=$base
for n in $sizes; do
	say "growing sqN and pgN to $n games"
	# Both at once, each in a subshell that prints its seconds.
	(inst_use sqN; _s=$(date +%s); grow "$n"; echo $(($(date +%s) - _s)) > "$tmp/grow.sq") &
	_gs=$!
	(inst_use pgN; _s=$(date +%s); grow "$n"; echo $(($(date +%s) - _s)) > "$tmp/grow.pg") &
	_gp=$!
	wait $_gs || die "growing SQLite failed"
	wait $_gp || die "growing PostgreSQL failed"
	say "settling sqN and pgN"
	settled=$(settle sqN pgN)
	inst_use sqN
	sqN_bytes=$(db_bytes)
	inst_use pgN
	pgN_bytes=$(db_bytes)
	l0=$(load)
	say "measuring at $n"
	measure
	l1=$(load)
	sq_per=$(( (sqN_bytes - prev_sq) / (n - prev) ))
	pg_per=$(( (pgN_bytes - prev_pg) / (n - prev) ))
	{
		echo
		echo "$(human "$n") stored games against $(human "$base"), load average before $l0, after $l1"
		printf '  %-11s %-6s %12s %12s %12s %9s\n' store "" "at $(human "$base")" "at $(human "$n")" "cost ratio" "per turn"
		for st in sq pg; do
			[ $st = sq ] && sn=SQLite || sn=PostgreSQL
			for k in page move; do
				a=$(eval echo \$${st}0_$k) b=$(eval echo \$${st}N_$k)
				printf '  %-11s %-6s %10s/s %10s/s %12s   %s | %s\n' "$sn" "$k" "$a" "$b" "$(ratio "$a" "$b")" \
				    "$(eval echo \$${st}0_${k}s)" "$(eval echo \$${st}N_${k}s)"
			done
		done
		echo "  (cost ratio: req/s at $(human "$base") over req/s at $(human "$n"), the same turns; 1.00 = no change, above = slower)"
		echo "  database bytes at $(human "$n"): SQLite $(human "$sqN_bytes"), PostgreSQL $(human "$pgN_bytes");" \
		    "per finished game added: SQLite $(human "$sq_per"), PostgreSQL $(human "$pg_per")"
		echo "  growing from $(human "$prev") to $(human "$n") games, both at once: SQLite $(cat "$tmp/grow.sq") s, PostgreSQL $(cat "$tmp/grow.pg") s; settling both $settled s"
	} | tee -a "$out"
	prev_sq=$sqN_bytes prev_pg=$pgN_bytes prev=$n
	last=$n
done
{
	echo
	echo "target (issue 22): a game page and a move cost the same within 20% at $(human "$last") stored games as at $(human "$base"):"
	for st in sq pg; do
		[ $st = sq ] && sn=SQLite || sn=PostgreSQL
		for k in page move; do
			r=$(ratio "$(eval echo \$${st}0_$k)" "$(eval echo \$${st}N_$k)")
			echo "  $sn $k: cost ratio $r ($(verdict "$r"))"
		done
	done
} | tee -a "$out"
