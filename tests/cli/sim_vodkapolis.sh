#!/bin/sh
# sim_vodkapolis.sh: "topper sim" for Vodkapolis 500: random legal play
# game: vodkapolis-500 (tests/cli/games.sh finds each game's tests by this line)
# checking every invariant after every move (cards conserved, views hide
# what they must, scores add up, move text round-trips, the record
# replays to the same state bytes).  Game i has 2 + i mod 5 seats, so
# every seat count from 2 to 6 is played.
#
# Games: 12000, from game 0: games 0-1999 under ASan+UBSan, then
# 2000-11999 on the optimised build (tests/cli/lib/sim.sh says why),
# each part as two halves side by side.  Random play takes long chains
# and ends games quickly (about 640 moves and 2.6 hands a game).
# Measured on the 2-core machine, one core each: 500 games take 5.9 s of
# CPU under ASan, 1.6 s optimised; the whole suite 60 s of CPU, 67 s
# wall under load 4.  A change to the rules, the notation,
# the deal or the random play changes the fingerprints: explain the
# change, then update the pins.
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
GAME=vodkapolis-500
ASAN_GAMES=${SIM_ASAN_GAMES:-2000}
OPT_GAMES=${SIM_OPT_GAMES:-10000}
pa1='' pa2='' po1='' po2=''
if [ "$ASAN_GAMES.$OPT_GAMES" = 2000.10000 ]; then
	pa1=ee7d1299cfac446f pa2=512745bd6bf202fe
	po1=d2e4b3abe2646d45 po2=203f749907bb629d
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

# The bot against random play, the bot's seat turning: at least 90% wins.
"$TOPPER" sim --game "$GAME" --games 500 --bot alt --quiet > "$tmp/bot" \
    2> "$tmp/err" || { fail "sim --bot alt:"; head -c 4000 "$tmp/err"; }
cat "$tmp/bot"
won=$(sed -n 's/^bot: won \([0-9]*\) of 500 games.*/\1/p' "$tmp/bot")
if [ -z "$won" ] || [ "$won" -lt 450 ]; then
	fail "the bot won ${won:-?} of 500"
fi

# The easy bots' choices, pinned (lib/sim.sh).
sim_bots vodkapolis-500 8a0b5fa62bad5d01 '62d827c125b35900'

# Runs replay: the same seed gives the same fingerprint, another seed
# another one.
a=$("$TOPPER" sim --game "$GAME" --games 5 --seed 7 --quiet)
b=$("$TOPPER" sim --game "$GAME" --games 5 --seed 0007 --quiet)
c=$("$TOPPER" sim --game "$GAME" --games 5 --seed 8 --quiet)
[ "$a" = "$b" ] || fail "the same seed gave $a and $b"
[ "$a" != "$c" ] || fail "seeds 7 and 8 gave the same fingerprint"

# A record from an explicit deck in id order (dealer 0: seat 1 gets
# 1Rc, seat 2 1Rh, seat 0 1Rt, ...; the upcard is 2Ys, the stock top
# 2Yb) replays through "topper play": a take of the whole chain from
# 2Ys is melded in front of seat 0; a take of 2Yb alone is refused.
deck=
for n in 1 2 3 4 Q; do for c in R Y G B K; do for s in c h t s b; do
	deck="$deck${deck:+, }\"$n$c$s\""
done; done; done
record() {
	printf '{"game": "%s", "notation": 1, "seats": 3, "decks": [[%s]], ' \
	    "$GAME" "$deck"
	printf '"moves": [{"seat": 1, "move": "draw"}, '
	printf '{"seat": 1, "move": "discard 2Yb"}%s]}\n' "$1"
}
record ', {"seat": 2, "move": "take 2Ys"}, {"seat": 2, "move": "meld 2Yh 2Ys 2Yb @0"}, {"seat": 2, "move": "discard 1Rh"}' \
    > "$tmp/rec.json"
if "$TOPPER" play "$tmp/rec.json" > "$tmp/play" 2> "$tmp/err"; then
	tr -d ' \n' < "$tmp/play" > "$tmp/flat"
	grep -q '"ply":5,' "$tmp/flat" || fail "play: not at ply 5"
	grep -q '"to_act":\[0\]' "$tmp/flat" || fail "play: seat 0 not to act"
	grep -q '"cards":\["2Yh","2Ys","2Yb"\],"originator":2,"target":0' \
	    "$tmp/flat" || fail "play: the meld is not in front of seat 0"
	grep -q '"chain":\["1Rh"\]' "$tmp/flat" || fail "play: chain"
else
	fail "play of a legal record:"
	cat "$tmp/err"
fi
record ', {"seat": 2, "move": "take 2Yb"}' > "$tmp/bad.json"
"$TOPPER" play "$tmp/bad.json" > /dev/null 2> "$tmp/err"
st=$?
if [ "$st" -ne 1 ] || ! grep -q \
    '^move 3 (seat 2, "take 2Yb"): You may take 2Yb only' "$tmp/err"; then
	fail "play of an illegal take: exit $st, $(cat "$tmp/err")"
fi

[ "$failed" -eq 0 ] && echo "sim: all checks passed"
exit "$failed"
