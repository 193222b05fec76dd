#!/bin/sh
# games.sh: every game the program registers ("topper games") has its
# tests: a golden record with its expected replay (tests/records/SLUG-*),
# a rule page (templates/rules/SLUG.md), a random-play simulation, an
# end-to-end suite and a browser test (each names its game on a line
# "game: SLUG").  A game added to the registries without them fails
# here.  A negative control first proves the check fails for a game
# that has none of them.
set -u
cd "$(dirname "$0")/../.." || exit 1
: "${TOPPER:=build-asan/topper}"
fail=0

# missing SLUG: prints what SLUG lacks, one line each; no output when complete.
missing() {
	ls tests/records/"$1"-*.json > /dev/null 2>&1 ||
	    echo "$1: no golden record tests/records/$1-*.json"
	for r in tests/records/"$1"-*.json; do
		[ -f "$r" ] && [ ! -f "${r%.json}.expect" ] &&
		    echo "$1: $r has no .expect"
	done
	[ -f "templates/rules/$1.md" ] || echo "$1: no rule page templates/rules/$1.md"
	grep -lq "^# game: $1 " tests/cli/sim*.sh 2>/dev/null ||
	    echo "$1: no simulation (tests/cli/sim*.sh, '# game: $1')"
	grep -lq "^# game: $1 " tests/e2e/*.sh 2>/dev/null ||
	    echo "$1: no end-to-end suite (tests/e2e/*.sh, '# game: $1')"
	grep -lq "^// game: $1 " tests/browser/*.mjs 2>/dev/null ||
	    echo "$1: no browser test (tests/browser/*.mjs, '// game: $1')"
}

out=$(missing no-such-game)
if [ "$(printf '%s\n' "$out" | grep -c .)" -ne 5 ]; then
	echo "FAIL: the negative control was not caught as expected:"
	echo "$out"
	exit 1
fi
echo "ok: a game without tests is caught (5 lacks)"

games=$("$TOPPER" games | cut -f1)
n=$(printf '%s\n' "$games" | grep -c .)
[ "$n" -ge 1 ] || { echo "FAIL: topper games listed nothing"; exit 1; }
for g in $games; do
	out=$(missing "$g")
	if [ -n "$out" ]; then
		echo "FAIL: $out"
		fail=1
	else
		echo "ok: $g has its record, rule page, simulation, suite and browser test"
	fi
done
echo "games: $n games checked"
exit $fail
