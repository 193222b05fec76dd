#!/bin/sh
# soak_leak.sh: the short version of make soak's twin-game leak sweep
# (tests/soak/leak.sh): one pair of twins per game kind, a dozen moves
# each, every view compared.  Then the control: the same sweep with the
# owner's own views counted must find differences, so the comparison
# is not blind.
set -u
cd "$(dirname "$0")/../.." || exit 1
fail=0
check() {
	_d=$1
	shift
	if "$@"; then echo "ok: $_d"; else echo "FAIL: $_d"; fail=1; fi
}
# Suites run side by side: one build of the drivers at a time.
flock build-asan/.soak-build.lock make -s --no-print-directory \
    build-asan/tests/soak/soak-leak || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
PAIRS=1 MOVES=12 sh tests/soak/leak.sh > "$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
check "the sweep passes" test "$rc" -eq 0
check "it compared views of every game kind" \
    test "$(grep -c '^leak [a-z0-9-]* *1 pairs' "$tmp/out")" -ge 6
check "over 1000 views compared" test "$(sed -n \
    's/^soak leak: \([0-9]*\) checked.*/\1/p' "$tmp/out")" -gt 1000
check "it compared the games' entries in the seats' turn feeds" \
    grep -q '^leak: turn feeds: [1-9][0-9]* pairs of entries compared' "$tmp/out"
LEAK_SELF_TEST=1 PAIRS=1 MOVES=3 sh tests/soak/leak.sh > "$tmp/self" 2>&1
rc=$?
check "counting the owner's own views, it fails" test "$rc" -ne 0
check "... with differences found" grep -q 'DIFFERENCE' "$tmp/self"
exit $fail
