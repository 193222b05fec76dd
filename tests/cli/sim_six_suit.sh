#!/bin/sh
# sim_six_suit.sh: "topper sim --game six-suit", random legal play
# game: six-suit (tests/cli/games.sh finds each game's tests by this line)
# checking every invariant after every move (cards conserved, views hide
# what they must, scores add up, move text round-trips, the record
# replays to the same state bytes), and, through six_audit, that each
# faction's points in the deal are those of the formula (RULES.md 7f:
# N - e + 1 for the e-th fall, +1 per survivor, the survivor bonus at
# the match's end).  Every deal ends: a game not over within 50000
# moves fails.
#
# Seats and teams: one-deal games (deals=1) alone and in 2, 3, 4 and 6
# teams, at every seat count from 2 to 12 the layout fits (26
# combinations, topper sim --options); whole matches (N deals for N
# seats) alone and in 2 teams (17 combinations).  Random play seldom
# eliminates, so most deals run to the 40-orbit cap: a one-deal game is
# ~700 moves, a whole match ~5000.
#
# Games: one-deal games 0-519 under ASan+UBSan, then 520-10519 on the
# optimised build; whole matches 0-21 under ASan, 22-141 optimised
# (tests/cli/lib/sim.sh says why), each part as two halves side by
# side.  Measured on the 2-core machine, one core each: 500 one-deal
# games take 2.2 s of CPU optimised (4-5 times that under ASan); the
# whole suite 70 s of CPU, 97 s wall under load 5-6.  A
# change to the rules, the notation, the deal or the random play
# changes the fingerprints: explain the change, then update the pins.
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
ASAN_GAMES=${SIM_ASAN_GAMES:-520}
OPT_GAMES=${SIM_OPT_GAMES:-10000}
pa1='' pa2='' po1='' po2=''
if [ "$ASAN_GAMES.$OPT_GAMES" = 520.10000 ]; then
	pa1=5356fd0fcf49e3a7 pa2=12230f5e9d96a37b
	po1=66224364aa54e779 po2=477b2bbfdcb2cb7e
fi

# deal NAME PIN1 PIN2 BIN FIRST GAMES: one-deal games, every team layout.
deal() {
	sim_pair "$@" --game six-suit --options "deals=1" \
	    --options "deals=1 teams=2" --options "deals=1 teams=3" \
	    --options "deals=1 teams=4" --options "deals=1 teams=6"
}

# match NAME PIN1 PIN2 BIN FIRST GAMES: whole matches, alone and 2 teams.
match() {
	sim_pair "$@" --game six-suit --options "" --options "teams=2"
}

start=$(date +%s)
deal asan "$pa1" "$pa2" "$TOPPER" 0 "$ASAN_GAMES"
match match-asan 38d6711013786df7 3e6dc62ddbf94c4e "$TOPPER" 0 22
t1=$(date +%s)
if sim_need_opt; then
	deal opt "$po1" "$po2" "$SIM_TOPPER" "$ASAN_GAMES" "$OPT_GAMES"
	match match-opt a95fa0d72ca9e1fa 2d5f0bd7e049045c "$SIM_TOPPER" 22 120
fi
t2=$(date +%s)
games=$(sim_total games asan-1 asan-2 opt-1 opt-2)
matches=$(sim_total games match-asan-1 match-asan-2 match-opt-1 match-opt-2)
deals=$(sim_total hands asan-1 asan-2 opt-1 opt-2 match-asan-1 \
    match-asan-2 match-opt-1 match-opt-2)
echo "sim: $games one-deal games and $matches matches, $deals deal ends" \
    "and falls ($ASAN_GAMES + 22 under ASan in $((t1 - start)) s," \
    "$OPT_GAMES + 120 optimised in $((t2 - t1)) s)"
[ "$games" -ge $((ASAN_GAMES + OPT_GAMES)) ] || fail "only $games games played"
grep -q '^26 combinations' "$tmp/opt-1.out" ||
	fail "one-deal games: not the 26 combinations of seats and teams"
grep -q '^17 combinations' "$tmp/match-opt-1.out" ||
	fail "matches: not the 17 combinations of seats and teams"
for f in asan-1 opt-1 match-opt-1; do
	grep -q 'elimination [1-9].*survived [1-9]' "$tmp/$f.out" ||
	    grep -q 'survived [1-9].*elimination [1-9]' "$tmp/$f.out" ||
	    fail "$f: no elimination or no survivor bonus in its games"
done

# The bot against random play, seats alternating (2 to 12 seats): it
# must win at least 90% of the matches (it won 44 of 44 when pinned).
"$TOPPER" sim --game six-suit --games 44 --bot alt --quiet > "$tmp/bot" \
    2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 44 games.*/\1/p' "$tmp/bot")
[ -n "$won" ] && [ "$won" -ge 40 ] || fail "the bot won ${won:-?} of 44"

# The easy bots' choices, pinned (lib/sim.sh).
sim_bots six-suit 56750350c118a716 '3f9c16cff0531973'

# Runs replay: the same seed gives the same fingerprint, another seed
# another one.
a=$("$TOPPER" sim --game six-suit --games 3 --seed 7 --quiet)
b=$("$TOPPER" sim --game six-suit --games 3 --seed 0007 --quiet)
c=$("$TOPPER" sim --game six-suit --games 3 --seed 8 --quiet)
[ "$a" = "$b" ] || fail "the same seed gave $a and $b"
[ "$a" != "$c" ] || fail "seeds 7 and 8 gave the same fingerprint"

[ "$failed" -eq 0 ] && echo "sim_six_suit: all checks passed"
exit "$failed"
