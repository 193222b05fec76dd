#!/bin/sh
# tools/soak.sh: "make soak", the reliability figures (README
# "Reliability").  Runs the parts of tests/soak/ in two lanes at once
# (the machines we run on have two cores, and every part but load keeps
# about one busy), each part for its share of its lane's SOAK_MINUTES
# (default 120, the full soak, sized from the rates of short runs on a
# 2-core machine to reach the targets below).  Each part prints its
# figures and a verdict; the run ends with one line per part, "soak
# PART: N checked, M failed", and its target.
#
#   SOAK_MINUTES=10 make soak          a short run
#   SOAK_PARTS="leak power" make soak  some parts only
#   SOAK_LANES=1 make soak             one part at a time (shares of
#                                      the whole time, as one lane)
#
# Lane 1: leak 58%, kill 29%, load 13%.  Lane 2: fuzz 67% (split
# between the 8 targets: 10 minutes each in a full soak), power 25%,
# mail 8% (then up to 2 minutes for the outbox to drain).  With one
# lane every share is halved.  SEED repeats a run's random choices
# (timings still differ).  Exit 1 when any part failed.
set -u
cd "$(dirname "$0")/.."
MIN=${SOAK_MINUTES:-120}
PARTS=${SOAK_PARTS:-"leak kill power mail fuzz load"}
LANES=${SOAK_LANES:-2}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
export SEED
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
TOTAL=$(awk -v m="$MIN" -v l="$LANES" 'BEGIN { printf "%d", m * 60 * (l == 1 ? 0.5 : 1) }')
share() {	# percent of a lane, minimum seconds
	awk -v t="$TOTAL" -v p="$1" -v lo="$2" \
	    'BEGIN { s = int(t * p / 100); print (s < lo ? lo : s) }'
}
NFUZZ=8
logs=build/soak
mkdir -p "$logs"
rm -f "$logs"/*.line
echo "soak: $MIN minutes, $LANES lane(s), seed $SEED, parts: $PARTS ($(date -u '+%Y-%m-%d %H:%M UTC'))"
start=$(date +%s)

# One part: its log to $logs/PART.log, printed whole when it ends (so
# the two lanes' output does not mix), and its summary line with its
# target to $logs/PART.line.
part() {
	p=$1
	t0=$(date +%s)
	case $p in
	leak)	target="1,000,000 compared views, 0 differences"
		LEAK_SECONDS=$(share 58 5) PAIRS=1 sh tests/soak/leak.sh ;;
	kill)	target=">= 100 kills, 100,000 acknowledged moves, 0 lost"
		# A kill every 1.5 s on average: the writer is up long
		# enough between kills for the moves to flow.
		KILL_GAP_MS=3000 KILL_SECONDS=$(share 29 10) \
		    sh tests/soak/kill.sh ;;
	power)	target="1,000 cuts, 0 acknowledged moves lost, 0 integrity errors"
		CUTS=1000000 POWER_SECONDS=$(share 25 10) sh tests/soak/power.sh ;;
	mail)	target="every queued mail delivered, none failed"
		MAIL_SECONDS=$(share 8 10) sh tests/soak/mail.sh ;;
	fuzz)	target="10 minutes a target, 0 crashes, 0 sanitizer reports"
		FUZZ_SECONDS=$(( $(share 67 40) / NFUZZ )) sh tests/soak/fuzz.sh ;;
	load)	target="0 errors; p50, p99 per route"
		LOAD_SECONDS=$(share 13 10) sh tests/soak/load.sh ;;
	*)	echo "soak: no part $p"; target=; false ;;
	esac > "$logs/$p.log" 2>&1
	rc=$?
	{ echo; echo "=== soak $p ($(( ($(date +%s) - t0) / 60 )) min)"; cat "$logs/$p.log"; }
	line=$(grep "^soak $p: " "$logs/$p.log" | tail -1)
	[ -n "$line" ] || line="soak $p: 0 checked, 1 failed (no figures: exit $rc)"
	if [ "$rc" -ne 0 ] && echo "$line" | grep -q ', 0 failed'; then
		line="$line (but the part exited $rc)"
	fi
	echo "$line   [target: $target]" > "$logs/$p.line"
}

# The lanes: the parts of each, in order, among those asked for.
lane_parts() {
	for p in $1; do
		case " $PARTS " in *" $p "*) printf '%s ' "$p" ;; esac
	done
}
if [ "$LANES" = 1 ]; then
	for p in $PARTS; do part "$p"; done
else
	# The sanitizer build and the fuzz tree are built before the
	# lanes start, so they do not race each other's make.
	( for p in $(lane_parts "leak kill load"); do part "$p"; done ) &
	lane1=$!
	for p in $(lane_parts "fuzz power mail"); do part "$p"; done
	wait "$lane1"
fi

echo
echo "soak: $(( ($(date +%s) - start) / 60 )) minutes; logs in $logs/"
: > "$logs/summary"
for p in $PARTS; do
	if [ -f "$logs/$p.line" ]; then
		cat "$logs/$p.line"
	else
		echo "soak $p: 0 checked, 1 failed (did not run)"
	fi
done > "$logs/summary"
cat "$logs/summary"
! grep -v ', 0 failed   \[' "$logs/summary" | grep -q .
