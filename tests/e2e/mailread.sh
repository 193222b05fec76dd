#!/bin/sh
# mailread.sh: mail that reads well (issue 17).  A turn mail gives the
# deadline in the reader's own zone; its HTML part is one column at most
# 600 px wide, breaks long addresses, and shows the move links as
# buttons, and the position with the cards' faces (10♥, 3R♥)
# where the text lists the hand in notation (a reply types it); the
# moves in words read by their faces in both parts; the game-over mail says who won
# from the reader's side with the final scores and no hand.
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
OUT=$tmp/out
mkdir -p "$OUT"
INSTANCE_CONF="mail.smtp_url = dir:$OUT
mail.from = Topper <topper@example.org>"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
W() { T worker --once "$@" >> "$INST/log/worker-once.log" 2>&1; }
# part FILE TYPE: the decoded text/plain or text/html part of a mail.
part() { "$PY" -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == sys.argv[2]:
        sys.stdout.write(p.get_payload(decode=True).decode())' "$1" "$2"; }

users alice bob
bcsrf=$(session_csrf "$tmp/bob.jar")
post tz bob "$INST_URL/account/tz" "csrf=$bcsrf&tz=America/New_York"
check "bob lives in New York" [ "$(sql "SELECT tz FROM users WHERE name = 'bob'")" = America/New_York ]

# 1. A turn mail: the deadline in bob's zone, buttons in the HTML.
import_g1
page a0 alice "$INST_URL/g/$id"
post p0 alice "$INST_URL/g/$id/move" "csrf=$(csrf_of a0)&ply=0&move=pass"
W
f=$(grep -l "^To: .*bob@example.org" "$OUT"/*.eml | head -1)
check "bob's turn mail" [ -n "$f" ]
part "$f" text/plain > "$tmp/t1.txt"
part "$f" text/html > "$tmp/t1.html"
cat "$tmp/t1.txt"
check "it gives the deadline in bob's zone (EST)" \
    grep -q "^Your move is due by 20[0-9-]* [0-9:]* EST ([0-9dh ]* left)\.$" "$tmp/t1.txt"
check "the HTML part is one column of at most 600 px" grep -q "max-width:600px" "$tmp/t1.html"
check "  long words and addresses break" grep -q "overflow-wrap:anywhere" "$tmp/t1.html"
check "  each move link is a button" [ "$(grep -c '<a style="display:inline-block[^"]*" href="[^"]*/m/[A-Za-z0-9_-]\{47\}">\(pass\|take\)</a>' "$tmp/t1.html")" = 2 ]
check "  the indentation of the moves so far is kept" grep -q "&nbsp;&nbsp;alice passed" "$tmp/t1.html"
check "  addresses are links" grep -q "<a href=\"$INST_URL/account\">" "$tmp/t1.html"
check "  a full stop after an address is not in its link" grep -q "<a href=\"$INST_URL\">$INST_URL</a>\.<br>" "$tmp/t1.html"
check "  it parses as HTML (tidy)" sh -c "tidy -eq '$tmp/t1.html' > /dev/null 2>&1; [ \$? -le 1 ]"
check "  its hand shows the cards' faces (Triple Topper: as the pages name them)" \
    grep -q "Your cards: <b>1B▲</b>, <b>2R♥</b>, <b>2Y■</b>," "$tmp/t1.html"
check "  and no notation on that line" sh -c "! grep 'Your cards:' '$tmp/t1.html' | grep -q '1Bt'"
check "  the text part keeps the notation (a reply types it)" grep -q "^Your cards: 1Bt 2Rh 2Ys" "$tmp/t1.txt"
# What a plain-text reader shows of the HTML part (tags dropped).
"$PY" -c 'import html, re, sys
t = open(sys.argv[1]).read()
t = re.sub(r"<br>|</p>", "\n", t)
sys.stdout.write(html.unescape(re.sub(r"<[^>]+>", "", t)))' "$tmp/t1.html" > "$tmp/t1.read"
check "  a plain-text reader reads the faces" grep -q "Your cards: 1B▲, 2R♥" "$tmp/t1.read"

# 2. Game over: alice takes and knocks (the record's moves).
id2=$(T import "$tmp/deal.json" --users alice,bob) || { echo "FAIL: import"; exit 1; }
page a1 alice "$INST_URL/g/$id2"
post p1 alice "$INST_URL/g/$id2/move" "csrf=$(csrf_of a1)&ply=0&move=take"
page a2 alice "$INST_URL/g/$id2"
post p2 alice "$INST_URL/g/$id2/move" "csrf=$(csrf_of a2)&ply=1&move=knock 4Yc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 1Gh 2Gh 3Gh 4Gh"
check "the game is over" [ "$(sql "SELECT status FROM games WHERE id = $id2")" = over ]
W
f=$(grep -l "^Subject: Game over: Gin Vodka #$id2" "$OUT"/*.eml | head -1)
check "bob's game-over mail" [ -n "$f" ] && grep -q "^To: .*bob@example.org" "$f"
part "$f" text/plain > "$tmp/t2.txt"
cat "$tmp/t2.txt"
check "it says who won, from bob's side" grep -q "^The game is over. alice won.$" "$tmp/t2.txt"
check "with the final scores" grep -q "^Final scores: alice 39, you 0$" "$tmp/t2.txt"
check "and no hand" sh -c "! grep -q 'Your cards' '$tmp/t2.txt'"
check "no move links" sh -c "! grep -q '/m/' '$tmp/t2.txt'"

# 3. Standard cards (Rummy 500): moves and hand as faces, 10♥ style.
add_users carol
"$PY" - "$tmp/r500.json" <<'PYEOF'
import json, sys
r = json.load(open("tests/records/rummy-500-bots.json"))
r["moves"] = r["moves"][:4]	# carol draws and discards 8D, alice AH
json.dump(r, open(sys.argv[1], "w"))
PYEOF
id3=$(T import "$tmp/r500.json" --users alice,bob,carol) || { echo "FAIL: import"; exit 1; }
bcsrf=$(session_csrf "$tmp/bob.jar")
bapi() { curl -sS -b "$tmp/bob.jar" -H "X-CSRF-Token: $bcsrf" "$@"; }
bapi -o "$tmp/v.json" "$INST_URL/api/games/$id3"
bapi -o /dev/null -H "Content-Type: application/json" --data-binary \
    '{"ply": 4, "move": "draw"}' "$INST_URL/api/games/$id3/moves"
bapi -o "$tmp/v.json" "$INST_URL/api/games/$id3"
disc=$("$PY" -c 'import json, sys
print([m for m in json.load(open(sys.argv[1]))["legal"] if m.startswith("discard ")][0])' "$tmp/v.json")
bapi -o /dev/null -H "Content-Type: application/json" --data-binary \
    "{\"ply\": 5, \"move\": \"$disc\"}" "$INST_URL/api/games/$id3/moves"
check "bob drew and played $disc" [ "$(sql "SELECT ply FROM games WHERE id = $id3")" = 6 ]
W
f=$(grep -l "^Subject: Your turn: Rummy 500 #$id3" "$OUT"/*.eml | head -1)
check "carol's turn mail" [ -n "$f" ] && grep -q "^To: .*carol@example.org" "$f"
part "$f" text/plain > "$tmp/t3.txt"
part "$f" text/html > "$tmp/t3.html"
cat "$tmp/t3.txt"
check "  the text says alice discarded A♥ (the face, as a person reads it)" grep -q "^  alice discarded A♥" "$tmp/t3.txt"
check "  the HTML says it with the face: A♥" grep -q "&nbsp;&nbsp;alice discarded <b>A♥</b>" "$tmp/t3.html"
check "  the HTML hand is faces only" sh -c "grep 'Your cards: <b>' '$tmp/t3.html' | grep -v -q -E '\b(10|[2-9TJQKA])[SHDC]\b'"
check "  it parses as HTML (tidy)" sh -c "tidy -eq '$tmp/t3.html' > /dev/null 2>&1; [ \$? -le 1 ]"

instance_stop || fail=1
echo "mailread.sh: $(( $(date +%s) - start )) s"
exit $fail
