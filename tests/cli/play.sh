#!/bin/sh
# play.sh: "topper play" (DESIGN.md "Game records and topper play").
#
# Replays every golden record tests/records/NAME.json and compares what
# it reached (ply, hand, over, scores, winners, each finished hand, the
# SHA-256 of the final state bytes) with tests/records/NAME.expect.  The
# records are real games: random legal play from a fixed seed to the
# end (gin-vodka-seed), the same game's deals given as decks with the
# first dealer named and a lower target (gin-vodka-decks: its two hands
# match the seed game's first two), another game stopped mid-hand
# (gin-vodka-in-progress), and RULES.md 3f G-1 dealt from a given deck
# (gin-vodka-g1-gin).  Each other game has one whole game played by its
# bot at every seat from a fixed seed (GAME-bots, written by "topper sim
# --game GAME --games 1 --bot 0,1,... --record FILE"): Vodkapolis 500
# with 4 seats, Rummy 500 with 3, Casino Macedonia with 3 and q_mode=wild
# jokers=on single_takes=on, Six Suit with 4 in 2 teams for one deal
# (three falls and the survivor bonus), 12-Step Rummy with 5 and a
# 3-round match cap ("May I?" buys, contracts, a liberated wild).  The
# other twelve-step-rummy-*.json are positions an independent check of
# the rules found wrong (issue 23), dealt from given decks; the unit
# test test_twelve_step_records says what each shows.  A
# change to a game's rules or state layout changes
# state_sha256: check the other lines still match, then rewrite the expectations with
#   UPDATE=1 sh tests/cli/play.sh
# Then the error contract: a malformed record exits 2 naming the field,
# a refused or unreadable move exits 1 with "move K (seat S, "TEXT"): ..."
# on standard error.
set -u
cd "$(dirname "$0")/../.."
TOPPER=${TOPPER:-build-asan/topper}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=1
}

# The lines of topper play's JSON (stdin) that an .expect file holds.
summary() {
	python3 -c '
import json, sys
d = json.load(sys.stdin)
print("ply", d["ply"])
print("hand", d["hand"])
print("over", str(d["over"]).lower())
print("to_act", d["to_act"])
print("scores", d["scores"])
print("winners", d.get("winners"))
for h in d["hands"]:
    print("hand-end", h["hand"], h["kind"], h["delta"], "at ply", h["ply"])
print("state_sha256", d["state_sha256"])
'
}

# expect_error STATUS PATTERN ARGS...: topper play exits STATUS and its
# standard error matches the grep pattern.
expect_error() {
	want=$1
	pattern=$2
	shift 2
	"$TOPPER" play "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "play $*: exit $got, want $want"
		cat "$tmp/err"
	elif ! grep -q -- "$pattern" "$tmp/err"; then
		fail "play $*: stderr lacks $pattern:"
		cat "$tmp/err"
	elif [ -s "$tmp/out" ]; then
		fail "play $*: wrote to stdout on error"
	fi
}

n=0
for rec in tests/records/*.json; do
	exp=${rec%.json}.expect
	if ! "$TOPPER" play "$rec" > "$tmp/out" 2> "$tmp/err"; then
		fail "$rec does not replay:"
		cat "$tmp/err"
		continue
	fi
	summary < "$tmp/out" > "$tmp/got" || { fail "$rec: bad JSON"; continue; }
	if [ "${UPDATE:-0}" = 1 ]; then
		cp "$tmp/got" "$exp"
		echo "wrote $exp"
	elif [ ! -f "$exp" ]; then
		fail "$exp missing (UPDATE=1 writes it)"
	elif ! diff -u "$exp" "$tmp/got"; then
		fail "$rec: replay differs from $exp"
	fi
	n=$((n + 1))
done
[ "$n" -ge 9 ] || fail "only $n golden records"
# Every registered game has one (tests/cli/games.sh checks the rest).
for g in $("$TOPPER" games | cut -f1); do
	ls "tests/records/$g"-*.json > /dev/null 2>&1 ||
	    fail "no golden record for $g"
done
echo "play: $n golden records replayed"

# Seed mode and decks mode agree: the same deals give the same hands.
grep '^hand-end [12] ' tests/records/gin-vodka-seed.expect > "$tmp/h1"
grep '^hand-end [12] ' tests/records/gin-vodka-decks.expect > "$tmp/h2"
[ "$(wc -l < "$tmp/h1")" -eq 2 ] && cmp -s "$tmp/h1" "$tmp/h2" ||
	fail "gin-vodka-decks does not replay gin-vodka-seed's first hands"

gin=tests/records/gin-vodka-g1-gin.json
seed=tests/records/gin-vodka-seed.json
live=tests/records/gin-vodka-in-progress.json

# Standard input, and the same bytes as from the file.
"$TOPPER" play - < "$gin" > "$tmp/stdin" || fail "play - failed"
"$TOPPER" play "$gin" > "$tmp/file"
cmp -s "$tmp/stdin" "$tmp/file" || fail "play - differs from play FILE"

# G-1: gin scores 20 + the defender's 19 = 39 and ends a game to 30.
grep -q '"text": "Seat 0 went gin; seat 1 kept 19' "$tmp/file" ||
	fail "G-1 is not a gin worth 39"

# --upto: the position after that many moves.
"$TOPPER" play --upto 0 "$seed" | summary > "$tmp/u0"
grep -q '^ply 0$' "$tmp/u0" && grep -q '^over false$' "$tmp/u0" &&
    grep -q '^scores \[0, 0\]$' "$tmp/u0" || fail "--upto 0:" "$(cat "$tmp/u0")"
"$TOPPER" play --upto 1 "$gin" | summary > "$tmp/u1"
grep -q '^ply 1$' "$tmp/u1" && grep -q '^to_act \[0\]$' "$tmp/u1" ||
	fail "--upto 1:" "$(cat "$tmp/u1")"

# --view SEAT: that seat's cards only, and its legal moves.
"$TOPPER" play --view 0 "$live" > "$tmp/v0" || fail "--view 0 failed"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = d["view"]
assert d["viewer"] == 0 and v["viewer"] == 0, "viewer"
assert v["hands"][0]["cards"] and v["hands"][1]["cards"] is None, "hands"
assert "stock_cards" not in v, "stock shown"
assert (0 in d["to_act"]) == ("legal" in d), "legal"
' "$tmp/v0" || fail "--view 0 shows the wrong cards"
"$TOPPER" play --view spectator "$live" > "$tmp/vs" || fail "--view spectator"
python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))["view"]
assert v["hands"][0]["cards"] is None and v["hands"][1]["cards"] is None
' "$tmp/vs" || fail "--view spectator shows a hand"
# Without --view, everything (the admin's view), mid-game too.
"$TOPPER" play "$live" > "$tmp/all"
python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))["view"]
assert v["hands"][0]["cards"] and v["hands"][1]["cards"] and v["stock_cards"]
' "$tmp/all" || fail "the full view hides cards"
expect_error 2 'no seat "2"' --view 2 "$live"
# A "May I?" requester is not to act, yet may withdraw: its legal moves
# are listed all the same.
"$TOPPER" play --view 0 --upto 63 \
    tests/records/twelve-step-rummy-buy-asked-before-draw.json > "$tmp/w0" ||
	fail "--view 0 of a requester failed"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert 0 not in d["to_act"], d["to_act"]
assert d.get("legal") == ["withdraw"], d.get("legal")
' "$tmp/w0" || fail "--view 0 does not list the requester's withdraw"

# Refused and unreadable moves: exit 1, "move K (seat S, "TEXT"): REASON".
sed 's/"knock 4Yc /"knock 4Gh /' "$gin" > "$tmp/upcard.json"
expect_error 1 '^move 2 (seat 0, "knock 4Gh | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 1Gh 2Gh 3Gh 4Gh"): ..*' \
    "$tmp/upcard.json"
sed 's/{"seat": 0, "move": "take"}/{"seat": 1, "move": "take"}/' "$gin" \
    > "$tmp/seat.json"
expect_error 1 '^move 1 (seat 1, "take"): It is not seat 1.s turn (to act: 0)\.$' \
    "$tmp/seat.json"
sed 's/"move": "take"}/"move": "dance"}/' "$gin" > "$tmp/dance.json"
expect_error 1 '^move 1 (seat 0, "dance"): ..*' "$tmp/dance.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["moves"].append({"seat": 1, "move": "draw"})
json.dump(d, open(sys.argv[2], "w"))
' "$gin" "$tmp/late.json"
expect_error 1 '^move 3 (seat 1, "draw"): The game is over\.$' "$tmp/late.json"

# Malformed records: exit 2, naming the field.
bad() {	# FIELD PYTHON-EDIT: apply the edit to G-1's record, expect FIELD
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
$2
json.dump(d, open(sys.argv[2], 'w'))
" "$gin" "$tmp/bad.json"
	expect_error 2 "\"$1\"" "$tmp/bad.json"
}
bad game 'd["game"] = "chess"'
bad game 'del d["game"]'
bad notation 'd["notation"] = 2'
bad notation 'del d["notation"]'
bad options 'd["options"] = {"target": [1]}'
bad options 'd["options"] = {"colour": "red"}'
bad seats 'd["seats"] = 3'
bad dealer 'd["dealer"] = 5'
bad seed 'del d["decks"]'
bad seed 'del d["decks"]; d["seed"] = "abc"'
bad decks 'd["decks"][0][5] = "5Rc"'
bad decks 'd["decks"][0][5] = "1Rc"'
bad decks 'd["seed"] = 64 * "0"'
bad moves 'd["moves"][1] = {"seat": 0}'
bad moves 'd["moves"][0]["seat"] = 2'
printf '{"game": "gin-vodka",' > "$tmp/cut.json"
expect_error 2 'not valid JSON' "$tmp/cut.json"
expect_error 2 'No such file' "$tmp/none.json"
expect_error 2 '--upto: not a number' --upto x "$gin"

[ "$failed" -eq 0 ] && echo "play: all checks passed"
exit "$failed"
