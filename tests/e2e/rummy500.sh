#!/bin/sh
# rummy500.sh: the Rummy 500 table through a private nginx.
# game: rummy-500 (tests/cli/games.sh finds each game's tests by this line)
#
# A known 3-player deal (a record with explicit decks, dealer seat 2) is
# stored with "topper import" for alice (seat 0), bob (1) and carol (2),
# and a whole hand is played through the page's own forms, posted with
# curl as a browser would: alice draws 7C, melds 5C 6C 7C and discards
# KS; bob takes 4D from the bottom of the pile (KS comes along), melds
# 4S 4C 4D and 7S 7H 7D, lays 8C off on alice's run (it scores for him)
# and discards JH; carol takes JH and lays down every card: she goes out
# without a discard, and the hand-end panel shows table minus hand for
# each player (RULES.md 6d).  On the way the refusals each answer 422
# with the engine's reason shown with the position and leave the game
# byte for byte the same: a take whose card cannot be laid, a discard
# while the taken card is still in hand; a stale ply answers 409.  The
# page never shows another seat's hidden card (the API neither), but
# it does show the KS bob took face up and holds, to every reader.  Every
# page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave

# The deal: dealer 2, so alice (seat 0) is dealt first and acts first;
# the upcard is 4D, the stock's top 7C.  hand_cap 1: the game ends with
# this hand, so its history shows every card (page_game_r500_reveal).
"$PY" - "$tmp/deal.json" <<'PYEOF'
import json, sys
allc = [r + s for s in "SHDC" for r in "A23456789TJQK"]
alice = "5C 6C 9S 9D KS 2C 3D".split()
bob = "7S 7H 7D 4S 4C 8C JH".split()
carol = "AS 2S 3S 8H 9H TH QH".split()
deck = [c for three in zip(alice, bob, carol) for c in three]
deck += ["4D", "7C"]
deck += [c for c in allc if c not in deck]
assert sorted(deck) == sorted(allc) and len(deck) == 52
json.dump({"game": "rummy-500", "notation": 1, "options": {"hand_cap": 1},
    "seats": 3, "dealer": 2, "decks": [deck], "moves": []},
    open(sys.argv[1], "w"))
PYEOF
id=$(T import "$tmp/deal.json" --users alice,bob,carol) ||
    { echo "FAIL: import"; exit 1; }
ALICE="5C 6C 9S 9D KS 2C 3D"
BOB="7S 7H 7D 4S 4C 8C JH"
CAROL="AS 2S 3S 8H 9H TH QH"
G=$INST_URL/g/$id

box() { grep -o "name=\"c[0-9]*\" value=\"$2\"" "$tmp/$1.html" | sed 's/name="\(c[0-9]*\)".*/\1/'; }

# ---- alice: draws, melds, discards ----
page pl-alice alice "$G"
check "alice's page: 200" [ "$(code pl-alice)" = 200 ]
check "alice sees her hand" shows pl-alice "$ALICE"
check "  and no other hand" hides pl-alice "$BOB $CAROL"
check "the pile shows the upcard" has pl-alice 'data-card="4D"'
check "the stock count" has pl-alice "Stock: 30"
check "the pile count" has pl-alice "Discard pile: 1 card, bottom first"
check "4D cannot be chosen (alice cannot lay it)" sh -c "! grep -q 'value=\"take 4D\"' '$tmp/pl-alice.html'"
check "  no take form then" sh -c "! grep -q 'id=\"f-r5-take\"' '$tmp/pl-alice.html'"
check "the standard faces read in words" has pl-alice '<title>five of clubs (5C)</title>'
page sp anon "$G"
check "a spectator sees no hand" hides sp "$ALICE $BOB $CAROL"
page api bob "$INST_URL/api/games/$id"
check "API for bob: 200" [ "$(code api)" = 200 ]
check "  his cards" grep -q '"8C"' "$tmp/api.html"
check "  never alice's" sh -c "! grep -q '\"9S\"' '$tmp/api.html' && ! grep -q '\"2C\"' '$tmp/api.html'"

refuse r-take alice 0 "move=take+4D" 422 "4D"
refuse r-stale alice 5 "move=draw" 409 "Someone moved first"
page pl-bob bob "$G"
refuse r-turn bob 0 "move=draw" 422 ""

check "alice draws (the draw form)" play alice "#f-r5-draw" move=draw
page a1 alice "$G"
check "  she drew 7C" has a1 'data-card="7C"'
check "  the meld form suggests 5C 6C 7C" has a1 'data-cards="5C 6C 7C"'
check "alice melds 5C 6C 7C (three ticked cards)" play alice "#f-r5-meld" "$(box a1 5C)=5C" "$(box a1 6C)=6C" "$(box a1 7C)=7C"
page a2 alice "$G"
check "  the meld shows, melded by alice" has a2 "run of clubs, melded by <strong>You</strong> (18 points for you)"
check "  her points on the table: +18" has a2 "<td>+18</td>"
check "alice discards KS (the discard form)" play alice "#f-r5-discard" "move=discard KS"

# ---- bob: takes 4D from the bottom, melds, lays off, discards ----
page pl-bob bob "$G"
check "bob may take 4D (he holds 4S 4C)" has pl-bob 'value="take 4D" form="f-r5-take"'
check "  but not KS" sh -c "! grep -q 'value=\"take KS\"' '$tmp/pl-bob.html'"
check "  which says why" has pl-bob '<span class="why">cannot lay</span>'
check "  the take form says the card must be laid" has pl-bob "must be laid on the table this turn"
check "bob takes 4D and KS above it (the take form)" play bob "#f-r5-take" "move=take 4D"
page b1 bob "$G"
check "  he holds 4D and KS" shows b1 "4D KS"
check "  the page says 4D must be laid" has b1 "lay it on the table before you discard"
check "  no discard form yet" sh -c "! grep -q 'id=\"f-r5-discard\"' '$tmp/b1.html'"
cp "$tmp/b1.html" "$tmp/pl-bob.html"
refuse r-owe bob "$(ply_of b1)" "move=discard+KS" 422 "4D"
refuse r-stale2 bob 0 "move=meld&c0=4S&c1=4C&c2=4D" 409 ""
check "bob melds 4S 4C 4D" play bob "#f-r5-meld" "$(box b1 4S)=4S" "$(box b1 4C)=4C" "$(box b1 4D)=4D"
page b2 bob "$G"
check "  now he may discard" has b2 'id="f-r5-discard"'
check "bob melds 7S 7H 7D" play bob "#f-r5-meld" "$(box b2 7S)=7S" "$(box b2 7H)=7H" "$(box b2 7D)=7D"
page b3 bob "$G"
check "  the lay-off form offers 8C onto alice's run" sh -c "grep -q 'option value=\"8C\" data-fits=\"5C\"' '$tmp/b3.html' && grep -q 'value=\"on 5C\"' '$tmp/b3.html'"
check "bob lays 8C off on alice's run" play bob "#f-r5-layoff" "c0=8C" "tail=on 5C"
page b4 bob "$G"
check "  8C is captioned with who laid it off" has b4 '<li class="off">'
check "  and scores for bob: +41 on the table" has b4 "<td>+41</td>"
check "  alice's meld still counts 18 for her" has b4 "run of clubs, melded by <strong>alice</strong> (18 points for alice)"
check "bob discards JH" play bob "#f-r5-discard" "move=discard JH"

# ---- carol: takes JH and goes out without a discard ----
page c1 carol "$G"
check "carol may take JH" has c1 'value="take JH" form="f-r5-take"'
check "  she sees the KS bob took from the pile and holds" has c1 '<title>king of spades (KS), taken from the discard pile</title>'
check "  under his hand's count" sh -c "grep -q '<h2>bob&#39;s hand <span class=\"count\">(1 card)</span></h2>' '$tmp/c1.html' && grep -q 'Taken from the discard pile and still held:' '$tmp/c1.html'"
page n1 dave "$G"
check "  a spectator sees it too (public)" has n1 '<title>king of spades (KS), taken from the discard pile</title>'
check "carol takes JH" play carol "#f-r5-take" "move=take JH"
page c2 carol "$G"
check "carol melds AS 2S 3S" play carol "#f-r5-meld" "$(box c2 AS)=AS" "$(box c2 2S)=2S" "$(box c2 3S)=3S"
page c3 carol "$G"
check "carol melds 8H 9H TH JH QH: every card, so she goes out" play carol "#f-r5-meld" "$(box c3 8H)=8H" "$(box c3 9H)=9H" "$(box c3 TH)=TH" "$(box c3 JH)=JH" "$(box c3 QH)=QH"
page c4 carol "$G"
check "the hand-end panel: carol went out" has c4 "Hand 1: You went out."
check "  carol: 6 (A-2-3, the ace low: RULES.md 6d) + 47, nothing in hand" has c4 '<tr><th scope="row">You <span class="tag win">went out</span></th><td>+53</td><td>&minus;0</td><td>53</td><td>53</td></tr>'
check "  bob: +41 - 10 = 31" has c4 '<tr><th scope="row">bob</th><td>+41</td><td>&minus;10</td><td>31</td><td>31</td></tr>'
check "  alice: +18 - 23 = -5" has c4 '<tr><th scope="row">alice</th><td>+18</td><td>&minus;23</td><td>-5</td><td>-5</td></tr>'
check "moves read in words: the deep take" has c4 'bob took <abbr title="four of diamonds (4D)">4♦</abbr> from the discard pile.'
check "  the lay-off" has c4 'bob laid off <abbr title="eight of clubs (8C)">8♣</abbr> on the meld of'
page h5 dave "$G/history?ply=5"
check "history at ply 5: 200" [ "$(code h5)" = 200 ]
check "  the take in words, with the card above it" has h5 "and the 1 card above it from the discard pile."
check "the game is over (hand cap 1): carol wins with 53" has c4 "Game over: You win."
check "  the winner's tag" has c4 '<span class="tag win">winner</span>'
check "  a finished game's history shows every hand, to a spectator too" shows h5 "7S 7H 7D 8C JH 8H 9H TH QH"
page h0 alice "$G/history?ply=0"
check "history at ply 0: alice's hand, bob's too (revealed)" shows h0 "$ALICE $BOB $CAROL"

page rules anon "$INST_URL/rules/rummy-500"
check "the rule page: 200, with the move notation" sh -c "[ \"\$(cat '$tmp/rules.code')\" = 200 ] && grep -q 'layoff AH=14 on 2H' '$tmp/rules.html'"
check "  and the page's own words" has rules "captions each card laid off"

[ "$fail" = 0 ] && echo "rummy500: all ok"
exit "$fail"
