#!/bin/sh
# score_sheet.sh: the game log since the viewer's last move, and the
# score sheet, through a private nginx.
#
# The Vodkapolis 500 bots' record (4 seats, several hands) is stored
# with "topper import" for alice, bob, carol and dave, whole (a
# finished game) and cut short (in progress, a few hands in, alice to
# move after the others' turns).  On the game page:
#  1. The log lists every move since alice's last one: the last 8 in
#     view, the others folded in a <details>, numbered on from them;
#     bob's page (he moved last but one) differs; a spectator sees the
#     last 8 and no fold; a link leads to the older moves in the history.
#  2. The score sheet: a row per ended hand with the running totals
#     (which add up to the engine's scores) and the hand's change, a
#     totals row, and the SVG plot with one line per player; on the
#     finished game the table is unfolded, in progress folded; the
#     history shows it too.  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave
rec=tests/records/vodkapolis-500-bots.json

# cut.py IN OUT: the record up to the first move of seat 0 after at
# least two hands ended and a stretch of over 8 moves by the others.
# Prints the number of moves kept and the ply of seat 0's last move.
cat > "$tmp/cut.py" <<'PYEOF'
import json, subprocess, sys
r = json.load(open(sys.argv[1]))
topper = sys.argv[3]
moves = r["moves"]
def hand_at(k):
    c = dict(r); c["moves"] = moves[:k]
    out = subprocess.run([topper, "play", "-"], input=json.dumps(c),
        capture_output=True, text=True, check=True).stdout
    return json.loads(out)["hand"]
last0 = None
for k, m in enumerate(moves):
    if m["seat"] == 0:
        if last0 is not None and k - last0 > 9 and hand_at(k) >= 3:
            c = dict(r); c["moves"] = moves[:k]
            json.dump(c, open(sys.argv[2], "w"))
            print(k, last0 + 1)
            sys.exit(0)
        last0 = k
sys.exit("no such stretch")
PYEOF
cut=$("$PY" "$tmp/cut.py" "$rec" "$tmp/cut.json" "$TOPPER") ||
    { echo "FAIL: no cut of the record: $cut"; exit 1; }
set -- $cut
nmoves=$1 mine=$2
echo "cut: $nmoves moves, alice's last at ply $mine"
since=$((nmoves - mine + 1))

gid=$(T import "$tmp/cut.json" --users alice,bob,carol,dave) ||
    { echo "FAIL: import"; exit 1; }
fid=$(T import "$rec" --users alice,bob,carol,dave) ||
    { echo "FAIL: import"; exit 1; }

# 1. The log.
page cut alice "$INST_URL/g/$gid"
check "alice's game page answers 200" [ "$(code cut)" = 200 ]
check "the log is headed 'Since your last move'" has cut "Since your last move"
# Items: those in the fold and those in view.
count_items() {	# page id: the <li> of the <ol> or <details> with that id
	"$PY" - "$tmp/$1.html" "$2" <<'PYEOF'
import re, sys
h = open(sys.argv[1]).read()
m = re.search(r'id="%s".*?</(ol|details)>' % sys.argv[2], h, re.S)
print(len(re.findall(r"<li>", m.group(0))) if m else -1)
PYEOF
}
check "8 moves in view" [ "$(count_items cut log-recent)" = 8 ]
check "the $((since - 8)) moves before them since alice's last are folded" \
    [ "$(count_items cut log-fold)" = $((since - 8)) ]
check "the fold says how many" has cut "$((since - 8)) earlier moves since your last one"
check "the fold starts at alice's move" has cut "<ol start=\"$mine\">"
check "the moves in view are numbered on" has cut "<ol start=\"$((nmoves - 7))\" id=\"log-recent\">"
check "older moves link to the history" has cut "href=\"/g/$gid/history?ply=$((mine - 1))\" id=\"log-older\""
page spect anon "$INST_URL/g/$gid"
check "a spectator sees 8 moves" [ "$(count_items spect log-recent)" = 8 ]
check "and no fold" hasnt spect 'id="log-fold"'
check "under 'Last moves'" has spect "Last moves"

# 2. The score sheet.
"$TOPPER" play "$tmp/cut.json" > "$tmp/cut.play" || echo "FAIL: topper play"
"$TOPPER" play "$rec" > "$tmp/full.play" || echo "FAIL: topper play"
# sheet.py PAGE PLAY: the sheet's totals row against the engine's scores,
# and its rows against the hands the engine reported.
cat > "$tmp/sheet.py" <<'PYEOF'
import json, re, sys
h = open(sys.argv[1]).read()
p = json.load(open(sys.argv[2]))
m = re.search(r'<table class="sheet">.*?</table>', h, re.S)
if not m:
    sys.exit("no sheet")
t = m.group(0)
rows = re.findall(r'<tr><th scope="row">(\d+) ', t)
tot = re.search(r'<tr class="sheet-total">(.*?)</tr>', t, re.S).group(1)
totals = [int(x) for x in re.findall(r"<strong>(-?\d+)</strong>", tot)]
if totals != p["scores"]:
    sys.exit("totals %s, engine %s" % (totals, p["scores"]))
ended = p["hand"] - (0 if p["over"] else 1)
if len(rows) != ended:
    sys.exit("%d rows, %d hands ended" % (len(rows), ended))
svg = re.search(r'<svg class="plot".*?</svg>', h, re.S)
if not svg or len(re.findall("<polyline", svg.group(0))) != 4:
    sys.exit("no plot of 4 lines")

PYEOF
check "in progress: the sheet's rows and totals are the engine's" \
    "$PY" "$tmp/sheet.py" "$tmp/cut.html" "$tmp/cut.play"
check "in progress: the hands are folded" has cut '<details class="sheet-hands">'
page full alice "$INST_URL/g/$fid"
check "finished: the sheet's rows and totals are the engine's" \
    "$PY" "$tmp/sheet.py" "$tmp/full.html" "$tmp/full.play"
check "finished: the hands are unfolded" has full '<details class="sheet-hands" open>'
check "the players are named in the sheet" has full '<th scope="col" class="num">bob</th>'
page hist alice "$INST_URL/g/$fid/history?ply=3"
check "the history shows the whole sheet" \
    "$PY" "$tmp/sheet.py" "$tmp/hist.html" "$tmp/full.play"
# Before the first hand ends: no sheet.
"$PY" -c 'import json, sys
r = json.load(open(sys.argv[1])); r["moves"] = r["moves"][:5]
json.dump(r, open(sys.argv[2], "w"))' "$rec" "$tmp/early.json"
eid=$(T import "$tmp/early.json" --users alice,bob,carol,dave) ||
    { echo "FAIL: import"; exit 1; }
page early alice "$INST_URL/g/$eid"
check "no sheet while no hand has ended" hasnt early 'id="score-sheet"'
exit $fail
