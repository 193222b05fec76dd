#!/bin/sh
# sim.sh: "topper sim", random legal play checking every invariant after
# every move (cards conserved, views hide what they must, scores add up,
# move text round-trips, the record replays to the same state bytes).
#
# Games: 500 of Gin Vodka under ASan, not the 10000 first planned.
# Uniformly random play rarely knocks, so a game averages ~3200 moves
# (mostly void hands); half the time goes to listing legal moves.  On
# a 2-core machine 1000 games took 68-72 s of CPU under ASan (93-134 s
# wall while other work ran), so 10000 would take 11 minutes or more,
# and 145 s of CPU even in the optimised build; 500 keeps this script
# near a minute.  SIM_GAMES=1000 or 10000 runs a longer version; those
# fingerprints are pinned too.  A change to the rules, the notation,
# the deal or the random play changes the fingerprint: explain the
# change, then update the pin.
set -u
cd "$(dirname "$0")/../.."
TOPPER=${TOPPER:-build-asan/topper}
GAMES=${SIM_GAMES:-500}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=1
}

case $GAMES in
500)	pin=c406d2e6a730ec14 ;;
1000)	pin=569db08bcae8f860 ;;
10000)	pin=315e1e16e3b05b5a ;;
*)	pin= ;;
esac

start=$(date +%s)
if "$TOPPER" sim --game gin-vodka --games "$GAMES" > "$tmp/out" 2> "$tmp/err"
then
	cat "$tmp/out"
	got=$(sed -n 's/^fingerprint //p' "$tmp/out")
	[ -z "$pin" ] || [ "$got" = "$pin" ] ||
		fail "fingerprint $got for $GAMES games, pinned $pin"
else
	fail "sim --games $GAMES broke an invariant:"
	head -c 4000 "$tmp/err"
	echo
fi
echo "sim: $GAMES random games in $(($(date +%s) - start)) s"

# The bot against random play, seats alternating: at least 90% wins.
"$TOPPER" sim --game gin-vodka --games 1000 --bot alt --quiet > "$tmp/bot" \
    2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 1000 games.*/\1/p' "$tmp/bot")
[ -n "$won" ] && [ "$won" -ge 900 ] || fail "the bot won ${won:-?} of 1000"

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

# Bad usage exits 2.
for args in "--game chess" "--games 5" "--game gin-vodka --games 0" \
    "--game gin-vodka --seed xyz" "--game gin-vodka --bot 12" \
    "--game gin-vodka --frobnicate"; do
	# shellcheck disable=SC2086
	"$TOPPER" sim $args > /dev/null 2>&1
	st=$?
	[ "$st" -eq 2 ] || fail "sim $args: exit $st, want 2"
done

[ "$failed" -eq 0 ] && echo "sim: all checks passed"
exit "$failed"
