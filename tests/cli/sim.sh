#!/bin/sh
# sim.sh: "topper sim" of Gin Vodka, random legal play checking every
# game: gin-vodka (tests/cli/games.sh finds each game's tests by this line)
# invariant after every move (cards conserved, views hide what they
# must, scores add up, move text round-trips, the record replays to the
# same state bytes).
#
# Games: 10500, from game 0: games 0-499 under ASan+UBSan, then games
# 500-10499 on the optimised build (tests/cli/lib/sim.sh says why),
# each part as two halves side by side.  Uniformly random play rarely
# knocks, so a game averages ~3500 moves, mostly void hands.  Measured
# on the 2-core machine, one core each: 100 games take 2.9 s of CPU
# under ASan and 0.5 s optimised, so 10000 under ASan alone would take
# ~150 s of wall time on two idle cores.  The whole suite took 98 s of
# CPU, 143 s wall while other work loaded the machine (load 4), with
# 1000 games under ASan; 500 save ~15 s of CPU.
# A change to the rules, the notation, the deal or the random play
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
ASAN_GAMES=${SIM_ASAN_GAMES:-500}
OPT_GAMES=${SIM_OPT_GAMES:-10000}
pa1='' pa2='' po1='' po2=''
if [ "$ASAN_GAMES.$OPT_GAMES" = 500.10000 ]; then
	pa1=150362f5c50f206d pa2=b71ce0fb032654da
	po1=adb64c420622b93d po2=728fd2f6cd5066e5
fi

start=$(date +%s)
sim_pair asan "$pa1" "$pa2" "$TOPPER" 0 "$ASAN_GAMES" --game gin-vodka
t1=$(date +%s)
sim_need_opt && sim_pair opt "$po1" "$po2" "$SIM_TOPPER" "$ASAN_GAMES" \
    "$OPT_GAMES" --game gin-vodka
t2=$(date +%s)
games=$(sim_total games asan-1 asan-2 opt-1 opt-2)
echo "sim: $games random games ($ASAN_GAMES under ASan in $((t1 - start)) s," \
    "$OPT_GAMES optimised in $((t2 - t1)) s)"
[ "$games" -ge $((ASAN_GAMES + OPT_GAMES)) ] || fail "only $games games played"

# The bot against random play, seats alternating: at least 90% wins.
"$TOPPER" sim --game gin-vodka --games 1000 --bot alt --quiet > "$tmp/bot" \
    2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 1000 games.*/\1/p' "$tmp/bot")
[ -n "$won" ] && [ "$won" -ge 900 ] || fail "the bot won ${won:-?} of 1000"

# The easy bots' choices, pinned (lib/sim.sh).
sim_bots gin-vodka 1468ed32ea0282fb ''

# Runs replay: the same seed gives the same fingerprint, another seed
# another one; --bot 1 plays seat 1 only.
a=$("$TOPPER" sim --game gin-vodka --games 5 --seed 7 --quiet)
b=$("$TOPPER" sim --game gin-vodka --games 5 --seed 0007 --quiet)
c=$("$TOPPER" sim --game gin-vodka --games 5 --seed 8 --quiet)
[ "$a" = "$b" ] || fail "the same seed gave $a and $b"
[ "$a" != "$c" ] || fail "seeds 7 and 8 gave the same fingerprint"
"$TOPPER" sim --game gin-vodka --games 4 --bot 1 > "$tmp/one" ||
	fail "sim --bot 1"
grep -q '^bot: won [0-9]* of 4 games' "$tmp/one" || fail "--bot 1: no bot line"

# --options reach the game and its record; --record writes the last
# game's record, which topper play replays to the same end.
"$TOPPER" sim --game gin-vodka --games 2 --options "target=30" \
    --record "$tmp/rec.json" > "$tmp/rec.sim" || fail "sim --record"
tr -d ' \n' < "$tmp/rec.json" | grep -q '"options":{"target":30}' ||
	fail "--record: the options are not in the record"
"$TOPPER" play "$tmp/rec.json" > "$tmp/rec.play" || fail "the record does not replay"
plies=$(sed -n 's/^  "ply": \([0-9]*\),$/\1/p' "$tmp/rec.play")
moves=$(sed -n 's/.* games, \([0-9]*\) moves,.*/\1/p' "$tmp/rec.sim")
[ -n "$plies" ] && [ "$plies" -gt 0 ] && [ "$plies" -lt "${moves:-0}" ] &&
    grep -q '^  "over": true,$' "$tmp/rec.play" ||
	fail "--record: game 1 is not a whole game ($plies of $moves moves)"

# Bad usage exits 2.
for args in "--game chess" "--games 5" "--game gin-vodka --games 0" \
    "--game gin-vodka --seed xyz" "--game gin-vodka --bot 12" \
    "--game gin-vodka --frobnicate" "--game gin-vodka --seats 3" \
    "--game gin-vodka --seats 2," "--game six-suit --seats 5-3" \
    "--game gin-vodka --options bogus=1" \
    "--game six-suit --seats 2-4 --options teams=5"; do
	# shellcheck disable=SC2086
	"$TOPPER" sim $args > /dev/null 2>&1
	st=$?
	[ "$st" -eq 2 ] || fail "sim $args: exit $st, want 2"
done

[ "$failed" -eq 0 ] && echo "sim: all checks passed"
exit "$failed"
