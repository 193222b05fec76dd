#!/bin/sh
# sim.sh: "topper sim", random legal play checking every invariant after
# every move (cards conserved, views hide what they must, scores add up,
# move text round-trips, the record replays to the same state bytes).
#
# Games: 10000 of Gin Vodka under ASan, as two halves of 5000 run side
# by side (--first), one per core: uniformly random play rarely knocks,
# so a game averages ~3200 moves, mostly void hands.  SIM_GAMES=500 or
# 1000 runs a short version from game 0 instead; those fingerprints are
# pinned too.  A change to the rules, the notation, the deal or the
# random play changes the fingerprints: explain the change, then update
# the pins.
set -u
cd "$(dirname "$0")/../.."
TOPPER=${TOPPER:-build-asan/topper}
GAMES=${SIM_GAMES:-10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=1
}

# run NAME PIN ARGS...: one sim run, its fingerprint checked against PIN.
run() {
	name=$1
	pin=$2
	shift 2
	if "$TOPPER" sim --game gin-vodka "$@" > "$tmp/$name.out" \
	    2> "$tmp/$name.err"; then
		sed "s/^/$name: /" "$tmp/$name.out"
		got=$(sed -n 's/^fingerprint //p' "$tmp/$name.out")
		[ -z "$pin" ] || [ "$got" = "$pin" ] ||
			fail "$name: fingerprint $got, pinned $pin"
	else
		fail "sim $* broke an invariant:"
		head -c 4000 "$tmp/$name.err"
		echo
	fi
}

start=$(date +%s)
case $GAMES in
10000)
	run first-half f794c90efc52ecd4 --games 5000 &
	run second-half 41023e2d37cc755e --games 5000 --first 5000
	wait
	# A background run reports through its files only.
	grep -q '^fingerprint f794c90efc52ecd4$' "$tmp/first-half.out" ||
		fail "first-half: see above" ;;
500)	run all c406d2e6a730ec14 --games 500 ;;
1000)	run all 569db08bcae8f860 --games 1000 ;;
*)	run all "" --games "$GAMES" ;;
esac
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
