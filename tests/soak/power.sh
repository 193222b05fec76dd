#!/bin/sh
# tests/soak/power.sh: power cuts.  Each life is one soak-power process
# (power.c) playing moves through the site behind the lossy VFS
# (lossy.h), cut at a random write or sync; then the -shm index is
# removed (it lives in memory and is gone after a real power loss) and
# check_db.py checks the database: integrity, every acknowledged move
# in place, no gap; every REPLAY_EVERY lives and at the end, every game
# replays from its seed and log to its stored state.
#
# Every EPOCH lives (default 100), once checked with the replay, the
# database starts anew: each life's check reads every acknowledged
# move and the replay every game, so on one database that grows for
# half an hour the checks, not the cuts, took the time (a full soak's
# power part made 790 cuts in 27 minutes; a 66 s run alone, 190).
#
# POWER_LYING=1: a disk whose syncs do nothing, which must fail (the
# control).  Environment: CUTS (default 20), POWER_SECONDS (stop after this long
# even if CUTS are not done; default none), EPOCH, SEED, TOPPER (the
# checks' topper; default build/topper, the fast one), SOAK_POWER.  Ends
# with "soak power: N checked, M failed" (N = cuts).
set -u
cd "$(dirname "$0")/../.."
: "${TOPPER:=$PWD/build/topper}"
: "${SOAK_POWER:=$PWD/build-asan/tests/soak/soak-power}"
. tests/soak/setup.sh
CUTS=${CUTS:-20}
REPLAY_EVERY=${REPLAY_EVERY:-25}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
# The cut is the VFS's, not the disk's, so the disk's own syncs buy
# nothing: a memory file system when there is one.
shm=${TMPDIR:-/tmp}
[ -d /dev/shm ] && [ -w /dev/shm ] && shm=/dev/shm
dir=$(mktemp -d "$shm/soak-power.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
EPOCH=${EPOCH:-100}
cat > "$dir/topper.conf" <<CONF
db = $dir/topper.db
data_dir = $PWD
pwhash = min
CONF
# A new database with its players and games, and no acknowledged move.
fresh_db() {
	rm -f "$dir/topper.db" "$dir/topper.db-wal" "$dir/topper.db-shm" \
	    "$dir/acks"
	"$TOPPER" init --config "$dir/topper.conf" > "$dir/init.log" 2>&1 ||
	    { cat "$dir/init.log"; return 1; }
	soak_users "$dir/topper.conf" 6 && soak_games "$dir/topper.conf" 6
}
fresh_db || exit 2
echo "power: seed $SEED, $CUTS cuts, a new database every $EPOCH lives"
start=$(date +%s)
cuts=0 lives=0 failed=0 clean=0 acked=0 epochs=1 games=0
rseed=$SEED
while [ "$cuts" -lt "$CUTS" ]; do
	if [ -n "${POWER_SECONDS:-}" ] &&
	    [ $(($(date +%s) - start)) -ge "$POWER_SECONDS" ]; then
		break
	fi
	lives=$((lives + 1))
	rseed=$(( (rseed * 1103515245 + 12345) % 2147483648 ))
	# A cut within the first 1 to 400 file operations of the life
	# (about 80 go to start: sessions; then 2 or 3 a move).
	at=$(( rseed % 400 + 1 ))
	"$SOAK_POWER" --config "$dir/topper.conf" --ack "$dir/acks" \
	    --seed "$rseed" --cut "$at" --moves 100000 ${POWER_LYING:+--lying-disk} > "$dir/life.out" 2>&1
	rc=$?
	case $rc in
	77)	cuts=$((cuts + 1))
		rm -f "$dir/topper.db-shm" ;;
	0)	clean=$((clean + 1))
		grep -q "power: 0 moves" "$dir/life.out" &&
		    soak_games "$dir/topper.conf" 6 ;;
	*)	echo "power: life $lives (cut at $at) exited $rc:"
		head -c 3000 "$dir/life.out"
		failed=$((failed + 1))
		break ;;
	esac
	replay=
	{ [ $((lives % REPLAY_EVERY)) -eq 0 ] ||
	    [ $((lives % EPOCH)) -eq 0 ]; } &&
	    replay="--replay $TOPPER $dir/topper.conf"
	# shellcheck disable=SC2086
	if ! "$PY" tests/soak/check_db.py "$dir/topper.db" "$dir/acks" \
	    $replay --quiet; then
		echo "power: after life $lives (cut at operation $at):"
		failed=$((failed + 1))
		break
	fi
	if [ $((lives % EPOCH)) -eq 0 ]; then
		acked=$((acked + $(wc -l < "$dir/acks" 2>/dev/null || echo 0)))
		games=$((games + $(sqlite3 "$dir/topper.db" \
		    "SELECT count(*) FROM games")))
		fresh_db || { failed=$((failed + 1)); break; }
		epochs=$((epochs + 1))
	fi
done
[ "$failed" -eq 0 ] && ! "$PY" tests/soak/check_db.py "$dir/topper.db" \
    "$dir/acks" --replay "$TOPPER" "$dir/topper.conf" && failed=1
acked=$((acked + $(wc -l < "$dir/acks" 2>/dev/null || echo 0)))
games=$((games + $(sqlite3 "$dir/topper.db" "SELECT count(*) FROM games")))
secs=$(($(date +%s) - start))
echo "power: $cuts cuts and $clean lives without a cut in $secs s;" \
    "$acked moves acknowledged in $games games on $epochs databases," \
    "all checked and replayed;" \
    "verdict: $([ "$failed" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak power: $cuts checked, $failed failed"
[ "$failed" -eq 0 ]
