#!/bin/sh
# sim_rummy500.sh: "topper sim --game rummy-500", random legal play
# game: rummy-500 (tests/cli/games.sh finds each game's tests by this line)
# checking every invariant after every move (cards conserved, views
# hide what they must, scores add up, move text round-trips, the record
# replays to the same state bytes).  topper sim varies the seat count
# itself: game i has 2 + i mod 3 seats, so 2, 3 and 4 players all play.
#
# Games: 12000, from game 0: games 0-1999 under ASan+UBSan, then
# 2000-11999 on the optimised build (tests/cli/lib/sim.sh says why),
# each part as two halves side by side.  Measured on the 2-core
# machine, one core each: 500 games take 3.5 s of CPU under ASan, 0.8 s
# optimised; the whole suite 37 s of CPU, 52 s wall under load 4.  A change to the rules, the notation, the deal or the
# random play changes the fingerprints: explain the change, then update
# the pins.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/topper-sim.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=1
}

. tests/cli/lib/sim.sh
GAME=rummy-500
ASAN_GAMES=${SIM_ASAN_GAMES:-2000}
OPT_GAMES=${SIM_OPT_GAMES:-10000}
pa1='' pa2='' po1='' po2=''
if [ "$ASAN_GAMES.$OPT_GAMES" = 2000.10000 ]; then
	pa1=3ebf294ab1cac0f1 pa2=1d812de06fe15400
	po1=f3939403cff510d3 po2=c4c38f2afb9b23ed
fi

start=$(date +%s)
sim_pair asan "$pa1" "$pa2" "$TOPPER" 0 "$ASAN_GAMES" --game "$GAME"
t1=$(date +%s)
sim_need_opt && sim_pair opt "$po1" "$po2" "$SIM_TOPPER" "$ASAN_GAMES" \
    "$OPT_GAMES" --game "$GAME"
t2=$(date +%s)
games=$(sim_total games asan-1 asan-2 opt-1 opt-2)
echo "sim: $games random games ($ASAN_GAMES under ASan in $((t1 - start)) s," \
    "$OPT_GAMES optimised in $((t2 - t1)) s)"
[ "$games" -ge $((ASAN_GAMES + OPT_GAMES)) ] || fail "only $games games played"
grep -q 'out [1-9][0-9]*, stock [1-9]' "$tmp/opt-1.out" ||
	fail "hands should end both by going out and by the stock"

# The bot against random play, seats alternating, 2 to 4 seats: at
# least 90% wins (measured 94.1%).
"$TOPPER" sim --game rummy-500 --games 1000 --bot alt --quiet > "$tmp/bot" \
    2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 1000 games.*/\1/p' "$tmp/bot")
[ -n "$won" ] && [ "$won" -ge 900 ] || fail "the bot won ${won:-?} of 1000"

# The easy bots' choices, pinned (lib/sim.sh).
sim_bots rummy-500 db6d2410044318e0 '790a50b62060aaa0'

# Runs replay: the same seed gives the same fingerprint, another seed
# another one.
a=$("$TOPPER" sim --game rummy-500 --games 6 --seed 7 --quiet)
b=$("$TOPPER" sim --game rummy-500 --games 6 --seed 0007 --quiet)
c=$("$TOPPER" sim --game rummy-500 --games 6 --seed 8 --quiet)
[ "$a" = "$b" ] || fail "the same seed gave $a and $b"
[ "$a" != "$c" ] || fail "seeds 7 and 8 gave the same fingerprint"

# Bad usage exits 2: seat 4 does not exist at a 2-4 seat game.
for args in "--game rummy-500 --games 0" "--game rummy-500 --bot 4"; do
	# shellcheck disable=SC2086
	"$TOPPER" sim $args > /dev/null 2>&1
	st=$?
	[ "$st" -eq 2 ] || fail "sim $args: exit $st, want 2"
done

[ "$failed" -eq 0 ] && echo "sim: all checks passed"
exit "$failed"
