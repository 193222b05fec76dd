#!/bin/sh
# tools/soak.sh: "make soak", the reliability figures (README
# "Reliability").  Runs the parts of tests/soak/ one after another, each
# for its share of SOAK_MINUTES (default 240, the full soak, sized from
# the rates of a short run on a 2-core machine to reach the targets
# below), each printing its figures
# and a verdict, then one line per part, "soak PART: N checked, M
# failed", with its target.
#
#   SOAK_MINUTES=10 make soak          a short run
#   SOAK_PARTS="leak power" make soak  some parts only
#
# Shares of the time: fuzz 36% (split between the 8 targets: 10.8
# minutes each in a full soak), leak 28%, power 14%, kill 13%, load 5%,
# mail 4% (then up to 2 minutes for the outbox to drain).  SEED repeats a run's random
# choices (timings still differ).  Exit 1 when any part failed.
set -u
cd "$(dirname "$0")/.."
MIN=${SOAK_MINUTES:-240}
PARTS=${SOAK_PARTS:-"leak kill power mail fuzz load"}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
export SEED
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
TOTAL=$(awk -v m="$MIN" 'BEGIN { printf "%d", m * 60 }')
share() {	# percent, minimum seconds
	awk -v t="$TOTAL" -v p="$1" -v lo="$2" \
	    'BEGIN { s = int(t * p / 100); print (s < lo ? lo : s) }'
}
NFUZZ=8
logs=build/soak
mkdir -p "$logs"
: > "$logs/summary"
echo "soak: $MIN minutes, seed $SEED, parts: $PARTS ($(date -u '+%Y-%m-%d %H:%M UTC'))"
start=$(date +%s)
for p in $PARTS; do
	echo
	echo "=== soak $p"
	case $p in
	leak)	target="1,000,000 compared views, 0 differences"
		LEAK_SECONDS=$(share 28 5) PAIRS=1 sh tests/soak/leak.sh ;;
	kill)	target=">= 100 kills, 100,000 acknowledged moves, 0 lost"
		# A kill every 1.5 s on average: the writer is up long
		# enough between kills for the moves to flow.
		KILL_GAP_MS=3000 KILL_SECONDS=$(share 13 10) \
		    sh tests/soak/kill.sh ;;
	power)	target="1,000 cuts, 0 acknowledged moves lost, 0 integrity errors"
		CUTS=1000000 POWER_SECONDS=$(share 14 10) sh tests/soak/power.sh ;;
	mail)	target="every queued mail delivered, none failed"
		MAIL_SECONDS=$(share 4 10) sh tests/soak/mail.sh ;;
	fuzz)	target="10 minutes a target, 0 crashes, 0 sanitizer reports"
		FUZZ_SECONDS=$(( $(share 36 40) / NFUZZ )) sh tests/soak/fuzz.sh ;;
	load)	target="0 errors; p50, p99 per route"
		LOAD_SECONDS=$(share 5 10) sh tests/soak/load.sh ;;
	*)	echo "soak: no part $p"; target=; false ;;
	esac > "$logs/$p.log" 2>&1
	rc=$?
	cat "$logs/$p.log"
	line=$(grep "^soak $p: " "$logs/$p.log" | tail -1)
	[ -n "$line" ] || line="soak $p: 0 checked, 1 failed (no figures: exit $rc)"
	if [ "$rc" -ne 0 ] && echo "$line" | grep -q ', 0 failed'; then
		line="$line (but the part exited $rc)"
	fi
	echo "$line   [target: $target]" >> "$logs/summary"
done
echo
echo "soak: $(( ($(date +%s) - start) / 60 )) minutes; logs in $logs/"
cat "$logs/summary"
! grep -v ', 0 failed   \[' "$logs/summary" | grep -q .
