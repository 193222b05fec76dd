#!/bin/sh
# league.sh: "topper sim --league strong:easy" proves the machinery of
# the strong bot (engine/search.h), not its strength: for every game a
# short league on the optimised build (a few playouts a move; every
# invariant of topper sim is still checked after every move, the
# strong bot's moves included), the last line's exact form, the rate
# within its interval, seats rotated (games = N), a replay giving the
# same league, and one short game under ASan+UBSan.  make bench-bots
# measures the strength.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/topper-league.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
TOPPER=${TOPPER:-build-asan/topper}
SIM_TOPPER=${SIM_TOPPER:-build/topper}
[ -x "$SIM_TOPPER" ] || SIM_TOPPER=$TOPPER

fail() {
	echo "FAIL: $*"
	failed=1
}

# league SLUG GAMES PLAYOUTS [SEATS]: one league into $tmp/SLUG.out.
league() {
	"$SIM_TOPPER" sim --game "$1" --league strong:easy --games "$2" \
	    --playouts "$3" --seats "${4:-2}" --seed 1e > "$tmp/$1.out" \
	    2> "$tmp/$1.err" || { fail "$1: sim failed:"; head -c 3000 \
	    "$tmp/$1.err"; return; }
	last=$(tail -n 1 "$tmp/$1.out")
	echo "$last"
	echo "$last" | grep -Eq "^league $1 strong:easy games $2 seats ${4:-2} win [01]\.[0-9]{3} low [01]\.[0-9]{3} high [01]\.[0-9]{3}$" ||
	    fail "$1: last line is \"$last\""
	echo "$last" | awk '{ exit !($11 <= $9 && $9 <= $13 && $11 < $13) }' ||
	    fail "$1: the rate is not inside its interval"
	grep -Eq '^strong moves [1-9][0-9]* playouts '"$3"' p50 ' \
	    "$tmp/$1.out" || fail "$1: no strong moves reported"
	grep -q '^hand ends: ' "$tmp/$1.out" || fail "$1: no hand-end shares"
}

# 16 playouts a move at least: the screen judges each move on
# SEARCH_ROUNDS_MIN (4) deals with half the budget, and the screen's
# best must then beat the easy move on 4 fresh deals, so with fewer
# than 16 the easy move would always stand.
league gin-vodka 12 16
league rummy-500 12 16
league casino-macedonia 6 16
league twelve-step-rummy 6 16
league vodkapolis-500 4 16
league six-suit 6 16
league rummy-500 12 16 4

# 2-player 12-Step between easy bots: every round ends (before the
# bots traded one rank back and forth and a game never ended), and the
# share of rounds that hit the cap ("blocked": the stock ran out at the
# rebuild cap) is printed; 60 games measured 6.1%.
"$SIM_TOPPER" sim --game twelve-step-rummy --bot 0,1 --seats 2 --games 30 \
    --quiet > "$tmp/loop.out" 2> "$tmp/loop.err" ||
    { fail "12-Step bots:"; head -c 300 "$tmp/loop.err"; }
cat "$tmp/loop.out"
blocked=$(sed -n 's/^hand ends:.*blocked \([0-9]*\)\..*/\1/p' "$tmp/loop.out")
[ -n "$blocked" ] && [ "$blocked" -lt 15 ] ||
    fail "12-Step: ${blocked:-?}% of rounds hit the cap"

# The same seed gives the same league, fingerprint and all.
"$SIM_TOPPER" sim --game rummy-500 --league strong:easy --games 12 \
    --playouts 16 --seats 4 --seed 1e > "$tmp/again.out" 2>&1
same='^(fingerprint|league|hand ends|bot)'
[ "$(grep -E "$same" "$tmp/again.out")" = \
    "$(grep -E "$same" "$tmp/rummy-500.out")" ] ||
    fail "the same seed gave another league"

# Bad usage is refused.
"$SIM_TOPPER" sim --game gin-vodka --league weak:easy > /dev/null 2>&1
[ $? -eq 2 ] || fail "--league weak:easy was not refused"
"$SIM_TOPPER" sim --game rummy-500 --league strong:easy --seats 2-4 \
    > /dev/null 2>&1
[ $? -eq 2 ] || fail "a league over several seat counts was not refused"
"$SIM_TOPPER" sim --game gin-vodka --league strong:easy --playouts 0 \
    > /dev/null 2>&1
[ $? -eq 2 ] || fail "--playouts 0 was not refused"

# One short league game under the sanitizers, the search included.
"$TOPPER" sim --game rummy-500 --league strong:easy --games 1 \
    --playouts 16 --seed 2 > "$tmp/asan.out" 2> "$tmp/asan.err" ||
    { fail "under ASan:"; head -c 3000 "$tmp/asan.err"; }
grep -Eq '^strong moves [1-9][0-9]* playouts 16 ' "$tmp/asan.out" ||
    fail "under ASan: no strong move searched"

[ "$failed" -eq 0 ] && echo "league: all checks passed"
exit "$failed"
