#!/bin/sh
# turns.sh: "your turn, everywhere" (issue 17): the count of games
# waiting for you in every page's header and title, the poll's count,
# "Next game" to the waiting game with the least time left, "My games"
# sorted by time left, and the personal Atom feed at a secret URL
# (validated with xml.etree and the elements RFC 4287 requires), which
# a new token or a revocation turns into a 404.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
. tests/e2e/lib/web.sh
cleanup() {
	instance_stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
start=$(date +%s)
instance_start || { echo "FAIL: instance did not start"; exit 1; }

users alice bob carol

# Three games in which alice (seat 0) acts first.
import_g1
g1=$id
g2=$(T import "$tmp/deal.json" --users alice,carol) || { echo "FAIL: import"; exit 1; }
g3=$(T import "$tmp/deal.json" --users alice,bob) || { echo "FAIL: import"; exit 1; }
now=$(date +%s)
# Time left: g2 the least, then g3, then g1.
sql "UPDATE seats SET deadline = $now + 3000 WHERE game = $g1 AND seat = 0;
    UPDATE seats SET deadline = $now + 1000 WHERE game = $g2 AND seat = 0;
    UPDATE seats SET deadline = $now + 2000 WHERE game = $g3 AND seat = 0"

page lo alice "$INST_URL/lobby"
check "the header counts 3 games waiting for alice" has lo 'id="turns" data-n="3">'
check "the title starts with (3)" has lo '<title>(3) Lobby - Topper</title>'
page lb bob "$INST_URL/lobby"
check "bob: nothing waits, the count is hidden" has lb 'id="turns" data-n="0" hidden>'
check "bob's title has no count" has lb '<title>Lobby - Topper</title>'
page an anon "$INST_URL/rules"
check "anonymous pages have no count" hasnt an 'id="turns"'

page mg alice "$INST_URL/games"
order=$(sed -n '/id="turn-h"/,/<\/section>/p' "$tmp/mg.html" |
    grep -o 'href="/g/[0-9]*"' | sed 's/[^0-9]//g' | uniq | tr '\n' ' ')
check "My games: your turn, least time left first ($order)" [ "$order" = "$g2 $g3 $g1 " ]

# alice moves in g1 (the form, as a browser sends it).
page a1 alice "$INST_URL/g/$g1"
check "alice's turn: no next-game button" hasnt a1 'id="next-game"'
check "the game page's title has the count" has a1 '<title>(3) '
csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' "$tmp/a1.html" | head -1)
post mv alice "$INST_URL/g/$g1/move" "csrf=$csrf&ply=0&move=pass"
check "alice passes: 303" [ "$(code mv)" = 303 ]
page a2 alice "$INST_URL/g/$g1"
check "after her move: Next game goes to the least time left (#$g2)" \
    has a2 "<a href=\"/g/$g2\" id=\"next-game\">"
check "  and the count is 2" has a2 'id="turns" data-n="2">'
curl -sS -b "$tmp/alice.jar" -o "$tmp/poll.json" "$INST_URL/api/games/$g1/ply"
check "the poll says 2 waiting" grep -q '"waiting":2' "$tmp/poll.json"
curl -sS -o "$tmp/poll0.json" "$INST_URL/api/games/$g1/ply"
check "an anonymous poll has no count" sh -c "! grep -q waiting '$tmp/poll0.json'"
page b1 bob "$INST_URL/g/$g1"
check "bob's turn now: his title counts it" has b1 '<title>(1) '

# The feed.
acsrf=$(session_csrf "$tmp/alice.jar")
post fd alice "$INST_URL/account/feed" "csrf=$acsrf"
check "making a feed: 200" [ "$(code fd)" = 200 ]
url=$(sed -n 's/.*id="feed-url"[^>]*value="\([^"]*\)".*/\1/p' "$tmp/fd.html" | head -1)
check "the page shows its URL" sh -c "printf '%s' '$url' | grep -q '/feed/[A-Za-z0-9_-]\{43\}\.atom$'"
c=$(curl -sS -o "$tmp/feed.xml" -D "$tmp/feed.h" -w '%{http_code}' "$url")
check "the feed answers 200 without a login" [ "$c" = 200 ]
check "  as application/atom+xml" grep -qi '^content-type: application/atom+xml' "$tmp/feed.h"
cat > "$tmp/atom.py" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
A = "{http://www.w3.org/2005/Atom}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == A + "feed", root.tag
for t in ("id", "title", "updated"):
    assert root.find(A + t) is not None and root.find(A + t).text, "feed " + t
assert root.find(A + "author/" + A + "name") is not None, "author"
out = []
for e in root.findall(A + "entry"):
    for t in ("id", "title", "updated"):
        assert e.find(A + t) is not None and e.find(A + t).text, "entry " + t
    l = e.find(A + "link")
    assert l is not None and l.get("href"), "entry link"
    out.append(l.get("href").rsplit("/", 1)[1])
print(" ".join(out))
PYEOF
entries=$("$PY" "$tmp/atom.py" "$tmp/feed.xml" 2> "$tmp/atom.err")
check "it parses as Atom with the required elements" [ $? = 0 ]
cat "$tmp/atom.err"
check "two entries, least time left first ($entries)" [ "$entries" = "$g2 $g3" ]
check "the feed says whose it is" grep -q "games waiting for alice" "$tmp/feed.xml"
tok=${url##*/feed/}
bad="${url%/feed/*}/feed/$(printf '%s' "$tok" | cut -c1 | tr 'A-Za-z0-9_-' 'B-ZAb-za1-90-_')$(printf '%s' "$tok" | cut -c2-)"
check "a changed token: 404" [ "$(curl -sS -o /dev/null -w '%{http_code}' "$bad")" = 404 ]
check "no .atom: 404" [ "$(curl -sS -o /dev/null -w '%{http_code}' "${url%.atom}")" = 404 ]
post fd2 alice "$INST_URL/account/feed" "csrf=$acsrf"
url2=$(sed -n 's/.*id="feed-url"[^>]*value="\([^"]*\)".*/\1/p' "$tmp/fd2.html" | head -1)
check "a new feed URL" [ -n "$url2" ] && [ "$url2" != "$url" ]
check "the old one answers 404" [ "$(curl -sS -o /dev/null -w '%{http_code}' "$url")" = 404 ]
check "the new one 200" [ "$(curl -sS -o /dev/null -w '%{http_code}' "$url2")" = 200 ]
post rv alice "$INST_URL/account/feed/revoke" "csrf=$acsrf"
check "revoking: 200" [ "$(code rv)" = 200 ] && has rv "revoked"
check "the revoked URL answers 404" [ "$(curl -sS -o /dev/null -w '%{http_code}' "$url2")" = 404 ]
post rx alice "$INST_URL/account/feed" "csrf=wrong"
check "making a feed without the form's token: 403" [ "$(code rx)" = 403 ]
page ac alice "$INST_URL/account"
check "the account page offers the feed and notifications" has ac 'action="/account/feed/revoke"' && has ac 'id="notify-on"'

instance_stop || fail=1
echo "turns.sh: $(( $(date +%s) - start )) s"
exit $fail
