#!/bin/sh
# soak_power.sh: the short version of make soak's power cuts
# (tests/soak/power.sh): 15 cuts at random writes and syncs, each
# followed by the checks (integrity, acknowledged moves, gaps; replays
# at the end), on a new database every 6 lives.  Then the control: with a disk whose syncs do nothing,
# the first cut must lose acknowledged moves and the checks must say so.
set -u
cd "$(dirname "$0")/../.." || exit 1
fail=0
check() {
	_d=$1
	shift
	if "$@"; then echo "ok: $_d"; else echo "FAIL: $_d"; fail=1; fi
}
flock build-asan/.soak-build.lock make -s --no-print-directory \
    build-asan/tests/soak/soak-power build/topper || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
CUTS=15 REPLAY_EVERY=5 EPOCH=6 sh tests/soak/power.sh > "$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
check "15 cuts, nothing lost" test "$rc" -eq 0
check "... and they were cuts" grep -q '^soak power: 15 checked, 0 failed' \
    "$tmp/out"
check "... on a new database every 6 lives, each checked" \
    grep -q 'games on [3-9] databases, all checked and replayed' "$tmp/out"
CUTS=2 POWER_LYING=1 sh tests/soak/power.sh > "$tmp/lying" 2>&1
rc=$?
sed -n '/check_db/p' "$tmp/lying" | head -3
check "a disk that does not sync loses acknowledged moves: caught" \
    test "$rc" -ne 0
check "... as lost moves" grep -q 'check_db: FAIL: game .* acknowledged' \
    "$tmp/lying"
exit $fail
