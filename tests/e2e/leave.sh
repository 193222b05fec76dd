#!/bin/sh
# leave.sh: leaving a game (issue 17): resign, abort and rematch, for
# every game kind "topper games" lists.  Resigning at two seats ends the
# game (the other player wins, a rated table's ratings move); at three
# or more a bot plays the seat on and the player will rank last; abort
# works until every seat has moved and is refused after with a clear
# reason; a rematch starts when every player accepts (bots at once),
# with the same players and options and a new seed.  Each is checked in
# the database (results, clocks), in the export and its replay by
# "topper play", on the pages and in the mails.
#
# game: gin-vodka
# game: casino-macedonia
# game: vodkapolis-500
# game: rummy-500
# game: six-suit
# game: twelve-step-rummy
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
# The worker, past mail.quiet: the players looked at their games (the
# quiet rule holds a game mail while they sit at the table).
W() { T worker --once --now $(( $(date +%s) + 1200 )) "$@" \
    >> "$INST/log/worker-once.log" 2>&1; }
# part FILE: the decoded text/plain part of a mail.
part() { "$PY" -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain":
        sys.stdout.write(p.get_payload(decode=True).decode())' "$1"; }
# mail_to WHO GAME TEXT: a mail to WHO about GAME says TEXT.
mail_to() {
	for _f in $(grep -l "^To: .*$1@example.org" "$OUT"/*.eml 2>/dev/null); do
		grep -q "^Subject: .*#$2[^0-9]*$" "$_f" || continue
		part "$_f" | grep -qF -- "$3" && return 0
	done
	return 1
}
# json FILE EXPR: a Python expression over the JSON in FILE (as j).
json() { "$PY" -c 'import json, sys
j = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$1" "$2"; }

users alice bob carol
add_users robo
sql "UPDATE users SET is_bot = 1, pwhash = NULL WHERE name = 'robo'"
ACSRF=$(session_csrf "$tmp/alice.jar")
BCSRF=$(session_csrf "$tmp/bob.jar")

n=0
# new_game SLUG USERS [--rated]: a fresh seeded game, no moves; sets id, G.
new_game() {
	n=$((n + 1))
	_seats=$(echo "$2" | tr ',' '\n' | wc -l)
	printf '{"game": "%s", "notation": 1, "seats": %d, "seed": "%064x", "moves": []}\n' \
	    "$1" "$_seats" "$n" > "$tmp/new.json"
	shift
	id=$(T import "$tmp/new.json" --users "$@") ||
	    { echo "FAIL: import $*"; exit 1; }
	G=$INST_URL/g/$id
}
# api WHO METHOD PATH [BODY]: the JSON API with WHO's session; NAME api.
api() {
	_c=$ACSRF
	[ "$1" = bob ] && _c=$BCSRF
	curl -sS -b "$tmp/$1.jar" -H "X-CSRF-Token: $_c" -X "$2" \
	    -H "Content-Type: application/json" ${4:+--data-binary "$4"} \
	    -o "$tmp/api.json" -w '%{http_code}' "$INST_URL/api/games/$id$3" \
	    > "$tmp/api.code"
}
# everyone_moves WHO...: each player makes legal moves (the first the
# API lists) until every seat of the game has moved once.
everyone_moves() {
	_k=0
	while [ "$(sql "SELECT count(DISTINCT seat) FROM moves WHERE game = $id")" -lt "$#" ] &&
	    [ $_k -lt 60 ]; do
		_k=$((_k + 1))
		for _w in "$@"; do
			api "$_w" GET ""
			_m=$(json "$tmp/api.json" '(j.get("legal") or [""])[0]')
			[ -n "$_m" ] || continue
			_p=$(json "$tmp/api.json" 'j["ply"]')
			api "$_w" POST /moves "$("$PY" -c 'import json, sys
print(json.dumps({"ply": int(sys.argv[1]), "move": sys.argv[2]}))' "$_p" "$_m")"
		done
	done
}
replay() { T export "$1" > "$tmp/rec.json" && "$TOPPER" play "$tmp/rec.json" > "$tmp/play.json"; }

for slug in $("$TOPPER" games | cut -f1); do
	max=$("$TOPPER" games | awk -v s="$slug" '$1 == s { split($2, a, "-"); print a[2] }')
	echo "== $slug"

	# 1. Resign at two seats, rated: bob wins at once.
	new_game "$slug" alice,bob --rated
	g2=$id
	snap
	page a alice "$G"
	check "$slug: the page offers resigning, behind a confirmation" \
	    has a '<summary>Resign…</summary>'
	post r0 alice "$G/resign" "csrf=$(csrf_of a)"
	check "  resigning without the confirmation: 400" [ "$(code r0)" = 400 ]
	check "  says how to confirm" has r0 'confirm it with the button'
	check "  and changes nothing" same_game
	curl -sS -D "$tmp/poll0.h" -o /dev/null -b "$tmp/bob.jar" "$INST_URL/api/games/$id/ply"
	post r1 alice "$G/resign" "$(form "$tmp/a.html" "/g/$id/resign")"
	curl -sS -D "$tmp/poll1.h" -o "$tmp/poll1.json" -b "$tmp/bob.jar" \
	    -H "If-None-Match: $(sed -n 's/^ETag: //Ip' "$tmp/poll0.h" | tr -d '\r')" \
	    "$INST_URL/api/games/$id/ply"
	check "  bob's page poll sees the end (a new ETag, over: true)" \
	    grep -q '"over":true' "$tmp/poll1.json"
	check "  resigning: 303 to the game" [ "$(code r1)" = 303 ]
	check "  the game is over, ended by a resignation of seat 0" \
	    [ "$(sql "SELECT status, ended, ended_seat, ended_ply FROM games WHERE id = $id")" = "over|resign|0|0" ]
	check "  no clock runs" [ "$(sql "SELECT count(*) FROM seats WHERE game = $id AND (deadline IS NOT NULL OR bot_due IS NOT NULL)")" = 0 ]
	check "  ratings: bob first, alice second" \
	    [ "$(sql "SELECT u.name || ':' || h.place FROM rating_history h JOIN users u ON u.id = h.user WHERE h.game = $id ORDER BY h.place" | paste -sd' ')" = "bob:1 alice:2" ]
	replay "$id"
	check "  the export says so" [ "$(json "$tmp/rec.json" 'j["table"]')" = "[{'ply': 0, 'seat': 0, 'event': 'resign'}]" ]
	check "  and the replay ends the same: over, bob won" \
	    [ "$(json "$tmp/play.json" '(j["over"], j["winners"], j["ended"])')" = "(True, [1], 'resign')" ]
	check "  the export is the record page's, byte for byte" \
	    sh -c "curl -sS '$G/record.json' | cmp -s - '$tmp/rec.json'"
	page a alice "$G"
	check "  the page says who resigned and who won" has a 'You resigned after 0 moves, so bob won.'
	page hi bob "$G/history"
	check "  and so does the history" has hi 'alice resigned after 0 moves, so you won.'
	page ar anon "$INST_URL/archive?game=$slug"
	check "  the archive names bob the winner" \
	    grep -q "<tr data-game=\"$id\">.*<td>bob</td></tr>" "$tmp/ar.html"
	post r2 alice "$G/resign" "csrf=$(csrf_of a)&confirm=1"
	check "  resigning again: 422, the game is over" [ "$(code r2)" = 422 ] && has r2 'The game is over already.'
	W
	check "  bob's mail: alice resigned, you won" mail_to bob "$id" 'alice resigned.' &&
	    mail_to bob "$id" 'The game is over. You won.'

	# 2. The rematch of it: offered by alice, accepted by bob.
	page a alice "$G"
	post m1 alice "$G/rematch" "$(form "$tmp/a.html" "/g/$id/rematch")"
	check "  alice offers a rematch: 303 to the game" [ "$(code m1)" = 303 ] &&
	    grep -q "/g/$id\$" "$tmp/m1.loc"
	page b bob "$G"
	check "  bob is offered it" has b 'Accept the rematch'
	post m2 bob "$G/rematch" "$(form "$tmp/b.html" "/g/$id/rematch")"
	new=$(sql "SELECT new_game FROM rematches WHERE game = $id")
	check "  bob accepts: 303 to the new game #$new" [ "$(code m2)" = 303 ] &&
	    grep -q "/g/$new\$" "$tmp/m2.loc"
	check "  same game, options, players and table; a new seed" \
	    [ "$(sql "SELECT CASE WHEN a.rules = b.rules AND a.options = b.options AND a.nseats = b.nseats AND a.rated = b.rated AND a.move_secs = b.move_secs AND a.commitment != b.commitment AND b.status = 'active' THEN 1 ELSE 0 END FROM games a, games b WHERE a.id = $id AND b.id = $new")" = 1 ] &&
	    [ "$(sql "SELECT \"user\" FROM seats WHERE game = $new AND \"user\" IS NOT NULL ORDER BY \"user\"")" = \
	      "$(sql "SELECT \"user\" FROM seats WHERE game = $id AND \"user\" IS NOT NULL ORDER BY \"user\"")" ]
	check "  its clocks run for the seats to act" \
	    [ "$(sql "SELECT count(*) FROM seats WHERE game = $new AND deadline IS NOT NULL")" -ge 1 ]
	post m3 alice "$G/rematch" "csrf=$(csrf_of a)"
	check "  a second rematch: 422 naming the first" [ "$(code m3)" = 422 ] &&
	    has m3 "The rematch is game $new already."
	W
	check "  alice's mail: bob accepted; the rematch begins" mail_to alice "$new" "The rematch of game $id begins."
	check "  bob's mail: alice offers a rematch" mail_to bob "$id" 'alice offers a rematch'

	# 3. Abort before everyone moved: no result, not rated.
	new_game "$slug" alice,bob --rated
	page a alice "$G"
	check "  a new game offers abort" has a 'Abort the game'
	post ab alice "$G/abort" "$(form "$tmp/a.html" "/g/$id/abort")"
	check "  alice aborts: 303" [ "$(code ab)" = 303 ]
	check "  over, aborted, not rated, no clock" \
	    [ "$(sql "SELECT status, ended, (SELECT count(*) FROM rating_history WHERE game = $id), (SELECT count(*) FROM seats WHERE game = $id AND deadline IS NOT NULL) FROM games WHERE id = $id")" = "over|abort|0|0" ]
	replay "$id"
	check "  the replay: over, no winner, aborted" \
	    [ "$(json "$tmp/play.json" '(j["over"], j["winners"], j["ended"])')" = "(True, [], 'abort')" ]
	page ar anon "$INST_URL/archive?game=$slug"
	check "  the archive: aborted, no result" \
	    grep -q "<tr data-game=\"$id\">.*<td>Aborted: no result</td></tr>" "$tmp/ar.html"
	W
	check "  bob's mail says it was aborted" mail_to bob "$id" 'The game was aborted: it has no result.'

	# 4. Abort refused once every seat has moved.
	new_game "$slug" alice,bob
	everyone_moves alice bob
	snap
	page a alice "$G"
	check "  every seat moved: no abort button" hasnt a 'Abort the game'
	post ab2 alice "$G/abort" "csrf=$(csrf_of a)"
	check "  abort refused: 422 with the reason" [ "$(code ab2)" = 422 ] &&
	    has ab2 'Every player has moved, so the game can no longer be aborted'
	check "  and the game is unchanged" same_game
	api alice POST /abort
	check "  the API refuses too: 422" [ "$(cat "$tmp/api.code")" = 422 ]

	# 5. Against a bot: abort, then a rematch the bot accepts at once.
	new_game "$slug" alice,robo
	api alice POST /abort
	check "  vs a bot: the API aborts (200, ended abort)" [ "$(cat "$tmp/api.code")" = 200 ] &&
	    [ "$(json "$tmp/api.json" 'j["ended"]')" = abort ]
	api alice POST /rematch
	check "  the rematch starts at once: the bot accepted" [ "$(cat "$tmp/api.code")" = 200 ] &&
	    [ "$(json "$tmp/api.json" 'j["rematch"]')" = "$(sql "SELECT new_game FROM rematches WHERE game = $id")" ]

	[ "$max" -ge 3 ] || continue
	# 6. Resign at three seats: a bot plays bob's seat on.
	new_game "$slug" alice,bob,carol
	api bob POST /resign
	check "  3 seats: bob resigns through the API (200, not over)" [ "$(cat "$tmp/api.code")" = 200 ] &&
	    [ "$(json "$tmp/api.json" 'j["over"]')" = False ]
	check "  his seat is a bot's, with no clock; the game runs" \
	    [ "$(sql "SELECT s.is_bot, s.resigned_ply, CASE WHEN s.deadline IS NULL THEN 1 ELSE 0 END, g.status FROM seats s JOIN games g ON g.id = s.game WHERE s.game = $id AND s.seat = 1")" = "1|0|1|active" ]
	page c carol "$G"
	check "  the page says bob resigned and ranks last" has c 'bob (after 0 moves) resigned: a bot plays the seat on, and the player ranks last.'
	check "  bob may not take the seat back" sh -c "curl -sS -o /dev/null -w '%{http_code}' -b '$tmp/bob.jar' --data 'csrf=$BCSRF' '$G/reclaim' | grep -q 409"
	api bob POST /resign
	check "  resigning twice: 422" [ "$(cat "$tmp/api.code")" = 422 ]
	check "  the API view lists the resignation" \
	    sh -c "curl -sS -b '$tmp/carol.jar' '$INST_URL/api/games/$id' | grep -q '\"event\":\"resign\"'"
	W
	check "  carol's mail: bob resigned and will rank last" mail_to carol "$id" 'bob resigned and will rank last'
done

# 7. A finished record with a resignation: the resigned seat never wins.
cp tests/records/rummy-500-bots.json "$tmp/r.json"
"$TOPPER" play "$tmp/r.json" > "$tmp/p0.json"
w=$(json "$tmp/p0.json" 'j["winners"][0]')
"$PY" - "$tmp/r.json" "$w" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
r["table"] = [{"ply": 3, "seat": int(sys.argv[2]), "event": "resign"}]
json.dump(r, open(sys.argv[1], "w"))
PYEOF
"$TOPPER" play "$tmp/r.json" > "$tmp/p1.json"
check "a record where the winner resigned: it is not a winner, it is listed" \
    [ "$(json "$tmp/p1.json" '(j["over"], '"$w"' in j["winners"], len(j["winners"]) > 0, j["resigned"])')" = "(True, False, True, [$w])" ]
"$PY" - "$tmp/r.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
r["table"] = [{"ply": 2, "seat": 0, "event": "abort"}]
json.dump(r, open(sys.argv[1], "w"))
PYEOF
"$TOPPER" play "$tmp/r.json" > /dev/null 2> "$tmp/p2.err"
rc=$?
cat "$tmp/p2.err"
check "an abort before the last move is malformed (exit 2, naming the field)" \
    [ $rc -eq 2 ]
check "  naming the field" grep -q '"table"\[0\]' "$tmp/p2.err"

instance_stop || fail=1
echo "leave.sh: $(( $(date +%s) - start )) s"
exit $fail
