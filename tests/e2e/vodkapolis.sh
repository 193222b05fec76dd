#!/bin/sh
# vodkapolis.sh: the Vodkapolis 500 table through a private nginx.
# game: vodkapolis-500 (tests/cli/games.sh finds each game's tests by this line)
#
# A known 3-player deal (a record with explicit decks, dealer seat 2) is
# stored with "topper import" for alice (seat 0), bob (1) and carol (2),
# and played through the page's own forms, posted with curl as a browser
# would: alice draws, lays a meld before bob, then a meld before carol
# (the only target rule 4b leaves) and discards; bob takes her discard
# from the chain, melds it and discards; carol draws, extends alice's
# meld before bob (the extend form), undoes it, extends again and
# discards.  On the way the refusals the issue names each answer 422
# with the engine's reason shown with the position, and the game
# exports byte for byte the same: a take whose card cannot be melded, a
# new meld before an opponent rule 4b does not allow (and before
# oneself), a discard while the taken card is still in hand; a stale
# ply answers 409.  The page shows every player's melds with who laid
# them, the whole chain, the penalty each player would take now, and
# never another seat's hidden card (the API neither).  The history of
# the game at a ply.  On a second table, a card taken face up along
# with a deeper one shows in its holder's panel.  The rule page.  Every
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
# the upcard is QYb, which nobody can meld; the stock's top is 4Bh,
# then 3Bh.
"$PY" - "$tmp/deal.json" <<'PYEOF'
import json, sys
allc = [n + c + s for n in "1234Q" for c in "RYGBK" for s in "chtsb"]
alice = "1Bh 2Bh 3Rc 3Rh 3Rt 1Gc 2Yt 4Kc 1Ys 2Gb 4Rs".split()
bob = "1Rb 2Rb 1Yc 1Rc 3Gs 4Gt 1Kh 3Bt 2Ks 4Ys QGc".split()
carol = "1Gh 2Gh 3Yb 4Bc QRc QBt 1Kt 2Rs 3Gc 4Kh QYt".split()
deck = [c for three in zip(alice, bob, carol) for c in three]
deck += ["QYb", "4Bh", "3Bh"]
deck += [c for c in allc if c not in deck]
assert sorted(deck) == sorted(allc) and len(deck) == 125
json.dump({"game": "vodkapolis-500", "notation": 1, "options": {},
    "seats": 3, "dealer": 2, "decks": [deck], "moves": []},
    open(sys.argv[1], "w"))
PYEOF
id=$(T import "$tmp/deal.json" --users alice,bob,carol) ||
    { echo "FAIL: import"; exit 1; }
ALICE="1Bh 2Bh 3Rc 3Rh 3Rt 1Gc 2Yt 4Kc 1Ys 2Gb 4Rs"
BOB="1Rb 2Rb 1Yc 1Rc 3Gs 4Gt 1Kh 3Bt 2Ks 4Ys QGc"
CAROL="1Gh 2Gh 3Yb 4Bc QRc QBt 1Kt 2Rs 3Gc 4Kh QYt"
G=$INST_URL/g/$id

# ---- ply 0: alice to draw or take ----
page pl-alice alice "$G"
check "alice's page: 200" [ "$(code pl-alice)" = 200 ]
check "alice sees her hand" shows pl-alice "$ALICE"
check "  and no other hand" hides pl-alice "$BOB $CAROL"
check "the chain shows the upcard" has pl-alice 'data-card="QYb"'
check "the stock count" has pl-alice "Stock: 91"
check "the chain count" has pl-alice "Discard chain: 1 card, oldest first"
check "every player's panel" sh -c "grep -c 'id=\"vp-seat' '$tmp/pl-alice.html' | grep -qx 3"
check "penalty now: alice's exact (her hand)" has pl-alice "Penalty now <strong>65</strong>"
check "  the others' at least 5 a card" has pl-alice "Penalty now <strong>at least 55</strong>"
check "the draw button" has pl-alice 'value="draw"'
check "no take form: nothing in the chain can be melded" sh -c "! grep -q 'id=\"f-vp-take\"' '$tmp/pl-alice.html'"
check "QYb cannot be chosen (no meld)" sh -c "! grep -q 'value=\"take QYb\"' '$tmp/pl-alice.html'"
page sp anon "$G"
check "a spectator sees no hand" hides sp "$ALICE $BOB $CAROL"
page api bob "$INST_URL/api/games/$id"
check "API for bob: 200" [ "$(code api)" = 200 ]
check "  his cards" sh -c "grep -q '\"1Rb\"' '$tmp/api.html'"
check "  never alice's" sh -c "! grep -q '\"3Rt\"' '$tmp/api.html' && ! grep -q '\"4Kc\"' '$tmp/api.html'"

refuse r-take alice 0 "move=take+QYb" 422 "only if you can meld it this turn"
refuse r-stale alice 7 "move=draw" 409 "Someone moved first"
page pl-bob bob "$G"
refuse r-turn bob 0 "move=draw" 422 ""
refuse r-add alice 0 "move=meld&c0=1Bh&c1=2Bh&tail=%401" 422 ""

check "alice draws (the draw form)" play alice "#f-vp-draw" move=draw
page a1 alice "$G"
check "  she drew 4Bh" has a1 'data-card="4Bh"'
check "  the meld form with her cards as checkboxes" has a1 'value="1Bh" form="f-vp-meld"'
check "  both opponents offered as targets" sh -c "grep -q 'option value=\"@1\"' '$tmp/a1.html' && grep -q 'option value=\"@2\"' '$tmp/a1.html'"
check "  never herself" sh -c "! grep -q 'option value=\"@0\"' '$tmp/a1.html'"
check "  the meld suggestions name 1Bh 2Bh 4Bh" has a1 "1B♥ 2B♥ 4B♥ (blue hearts)"

# The meld form with three hand cards ticked, before bob.
c1=$(grep -o 'name="c[0-9]*" value="1Bh"' "$tmp/a1.html" | sed 's/name="\(c[0-9]*\)".*/\1/')
c2=$(grep -o 'name="c[0-9]*" value="2Bh"' "$tmp/a1.html" | sed 's/name="\(c[0-9]*\)".*/\1/')
c3=$(grep -o 'name="c[0-9]*" value="4Bh"' "$tmp/a1.html" | sed 's/name="\(c[0-9]*\)".*/\1/')
check "alice melds 1Bh 2Bh 4Bh before bob" play alice "#f-vp-meld" "$c1=1Bh" "$c2=2Bh" "$c3=4Bh" "tail=@1"
page a2 alice "$G"
check "  the meld lies before bob, laid by alice" sh -c "awk '/id=\"vp-seat1\"/ { on = 1 } /id=\"vp-seat2\"/ { on = 0 } on' '$tmp/a2.html' | grep -q 'laid by <strong>You</strong>'"
check "  rule 4b: only carol is offered now" sh -c "grep -q 'option value=\"@2\"' '$tmp/a2.html' && ! grep -q 'option value=\"@1\"' '$tmp/a2.html'"
check "  bob's penalty counts the meld in front (15)" has a2 "In front <strong>15</strong>"
ply=$(sed -n 's/.*data-ply="\([0-9]*\)".*/\1/p' "$tmp/a2.html" | head -1)
cp "$tmp/a2.html" "$tmp/pl-alice.html"
refuse r-4b alice "$ply" "move=meld&c0=3Rc&c1=3Rh&c2=3Rt&tail=%401" 422 "rule 4b"
refuse r-self alice "$ply" "move=meld&c0=3Rc&c1=3Rh&c2=3Rt&tail=%400" 422 ""
refuse r-stale2 alice 0 "move=discard+4Rs" 409 ""
check "alice melds 3Rc 3Rh 3Rt before carol (the offered target)" play alice "#f-vp-meld" "c2=3Rc" "c3=3Rh" "c4=3Rt"
check "alice discards 1Gc (the discard form)" play alice "#f-vp-discard" "move=discard 1Gc"

# panel N SEAT: seat's panel of page N, up to the next panel or the chain.
panel() { awk -v s="id=\"vp-seat$2\"" 'index($0, s) { on = 1; print; next } on && /id="vp-seat|class="vp-piles"/ { exit } on' "$tmp/$1.html"; }

# ---- bob: takes 1Gc from the chain ----
page pl-bob bob "$G"
check "bob may take 1Gc (he holds 1Yc 1Rc)" has pl-bob 'value="take 1Gc" form="f-vp-take"'
check "  but not QYb" sh -c "! grep -q 'value=\"take QYb\"' '$tmp/pl-bob.html'"
check "  which says why" has pl-bob '<span class="why">no meld</span>'
check "  the take form says the card must be melded" has pl-bob "must be melded this turn"
check "  the chain numbers its cards" has pl-bob '<span class="pos">2</span>'
check "  and counts them" has pl-bob "Discard chain: 2 cards, oldest first"
ply=$(sed -n 's/.*data-ply="\([0-9]*\)".*/\1/p' "$tmp/pl-bob.html" | head -1)
refuse r-take2 bob "$ply" "move=take+QYb" 422 "only if you can meld it this turn"
check "bob takes 1Gc (the take form)" play bob "#f-vp-take" "move=take 1Gc"
page b1 bob "$G"
check "  the page says he must meld it" has b1 "it must go into a meld before you discard"
check "  no discard form yet" sh -c "! grep -q 'id=\"f-vp-discard\"' '$tmp/b1.html'"
ply=$(sed -n 's/.*data-ply="\([0-9]*\)".*/\1/p' "$tmp/b1.html" | head -1)
cp "$tmp/b1.html" "$tmp/pl-bob.html"
refuse r-owe bob "$ply" "move=discard+3Bt" 422 "You must meld 1Gc"
check "bob melds 1Rc 1Yc 1Gc before carol" play bob "#f-vp-meld" "c0=1Rc" "c1=1Yc" "c2=1Gc" "tail=@2"
check "bob discards 3Bt" play bob "#f-vp-discard" "move=discard 3Bt"
page c1 carol "$G"
panel c1 2 > "$tmp/p2"
check "carol's panel: a meld laid by alice" grep -q 'red 3s; laid by <strong>alice</strong>' "$tmp/p2"
check "  and one laid by bob" grep -q 'circle 1s; laid by <strong>bob</strong>' "$tmp/p2"
check "  her penalty now: hand 115 = 85 + 30 in front" grep -q 'Penalty now <strong>115</strong>' "$tmp/p2"
check "the chain: QYb, 3Bt (1Gc was taken)" sh -c "grep -q 'data-card=\"3Bt\"' '$tmp/c1.html'"
check "moves read in words: the take" has c1 'bob took <abbr title="green circle 1 (1Gc)">1G●</abbr> from the chain.'
check "  the meld and its target" has c1 '<abbr title="green circle 1 (1Gc)">1G●</abbr> in front of you.'
# ---- carol: draws 3Bh and extends alice's meld before bob ----
check "carol draws 3Bh" play carol "#f-vp-draw" move=draw
page c2 carol "$G"
check "  the extend form offers 3Bh onto the blue hearts" sh -c "grep -q 'option value=\"3Bh\" data-fits=\"1Bh\"' '$tmp/c2.html' && grep -q 'value=\"on 1Bh\" data-meld=\"1Bh\">blue hearts: 1B♥ 2B♥ 4B♥, in front of bob' '$tmp/c2.html'"
check "carol extends it (the extend form as shown)" play carol "#f-vp-add"
page c3 carol "$G"
panel c3 1 > "$tmp/p1"
check "  the meld before bob has 4 cards, still laid by alice" grep -q 'blue hearts; laid by <strong>alice</strong> · 20 points' "$tmp/p1"
check "  bob's penalty now counts it: in front 20" grep -q 'In front <strong>20</strong>' "$tmp/p1"
check "  the undo button, last in the shared toolbar" sh -c "grep -q 'id=\"f-undo\"' '$tmp/c3.html' && grep -q 'value=\"undo\">Undo my last meld or extension</button>' '$tmp/c3.html' && ! grep -q 'f-vp-undo' '$tmp/c3.html'"
check "carol undoes it" play carol "#f-undo" move=undo
page c4 carol "$G"
panel c4 1 > "$tmp/p1"
check "  back to 3 cards" grep -q 'blue hearts; laid by <strong>alice</strong> · 15 points' "$tmp/p1"
check "  nothing of this turn is left to undo: no undo button" hasnt c4 'id="f-undo"'
# "Confirm before sending" (the account page): the move waits for a
# second post, which the page asking for it makes (without script).
page ac carol "$INST_URL/account"
post acs carol "$INST_URL/account/confirm" "$(form "$tmp/ac.html" /account/confirm confirm=1)"
check "carol asks to confirm her moves: 303 to the saved notice" sh -c "[ \"\$(cat '$tmp/acs.code')\" = 303 ] && grep -q 'saved=confirm' '$tmp/acs.loc'"
page ac2 carol "$INST_URL/account?saved=confirm"
check "  the account page says so, the box ticked" sh -c "grep -q 'Your setting for sending moves is saved.' '$tmp/ac2.html' && grep -q 'name=\"confirm\" value=\"1\" checked' '$tmp/ac2.html'"
page c5 carol "$G"
check "  her toolbar asks for a second tap" has c5 'role="toolbar" aria-labelledby="play-h" data-confirm="1"'
snap
post cm1 carol "$G/move" "$(form "$tmp/c5.html" "#f-vp-add")"
check "  an extension without confirm=1: 200, a page that asks first" sh -c "[ \"\$(cat '$tmp/cm1.code')\" = 200 ] && grep -q 'Send this move?' '$tmp/cm1.html' && grep -q 'You added <abbr title=\"blue heart 3 (3Bh)\">' '$tmp/cm1.html' && grep -q 'name=\"confirm\" value=\"1\"' '$tmp/cm1.html'"
check "  and nothing changed" same_game
post cm2 carol "$G/move" "$(form "$tmp/cm1.html" "#f-confirm-move")"
check "carol extends it again, sending the page's form: 303" [ "$(code cm2)" = 303 ]
post acs2 carol "$INST_URL/account/confirm" "$(form "$tmp/ac2.html" /account/confirm confirm=)"
check "  she turns it off again" sh -c "[ \"\$(cat '$tmp/acs2.code')\" = 303 ] && [ \"\$('$INST/sql' \"SELECT confirm_moves FROM users WHERE name = 'carol'\")\" = 0 ]"
check "  and discards 2Rs" play carol "#f-vp-discard" "move=discard 2Rs"
page a9 alice "$G"
check "  the turn passes to alice: she may draw" has a9 'id="f-vp-draw"'
check "  carol's moves in words" has a9 'carol added <abbr title="blue heart 3 (3Bh)">3B♥</abbr> to the meld of'

page h3 dave "$G/history?ply=3"
check "history at ply 3: 200" [ "$(code h3)" = 200 ]
check "  a spectator's history hides the hands" hides h3 "$BOB $CAROL"
check "  the move in words, with the 4b target" has h3 "in front of bob."
page api2 dave "$INST_URL/api/games/$id"
check "the API for a spectator: 200, no hand" sh -c "[ \"\$(cat '$tmp/api2.code')\" = 200 ] && ! grep -q '\"2Gh\"' '$tmp/api2.html'"

# ---- a second table: a take deep in the chain leaves a card in hand ----
# The same deal but for alice's 1Gc, the upcard now (she holds QYb): she
# draws and discards QYb; bob takes 1Gc, QYb comes along and stays in
# his hand after he melds and discards.  It went in face up, so the
# others' pages show it in his panel, and his penalty's lower bound
# counts its 15 points (not 5).
"$PY" - "$tmp/deal2.json" "$tmp/deal.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[2]))
d = r["decks"][0]
i, j = d.index("1Gc"), d.index("QYb")
d[i], d[j] = d[j], d[i]
r["moves"] = [{"seat": 0, "move": "draw"}, {"seat": 0, "move": "discard QYb"},
    {"seat": 1, "move": "take 1Gc"}, {"seat": 1, "move": "meld 1Rc 1Yc 1Gc @2"},
    {"seat": 1, "move": "discard 3Bt"}]
json.dump(r, open(sys.argv[1], "w"))
PYEOF
id2=$(T import "$tmp/deal2.json" --users alice,bob,carol) ||
    { echo "FAIL: import of the second table"; exit 1; }
page k1 carol "$INST_URL/g/$id2"
panel k1 1 > "$tmp/k1p"
check "second table, carol's page: bob's panel shows the QYb he took" sh -c "grep -q 'Taken from the chain and still held:' '$tmp/k1p' && grep -q '<title>yellow blob question mark (QYb), taken from the chain</title>' '$tmp/k1p'"
check "  his penalty now counts it: at least 15 + 8 x 5" grep -q 'Penalty now <strong>at least 55</strong>' "$tmp/k1p"
page k2 dave "$INST_URL/g/$id2"
check "  a spectator sees it too (public)" has k2 '<title>yellow blob question mark (QYb), taken from the chain</title>'
check "  and no hidden card" hides k2 "1Rb 2Rb 3Gs 4Gt 1Kh 2Ks 4Ys QGc"

page rules anon "$INST_URL/rules/vodkapolis-500"
check "the rule page: 200, with the move notation" sh -c "[ \"\$(cat '$tmp/rules.code')\" = 200 ] && grep -q 'meld 1Rh 2Rh 3Rh @2' '$tmp/rules.html'"
check "  and the page's own words" has rules "penalty now"

[ "$fail" = 0 ] && echo "vodkapolis: all ok"
exit "$fail"
