#!/bin/sh
# game_pages.sh: the HTML game pages through a private nginx.
# game: gin-vodka (tests/cli/games.sh finds each game's tests by this line)
#
# A known Gin Vodka deal (a record with explicit decks, target 2) is
# stored with "topper import" for alice (seat 0) and bob (seat 1), and
# the two play the hand to its end through the page's own forms, posted
# with curl as a browser would (every field at its default, the button
# or card chosen): pass, pass, draw, discard, take, discard, draw,
# knock (the knock form as pre-filled), draw, discard.  On the way:
# refused moves answer 403 (no seat, bad CSRF), 409 (stale ply), 422
# (the engine's reason, shown with the position) and 400, and the game
# exports byte for byte the same before and after each; no page shows a
# hidden card of another seat, but the card bob took face up is shown
# under his hand while he holds it; moves read in words; the hand-end panel
# and the winner show.  Then the history at several plies, a finished
# seeded game's seed beside its commitment, the rule pages, the lobby
# (a game against the bot with the no-JavaScript refresh while the bot
# is due, an open table that carol joins, an invitation by name) and
# "my games".  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol

# The deal: dealer 1, so alice (seat 0) is dealt first and acts first.
# Stock from the top: 3Bs, 1Bc, 2Rt, then the rest in id order.
"$PY" - "$tmp/deal.json" <<'EOF'
import json, sys
allc = [n + c + s for n in "1234" for c in "RYGB" for s in "chts"]
alice = "1Rc 2Rc 3Rc 1Yh 1Yt 1Ys 2Gh 3Gh 4Gh 4Bs 4Bc".split()
bob = "4Rc 1Gh 1Bt 2Bt 3Bt 2Yc 3Yc 4Yc 3Rs 4Rt 2Gs".split()
deck = [c for pair in zip(alice, bob) for c in pair] + ["1Rh", "3Bs", "1Bc",
    "2Rt"]
deck += [c for c in allc if c not in deck]
assert sorted(deck) == sorted(allc)
json.dump({"game": "gin-vodka", "notation": 1, "options": {"target": 2},
    "seats": 2, "dealer": 1, "decks": [deck], "moves": []},
    open(sys.argv[1], "w"))
EOF
id=$(T import "$tmp/deal.json" --users alice,bob) ||
    { echo "FAIL: import"; exit 1; }
ALICE="1Rc 2Rc 3Rc 1Yh 1Yt 1Ys 2Gh 3Gh 4Gh 4Bs 4Bc"
BOB="4Rc 1Gh 1Bt 2Bt 3Bt 2Yc 3Yc 4Yc 3Rs 4Rt 2Gs"
G=$INST_URL/g/$id

# ---- ply 0 ----
page a0 alice "$G"
check "alice's game page: 200" [ "$(code a0)" = 200 ]
check "alice sees her hand" shows a0 "$ALICE"
check "alice does not see bob's" hides a0 "$BOB"
check "alice is offered pass and take" sh -c "grep -q 'value=\"pass\"' '$tmp/a0.html' && grep -q 'value=\"take\"' '$tmp/a0.html'"
check "the cards read in words" has a0 '<title>red circle 1 (1Rc)</title>'
check "the upcard shows" has a0 'data-card="1Rh"'
check "no refresh while no bot is due" sh -c "! grep -q 'http-equiv=\"refresh\"' '$tmp/a0.html'"
check "the page polls (game.js) on the player's turn too (the quiet rule)" has a0 'data-poll="1"'
page b0 bob "$G"
check "bob: his cards" shows b0 "$BOB"
check "bob: not alice's" hides b0 "$ALICE"
check "bob has no move form" sh -c "! grep -q 'name=\"move\"' '$tmp/b0.html'"
check "bob's page polls" has b0 'data-poll="1"'
page c0 carol "$G"
check "spectator: 200, neither hand" sh -c "[ \"\$(cat '$tmp/c0.code')\" = 200 ]"
check "spectator sees no hidden card" hides c0 "$ALICE $BOB"
page n0 anon "$G"
check "anonymous spectator: 200 without cards" sh -c "[ \"\$(cat '$tmp/n0.code')\" = 200 ]"
check "anonymous sees no hidden card" hides n0 "$ALICE $BOB"

# Refusals at ply 0, each writing nothing.
snap
ACSRF=$(csrf_of a0)
CCSRF=$(csrf_of c0)
post r1 carol "$G/move" "csrf=$CCSRF&ply=0&move=pass"
check "carol holds no seat: 403" [ "$(code r1)" = 403 ]
check "  and nothing was written" same_game
post r2 alice "$G/move" "csrf=x$ACSRF&ply=0&move=pass"
check "wrong CSRF token: 403" [ "$(code r2)" = 403 ]
post r3 alice "$G/move" "ply=0&move=pass"
check "no CSRF token: 403" [ "$(code r3)" = 403 ]
post r4 anon "$G/move" "csrf=$ACSRF&ply=0&move=pass"
check "nobody signed in: 403" [ "$(code r4)" = 403 ]
check "  and nothing was written" same_game
post r5 alice "$G/move" "csrf=$ACSRF&ply=0&move=draw"
check "draw in the opening: 422" [ "$(code r5)" = 422 ]
check "  with the engine's reason" has r5 "In the opening you may take the upcard or pass"
check "  shown with the position" shows r5 "$ALICE"
check "  and nothing was written" same_game
post r6 alice "$G/move" "csrf=$ACSRF&ply=0&move=flurb+9Zq"
check "an unreadable move: 422" [ "$(code r6)" = 422 ]
post r7 alice "$G/move" "csrf=$ACSRF&move=pass"
check "no ply: 400" [ "$(code r7)" = 400 ]
post r8 alice "$G/move" "csrf=$ACSRF&ply=3&move=pass"
check "a ply beyond the game: 409" [ "$(code r8)" = 409 ]
BCSRF=$(csrf_of b0)
post r9 bob "$G/move" "csrf=$BCSRF&ply=0&move=pass"
check "bob out of turn: 422" [ "$(code r9)" = 422 ]
post r10 alice "$INST_URL/g/99999/move" "csrf=$ACSRF&ply=0&move=pass"
check "no such game: 404" [ "$(code r10)" = 404 ]
check "after all that, the game is byte for byte the same" same_game

# ---- the opening ----
check "alice passes (303)" play alice /g/$id/move move=pass
check "  redirected to the game page" [ "$(cat "$tmp/mv.loc")" = "$G" ]
snap
post s1 alice "$G/move" "$(form "$tmp/a0.html" /g/$id/move move=take)"
check "alice's old form (ply 0) is stale: 409" [ "$(code s1)" = 409 ]
check "  with the new position" has s1 "Someone moved first"
check "  and nothing was written" same_game
post s2 bob "$G/move" "csrf=$BCSRF&ply=0&move=pass"
check "bob's form from ply 0 is stale too: 409" [ "$(code s2)" = 409 ]
check "  and nothing was written" same_game
check "bob passes" play bob /g/$id/move move=pass
page a2 alice "$G"
check "alice reads the opening in words" has a2 "bob passed on the upcard."
check "alice may only draw now" sh -c "grep -q 'value=\"draw\"' '$tmp/a2.html' && ! grep -q 'value=\"take\"' '$tmp/a2.html'"
check "alice draws" play alice /g/$id/move move=draw
page a3 alice "$G"
check "alice sees the card she drew (3Bs), marked" has a3 '<title>blue square 3 (3Bs), drawn this turn</title>'
check "the discard pick offers her cards" has a3 'value="discard 4Bs" form="f-discard"'
check "she may not knock yet (13 deadwood)" sh -c "! grep -q 'id=\"f-knock\"' '$tmp/a3.html'"
page b3 bob "$G"
check "bob does not see the card alice drew" hides b3 "3Bs $ALICE"
check "bob reads: alice drew from the stock" has b3 "alice drew from the stock."

# A discard through the pick form (the radio chosen, the rest default).
check "alice discards 4Bs" play alice '#f-discard' 'move=discard 4Bs'
check "bob takes it" play bob /g/$id/move move=take
snap
page b5 bob "$G"
post r11 bob "$G/move" "$(form "$tmp/b5.html" '#f-discard' 'move=discard 4Bs')"
check "bob may not discard the card he took: 422" [ "$(code r11)" = 422 ]
check "  with the engine's reason" has r11 "other than 4Bs"
check "  and nothing was written" same_game
check "the card he took is not selectable" has b5 'value="discard 4Bs" form="f-discard" required disabled'
check "bob discards 2Gs" play bob '#f-discard' 'move=discard 2Gs'
page a6 alice "$G"
check "alice reads: bob took 4Bs" has a6 'bob took <abbr title="blue square 4 (4Bs)">4B■</abbr>, from the discard pile.'
check "  and sees it under his hand's backs: taken face up, so public" sh -c "grep -q 'Taken from the discard pile and still held:' '$tmp/a6.html' && grep -q '<title>blue square 4 (4Bs), taken from the discard pile</title>' '$tmp/a6.html'"
check "alice draws 1Bc" play alice /g/$id/move move=draw

# History while the game runs: from bob's seat, alice's hand stays hidden.
page hb bob "$G/history?ply=4"
check "history (bob, ply 4): 200" [ "$(code hb)" = 200 ]
check "  shows bob's hand" shows hb "$BOB"
check "  hides alice's (4Bs lies on the pile)" hides hb "${ALICE% 4Bs 4Bc} 4Bc 3Bs"
check "  no seed before the end" sh -c "! grep -q 'the seed is public' '$tmp/hb.html'"

# ---- the knock, as the knock form is pre-filled ----
page a7 alice "$G"
check "the knock form is there" has a7 'id="f-knock"'
check "pre-filled with the lowest deadwood (9, discarding 3Bs)" \
    sh -c "grep -q '<option value=\"3Bs\" data-melds=\"1Rc 2Rc 3Rc|1Yh 1Yt 1Ys|2Gh 3Gh 4Gh\" selected>' '$tmp/a7.html'"
snap
# Move 1Rc out of its meld: red circles 2Rc 3Rc are no meld.
post r12 alice "$G/move" "$(form "$tmp/a7.html" '#f-knock' k0=1Rc:0)"
check "a knock with a broken meld: 422" [ "$(code r12)" = 422 ]
check "  and nothing was written" same_game
post r13 alice "$G/move" "$(form "$tmp/a7.html" '#f-knock' k0=1Rc:9)"
check "a knock field that does not read: 422" [ "$(code r13)" = 422 ]
check "  and nothing was written" same_game
check "alice knocks with the pre-filled form" play alice '#f-knock'
page b8 bob "$G"
check "bob sees the knock and its melds" has b8 "alice knocked"
check "bob reads the knock in words" has b8 'alice knocked, discarding <abbr title="blue square 3 (3Bs)">3B■</abbr>, with melds'
check "bob may draw or take the knock discard" sh -c "grep -q 'value=\"draw\"' '$tmp/b8.html' && grep -q 'value=\"take\"' '$tmp/b8.html'"
check "the knocker shows her deadwood too" shows b8 "4Bc 1Bc"
check "bob draws" play bob /g/$id/move move=draw
check "bob discards 4Bs: the hand ends" play bob '#f-discard' 'move=discard 4Bs'

# ---- the end ----
page a9 alice "$G"
check "alice wins" has a9 "Game over: you win with 2 points."
check "the hand-end panel: lay-offs and scores" has a9 "You knocked with 9 deadwood, discarding 3B■; bob laid off 2 cards and kept 11 deadwood. You score 11 - 9 = 2."
check "  both arrangements, face up" shows a9 "$ALICE 1Bc 2Rt"
page b9 bob "$G"
check "bob reads it in the third person" has b9 "alice scores 11 - 9 = 2."
check "no move form once over" sh -c "! grep -q 'name=\"ply\"' '$tmp/b9.html'"
snap
post r14 alice "$G/move" "csrf=$ACSRF&ply=10&move=draw"
check "a move after the end: 422" [ "$(code r14)" = 422 ]
check "  and nothing was written" same_game
check "the stored game replays to its snapshot" sh -c "'$TOPPER' export $id --config '$INST_CONF' 2>/dev/null | '$TOPPER' play - > /dev/null"

# ---- history ----
page h0 alice "$G/history?ply=0"
check "history at ply 0: the deal" has h0 "Position after move 0 of 10: the deal."
check "  no previous step" has h0 '<span aria-disabled="true">Previous</span>'
check "  next is ply 1" has h0 "history?ply=1\" id=\"step-next\""
page h5 carol "$G/history?ply=5"
check "history at ply 5: bob took 4Bs" has h5 "Position after move 5 of 10: bob took"
check "  every move in words and text" sh -c "grep -q '<code>knock 3Bs | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys | 2Gh 3Gh 4Gh</code>' '$tmp/h5.html'"
check "  over, so every hand is face up, even to a spectator" shows h5 "$BOB 4Bs"
check "  the step links" sh -c "grep -q 'history?ply=4\" id=\"step-prev\"' '$tmp/h5.html' && grep -q 'history?ply=6\" id=\"step-next\"' '$tmp/h5.html'"
check "  and the ply form" has h5 '<input id="ply-input" name="ply" type="number" min="0" max="10" value="5">'
page h10 alice "$G/history"
check "history without a ply: the last" has h10 "Position after move 10 of 10"
check "  the hand's end" has h10 "End of hand 1 (knock): You +2."
page h99 alice "$G/history?ply=99"
check "a ply past the end shows the last" has h99 "Position after move 10 of 10"
check "imported from decks: no seed" has h10 "so it has no seed to check"

# A finished seeded game: the seed beside the commitment.
sid=$(T import tests/records/gin-vodka-seed.json --users alice,bob) ||
    echo "FAIL: import the seeded game"
page hs carol "$INST_URL/g/$sid/history?ply=3"
seed=$("$PY" -c 'import json; print(json.load(open("tests/records/gin-vodka-seed.json"))["seed"])')
commit=$(printf %s "$seed" | xxd -r -p | sha256sum | cut -d' ' -f1)
check "seeded game: the commitment" has hs "$commit"
check "  the seed, once over" has hs "$seed"
check "  how to check it" has hs "SHA-256"
page gs alice "$INST_URL/g/$sid"
check "its game page shows both" sh -c "grep -q '$seed' '$tmp/gs.html' && grep -q '$commit' '$tmp/gs.html'"

# ---- rules ----
page ru anon "$INST_URL/rules"
check "rules index lists Gin Vodka" has ru 'href="/rules/gin-vodka"'
page rg anon "$INST_URL/rules/gin-vodka"
check "the Gin Vodka rule page" sh -c "[ \"\$(cat '$tmp/rg.code')\" = 200 ] && grep -q '<h1>Gin Vodka</h1>' '$tmp/rg.html'"
check "  its rulings" has rg "Our rulings"
page rx anon "$INST_URL/rules/no-such-game"
check "an unknown rule page: 404" [ "$(code rx)" = 404 ]
page ry anon "$INST_URL/rules/..gin-vodka"
check "a slug with dots: 404" [ "$(code ry)" = 404 ]

# ---- lobby ----
page lo alice "$INST_URL/lobby"
check "the lobby" sh -c "[ \"\$(cat '$tmp/lo.code')\" = 200 ] && grep -q 'New game of Gin Vodka' '$tmp/lo.html'"
check "  with the table options' defaults" sh -c "grep -q 'name=\"target\" type=\"number\" min=\"1\" max=\"10000\" value=\"50\"' '$tmp/lo.html' && grep -q 'value=\"2\" required' '$tmp/lo.html'"
page ln anon "$INST_URL/lobby"
check "the lobby needs a login" [ "$(code ln)" = 303 ]
post nb alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new opponent=bot target=20)"
check "a game against the bot: 303" [ "$(code nb)" = 303 ]
bid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/nb.loc")
page gb alice "$INST_URL/g/$bid"
check "  the bot sits at the table" has gb '<span class="tag">bot</span>'
check "  target 20" has gb "playing to 20 points"
# Whoever acts first, within one opening move the bot is due; the page
# then refreshes itself (no worker runs here, so the bot stays due).
if ! has gb 'http-equiv="refresh"'; then
	check "  alice is to act, no refresh" has gb "Your turn"
	post gbp alice "$INST_URL/g/$bid/move" \
	    "$(form "$tmp/gb.html" "/g/$bid/move" move=pass)"
	check "  alice passes: 303" [ "$(code gbp)" = 303 ]
	page gb alice "$INST_URL/g/$bid"
fi
check "  while the bot is due the page refreshes itself" has gb '<meta http-equiv="refresh" content="5">'
post no alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new opponent=open recycle_cap=3)"
check "an open table: 303" [ "$(code no)" = 303 ]
oid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/no.loc")
page go alice "$INST_URL/g/$oid"
check "  waits for a player" has go "This table waits for another player"
snap_open() { T export "$oid" 2>/dev/null; }
snap_open > "$tmp/open-before.json"
post ro alice "$INST_URL/g/$oid/move" "csrf=$ACSRF&ply=0&move=pass"
check "  no move before the table is full: 409" [ "$(code ro)" = 409 ]
check "  and nothing was written" sh -c "'$TOPPER' export $oid --config '$INST_CONF' 2>/dev/null | cmp -s - '$tmp/open-before.json'"
page lc carol "$INST_URL/lobby"
check "carol sees the open table" has lc "action=\"/g/$oid/join\""
post jc carol "$INST_URL/g/$oid/join" "$(form "$tmp/lc.html" "/g/$oid/join")"
check "carol joins: 303" [ "$(code jc)" = 303 ]
page gc carol "$INST_URL/g/$oid"
check "  and holds a seat with cards" sh -c "grep -q 'Your hand' '$tmp/gc.html' && ! grep -q 'waits for another player' '$tmp/gc.html'"
post jc2 bob "$INST_URL/g/$oid/join" "csrf=$BCSRF"
check "no seat left for bob: 409" [ "$(code jc2)" = 409 ]
post ni alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new opponent=invite invitee=nobody)"
check "inviting an unknown name: 422" [ "$(code ni)" = 422 ]
check "  says so" has ni 'There is no player named &quot;nobody&quot;.'
post nt alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new target=0)"
check "target 0: refused" sh -c "[ \"\$(cat '$tmp/nt.code')\" = 400 ]"
post nv alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new opponent=invite invitee=bob)"
check "inviting bob: 303" [ "$(code nv)" = 303 ]
vid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/nv.loc")

# ---- my games ----
page mg bob "$INST_URL/games"
check "bob's games: 200" [ "$(code mg)" = 200 ]
check "  lists the invitation" has mg "href=\"/g/$vid\""
check "  and the finished game, with the score" sh -c "grep -q 'Finished' '$tmp/mg.html' && grep -q 'You 0, alice 2' '$tmp/mg.html'"
page ma alice "$INST_URL/games"
check "alice's games: her turn first" "$PY" - "$tmp/ma.html" <<'EOF'
import sys
t = open(sys.argv[1]).read()
i, j, k = t.find('Your turn</h2>'), t.find('Waiting for others</h2>'), t.find('Finished</h2>')
sys.exit(0 if -1 < j and -1 < k and (i == -1 or i < j) and j < k else 1)
EOF
check "  you won, in words" has ma "You won"

check "every page passed tidy -eq" [ "$tidy_fail" = 0 ]
instance_stop || fail=1
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
[ "$fail" -eq 0 ] && echo "game_pages: all passed"
exit "$fail"
