#!/bin/sh
# archive.sh: /archive lists finished games only, filtered by game and
# by player and paged; /g/ID/record.json serves the record "topper
# export" prints, byte for byte, and it replays with "topper play" to
# the server's own final state; a running game's record is refused
# (its decks would show hidden cards); the history page links it.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave erin

gv=$(T import tests/records/gin-vodka-g1-gin.json --users alice,bob)
six=$(T import tests/records/six-suit-bots.json --users alice,bob,carol,dave --rated)
ts=$(T import tests/records/twelve-step-rummy-bots.json --users erin,dave,carol,bob,alice)
run=$(T import tests/records/gin-vodka-in-progress.json --users alice,carol)
A=$INST_URL/archive

# rows PAGE: the game ids the archive page lists, in order.
rows() { grep -o 'data-game="[0-9]*"' "$tmp/$1.html" | tr -dc '0-9\n' | tr '\n' ' '; }

page all anon "$A"
check "archive: 200 to anyone" [ "$(code all)" = 200 ]
check "archive: the finished games, newest first, not the running one" [ "$(rows all)" = "$ts $six $gv " ]
check "archive: each links its history and record" sh -c "grep -q 'href=\"/g/$six/history\"' '$tmp/all.html' && grep -q 'href=\"/g/$six/record.json\"' '$tmp/all.html'"
check "archive: players link their pages" has all 'href="/u/carol"'
check "archive: the rated game says so" sh -c "grep 'data-game=\"$six\"' '$tmp/all.html' | grep -q Rated"
check "archive: an unrated one does not" sh -c "! grep 'data-game=\"$gv\"' '$tmp/all.html' | grep -q Rated"
# Times for a visitor: in UTC, which they name, then in the zone the
# browser reported (tz.js's cookie); a zone the server does not know
# is UTC again.  A player's own zone wins over the cookie.
check "archive: a visitor's page loads tz.js" has all '<script src="/static/js/tz.js" defer></script>'
check "  and says its times in UTC" grep -q '[0-9] UTC' "$tmp/all.html"
for z in Asia/Tokyo ../../etc/passwd; do
	curl -sS -H "Cookie: topper_tz=$z" -o "$tmp/zone.html" "$A"
	case $z in
	Asia/*)	check "  with the cookie topper_tz=$z: in JST" sh -c "grep -q '[0-9] JST' '$tmp/zone.html' && ! grep -q '[0-9] UTC' '$tmp/zone.html'" ;;
	*)	check "  with the cookie topper_tz=$z: in UTC" grep -q '[0-9] UTC' "$tmp/zone.html" ;;
	esac
done
page pz alice "$A"
check "  a player's page does not load it" hasnt pz 'tz.js'
curl -sS -o /dev/null -w '%{http_code} %{content_type}' "$INST_URL/static/js/tz.js" > "$tmp/zonejs.code"
check "  tz.js is served" grep -q '^200 .*javascript' "$tmp/zonejs.code"
page g1 anon "$A?game=six-suit"
check "filter by game" [ "$(rows g1)" = "$six " ]
page p1 anon "$A?player=carol"
check "filter by player" [ "$(rows p1)" = "$ts $six " ]
page p2 anon "$A?player=CAROL&game=twelve-step-rummy"
check "both filters (names ignore case)" [ "$(rows p2)" = "$ts " ]
page p3 anon "$A?player=carol&game=gin-vodka"
check "no match says so" has p3 "No finished game matches"
page p4 anon "$A?player=nobody"
check "an unknown player says so" has p4 "There is no player named"
page p5 anon "$A?game=no-such-game"
check "an unknown game: 404" [ "$(code p5)" = 404 ]
page p6 anon "$A?before=$six"
check "paging: ?before=ID lists older games" [ "$(rows p6)" = "$gv " ]
page p7 anon "$A?player=%3Cb%3E"
check "a name with markup is escaped" sh -c "! grep -q '<b>' '$tmp/p7.html'"

# ---- the record ----
for g in $gv $six $ts; do
	curl -sS -o "$tmp/rec-$g.json" -w '%{http_code} %{content_type}' "$INST_URL/g/$g/record.json" > "$tmp/rec-$g.code"
	T export "$g" > "$tmp/exp-$g.json"
	check "record.json of game $g: 200, JSON" grep -q '^200 application/json' "$tmp/rec-$g.code"
	check "  byte for byte the export" cmp -s "$tmp/rec-$g.json" "$tmp/exp-$g.json"
	"$TOPPER" play "$tmp/rec-$g.json" > "$tmp/play-$g.json"
	check "  replays with topper play to the server's final state" [ "$(sed -n 's/.*"state_sha256": *"\([0-9a-f]*\)".*/\1/p' "$tmp/play-$g.json")" = "$(T test-state-sha "$g")" ]
	check "  and the game is over in the replay" grep -q '"over": *true' "$tmp/play-$g.json"
done
check "the seed is in the record of a finished seeded game" grep -q '"seed"' "$tmp/rec-$ts.json"
curl -sS -o "$tmp/rec-run.json" -w '%{http_code}' "$INST_URL/g/$run/record.json" > "$tmp/rec-run.code"
check "a running game's record: 409" [ "$(cat "$tmp/rec-run.code")" = 409 ]
check "  without its decks" sh -c "! grep -q decks '$tmp/rec-run.json'"
curl -sS -o /dev/null -w '%{http_code}' "$INST_URL/g/999999/record.json" > "$tmp/rec-none.code"
check "no such game: 404" [ "$(cat "$tmp/rec-none.code")" = 404 ]

page h anon "$INST_URL/g/$six/history"
check "the history links the record" has h "href=\"/g/$six/record.json\""
page h2 alice "$INST_URL/g/$run/history"
check "a running game's history does not" hasnt h2 "record.json"

instance_stop || fail=1
[ "$fail" -eq 0 ] && echo "archive: all passed"
exit "$fail"
