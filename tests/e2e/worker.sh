#!/bin/sh
# worker.sh: "topper worker" moves bots, survives SIGKILL and a twin.
#
# Two bot users play WORKER_GAMES (50) Gin Vodka games from fresh seeds,
# half to 1 point (one hand) and half to 20 (usually two).  Two workers
# run side by side: the instance's own, stopped cleanly at the end, and
# a second one killed with SIGKILL WORKER_KILLS (20) times at random
# moments and restarted.  In the end every game is over, every game's
# log replays (export -> topper play) to exactly the stored snapshot
# (state_sha256 = test-state-sha), each log holds plies 1..N once each
# with N the game's ply, no bot seat is left due, a worker stops on
# SIGTERM with status 0, and no sanitizer spoke.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

NGAMES=${WORKER_GAMES:-50}
NKILLS=${WORKER_KILLS:-20}

tmp=$(mktemp -d)
w2=
cleanup() {
	[ -n "$w2" ] && kill -KILL "$w2" 2>/dev/null
	instance_stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

start=$(date +%s)
INSTANCE_WORKER=1
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

T user add bot1 bot1@example.org --bot > /dev/null &&
    T user add bot2 bot2@example.org --bot > /dev/null ||
    { echo "FAIL: bot users"; exit 1; }

i=0
while [ $i -lt "$NGAMES" ]; do
	i=$((i + 1))
	seed=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
	target=$((i % 2 == 0 ? 20 : 1))
	printf '{"game": "gin-vodka", "notation": 1, "options": {"target": %d}, "seats": 2, "seed": "%s", "moves": []}\n' \
	    "$target" "$seed" > "$tmp/new.json"
	T import "$tmp/new.json" --users bot1,bot2 > /dev/null ||
	    { echo "FAIL: import of game $i"; exit 1; }
done
check "$NGAMES games stored" [ "$(sql 'SELECT count(*) FROM games')" = "$NGAMES" ]

# A random pause of 100-600 ms.
pause() {
	_r=$(od -An -tu2 -N2 /dev/urandom | tr -d ' ')
	sleep "0.$(( _r % 500 + 100 ))"
}
start_w2() {
	"$TOPPER" worker --config "$INST_CONF" < /dev/null \
	    >> "$INST/log/worker2.log" 2>&1 &
	w2=$!
}

start_w2
kills=0
while [ $kills -lt "$NKILLS" ]; do
	pause
	kill -KILL "$w2" 2>/dev/null && kills=$((kills + 1))
	wait "$w2" 2>/dev/null
	start_w2
done
mid=$(sql "SELECT count(*) FROM games WHERE status = 'over'")
echo "after $kills kills: $mid of $NGAMES games over, $(sql 'SELECT count(*) FROM moves') moves"
check "$NKILLS kills" [ "$kills" = "$NKILLS" ]

# Both workers play on until every game is over (or 150 s pass).
waited=0
while [ "$(sql "SELECT count(*) FROM games WHERE status != 'over'")" != 0 ] &&
    [ $waited -lt 1500 ]; do
	sleep 0.1
	waited=$((waited + 1))
done
check "every game is over" \
    [ "$(sql "SELECT count(*) FROM games WHERE status != 'over'")" = 0 ]
check "games were played, not just set up" \
    [ "$(sql 'SELECT min(ply) FROM games')" -gt 2 ]
check "no bot seat is left due" \
    [ "$(sql 'SELECT count(*) FROM seats WHERE bot_due IS NOT NULL')" = 0 ]

kill -TERM "$w2"
wait "$w2"
check "the second worker stops on SIGTERM with status 0" [ $? = 0 ]
w2=
check "it says so" grep -q "stopped:" "$INST/log/worker2.log"

# Each log holds plies 1..N exactly once, N being the game's ply.
check "every log is plies 1..N, each once" [ "$(sql "
    SELECT count(*) FROM games g WHERE g.ply != (SELECT count(*) FROM moves
    WHERE game = g.id) OR g.ply != (SELECT coalesce(max(ply), 0) FROM moves
    WHERE game = g.id) OR g.ply != (SELECT count(DISTINCT ply) FROM moves
    WHERE game = g.id)")" = 0 ]

# Every log replays to the stored snapshot, byte for byte.
bad=0
for id in $(sql 'SELECT id FROM games ORDER BY id'); do
	T export "$id" > "$tmp/g.json" 2> /dev/null &&
	    "$TOPPER" play "$tmp/g.json" > "$tmp/g.out" 2> "$tmp/g.err" || {
		echo "game $id does not replay:"; cat "$tmp/g.err"
		bad=$((bad + 1))
		continue
	}
	want=$(T test-state-sha "$id")
	got=$(sed -n 's/^  "state_sha256": "\([0-9a-f]*\)".*/\1/p' "$tmp/g.out")
	ply=$(sed -n 's/^  "ply": \([0-9]*\),*$/\1/p' "$tmp/g.out")
	if [ "$got" != "$want" ] || [ "$ply" != "$(sql "SELECT ply FROM games WHERE id = $id")" ]; then
		echo "game $id: replay $got at ply $ply, stored $want"
		bad=$((bad + 1))
	fi
done
check "all $NGAMES logs replay to their snapshots" [ $bad = 0 ]

kill -TERM "$INST_WORKER_PID" && inst_wait _inst_gone "$INST_WORKER_PID"
echo "$(sql 'SELECT count(*) FROM moves') moves in $NGAMES games"
echo "worker 1: $(grep 'stopped:' "$INST/log/worker.log" | tail -1)"
echo "worker 2 (last run): $(grep 'stopped:' "$INST/log/worker2.log" | tail -1)"
check "instance stops cleanly (no sanitizer report)" instance_stop
echo "worker.sh: $(( $(date +%s) - start )) s"
exit $fail
