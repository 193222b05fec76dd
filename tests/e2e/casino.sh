#!/bin/sh
# casino.sh: the Casino Macedonia pages through a private nginx.
# game: casino-macedonia (tests/cli/games.sh finds each game's tests by this line)
#
# A known deal (2 seats, dealer 1, so alice plays first) is imported
# for alice and bob.  Table 4Rt 3Rh 1Rs 2Gc; alice 3Rc 4Rc 2Rs 1Yh 4Yt;
# bob 2Yt 3Gs 1Gh 4Gs 2Gh.  alice builds 3Rc on 4Rt (a red 7 she can
# take with 4Rc on 3Rh), bob drops 4Gs, and then alice is refused, each
# with the engine's reason (422) and nothing written: a build over 8, a
# build mixing colors and suits, a drop while she owns a live build; a
# stale ply (409).  Her build-and-take through the page's form
# succeeds (303).  On the way: the table shows each pile's kind, value,
# owner and binding; every hand card has its own form listing its
# moves in words; captures and category counts are public; hands stay
# hidden (pages and API); moves read in words.  Then tables with each
# optional rule set show their options (imported, and one through the
# lobby's form with two bots); a joker dealt face up is set aside and a
# joker's many moves come as a select; one Squares game is played to
# its end through the forms (the first move each page offers), and its
# history is face up.  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol

# The deal: deck[0..3] face up, then one card at a time from the
# dealer's left (alice, bob, ...), the bottom card burned.
"$PY" - "$tmp/deal.json" <<'EOF'
import json, sys
allc = [n + c + s for n in "1234Q" for c in "RYGBK" for s in "chtsb"]
table = "4Rt 3Rh 1Rs 2Gc".split()
alice = "3Rc 4Rc 2Rs 1Yh 4Yt".split()
bob = "2Yt 3Gs 1Gh 4Gs 2Gh".split()
deck = table + [c for pair in zip(alice, bob) for c in pair]
deck += [c for c in allc if c not in deck]
assert sorted(deck) == sorted(allc)
json.dump({"game": "casino-macedonia", "notation": 1, "options": {},
    "seats": 2, "dealer": 1, "decks": [deck], "moves": []},
    open(sys.argv[1], "w"))
EOF
id=$(T import "$tmp/deal.json" --users alice,bob) ||
    { echo "FAIL: import"; exit 1; }
G=$INST_URL/g/$id

# post NAME WHO URL MOVE PLY CSRF: a move as a form sends it (this suite
# replaces web.sh's post and play, which send a whole form).
post() {
	_n=$1 _w=$2 _u=$3
	curl -sS -b "$tmp/$_w.jar" -o "$tmp/$_n.html" \
	    -w '%{http_code} %{redirect_url}' --data-urlencode "csrf=$6" \
	    --data-urlencode "ply=$5" --data-urlencode "move=$4" "$_u" \
	    > "$tmp/$_n.out"
	cut -d' ' -f1 "$tmp/$_n.out" > "$tmp/$_n.code"
	if [ "$(code "$_n")" != 303 ] &&
	    ! tidy -eq "$tmp/$_n.html" > "$tmp/$_n.tidy" 2>&1; then
		echo "FAIL: tidy on POST $_u ($_n):"
		cat "$tmp/$_n.tidy"
		fail=1
	fi
}
# play WHO MOVE: load the game page; the move must be one of its radios
# or options; send it with that page's ply and token; 303.
play() {
	page "pl-$1" "$1" "$G" &&
	has "pl-$1" "value=\"$2\"" &&
	post mv "$1" "$G/move" "$2" "$(ply_of "pl-$1")" "$(csrf_of "pl-$1")" &&
	[ "$(code mv)" = 303 ]
}

# ---- ply 0 ----
page a0 alice "$G"
check "alice's page: 200" [ "$(code a0)" = 200 ]
check "alice sees her hand" shows a0 "3Rc 4Rc 2Rs 1Yh 4Yt"
check "  and the table" shows a0 "4Rt 3Rh 1Rs 2Gc"
check "  not bob's hand" hides a0 "2Yt 3Gs 1Gh 4Gs 2Gh"
check "each pile says its kind, value and binding" has a0 '<strong>Single 4</strong><span class="cm-binds">matches red or triangle</span>'
check "the table options are shown" sh -c "grep -q 'a rank of their own' '$tmp/a0.html' && grep -q 'the full deck, 125 cards' '$tmp/a0.html' && grep -q 'build and take allowed' '$tmp/a0.html'"
check "one form per hand card" sh -c "[ \$(grep -c 'class=\"cm-card-form\"' '$tmp/a0.html') = 5 ]"
check "  listing its moves in words" has a0 '<input type="radio" name="move" value="build 3Rc on 4Rt" data-piles="4Rt" required> <span>Build on 4R▲, making 7</span>'
check "  a take with the cards it captures" has a0 'value="take 3Rc | 3Rh"'
check "  and the drop" has a0 'value="drop 1Yh"'
check "the hand cards carry what they could take or build on" has a0 'data-tok="3Rc" data-take="4Rt 3Rh 1Rs" data-build="4Rt 3Rh 1Rs" data-stack="3Rh" data-drop="1"'
check "captures are never compulsory, the page says" has a0 "Capturing is never compulsory"
check "the running counts: nobody has captured" has a0 "You: 0 captured cards"
page b0 bob "$G"
check "bob: his hand, not alice's" sh -c "grep -q 'data-card=\"4Gs\"' '$tmp/b0.html' && ! grep -q 'data-card=\"4Yt\"' '$tmp/b0.html'"
check "bob has no move form" hasnt b0 'name="move"'
page c0 carol "$G"
check "a spectator sees neither hand" hides c0 "3Rc 4Rc 2Rs 1Yh 4Yt 2Yt 3Gs 1Gh 4Gs 2Gh"
page n0 anon "$G"
check "anonymous: 200, no hand" sh -c "[ \"\$(cat '$tmp/n0.code')\" = 200 ] && ! grep -q 'data-card=\"3Rc\"' '$tmp/n0.html'"

ACSRF=$(csrf_of a0)
BCSRF=$(csrf_of b0)
check "alice builds 3Rc on 4Rt (303)" play alice "build 3Rc on 4Rt"
page b1 bob "$G"
check "bob sees the build: kind, value, owner, binding" has b1 '<strong>Build 7</strong><span class="cm-owner">owned by alice</span><span class="cm-binds">matches red; suits mixed</span>'
check "bob drops 4Gs" play bob "drop 4Gs"

# ---- refusals, each writing nothing ----
page a2 alice "$G"
check "alice owns a live build: no drop offered" hasnt a2 'value="drop '
check "  and the page says why" has a2 "You may not drop a card now"
check "  her pile is marked as hers" has a2 'class="cm-pile cm-multi cm-mine" data-pile="3Rc"'
snap
post r1 alice "$G/move" "build 2Rs on 4Rt" 2 "$ACSRF"
check "a build over 8: 422" [ "$(code r1)" = 422 ]
check "  with the reason" has r1 "A build is worth at most 8; this one would be 9."
check "  and nothing was written" same_game
post r2 alice "$G/move" "build 1Yh on 2Gc" 2 "$ACSRF"
check "a build of mixed colors and suits: 422" [ "$(code r2)" = 422 ]
check "  with the reason" has r2 "That pile would mix colors and suits both"
check "  shown with the position" shows r2 "4Rc 2Rs 1Yh 4Yt"
check "  and nothing was written" same_game
post r3 alice "$G/move" "drop 1Yh" 2 "$ACSRF"
check "a drop while owning a live build: 422" [ "$(code r3)" = 422 ]
check "  with the reason" has r3 "You may not drop: you own a build or stack that a card in your hand can still capture"
check "  and nothing was written" same_game
post r4 alice "$G/move" "take 4Rc on 3Rh | 3Rc" 0 "$ACSRF"
check "a stale ply (her form from ply 0): 409" [ "$(code r4)" = 409 ]
check "  says so, with the new position" has r4 "Someone moved first"
check "  and nothing was written" same_game
post r5 bob "$G/move" "drop 2Yt" 2 "$BCSRF"
check "bob out of turn: 422" [ "$(code r5)" = 422 ]
check "  and nothing was written" same_game
post r6 alice "$G/move" "take 4Rc | 3Rh 2Gc" 2 "$ACSRF"
check "a take that does not add up: 422" [ "$(code r6)" = 422 ]
check "  and nothing was written" same_game

# ---- the build-and-take ----
check "alice's build-and-take is offered in words" has a2 'Put it on 3R♥, making 7, and take it with the build of 7 (3R● 4R▲) (4 cards)'
check "alice builds 4Rc on 3Rh and takes her 7 (303)" play alice "take 4Rc on 3Rh | 3Rc"
page b3 bob "$G"
check "bob sees alice's captures (they are public)" shows b3 "3Rc 4Rc 4Rt 3Rh"
check "  and her running counts" has b3 '<tr><th scope="row">alice</th><td>4 <span class="tag lead">most</span></td><td>4 <span class="tag lead">most</span></td>'
check "  but not her hand" hides b3 "2Rs 1Yh 4Yt"
curl -sS -b "$tmp/bob.jar" -o "$tmp/api.json" "$INST_URL/api/games/$id"
check "the API (bob): alice's hand stays hidden" sh -c "! grep -q '2Rs\\|1Yh\\|4Yt' '$tmp/api.json'"
check "  her captures are listed" "$PY" -c "import json,sys; d=json.load(open('$tmp/api.json')); sys.exit(0 if sorted(d['view']['hands'][0]['captures'] if 'view' in d else d['hands'][0]['captures']) == sorted(['3Rc','4Rc','4Rt','3Rh']) else 1)"
page h2 carol "$G/history?ply=2"
check "history at ply 2 (running game, spectator): 200" [ "$(code h2)" = 200 ]
check "  the build, no hand" sh -c "grep -q '<strong>Build 7</strong>' '$tmp/h2.html' && ! grep -q 'data-card=\"2Rs\"' '$tmp/h2.html'"
check "moves read in words" has b3 'alice built <abbr title="red circle 4 (4Rc)">4R●</abbr> on <abbr title="red heart 3 (3Rh)">3R♥</abbr> and took it with'
page h3 carol "$G/history"
check "  the history names the build taken, card by card" sh -c "sed 's/<[^>]*>//g' '$tmp/h3.html' | grep -q 'alice built 4R● on 3R♥, making 7, and took it with the build of 7 (3R● 4R▲).'"
check "the game replays to its snapshot" sh -c "'$TOPPER' export $id --config '$INST_CONF' 2>/dev/null | '$TOPPER' play - > /dev/null"

# ---- tables with the optional rule sets ----
opt_game() {	# name options-json: a seeded 3-seat table
	"$PY" - "$tmp/$1.json" "$2" <<'EOF'
import json, sys
json.dump({"game": "casino-macedonia", "notation": 1,
    "options": json.loads(sys.argv[2]), "seats": 3,
    "seed": "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
    "moves": []}, open(sys.argv[1], "w"))
EOF
	T import "$tmp/$1.json" --users alice,bob,carol
}
oid=$(opt_game wild '{"q_mode": "wild", "jokers": "on", "rounds": 2}')
page ow alice "$INST_URL/g/$oid"
check "q_mode wild + jokers: the page says so" sh -c "grep -q 'wild: a ? declares 1 to 4' '$tmp/ow.html' && grep -q 'a joker sweeps the whole table' '$tmp/ow.html' && grep -q '127 cards' '$tmp/ow.html' && grep -q '6 hands (2 rounds)' '$tmp/ow.html'"
check "  3 burned cards" has ow "Burned face down: 3."
oid=$(opt_game five '{"q_mode": "five", "single_takes": "on"}')
page of alice "$INST_URL/g/$oid"
check "q_mode five + single takes: the page says so" sh -c "grep -q 'worth 5; QBs is the 15-point card' '$tmp/of.html' && grep -q 'no build and take; builds up to 5' '$tmp/of.html'"
check "  the counts name QBs" has of '<th scope="col">QBs</th>'
oid=$(opt_game sep '{"jokers": "on"}')
page oj alice "$INST_URL/g/$oid"
check "jokers under separate: black and blob, 1 to 4" has oj "on: black and blob, declares 1 to 4 (option 9)"

# Jokers on, q_mode separate: JK2 dealt face up is set aside; JK1
# declares 1 to 4, so its many moves come as a select, each in words
# with its number.
"$PY" - "$tmp/jk.json" <<'EOF'
import json, sys
allc = [n + c + s for n in "1234Q" for c in "RYGBK" for s in "chtsb"]
allc += ["JK1", "JK2"]
table = "1Rc 2Rh 3Rt JK2".split()
alice = "JK1 1Yc 2Yh 3Gc 4Bc".split()
bob = "1Gt 2Gt 3Bt 1Bs 2Bs".split()
deck = table + [c for pair in zip(alice, bob) for c in pair]
deck += [c for c in allc if c not in deck]
json.dump({"game": "casino-macedonia", "notation": 1,
    "options": {"jokers": "on"}, "seats": 2, "dealer": 1, "decks": [deck],
    "moves": []}, open(sys.argv[1], "w"))
EOF
jid=$(T import "$tmp/jk.json" --users alice,bob)
page jk alice "$INST_URL/g/$jid"
check "a joker dealt face up is set aside for the last taker" sh -c "grep -q 'Set aside for the last taker:' '$tmp/jk.html' && grep -q 'data-card=\"JK2\"' '$tmp/jk.html'"
check "a joker's many moves come as a select" has jk '<select id="sel-JK1" name="move" class="cm-select">'
check "  each in words, with the number it declares" has jk '<option value="take JK1=3 | 1Rc 2Rh | 3Rt" data-piles="1Rc 2Rh 3Rt">As a 3: Take 1R● + 2R♥ and 3R▲ (4 cards)</option>'
post jkm alice "$INST_URL/g/$jid/move" "take JK1=3 | 1Rc 2Rh | 3Rt" "$(ply_of jk)" "$(csrf_of jk)"
check "  and one of them plays (303)" [ "$(code jkm)" = 303 ]

# Through the lobby, as its form sends it: 3 players, two bots.
page lo alice "$INST_URL/lobby"
check "the lobby offers Casino with its options" sh -c "grep -q 'id=\"new-form-casino-macedonia\"' '$tmp/lo.html' && grep -q 'name=\"q_mode\"' '$tmp/lo.html'"
curl -sS -b "$tmp/alice.jar" -o /dev/null -w '%{http_code} %{redirect_url}' \
    --data-urlencode "csrf=$(csrf_of lo)" --data-urlencode game=casino-macedonia \
    --data-urlencode seats=3 --data-urlencode opponent=bot \
    --data-urlencode opponent2=bot --data-urlencode q_mode=wild \
    --data-urlencode jokers=on --data-urlencode single_takes=on \
    --data-urlencode deck=full --data-urlencode rounds=1 \
    "$INST_URL/lobby/new" > "$tmp/ln.out"
check "a lobby table with q_mode wild, jokers, single takes: 303" grep -q '^303 ' "$tmp/ln.out"
lid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/ln.out")
page lg alice "$INST_URL/g/$lid"
check "  its page shows those options and two bots" sh -c "grep -q 'wild: a ? declares 1 to 4' '$tmp/lg.html' && grep -q 'a joker sweeps the whole table' '$tmp/lg.html' && grep -q 'no build and take; builds up to 4' '$tmp/lg.html' && [ \$(grep -c '<span class=\"tag\">bot</span>' '$tmp/lg.html') = 2 ]"

# ---- a whole Squares game through the forms ----
"$PY" - "$tmp/sq.json" <<'EOF'
import json, sys
json.dump({"game": "casino-macedonia", "notation": 1,
    "options": {"deck": "squares"}, "seats": 2,
    "seed": "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100",
    "moves": []}, open(sys.argv[1], "w"))
EOF
sid=$(T import "$tmp/sq.json" --users alice,bob)
G=$INST_URL/g/$sid
page sq0 alice "$G"
check "the Squares deck: the page says so, no ? option" sh -c "grep -q 'the Squares deck, 64 cards' '$tmp/sq0.html' && ! grep -q 'Question marks' '$tmp/sq0.html'"
moves=0
while [ $moves -lt 200 ]; do
	mover=
	for u in alice bob; do
		page sq "$u" "$G"
		if has sq 'name="move" value="'; then
			mover=$u
			break
		fi
	done
	[ -n "$mover" ] || break
	mv=$(grep -o 'name="move" value="[^"]*"' "$tmp/sq.html" | head -1 |
	    sed 's/.*value="\([^"]*\)"/\1/' | sed 's/&amp;/\&/g')
	post sqm "$mover" "$G/move" "$mv" "$(ply_of sq)" "$(csrf_of sq)"
	[ "$(code sqm)" = 303 ] || { echo "FAIL: $mover: $mv: $(code sqm)"; fail=1; break; }
	moves=$((moves + 1))
done
check "the Squares game ends after 59 x 2 plays through the forms" [ "$moves" = 118 ]
page sqe bob "$G"
check "  game over" has sqe "Game over"
check "  the last hand's panel" has sqe "How hand 2 ended"
check "  the burned card is shown" has sqe "The burned cards, shown now that the game is over:"
page sqh carol "$G/history?ply=3"
check "  its history is face up, even to a spectator" sh -c "[ \$(grep -c 'class=\"hand cm-other\"' '$tmp/sqh.html') = 2 ] && ! grep -q 'class=\"backs\"' '$tmp/sqh.html'"

# ---- the rule page ----
page ru anon "$INST_URL/rules/casino-macedonia"
check "the rule page: captures are never compulsory" has ru "never compulsory"

check "every page passed tidy -eq" [ "$tidy_fail" = 0 ]
instance_stop || fail=1
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
[ "$fail" -eq 0 ] && echo "casino: all passed"
exit "$fail"
