#!/bin/sh
# six_suit.sh: the Six Suit table pages through a private nginx.
# game: six-suit (tests/cli/games.sh finds each game's tests by this line)
#
# Known 4-seat deals (records with explicit decks, teams=2, dealer
# 3, so alice at seat 0 moves first; alice and carol are team A, bob
# and dave team B) are stored with "topper import" and played through
# the page's own forms, posted with curl as a browser would.
#  1. From the start (free time): alice predicts and proposes a play on
#     bob's 2Rc; the table waits for bob (the veto step).  carol (not
#     the pile's owner), alice (the proposer), a stale ply and a play
#     instead of an answer are refused and write nothing; bob's page
#     has Accept and Reject, the others' say whom the table waits for;
#     bob rejects, his piles are no longer offered, and alice discards;
#     the others' pages and API list her refused 2Gh as a card everyone
#     saw go into her hand.
#  2. After free time (16 moves in the record): alice plays 2Gh on
#     bob's 2Rc, leaving him six hearts: bob is eliminated, a ghost, and
#     the scores say so.  On his ghost turn, a play that matches
#     nothing, a play on his own former pile (an eliminated player), a
#     stale ply and carol out of turn are refused (422/409) and write
#     nothing; his discard is accepted.
#  3. A match the orbit cap ended (deals=1, orbit_cap=3, 24 moves):
#     every hidden card face up on the page and in the history.
#  4. Two players alone: scores by player; in free time only one's own
#     piles are offered, and a play on the other's is refused.
# Every page passes tidy -eq; no page or API answer shows another
# seat's hidden card; the team table names the teams.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave erin

# deal.py OUT early|late: the known deal.  Seat 1 (bob) shows five
# hearts and 2Rc; alice holds 2Gh (a 2: it matches 2Rc).  The stock
# starts with ten natural cards that are no hearts, so "predict QKb"
# never earns extras; "late" adds 8 free-time turns (predict QKb,
# discard the card drawn) and alice's prediction of turn 9.
cat > "$tmp/deal.py" <<'EOF'
import json, sys
allc = [n + c + s for n in "1234Q" for c in "RYGBK" for s in "chtsb"]
tops = {0: "1Gt 2Bs 3Rc 4Yt QGs 1Bb".split(),
    1: "1Rh 2Yh 3Gh 4Bh 1Yh 2Rc".split(),
    2: "2Gt 3Bs 4Rt 1Ys 3Kc 4Gb".split(),
    3: "3Gt 4Bt 1Rs 2Ys QRt 2Kb".split()}
hidden = ["2Gh", "3Yc", "4Ys", "QYc"]
dealt = sum(tops.values(), []) + hidden
stock = [c for c in allc if c not in dealt and not set(c) & set("QKb")
    and c[2] != "h"][:10]
assert " ".join(stock) == "1Rc 1Rt 1Yc 1Yt 1Gc 1Gs 1Bc 1Bt 1Bs 2Rt"
deck = [tops[s][r] for r in range(6) for s in range(4)] + hidden + stock
deck += [c for c in allc if c not in deck]
assert sorted(deck) == sorted(allc)
moves = []
def miss(c):	# a prediction sharing nothing with card c
    return "".join(v[(v.index(x) + 1) % 5] for v, x in
        zip(("1234Q", "RYGBK", "chtsb"), c))
if sys.argv[2] == "two":
    # Two players alone: alice's tops and hidden card, then bob's.
    two = [tops[s][r] for r in range(6) for s in range(2)] + hidden[:2]
    two += [c for c in allc if c not in two]
    json.dump({"game": "six-suit", "notation": 1, "options": {},
        "seats": 2, "dealer": 1, "decks": [two], "moves": [
        {"seat": 0, "move": "predict QKb"}]}, open(sys.argv[1], "w"))
    sys.exit(0)
if sys.argv[2] == "over":
    # 12 natural turns (predict, discard the card drawn): the 3-orbit
    # cap ends the only deal, and the match, with nobody eliminated.
    pile = stock + [c for c in deck if c not in deck[:38]]
    for t in range(12):
        moves += [{"seat": t % 4, "move": "predict " + miss(pile[t])},
            {"seat": t % 4, "move": "discard " + pile[t]}]
    json.dump({"game": "six-suit", "notation": 1, "options": {"teams": 2,
        "deals": 1, "orbit_cap": 3}, "seats": 4, "dealer": 3,
        "decks": [deck], "moves": moves}, open(sys.argv[1], "w"))
    sys.exit(0)
if sys.argv[2] == "late":
    for t in range(8):
        moves += [{"seat": t % 4, "move": "predict QKb"},
            {"seat": t % 4, "move": "discard " + stock[t]}]
    moves.append({"seat": 0, "move": "predict QKb"})
json.dump({"game": "six-suit", "notation": 1, "options": {"teams": 2},
    "seats": 4, "dealer": 3, "decks": [deck], "moves": moves},
    open(sys.argv[1], "w"))
EOF
"$PY" "$tmp/deal.py" "$tmp/early.json" early &&
"$PY" "$tmp/deal.py" "$tmp/late.json" late &&
"$PY" "$tmp/deal.py" "$tmp/over.json" over &&
"$PY" "$tmp/deal.py" "$tmp/two.json" two || { echo "FAIL: deal.py"; exit 1; }
USERS=alice,bob,carol,dave

# refuse NAME WHO BODY STATUS TEXT (this suite's own: a whole BODY, not
# web.sh's ply and move): the POST answers STATUS, the page
# shows TEXT (as HTML) and nothing was written.
refuse() {
	snap
	post "$1" "$2" "$G/move" "$3"
	check "$1: answers $4" [ "$(code "$1")" = "$4" ]
	check "  $1 says: $5" has "$1" "$5"
	check "  $1 wrote nothing" same_game
}

# ==== 1. free time and the veto step ====
id=$(T import "$tmp/early.json" --users $USERS) || { echo "FAIL: import"; exit 1; }
G=$INST_URL/g/$id
page a0 alice "$G"
check "alice's page: 200" [ "$(code a0)" = 200 ]
check "  her hidden card shows" shows a0 2Gh
check "  the others' hidden cards do not" hides a0 "3Yc 4Ys QYc"
check "  every top card shows" shows a0 "1Gt 1Bb 1Rh 2Rc 2Gt 4Gb 3Gt 2Kb"
check "  the score table names both teams" sh -c "grep -q 'Team A' '$tmp/a0.html' && grep -q 'Team B' '$tmp/a0.html'"
check "  each seat says its team in words" has a0 '<span class="tag team"><span class="mark" aria-hidden="true">'
check "  free time is explained" has a0 "free time: natural turn 1 of 8"
check "  the prediction form: three radio groups, the best odds checked" sh -c "grep -q 'id=\"f-predict\"' '$tmp/a0.html' && [ \$(grep -c 'name=\"w[012]\" value=\"[1-4QRYGBKchtsb]\" checked' '$tmp/a0.html') = 3 ]"
page c0 carol "$G"
check "carol's page: no move form" hasnt c0 'name="move"'
check "  hides the others' cards" hides c0 "2Gh 3Yc QYc"
check "  shows her own" shows c0 4Ys
page e0 erin "$G"
check "a spectator sees no hidden card" hides e0 "2Gh 3Yc 4Ys QYc"
curl -sS -b "$tmp/bob.jar" -o "$tmp/api-b.json" "$INST_URL/api/games/$id"
check "bob's API view: his card, not alice's" sh -c "grep -q '3Yc' '$tmp/api-b.json' && ! grep -q '2Gh' '$tmp/api-b.json'"

check "alice predicts QKb through the form (303)" play alice '#f-predict' w0=Q w1=K w2=b
page a1 alice "$G"
check "  she drew 1Rc, both by their faces" has a1 'You predicted ?K☁ and drew 1R●'
check "  bob's 2Rc is a target of f-play" has a1 'value="play on 2Rc @1" form="f-play"'
check "  the center pile is a target (discard)" has a1 'value="discard" form="f-play"'
check "  the Play bar" has a1 'id="f-play"'
check "  the list of every legal play" has a1 'value="play 2Gh on 2Rc @1"'
check "  counted" sh -c "grep -q 'Every legal play as a list ([1-9][0-9]*)' '$tmp/a1.html'"
page b1 bob "$G"
check "bob does not see alice's draw" sh -c "! grep -q 'data-card=\"1Rc\"' '$tmp/b1.html' && grep -q 'drew a card (fewer than 2 matches' '$tmp/b1.html'"
ACSRF=$(csrf_of a1)
refuse r-nomatch alice "csrf=$ACSRF&ply=$(ply_of a1)&move=play+on+3Bs+@2&c0=2Gh" 422 "2Gh and 3Bs share no number, color or suit"
check "alice proposes 2Gh on bob's 2Rc (303)" play alice '#f-play' 'move=play on 2Rc @1' c0=2Gh
page b2 bob "$G"
page c2 carol "$G"
page a2 alice "$G"
check "bob must answer: Accept and Reject" sh -c "grep -q 'value=\"accept\"' '$tmp/b2.html' && grep -q 'value=\"reject\"' '$tmp/b2.html'"
check "  told what the play would do" has b2 "It would"
check "  his seat is tagged to answer" has b2 "to answer"
check "carol sees whom the table waits for" has c2 "bob accepts or rejects it"
check "  and has no form" hasnt c2 'name="move"'
check "alice waits for bob" has a2 "Waiting for bob to accept or reject your play of 2G♥ on their 2R●"
check "carol's last moves call the waiting play a proposal" has c2 'alice proposed to play <abbr title="green heart 2 (2Gh)">2G♥</abbr> on bob’s <abbr'
check "  and has no form" hasnt a2 'name="move"'
B2=$(ply_of b2)
BCSRF=$(csrf_of b2)
refuse r-carol carol "csrf=$(csrf_of c2)&ply=$(ply_of c2)&move=accept" 422 "must first accept or reject the play on its pile"
refuse r-alice alice "csrf=$ACSRF&ply=$(ply_of a2)&move=accept" 422 "must first accept or reject the play on its pile"
refuse r-stale bob "csrf=$BCSRF&ply=$((B2 - 1))&move=accept" 409 "Someone moved first"
refuse r-play bob "csrf=$BCSRF&ply=$B2&move=play+3Yc+on+1Rh" 422 "accept"
check "bob rejects (303)" play bob /g/$id/move move=reject
page a3 alice "$G"
check "alice plays again; bob's piles are no longer offered" sh -c "grep -q 'id=\"f-play\"' '$tmp/a3.html' && ! grep -q 'value=\"play on 2Rc @1\"' '$tmp/a3.html'"
refuse r-again alice "csrf=$ACSRF&ply=$(ply_of a3)&move=play+2Gh+on+2Rc" 422 "already refused"
check "alice discards 1Rc through the form (303)" play alice '#f-play' move=discard c0=1Rc
page b3 bob "$G"
check "  bob's turn now" has b3 'id="f-predict"'
check "  the center shows 1Rc" shows b3 1Rc
check "  alice's refused 2Gh: a hidden card everyone saw" sh -c "grep -q 'Hidden cards: 1; everyone saw these go in:' '$tmp/b3.html' && grep -q 'aria-label=\"alice.s hidden cards that everyone saw\"' '$tmp/b3.html'"
check "  drawn face up" shows b3 2Gh
page c3 carol "$G"
check "  on carol's page too" shows c3 2Gh
curl -sS -b "$tmp/carol.jar" -o "$tmp/api-c3.json" "$INST_URL/api/games/$id"
check "  her API view: alice's known 2Gh, her hidden cards null" "$PY" - "$tmp/api-c3.json" <<'EOF'
import json, sys
def players(o):
    if isinstance(o, dict):
        if isinstance(o.get("players"), list):
            return o["players"]
        for x in o.values():
            p = players(x)
            if p:
                return p
    return None
a = players(json.load(open(sys.argv[1])))[0]
sys.exit(0 if a["known"] == ["2Gh"] and a["hidden"] is None else "alice: %r" % a)
EOF
check "  bob's last moves: alice proposed, he rejected" sh -c "grep -q 'alice proposed to play <abbr title=\"green heart 2 (2Gh)\">2G♥</abbr> on your <abbr' '$tmp/b3.html' && grep -q 'You rejected the play on your pile' '$tmp/b3.html' && ! grep -q 'alice played <abbr title=\"green heart 2 (2Gh)' '$tmp/b3.html'"
page hy carol "$G/history"
check "the history reads the proposal, the answer and the discard" sh -c "grep -q 'alice proposed to play <abbr title=\"green heart 2 (2Gh)\">2G♥</abbr> on bob’s <abbr' '$tmp/hy.html' && grep -q 'bob rejected the play on their pile' '$tmp/hy.html' && grep -q 'alice discarded <abbr title=\"red circle 1 (1Rc)\">1R●</abbr> to the center' '$tmp/hy.html'"

# ==== 2. an elimination, a ghost's refusals ====
id=$(T import "$tmp/late.json" --users $USERS) || { echo "FAIL: import late"; exit 1; }
G=$INST_URL/g/$id
page l0 alice "$G"
check "after free time: the orbit line" has l0 "orbit 3 of at most 40"
check "  bob is one card from a six suit" has l0 "1 card from a six suit"
check "  the list says 2Gh on 2Rc eliminates bob" has l0 "2G♥ on bob&#39;s 2R● (pile 6): eliminates bob"
check "alice plays 2Gh on bob's 2Rc (303)" play alice '#f-play' 'move=play on 2Rc @1' c0=2Gh
page l1 bob "$G"
check "bob is a ghost, eliminated by alice" sh -c "grep -q 'tag ghost' '$tmp/l1.html' && grep -q 'eliminated by alice (1st fall' '$tmp/l1.html'"
check "  his tops are gone" hides l1 "2Yh 3Gh 4Bh 1Yh 2Gh"
check "  the last moves read in words" sh -c "grep -q 'alice played <abbr title=\"green heart 2 (2Gh)\">2G♥</abbr> on your <abbr' '$tmp/l1.html' && grep -q 'carol discarded <abbr title=\"[a-z0-9 ]* (1Bc)\">1B●</abbr> to the center' '$tmp/l1.html'"
check "  the scores: team A 4 + 2, team B 1" "$PY" - "$tmp/l1.html" <<'EOF'
import re, sys
t = open(sys.argv[1]).read()
rows = re.findall(r'Team ([AB]) <small>.*?<td>(-?\d+)</td><td>(-?\d+)</td>', t)
got = {a: int(tot) for a, _, tot in rows}
sys.exit(0 if got == {"A": 6, "B": 1} else "scores %r" % got)
EOF
check "the ghost takes his turn: predict QKb (303)" play bob '#f-predict' w0=Q w1=K w2=b
page l2 bob "$G"
L2=$(ply_of l2)
BCSRF=$(csrf_of l2)
check "  he drew 2Rt" shows l2 2Rt
refuse g-nomatch bob "csrf=$BCSRF&ply=$L2&move=play+on+3Bs+@2&c0=2Rt" 422 "2Rt and 3Bs share no number, color or suit"
refuse g-dead bob "csrf=$BCSRF&ply=$L2&move=play+on+1Rh+@1&c0=2Rt" 422 "1Rh is not the top card of a living player"
refuse g-stale bob "csrf=$BCSRF&ply=$((L2 - 1))&move=discard&c0=2Rt" 409 "Someone moved first"
page l2c carol "$G"
refuse g-turn carol "csrf=$(csrf_of l2c)&ply=$(ply_of l2c)&move=discard+4Ys" 422 "It is not your turn"
check "the ghost discards 2Rt (303)" play bob '#f-play' move=discard c0=2Rt
page l3 carol "$G"
check "carol's turn, the center shows 2Rt" sh -c "grep -q 'id=\"f-predict\"' '$tmp/l3.html' && grep -q 'data-card=\"2Rt\"' '$tmp/l3.html'"
curl -sS -b "$tmp/dave.jar" -o "$tmp/api-d.json" "$INST_URL/api/games/$id"
check "dave's API view: his card, not carol's or alice's" sh -c "! grep -q '4Ys' '$tmp/api-d.json' && ! grep -q '1Bs' '$tmp/api-d.json' && grep -q 'QYc' '$tmp/api-d.json'"
page h1 alice "$INST_URL/g/$id/history?ply=17"
check "the history at ply 17: 200" [ "$(code h1)" = 200 ]
check "  without bob's hidden card (the game is not over)" hides h1 "3Yc"

# ==== 3. a finished match: everything face up ====
id=$(T import "$tmp/over.json" --users $USERS) || { echo "FAIL: import over"; exit 1; }
G=$INST_URL/g/$id
page o0 alice "$G"
check "the orbit cap ended the match: no fall, both teams win" sh -c "grep -q 'The match is over: Team A and Team B win.' '$tmp/o0.html'"
check "  every hidden card is face up now" shows o0 "3Yc 4Ys QYc"
check "  no move form" hasnt o0 'name="move"'
page o1 bob "$INST_URL/g/$id/history?ply=1"
check "its history at ply 1: every hidden card face up" shows o1 "2Gh 3Yc 4Ys QYc"
check "  alice's prediction in words" has o1 "alice predicted"
page o2 anon "$INST_URL/g/$id/history?ply=24"
check "  and at the end, for a spectator too" shows o2 "3Yc 4Ys QYc"

# ==== 4. two players alone ====
id=$(T import "$tmp/two.json" --users alice,bob) || { echo "FAIL: import two"; exit 1; }
G=$INST_URL/g/$id
page t0 alice "$G"
check "two alone: scores by player, no teams" sh -c "grep -q 'Scores (deal 1 of 2)' '$tmp/t0.html' && ! grep -q 'Team A' '$tmp/t0.html'"
check "  free time: only her own piles" has t0 "you may play only on your own piles"
check "  bob's 2Rc is no target" hasnt t0 'value="play on 2Rc @1"'
check "  her own 1Gt is" has t0 'value="play on 1Gt @0"'
refuse t-bob alice "csrf=$(csrf_of t0)&ply=$(ply_of t0)&move=play+on+2Rc+@1&c0=2Gh" 422 "you may play only on your own piles"

page ru anon "$INST_URL/rules/six-suit"
check "the rule page: 200, with the rulings worked through" sh -c "[ \"\$(cat '$tmp/ru.code')\" = 200 ] && grep -q 'The veto step, worked through' '$tmp/ru.html' && grep -q 'What the server does instead of noticing' '$tmp/ru.html' && grep -q 'Totals: <strong>X 5, Y 11</strong>' '$tmp/ru.html'"

check "every page passed tidy -eq" [ "$tidy_fail" = 0 ]
instance_stop || fail=1
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
[ "$fail" -eq 0 ] && echo "six_suit: all passed"
exit "$fail"
