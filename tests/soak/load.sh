#!/bin/sh
# tests/soak/load.sh: mixed load on a private instance (nginx, readers,
# writer, worker).  For LOAD_SECONDS: client.py's six players make moves
# through the API in 12 games while LOAD_READERS reader threads fetch
# game pages, ply polls (with If-None-Match), API views and histories,
# half of them signed in; and wrk, when installed, polls one game's ply
# with 4 connections, as many open pages would.  Every reply must be a
# success (2xx, 304, a 303 where one is due; 409 or 422 for a move that
# came too late); p50 and p99 per route are printed.
#
# Environment: LOAD_SECONDS (default 20), LOAD_READERS (default 4),
# SEED, TOPPER (default build/topper).  Ends with "soak load: N checked, M failed" (N =
# requests, M = errors).
set -u
cd "$(dirname "$0")/../.."
: "${TOPPER:=$PWD/build/topper}"	# the optimised build: speed is measured
SECONDS_=${LOAD_SECONDS:-20}
READERS=${LOAD_READERS:-4}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
. tests/e2e/lib/instance.sh
. tests/soak/setup.sh
INSTANCE_WORKER=1
instance_start || { echo "soak load: 0 checked, 1 failed"; exit 1; }
tmp=$INST/soak
mkdir -p "$tmp"
fail=0
soak_users "$INST_CONF" 6 && soak_games "$INST_CONF" 12 || fail=1
games=$(inst_sql "SELECT id FROM games ORDER BY id" | paste -sd,)
first=${games%%,*}
echo "load: seed $SEED, ${SECONDS_} s, 6 players, $READERS readers$(command -v wrk > /dev/null && echo ', wrk on one ply poll') ($TOPPER)"
wrk_pid=
if command -v wrk > /dev/null; then
	wrk -t 1 -c 4 -d "${SECONDS_}s" --latency \
	    "$INST_URL/api/games/$first/ply" > "$tmp/wrk.out" 2>&1 &
	wrk_pid=$!
fi
"$PY" tests/soak/client.py "$INST_URL" --users soak0,soak1,soak2,soak3,soak4,soak5 \
    --games "$games" --seconds "$SECONDS_" --readers "$READERS" \
    --seed "$SEED" > "$tmp/client.out" 2>&1
[ -n "$wrk_pid" ] && wait "$wrk_pid"
cat "$tmp/client.out"
n=$(sed -n 's/^client: \([0-9]*\) requests, \([0-9]*\) errors.*/\1/p' "$tmp/client.out")
e=$(sed -n 's/^client: \([0-9]*\) requests, \([0-9]*\) errors.*/\2/p' "$tmp/client.out")
[ -n "$n" ] || { n=0; e=1; }
if [ -n "$wrk_pid" ]; then
	# wrk: "N requests in", "Non-2xx or 3xx responses: K", socket errors
	wn=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$tmp/wrk.out")
	wbad=$(sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\).*/\1/p' "$tmp/wrk.out")
	wsock=$(sed -n 's/^ *Socket errors: connect \([0-9]*\), read \([0-9]*\), write \([0-9]*\), timeout \([0-9]*\).*/\1 \2 \3 \4/p' "$tmp/wrk.out")
	w50=$(awk '$1 == "50%" { print $2 }' "$tmp/wrk.out")
	w99=$(awk '$1 == "99%" { print $2 }' "$tmp/wrk.out")
	werr=${wbad:-0}
	for x in $wsock; do werr=$((werr + x)); done
	printf '%-28s %8s %7s %8s %8s\n' "wrk GET /api/games/ID/ply" \
	    "${wn:-0}" "$werr" "$w50" "$w99"
	n=$((n + ${wn:-0}))
	e=$((e + werr))
fi
instance_stop || e=$((e + 1))
[ "$fail" -eq 0 ] || e=$((e + 1))
echo "load: $n requests in ${SECONDS_} s, $e errors; verdict: $([ "$e" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak load: $n checked, $e failed"
[ "$e" -eq 0 ]
