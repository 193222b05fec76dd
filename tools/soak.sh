#!/bin/sh
# tools/soak.sh: "make soak", the reliability figures (README
# "Reliability").  Runs the parts of tests/soak/ in two lanes at once
# (the machines we run on have two cores, and every part but load keeps
# about one busy), each part for its share of its lane's SOAK_MINUTES
# (default 90, the full soak, sized from the rates of short runs on a
# 2-core machine to reach the targets below).  Each part prints its
# figures and a verdict; the run ends with one line per part, "soak
# PART: N checked, M failed", and its target.
#
#   SOAK_MINUTES=10 make soak          a short run
#   SOAK_PARTS="leak power" make soak  some parts only
#   SOAK_LANES=1 make soak             one part at a time (shares of
#                                      the whole time, as one lane)
#
# Lane 1: leak 20%, kill 35%, then half the fuzz targets 44.5%.  Lane
# 2: power 30%, mail 10% (then up to 2 minutes for the outbox to
# drain), load 11.2%, then the other half of fuzz 44.5% (each target
# 10 minutes in a full soak).  With one lane every share is halved.
# The figures of runs under load (the other lane busy, builds beside
# it) set these: power made about 1 cut a second, leak 1,262 views.  SEED repeats a run's
# random choices (timings still differ).  SOAK_BUILD (default build,
# the optimised tree) is the tree whose topper and drivers leak, kill,
# power and mail run (build-asan: a long sanitizer run, at a
# fraction of the volumes); fuzz always has its sanitizers, load always
# the optimised build.  Exit 1 when any part failed.
set -u
cd "$(dirname "$0")/.."
MIN=${SOAK_MINUTES:-90}
PARTS=${SOAK_PARTS:-"leak kill power mail fuzz load"}
LANES=${SOAK_LANES:-2}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
export SEED
B=$PWD/${SOAK_BUILD:-build}
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
TOTAL=$(awk -v m="$MIN" -v l="$LANES" 'BEGIN { printf "%d", m * 60 * (l == 1 ? 0.5 : 1) }')
share() {	# percent of a lane, minimum seconds
	awk -v t="$TOTAL" -v p="$1" -v lo="$2" \
	    'BEGIN { s = int(t * p / 100); print (s < lo ? lo : s) }'
}
# The fuzz targets, half in each lane.
FUZZ_A="tpl form cookie move"
FUZZ_B="mail record config site"
logs=build/soak
mkdir -p "$logs"
rm -f "$logs"/*.line
echo "soak: $MIN minutes, $LANES lane(s), seed $SEED, parts: $PARTS, ${SOAK_BUILD:-build}/ ($(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
start=$(date +%s)

# One part: its log to $logs/PART.log, printed whole when it ends (so
# the two lanes' output does not mix), and its summary line with its
# target to $logs/PART.line.
part() {
	p=$1
	t0=$(date +%s)
	case $p in
	leak)	target="1,000,000 compared views, 0 differences"
		TOPPER=$B/topper SOAK_LEAK=$B/tests/soak/soak-leak \
		    LEAK_SECONDS=$(share 20 5) PAIRS=1 sh tests/soak/leak.sh ;;
	kill)	target=">= 100 kills, 100,000 acknowledged moves, 0 lost"
		# A kill every 1.5 s on average: the writer is up long
		# enough between kills for the moves to flow.
		TOPPER=$B/topper KILL_GAP_MS=3000 \
		    KILL_SECONDS=$(share 35 10) sh tests/soak/kill.sh ;;
	power)	target="1,000 cuts, 0 acknowledged moves lost, 0 integrity errors"
		SOAK_POWER=$B/tests/soak/soak-power CUTS=1000000 \
		    POWER_SECONDS=$(share 30 10) sh tests/soak/power.sh ;;
	mail)	target="every queued mail delivered, none failed"
		TOPPER=$B/topper MAIL_SECONDS=$(share 10 10) \
		    sh tests/soak/mail.sh ;;
	fuzz-a|fuzz-b)
		target="10 minutes a target, 0 crashes, 0 sanitizer reports"
		if [ "$p" = fuzz-a ]; then ts=$FUZZ_A; else ts=$FUZZ_B; fi
		FUZZ_TARGETS=$ts FUZZ_SECONDS=$(( $(share 44.5 20) / 4 )) \
		    sh tests/soak/fuzz.sh ;;
	load)	target="0 errors; p50, p99 per route"
		LOAD_SECONDS=$(share 11.2 10) sh tests/soak/load.sh ;;
	*)	echo "soak: no part $p"; target=; false ;;
	esac > "$logs/$p.log" 2>&1
	rc=$?
	{ echo; echo "=== soak $p ($(( ($(date +%s) - t0) / 60 )) min)"; cat "$logs/$p.log"; }
	line=$(grep "^soak ${p%-?}: " "$logs/$p.log" | tail -1)
	[ -n "$line" ] ||
	    line="soak ${p%-?}: 0 checked, 1 failed (no figures: exit $rc)"
	if [ "$rc" -ne 0 ] && echo "$line" | grep -q ', 0 failed'; then
		line="$line (but the part exited $rc)"
	fi
	echo "$line   [target: $target]" > "$logs/$p.line"
}

# The lanes: the parts of each, in order, among those asked for (fuzz
# is two parts, a half of the targets each).
lane_parts() {
	for p in $1; do
		case " $PARTS " in *" ${p%-?} "*) printf '%s ' "$p" ;; esac
	done
}
# The fuzz targets are built before the lanes start, so that the two
# halves do not race each other's build.
case " $PARTS " in
*" fuzz "*)
	FUZZ_BUILD_ONLY=1 sh tests/soak/fuzz.sh > "$logs/fuzz-build.log" 2>&1 ||
	    { cat "$logs/fuzz-build.log"; echo "soak: the fuzz targets did not build"; }
esac
if [ "$LANES" = 1 ]; then
	for p in $(lane_parts "leak kill fuzz-a power mail load fuzz-b"); do
		part "$p"
	done
else
	( for p in $(lane_parts "leak kill fuzz-a"); do part "$p"; done ) &
	lane1=$!
	for p in $(lane_parts "power mail load fuzz-b"); do part "$p"; done
	wait "$lane1"
fi

# The two halves of fuzz make one line: their inputs and failed
# targets added up; a half that did not run, or exited non-zero with
# no failed target, counts as one failure.
if [ -f "$logs/fuzz-a.line" ] || [ -f "$logs/fuzz-b.line" ]; then
	for h in a b; do
		if [ -f "$logs/fuzz-$h.line" ]; then
			cat "$logs/fuzz-$h.line"
		else
			echo "soak fuzz: 0 checked, 1 failed (half $h did not run)"
		fi
	done | awk '
	    { n += $3; m += $5 }
	    / \(/ && $5 == 0 { m++ }
	    END { printf "soak fuzz: %d checked, %d failed   ", n, m }' \
	    > "$logs/fuzz.line"
	echo "[target: 10 minutes a target, 0 crashes, 0 sanitizer reports]" \
	    >> "$logs/fuzz.line"
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
