#!/bin/sh
# twelve_step.sh: the 12-Step Rummy table through a private nginx.
# game: twelve-step-rummy (tests/cli/games.sh finds each game's tests by this line)
#
# A known 3-player deal (a record with explicit decks) is stored with
# "topper import" for alice (seat 0), bob (1) and carol (2); its log
# already holds round 1, in which alice laid contract 1 and went out, so
# round 2 starts with alice on contract 2 (a set of 3 and a run of 4)
# and bob to play.  Through the page's own forms, posted with curl as a
# browser would: bob draws and discards 8H; alice, not to play, asks
# "May I?" for it and withdraws through the web POST (a seat outside
# to_act that the engine's may_act lets move), and carol's draw, composed
# before those requests, still counts (other seats' requests never make
# a turn stale); carol discards; alice draws, lays her contract with the
# pre-filled contract form, lays off with the lay-off form and discards.
# On the way the refusals issue 7 names each answer 422 with the
# engine's reason shown with the position, and the game exports byte for
# byte the same: an incomplete contract, two adjacent wilds in a run, a
# lay-off before the contract, a "May I?" from the player who discarded;
# a stale ply answers 409 (the contract form's own selects are refused
# the same way for adjacent wilds and a missing meld).  The page shows
# every player's contract, the melds grouped by owner with each wild's
# card, the open requests, moves in words, and never another seat's
# hidden card (the API neither).  The history at a ply; a finished game
# (the same round 1 with a cap of one round) with every hand face up in
# its history; a liberation through the page's forms on a third table
# (alice frees bob's joker with her 5C, and bob's page shows it under
# her hand, taken face up, until she lays it off before she may
# discard); the rule page.  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave

# Two decks of two packs with jokers.  Round 1 (dealer carol): alice is
# dealt two sets of threes and nines, draws 3S, lays them, lays off 3S
# and goes out discarding KS.  Round 2 (dealer alice): bob plays first;
# the stock's top is 8H (bob), 3C (carol), 4C (alice).
"$PY" - "$tmp/deal.json" <<'PYEOF'
import json, sys
pack = [r + s for s in "SHDC" for r in "A23456789TJQK"] + ["JK", "JK"]
allc = pack * 2
def deal(hands, dealer, up, top):
    n = len(hands)
    idx = [0] * n
    deck = []
    for i in range(13 * n):
        s = (dealer + 1 + i) % n
        deck.append(hands[s][idx[s]])
        idx[s] += 1
    deck += [up] + top
    rest = list(allc)
    for c in deck:
        rest.remove(c)
    deck += rest
    assert sorted(deck) == sorted(allc) and len(deck) == 108
    return deck
r1 = ["3H 3D 3S 3C 3H 3D 9C 9D 9S 9H 9C 9D KS".split(),
    "AS 5S 7S JS KH 4D 6D 8D TD QC AC 5C 7C".split(),
    "AH 5H 7H JH 2S 4C 6C 8C TC QD AD 6S 8S".split()]
r2 = ["4H 4D 4S 5C 6C 7C 8C JK 2D QS KD 9H TH".split(),
    "AS 5S 7S 9S JS KH 3D 5D 7D 9D JD KC 6H".split(),
    "AH 3H 5H 7H JH QC TC 8D 6D AD 8S TS QH".split()]
json.dump({"game": "twelve-step-rummy", "notation": 1, "options": {},
    "seats": 3, "dealer": 2,
    "decks": [deal(r1, 2, "KC", ["3S"]), deal(r2, 0, "6S", ["8H", "3C", "4C"])],
    "moves": [
        {"seat": 0, "move": "draw"},
        {"seat": 0, "move": "contract 3H 3D 3S 3C 3H 3D | 9C 9D 9S 9H 9C 9D"},
        {"seat": 0, "move": "layoff 3S on 3H"},
        {"seat": 0, "move": "discard KS"}]}, open(sys.argv[1], "w"))
PYEOF
id=$(T import "$tmp/deal.json" --users alice,bob,carol) ||
    { echo "FAIL: import"; exit 1; }
ALICE="4H 4D 4S 5C 6C 7C 8C JK 2D QS KD 9H TH"
BOB="AS 5S 7S 9S JS KH 3D 5D 7D 9D JD KC 6H"
CAROL="AH 3H 5H 7H JH QC TC 8D 6D AD 8S TS QH"
# Cards only one seat holds (the others' hands share some ids).
ALICE_ONLY="4S 5C 6C 7C 8C 2D QS KD 9H TH"
BOB_ONLY="9S JS KH 3D 5D 7D 9D JD KC"
CAROL_ONLY="3H 5H 7H JH QC TC 8D 6D AD 8S TS QH"
G=$INST_URL/g/$id

# refused NAME WHO BODY REASON: 422 with REASON on the page, game unchanged.
refused() {
	snap
	post "$1" "$2" "$G/move" "$3"
	check "$1: 422" [ "$(code "$1")" = 422 ]
	check "$1: the engine's reason" has "$1" "$4"
	check "$1: shown with the position" has "$1" 'class="table tsr"'
	check "$1: nothing was written" same_game
}

# ---- round 2 begins: bob to play ----
page b0 bob "$G"
check "bob's page: 200" [ "$(code b0)" = 200 ]
check "bob sees his hand" shows b0 "$BOB"
check "bob does not see the others'" hides b0 "$ALICE_ONLY $CAROL_ONLY"
check "cards read in words" has b0 '<title>nine of spades (9S)</title>'
check "contract progress: alice on #2" has b0 '<span class="step">#2</span> <span class="cname">1 set of 3 + 1 run of 4</span>'
check "  bob on #1" has b0 '<span class="step">#1</span> <span class="cname">2 sets of 3</span>'
check "the contracts table" has b0 '<td>2 runs of 5</td>'
check "how round 1 ended" has b0 'Round 1: alice went out.'
check "bob may draw or take 6S" sh -c "grep -q 'value=\"draw\"' '$tmp/b0.html' && grep -q 'Take 6' '$tmp/b0.html'"
page a0 alice "$G"
check "alice has no move (not to play, no discard to buy)" hasnt a0 'name="move"'
check "alice's page polls" has a0 'data-poll="1"'
page c0 carol "$G"
check "carol sees only her cards" hides c0 "$ALICE_ONLY $BOB_ONLY"
page n0 anon "$G"
check "a spectator sees no hidden card" hides n0 "$ALICE_ONLY $BOB_ONLY $CAROL_ONLY"

check "bob draws" play bob /g/$id/move move=draw
page b1 bob "$G"
check "bob sees the card he drew" has b1 '<title>eight of hearts (8H), drawn this turn</title>'
check "bob's hand is the discard pick" has b1 'value="discard 8H" form="f-discard"'
check "bob discards 8H" play bob '#f-discard' 'move=discard 8H'

# ---- May I? ----
page b2 bob "$G"
check "bob, who discarded 8H, is offered no May I?" hasnt b2 'value="mayi"'
refused r1 bob "csrf=$(csrf_of b2)&ply=$(ply_of b2)&move=mayi" "You discarded that card"
page c2 carol "$G"
check "carol (to play) may draw or take 8H" sh -c "grep -q 'value=\"draw\"' '$tmp/c2.html' && grep -q 'Take 8' '$tmp/c2.html'"
check "  and sees the May I? window" has c2 'bob discarded 8'
page a2 alice "$G"
check "alice is offered May I? for 8H" has a2 'value="mayi"'
check "  and to pass" has a2 'value="pass"'
check "alice asks May I? (303)" play alice /g/$id/move move=mayi
page a3 alice "$G"
check "the request shows" has a3 'Requests, in the order served: You.'
check "  and reads in words" has a3 'You asked "May I?" for the top discard.'
check "  and the players table says so" has a3 'asked May&nbsp;I?'
check "alice, out of to_act, is offered to withdraw" has a3 'value="withdraw"'
page api alice "$INST_URL/api/games/$id"
check "API for alice: 200" [ "$(code api)" = 200 ]
check "  lists withdraw as her move" has api '"withdraw"'
check "  her cards, never bob's or carol's" sh -c "grep -q '\"QS\"' '$tmp/api.html' && ! grep -q '\"KC\"' '$tmp/api.html' && ! grep -q '\"QC\"' '$tmp/api.html'"
check "alice withdraws through the web POST (303)" play alice /g/$id/move move=withdraw
page a4 alice "$G"
check "  the request is gone" has a4 'No requests yet.'
# A withdraw counts as her answer: she may not ask again for 8H.
check "  and she is offered nothing more" hasnt a4 'name="move"'
refused r2 alice "csrf=$(csrf_of a4)&ply=$(ply_of a4)&move=mayi" "already answered"
# carol's page dates from before both requests: her draw is not stale.
post c3 carol "$G/move" "$(form "$tmp/c2.html" /g/$id/move move=draw)"
check "carol draws with the form she loaded before the requests (303)" \
    [ "$(code c3)" = 303 ]
# Now her view changed: the same old form is stale.
snap
post c4 carol "$G/move" "$(form "$tmp/c2.html" /g/$id/move move=draw)"
check "a stale ply: 409" [ "$(code c4)" = 409 ]
check "  with the new position" has c4 "Someone moved first"
check "  and nothing was written" same_game
check "carol discards 8D" play carol '#f-discard' 'move=discard 8D'

# ---- alice's turn: contract 2 ----
check "alice draws 4C" play alice /g/$id/move move=draw
page a5 alice "$G"
C=$(csrf_of a5) P=$(ply_of a5)
refused r3 alice "csrf=$C&ply=$P&move=contract+4H+4D+4S" "lay its 2 melds"
refused r4 alice "csrf=$C&ply=$P&move=contract+4H+4D+4S+%7C+5C+JK+2D+8C" "wilds never side by side"
refused r5 alice "csrf=$C&ply=$P&move=layoff+4C+on+4H" "only after laying your contract"
check "the contract form is there, one select per card" has a5 'id="f-contract"'
# The same two adjacent wilds through the form's selects: the hand reads
# 4S QS 4H 9H TH 4D KD 4C 5C 6C 7C 8C, then the wilds 2D and JK, each
# followed by the select of the card it stands for.
snap
post r6 alice "$G/move" "$(form "$tmp/a5.html" '#f-contract' c0=4S/1 \
    c1=QS/0 c2=4H/1 c3=9H/0 c4=TH/0 c5=4D/1 c6=KD/0 c7=4C/0 c8=5C/2 \
    c9=6C/0 c10=7C/0 c11=8C/2 c12=2D/2 c13==7C c14=JK/2 c15==6C)"
check "the contract form with two wilds side by side: 422" [ "$(code r6)" = 422 ]
check "  the engine's reason" has r6 "wilds never side by side"
check "  nothing was written" same_game
post r7 alice "$G/move" "$(form "$tmp/a5.html" '#f-contract' c0=4S/1 \
    c1=QS/0 c2=4H/1 c3=9H/0 c4=TH/0 c5=4D/1 c6=KD/0 c7=4C/0 c8=5C/0 \
    c9=6C/0 c10=7C/0 c11=8C/0 c12=2D/0 c13== c14=JK/0 c15==)"
check "the contract form with one meld only: 422" [ "$(code r7)" = 422 ]
check "  the engine's reason" has r7 "lay its 2 melds"
check "  nothing was written" same_game
check "  a wild's card may be named" has a5 '<option value="=8H">as 8'
check "alice lays her contract with the form as pre-filled" play alice '#f-contract'
page a6 alice "$G"
check "her melds show under her name" has a6 'Your melds: contract 2'
check "alice may lay off" has a6 'id="f-layoff"'
check "alice lays off with the form" play alice '#f-layoff'
page a7 alice "$G"
page b7 bob "$G"
check "bob sees alice's melds under her name" has b7 "alice&#39;s melds: contract 2"
check "  each wild as the card it stands for" grep -q '<title>[a-z ]* ([2J][A-Z]) as ' "$tmp/b7.html"
check "  and still not her hand" hides b7 "QS KD 9H TH"
check "alice discards QS" play alice '#f-discard' 'move=discard QS'
page b8 bob "$G"
check "bob is to play" has b8 'value="draw"'
check "moves read in words: the contract" has b8 'alice laid a contract: <abbr title="'
check "  the discard" has b8 'alice discarded <abbr title="queen of spades (QS)">Q♠</abbr>.'
check "  the draw" has b8 'carol drew from the stock.'

# ---- history ----
page h1 bob "$G/history?ply=6"
check "history at ply 6: 200" [ "$(code h1)" = 200 ]
check "  from bob's seat, alice's hand stays hidden" hides h1 "$ALICE_ONLY"
page h2 bob "$G/history?ply=14"
check "history: the moves in words, with the cards they took" has h2 'alice asked "May I?" for <abbr title="eight of hearts (8H)">8♥</abbr>.'
check "  the contract's number" has h2 'alice laid contract 2: '
check "  a wild laid off, and what it stands for" grep -q 'laid off <abbr title="[a-z ]* ([2J][A-Z])">[^<]*</abbr> as <abbr' "$tmp/h2.html"

# ---- a finished game: round 1 alone, with a cap of 1 round ----
"$PY" - "$tmp/deal.json" "$tmp/over.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
r["options"] = {"match_cap": 1}
r["decks"] = r["decks"][:1]
json.dump(r, open(sys.argv[2], "w"))
PYEOF
id2=$(T import "$tmp/over.json" --users alice,bob,carol) ||
    { echo "FAIL: import of the finished game"; exit 1; }
page o1 bob "$INST_URL/g/$id2"
check "a finished game: alice wins (highest contract at the cap)" has o1 'Game over: alice wins.'
check "  everyone's hand face up" shows o1 "AS 5S 7S JS KH AH 5H 7H JH"
page o2 dave "$INST_URL/g/$id2/history?ply=2"
check "its history at ply 2, for a spectator: 200" [ "$(code o2)" = 200 ]
check "  every hand face up (reveal)" shows o2 "9C 9D KS AS 5S 7S AH 5H 7H"
check "  alice's contract on the table, by owner" has o2 'alice&#39;s melds: contract 1'

# ---- liberation: a third table, after round 1's first turns ----
# alice and bob are down (bob's set of fives holds a joker); alice, to
# play, frees the joker with her 5C and lays it off at once.
"$PY" - "$tmp/lib.json" <<'PYEOF'
import json, sys
pack = [r + s for s in "SHDC" for r in "A23456789TJQK"] + ["JK", "JK"]
allc = pack * 2
hands = ["3H 3D 3S 9C 9D 9S 5C KS QS JS TS 8S 4H".split(),
    "5S 5D JK 7S 7D 7H AS AH KD QD 8D 6D 4D".split(),
    "AC 3C 4C 6S 7C 8C TC JC QC KC AD TD JD".split()]
deck = []
for i in range(39):
    deck.append(hands[i % 3][i // 3])
deck += ["KH", "6C", "2C", "KH", "8H"]
rest = list(allc)
for c in deck:
    rest.remove(c)
deck += rest
assert sorted(deck) == sorted(allc)
json.dump({"game": "twelve-step-rummy", "notation": 1, "options": {},
    "seats": 3, "dealer": 2, "decks": [deck], "moves": [
        {"seat": 0, "move": "draw"},
        {"seat": 0, "move": "contract 3H 3D 3S | 9C 9D 9S"},
        {"seat": 0, "move": "discard 6C"},
        {"seat": 1, "move": "draw"},
        {"seat": 1, "move": "contract 5S 5D JK | 7S 7D 7H"},
        {"seat": 1, "move": "discard 2C"},
        {"seat": 2, "move": "draw"},
        {"seat": 2, "move": "discard KH"},
        {"seat": 0, "move": "draw"}]}, open(sys.argv[1], "w"))
PYEOF
id3=$(T import "$tmp/lib.json" --users alice,bob,carol) ||
    { echo "FAIL: import of the liberation table"; exit 1; }
G3=$INST_URL/g/$id3
page l1 alice "$G3"
check "bob's joker shows what it stands for" has l1 '<title>joker (JK) as a five</title>'
check "alice is offered to liberate it with her 5C" has l1 'Put your 5'
post lx alice "$G3/move" "$(form "$tmp/l1.html" '#f-liberate')"
check "alice liberates with the form (303)" [ "$(code lx)" = 303 ]
page l2 alice "$G3"
check "  her 5C is in bob's set now" has l2 '<title>five of clubs (5C)</title>'
check "  she must lay the joker off at once" has l2 'lay off the wild you freed (Joker) now'
check "  and may not discard yet" hasnt l2 'id="f-discard"'
check "  the lay-off form offers the joker" has l2 '<option value="layoff JK on'
page lb bob "$G3"
check "bob sees the joker she took face up under her hand" sh -c "grep -q '<h2>alice&#39;s hand <span class=\"count\">(8 cards)</span></h2>' '$tmp/lb.html' && grep -q 'Taken face up and still held:' '$tmp/lb.html' && grep -q '<title>joker (JK), taken face up</title>' '$tmp/lb.html'"
post l3 alice "$G3/move" "$(form "$tmp/l2.html" '#f-layoff')"
check "alice lays the joker off with the form (303)" [ "$(code l3)" = 303 ]
page l4 alice "$G3"
check "  now she may discard" has l4 'id="f-discard"'
page lb2 bob "$G3"
check "  and bob's page no longer lists it under her hand" hasnt lb2 'Taken face up and still held:'
check "  the move reads in words" has l4 'You freed the wild in the meld of <abbr title="five of'

# ---- the rule page ----
page rules anon "$INST_URL/rules/twelve-step-rummy"
check "rule page: 200" [ "$(code rules)" = 200 ]
check "  the contracts" has rules '1 run of 10'
check "  our rulings" has rules 'Our rulings'
check "  May I? and its withdrawal" has rules 'take its request back'
check "  the move notation, meld numbers too" has rules 'contract 3H/1 5C/2'

[ "$fail" = 0 ] && echo "twelve_step.sh: all passed"
exit "$fail"
