#!/bin/sh
# tests/soak/kill.sh: the kill loop.  A private instance (nginx, the
# readers, the writer, the worker; tests/e2e/lib/instance.sh) with games
# in play; client.py's players post moves through nginx for
# KILL_SECONDS while the writer process (the child of the writer's
# supervisor, which restarts it) and, one time in four, the worker are
# killed with SIGKILL at random moments (the worker is started again at
# once).  Then check_db.py: integrity, every acknowledged move stored,
# no gap, every game replays to its stored state.
#
# Environment: KILL_SECONDS (default 20), KILL_GAP_MS (the longest wait
# between kills, default 400), SEED, TOPPER (the instance's; default
# build-asan/topper), CHECK_TOPPER (the replay's; default build/topper).
# Ends with "soak kill: N checked, M failed" (N = acknowledged moves).
set -u
cd "$(dirname "$0")/../.."
: "${TOPPER:=$PWD/build-asan/topper}"
: "${CHECK_TOPPER:=$PWD/build/topper}"
SECONDS_=${KILL_SECONDS:-20}
GAP=${KILL_GAP_MS:-400}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
. tests/e2e/lib/instance.sh
. tests/soak/setup.sh
INSTANCE_WORKER=1
instance_start || { echo "soak kill: 0 checked, 1 failed"; exit 1; }
tmp=$INST/soak
mkdir -p "$tmp"
fail=0
soak_users "$INST_CONF" 6 || fail=1
echo "kill: seed $SEED, ${SECONDS_} s"

# The killer, in the background: its own random stream, so a seed
# repeats a run; it writes its counts to $tmp/kills when stopped.
killer() {
	kills=0 wkills=0 r=$SEED wpid=$INST_WORKER_PID
	trap 'echo "$kills $wkills" > "$tmp/kills"; kill -KILL "$wpid" 2>/dev/null; exit 0' TERM
	while :; do
		r=$(( (r * 1103515245 + 12345) % 2147483648 ))
		sleep "$(awk -v ms=$(( r % GAP + 10 )) 'BEGIN { printf "%.3f", ms / 1000 }')"
		w=$(ps -o pid= --ppid "$INST_WRITER_FCGI_PID" | tr -d ' ' | head -1)
		[ -n "$w" ] && kill -KILL "$w" 2>/dev/null && kills=$((kills + 1))
		if [ $((r % 4)) -eq 0 ]; then
			kill -KILL "$wpid" 2>/dev/null && wkills=$((wkills + 1))
			"$TOPPER" worker --config "$INST_CONF" < /dev/null \
			    >> "$INST/log/worker.log" 2>&1 &
			wpid=$!
		fi
	done
}
killer &
killer_pid=$!
INST_WORKER_PID=		# the killer owns the worker now

# Rounds of at most 60 s, each with 12 new games (games end).  The
# clock starts once the first games are made: KILL_SECONDS of play, not
# of imports (12 of them take 10 s or more on a busy machine).
end=
round=0
: > "$tmp/client.all"
while [ -z "$end" ] || [ "$(date +%s)" -lt "$end" ]; do
	round=$((round + 1))
	first=$(inst_sql "SELECT coalesce(max(id), 0) + 1 FROM games")
	soak_games "$INST_CONF" 12 || { fail=1; break; }
	[ -n "$end" ] || end=$(($(date +%s) + SECONDS_))
	games=$(inst_sql "SELECT id FROM games WHERE id >= $first ORDER BY id" |
	    paste -sd,)
	left=$((end - $(date +%s)))
	[ "$left" -gt 60 ] && left=60
	[ "$left" -gt 0 ] || left=1
	"$PY" tests/soak/client.py "$INST_URL" \
	    --users soak0,soak1,soak2,soak3,soak4,soak5 --games "$games" \
	    --seconds "$left" --ack "$tmp/acks" --seed "$((SEED + round))" \
	    > "$tmp/client.out" 2>&1
	cat "$tmp/client.out" >> "$tmp/client.all"
done
kill -TERM "$killer_pid"
wait "$killer_pid"
read -r kills wkills < "$tmp/kills"
cat "$tmp/client.all" | grep -v "^route" | awk '
	/^client:/ { r += $2; e += $4; m += $6; next }
	{
		k = $1
		for (i = 2; i <= NF - 4; i++)
			k = k " " $i
		n[k] += $(NF - 3); er[k] += $(NF - 2)
	}
	END {
		for (k in n) printf "kill: %-28s %8d requests %5d errors\n", k, n[k], er[k]
		printf "client: %d requests, %d errors, %d moves acknowledged\n", r, e, m
	}' > "$tmp/client.out"
cat "$tmp/client.out"
# The writer's log names each child that died and its restart.
restarts=$(grep -c "restarting" "$INST/log/fcgi-writer.log" 2>/dev/null || echo 0)
echo "kill: $round rounds; $kills kills of the writer ($restarts restarts logged), $wkills of the worker"
# The check, with the instance still up (nothing moves now).
"$PY" tests/soak/check_db.py "$INST_DB" "$tmp/acks" \
    --replay "$CHECK_TOPPER" "$INST_CONF" || fail=1
acked=$(wc -l < "$tmp/acks" 2>/dev/null || echo 0)
errors=$(sed -n 's/^client: [0-9]* requests, \([0-9]*\) errors.*/\1/p' "$tmp/client.out")
echo "kill: $acked moves acknowledged, ${errors:-?} requests failed while" \
    "the writer was down (expected: they were not acknowledged)"
[ "$acked" -gt 0 ] || { echo "kill: no move was acknowledged"; fail=1; }
[ "$kills" -gt 0 ] || { echo "kill: nothing was killed"; fail=1; }
instance_stop || fail=1
echo "kill: verdict: $([ "$fail" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak kill: $acked checked, $fail failed"
[ "$fail" -eq 0 ]
