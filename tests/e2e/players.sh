#!/bin/sh
# players.sh: the player pages and blocking.
#
# /u/NAME shows when the player joined, games running and finished with
# the player's result, a rating per game with its plot (an SVG drawn by
# the server, one point per rated game), the head-to-head record against
# the signed-in viewer, and never the e-mail address; /u/NAME.json says
# the same as JSON.  Blocking: carol blocks bob, and bob can no longer
# seat her by name from the lobby (alice still can); unblocking lifts it.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave

# alice beats bob, bob beats alice, bob's faction beats alice's.
g1=$(T import tests/records/gin-vodka-g1-gin.json --users alice,bob --rated)
g2=$(T import tests/records/gin-vodka-decks.json --users bob,alice --rated)
g3=$(T import tests/records/six-suit-bots.json --users alice,bob,carol,dave --rated)
run=$(T import tests/records/gin-vodka-in-progress.json --users alice,carol)

page ua bob "$INST_URL/u/alice"
check "/u/alice: 200" [ "$(code ua)" = 200 ]
check "member since" has ua "Member since"
check "no e-mail address on the page" hasnt ua "alice@example.org"
check "the running game is listed" has ua "<li data-game=\"$run\">"
check "the finished games with alice's result" sh -c "grep 'data-game=\"$g1\"' '$tmp/ua.html' | grep -q 'Won, 39 points' && grep 'data-game=\"$g2\"' '$tmp/ua.html' | grep -q 'Place 2'"
check "a rating per game played rated" sh -c "grep -q 'data-slug=\"gin-vodka\"' '$tmp/ua.html' && grep -q 'data-slug=\"six-suit\"' '$tmp/ua.html'"
check "the Gin Vodka plot has one point per rated game" sh -c "grep 'data-slug=\"gin-vodka\"' '$tmp/ua.html' | grep -o 'points=\"[^\"]*\"' | grep -q '^points=\"[0-9.]*,[0-9.]* [0-9.]*,[0-9.]*\"$'"
check "the plot is labelled for screen readers" has ua 'aria-label="Rating of alice in Gin Vodka after each rated game"'
check "head to head, as bob sees it: ahead 2, behind 1" sh -c "grep -q 'data-h2h=\"won\">2<' '$tmp/ua.html' && grep -q 'data-h2h=\"lost\">1<' '$tmp/ua.html' && grep -q 'data-h2h=\"drawn\">0<' '$tmp/ua.html'"
page uaa alice "$INST_URL/u/alice"
check "no head to head on one's own page" hasnt uaa 'id="h2h"'
check "no block button on one's own page" hasnt uaa 'block-form'
page uan anon "$INST_URL/u/alice"
check "anyone may read it, without a head to head" sh -c "[ \"\$(cat '$tmp/uan.code')\" = 200 ] && ! grep -q 'id=\"h2h\"' '$tmp/uan.html'"
page ux anon "$INST_URL/u/nobody"
check "no such player: 404" [ "$(code ux)" = 404 ]

curl -sS -b "$tmp/bob.jar" -o "$tmp/ua.json" -w '%{http_code} %{content_type}' "$INST_URL/u/alice.json" > "$tmp/uaj.code"
check "/u/alice.json: 200, JSON" grep -q '^200 application/json' "$tmp/uaj.code"
"$PY" - "$tmp/ua.json" "$g1" "$run" > "$tmp/uaj.out" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
g1, run = int(sys.argv[2]), int(sys.argv[3])
r = {x["slug"]: x for x in d["ratings"]}
print("name", d["name"])
print("running", [g["id"] for g in d["running"]] == [run])
fin = {g["id"]: g for g in d["finished"]}
print("g1won", [p["won"] for p in fin[g1]["players"]] == [True, False])
print("gv", r["gin-vodka"]["games"], len(r["gin-vodka"]["history"]))
print("first", r["gin-vodka"]["history"][0]["rating"])
print("vs", d["vs_you"])
print("email", "example.org" in open(sys.argv[1]).read())
PYEOF
check "json: the name" grep -q '^name alice$' "$tmp/uaj.out"
check "json: the running game" grep -q '^running True$' "$tmp/uaj.out"
check "json: results" grep -q '^g1won True$' "$tmp/uaj.out"
check "json: two rated Gin Vodka games in the history" grep -q '^gv 2 2$' "$tmp/uaj.out"
check "json: the first point is the rating after game 1 (1662.31)" grep -q '^first 1662.31$' "$tmp/uaj.out"
check "json: head to head for the viewer" grep -q "^vs {'won': 2, 'lost': 1, 'drawn': 0}$" "$tmp/uaj.out"
check "json: no e-mail" grep -q '^email False$' "$tmp/uaj.out"
curl -sS -o "$tmp/nx.json" -w '%{http_code}' "$INST_URL/u/nobody.json" > "$tmp/nx.code"
check "json: no such player: 404 as JSON" sh -c "[ \"\$(cat '$tmp/nx.code')\" = 404 ] && grep -q '\"error\"' '$tmp/nx.json'"

# ---- blocking ----
page uc carol "$INST_URL/u/bob"
check "carol sees a block button on bob's page" has uc 'id="block-form"'
post blk carol "$INST_URL/u/bob/block" "$(form "$tmp/uc.html" "#block-form")"
check "carol blocks bob: 303 back to his page" [ "$(code blk)" = 303 ]
check "  stored" [ "$(sql "SELECT count(*) FROM blocks b JOIN users u ON u.id = b.user WHERE u.name = 'carol'")" = 1 ]
page uc2 carol "$INST_URL/u/bob"
check "  and the page offers to unblock" has uc2 "Unblock bob"
page ucc carol "$INST_URL/u/carol"
check "carol's own page lists whom she blocks" sh -c "grep 'id=\"blocks\"' '$tmp/ucc.html' | grep -q 'href=\"/u/bob\"'"
page ucb bob "$INST_URL/u/carol"
check "  no one else sees that list" hasnt ucb 'id="blocks"'
page lb bob "$INST_URL/lobby"
post inv bob "$INST_URL/lobby/new" "$(form "$tmp/lb.html" "#new-form-gin-vodka" opponent=invite invitee=carol)"
check "bob cannot seat carol by name: 422" [ "$(code inv)" = 422 ]
check "  with the reason" has inv "carol does not take invitations from you."
check "  and no game was made for them" sh -c "[ \"\$('$INST/sql' \"SELECT count(*) FROM games g JOIN seats s ON s.game = g.id JOIN users u ON u.id = s.user WHERE u.name = 'carol'\")\" = 2 ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM invitations i JOIN users u ON u.id = i.user WHERE u.name = 'carol'\")\" = 0 ]"
page la alice "$INST_URL/lobby"
post inv2 alice "$INST_URL/lobby/new" "$(form "$tmp/la.html" "#new-form-gin-vodka" opponent=invite invitee=carol)"
check "alice still can" [ "$(code inv2)" = 303 ]
check "  (a seat at alice's new table waits for carol)" [ "$(sql "SELECT count(*) FROM invitations i JOIN users u ON u.id = i.user WHERE u.name = 'carol' AND i.answer IS NULL")" = 1 ]
post ub carol "$INST_URL/u/bob/block" "$(form "$tmp/uc2.html" "#block-form")"
check "carol unblocks bob" [ "$(sql "SELECT count(*) FROM blocks")" = 0 ]
post inv3 bob "$INST_URL/lobby/new" "$(form "$tmp/lb.html" "#new-form-gin-vodka" opponent=invite invitee=carol)"
check "  and bob can seat her again" [ "$(code inv3)" = 303 ]
post self alice "$INST_URL/u/alice/block" "csrf=$(csrf_of la)&block=1"
check "no one blocks themselves: 400" [ "$(code self)" = 400 ]
post nocsrf alice "$INST_URL/u/bob/block" "block=1"
check "a block without the CSRF token: 403" [ "$(code nocsrf)" = 403 ]

instance_stop || fail=1
[ "$fail" -eq 0 ] && echo "players: all passed"
exit "$fail"
