#!/bin/sh
# sim_casino.sh: "topper sim" of Casino Macedonia, random legal play
# game: casino-macedonia (tests/cli/games.sh finds each game's tests by this line)
# checking every invariant after every move (cards conserved, views hide
# what they must, scores add up, move text round-trips, the record
# replays to the same state bytes), and, through cm_audit, that the last
# hand's points add up to what its categories allow (RULES.md 4d: each
# category within the pack, pluralities to the unique leader or void,
# the points summing to the categories' worth, at most 150 or 70).
#
# Options: 14 sets, every q_mode (separate, wild, five) with jokers off
# and on and single_takes off and on on the full deck, and the Squares
# deck with single_takes off and on (it plays q_mode separate, no
# jokers); with 2 to 6 seats that is 70 combinations, game i playing
# combination i mod 70 (topper sim --options).
#
# Games: 10700, from game 0: games 0-699 under ASan+UBSan, then
# 700-10699 on the optimised build (tests/cli/lib/sim.sh says why),
# each part as two halves side by side.  Measured on the 2-core machine,
# one core each: 700 games take ~17 s of CPU under ASan, ~5 s
# optimised; the whole suite 62 s of CPU, 86 s wall under load 4-5.  A change to the rules, the notation, the deal or the
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
ASAN_GAMES=${SIM_ASAN_GAMES:-700}
OPT_GAMES=${SIM_OPT_GAMES:-10000}
pa1='' pa2='' po1='' po2=''
if [ "$ASAN_GAMES.$OPT_GAMES" = 700.10000 ]; then
	pa1=ef04196b41accc95 pa2=421c345670421889
	po1=f5ab5dde05e53628 po2=12adde2e3beccb07
fi

# casino NAME PIN1 PIN2 BIN FIRST GAMES: sim_pair over the 14 option sets.
casino() {
	sim_pair "$@" --game casino-macedonia \
	    --options "q_mode=separate jokers=off single_takes=off" \
	    --options "q_mode=separate jokers=off single_takes=on" \
	    --options "q_mode=separate jokers=on single_takes=off" \
	    --options "q_mode=separate jokers=on single_takes=on" \
	    --options "q_mode=wild jokers=off single_takes=off" \
	    --options "q_mode=wild jokers=off single_takes=on" \
	    --options "q_mode=wild jokers=on single_takes=off" \
	    --options "q_mode=wild jokers=on single_takes=on" \
	    --options "q_mode=five jokers=off single_takes=off" \
	    --options "q_mode=five jokers=off single_takes=on" \
	    --options "q_mode=five jokers=on single_takes=off" \
	    --options "q_mode=five jokers=on single_takes=on" \
	    --options "deck=squares single_takes=off" \
	    --options "deck=squares single_takes=on"
}

start=$(date +%s)
casino asan "$pa1" "$pa2" "$TOPPER" 0 "$ASAN_GAMES"
t1=$(date +%s)
sim_need_opt && casino opt "$po1" "$po2" "$SIM_TOPPER" "$ASAN_GAMES" \
    "$OPT_GAMES"
t2=$(date +%s)
games=$(sim_total games asan-1 asan-2 opt-1 opt-2)
echo "sim: $games random Casino games ($ASAN_GAMES under ASan in" \
    "$((t1 - start)) s, $OPT_GAMES optimised in $((t2 - t1)) s)"
[ "$games" -ge $((ASAN_GAMES + OPT_GAMES)) ] || fail "only $games games played"
grep -q '^70 combinations' "$tmp/opt-1.out" ||
	fail "not the 70 combinations of seats and options"

# The bot against random play, seats alternating: at least 90% wins.
"$TOPPER" sim --game casino-macedonia --games 300 --bot alt --quiet \
    > "$tmp/bot" 2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 300 games.*/\1/p' "$tmp/bot")
[ -n "$won" ] && [ "$won" -ge 270 ] || fail "the bot won ${won:-?} of 300"

# The easy bots' choices, pinned (lib/sim.sh).
sim_bots casino-macedonia 62465ca424db3623 '64e2e445b4027058'

# Runs replay: the same seed gives the same fingerprint, another seed
# another one.
a=$("$TOPPER" sim --game casino-macedonia --games 5 --seed 7 --quiet)
b=$("$TOPPER" sim --game casino-macedonia --games 5 --seed 0007 --quiet)
c=$("$TOPPER" sim --game casino-macedonia --games 5 --seed 8 --quiet)
[ "$a" = "$b" ] || fail "the same seed gave $a and $b"
[ "$a" != "$c" ] || fail "seeds 7 and 8 gave the same fingerprint"

[ "$failed" -eq 0 ] && echo "sim_casino: all checks passed"
exit "$failed"
