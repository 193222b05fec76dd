#!/bin/sh
# api.sh: the JSON game API through a private nginx.
#
# A known Gin Vodka deal (a record with explicit decks, target 10) is
# stored with "topper import" for alice (seat 0) and bob (seat 1).
# alice plays with a session cookie and the X-CSRF-Token header, bob
# with a personal API token, and together they play the hand to its end
# through POST /api/games/{id}/moves.  On the way every refusal answers
# as api_game.h says (400 bad JSON, 401 nobody signed in, 403 a user
# without a seat or a missing/wrong CSRF header, 404 no game, 409 a
# stale ply, 422 the engine's reason) and leaves the game byte for byte
# as it was (topper export before and after); no view shows a hidden
# card of another seat; the ply poll answers 304 to its own ETag; and
# the stored game replays (export -> topper play) to its snapshot.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM
start=$(date +%s)
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

# The value of a Python expression over the JSON in file ($1), d = it.
js() { "$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
v = eval(sys.argv[2])
print(json.dumps(v) if not isinstance(v, str) else v)' "$1" "$2"; }

users alice bob carol

# Hand 1 of tests/records/gin-vodka-g1-gin.json (web.sh's import_g1):
# dealer 1, so seat 0 holds ALICE and seat 1 BOB; 4Gh is turned up.
import_g1
API=$INST_URL/api/games/$id

ACSRF=$(session_csrf "$tmp/alice.jar")
CCSRF=$(session_csrf "$tmp/carol.jar")
check "alice has a CSRF token" [ -n "$ACSRF" ]
# bob makes a personal API token and plays with it alone.
curl -sS -b "$tmp/bob.jar" -o "$tmp/token.html" \
    --data-urlencode "csrf=$(session_csrf "$tmp/bob.jar")" \
    "$INST_URL/account/token"
BTOKEN=$(sed -n 's/.*id="token"[^>]*value="\([^"]*\)".*/\1/p' \
    "$tmp/token.html" | head -1)
check "bob has an API token" [ -n "$BTOKEN" ]

# Requests: NAME is the output name, WHO is anon|alice|bob|carol.
req() {	# name who method url [curl args]
	_n=$1 _w=$2 _m=$3 _u=$4
	shift 4
	case $_w in
	alice) set -- -b "$tmp/alice.jar" "$@" ;;
	carol) set -- -b "$tmp/carol.jar" "$@" ;;
	bob) set -- -H "Authorization: Bearer $BTOKEN" "$@" ;;
	esac
	curl -sS -X "$_m" -D "$tmp/$_n.head" -o "$tmp/$_n.body" \
	    -w '%{http_code}' "$@" "$_u" > "$tmp/$_n.code"
}
get() { req "$1" "$2" GET "$API"; }
# post name who body [curl args]: a move, JSON body.
post() {
	_n=$1 _w=$2 _b=$3
	shift 3
	req "$_n" "$_w" POST "$API/moves" -H "Content-Type: application/json" \
	    --data-binary "$_b" "$@"
}
amove() { post "$1" alice "$2" -H "X-CSRF-Token: $ACSRF"; }
bmove() { post "$1" bob "$2"; }

# No card of hand ($2, space-separated) appears in response $1 (JSON:
# this suite replaces web.sh's post, hides and shows).
hides() {
	for _c in $2; do
		grep -q "\"$_c\"" "$tmp/$1.body" && return 1
	done
	return 0
}
# Every card of hand ($2) appears in response $1.
shows() {
	for _c in $2; do
		grep -q "\"$_c\"" "$tmp/$1.body" || return 1
	done
	return 0
}

# Views at ply 0.
get spec anon
check "spectator GET is 200" [ "$(code spec)" = 200 ]
check "it is JSON" grep -qi "^Content-Type: application/json" "$tmp/spec.head"
check "spectator: no seat, no legal moves" \
    [ "$(js "$tmp/spec.body" '[d["seat"], d["legal"], d["ply"], d["id"]]')" = "[null, [], 0, $id]" ]
check "spectator sees neither hand" hides spec "$ALICE $BOB"
check "spectator sees hand counts" \
    [ "$(js "$tmp/spec.body" '[h["count"] for h in d["view"]["hands"]]')" = "[11, 11]" ]
check "no csrf or *_html key reaches the API" \
    sh -c "! grep -Eq '\"(csrf|[a-z_]*_html)\"' '$tmp/spec.body'"
get a0 alice
check "alice holds seat 0 and may pass or take" \
    [ "$(js "$tmp/a0.body" '[d["seat"], d["to_act"], sorted(d["legal"])]')" = '[0, [0], ["pass", "take"]]' ]
check "alice sees her hand" shows a0 "$ALICE"
check "alice does not see bob's" hides a0 "$BOB"
get b0 bob
check "bob (API token) holds seat 1, not to act" \
    [ "$(js "$tmp/b0.body" '[d["seat"], d["legal"]]')" = '[1, []]' ]
check "bob sees his hand" shows b0 "$BOB"
check "bob does not see alice's" hides b0 "$ALICE"

# Refusals at ply 0: each answers as specified and writes nothing.
export_now > "$tmp/before.json"
check "export works" [ -s "$tmp/before.json" ]
post e401 anon '{"ply": 0, "move": "pass"}'
check "no user: 401" [ "$(code e401)" = 401 ]
check "401 is a JSON error" [ -n "$(js "$tmp/e401.body" 'd["error"]')" ]
post e403 carol '{"ply": 0, "move": "pass"}' -H "X-CSRF-Token: $CCSRF"
check "carol holds no seat: 403" [ "$(code e403)" = 403 ]
post ecsrf alice '{"ply": 0, "move": "pass"}'
check "cookie without X-CSRF-Token: 403" [ "$(code ecsrf)" = 403 ]
post ecsrf2 alice '{"ply": 0, "move": "pass"}' -H "X-CSRF-Token: x$ACSRF"
check "wrong X-CSRF-Token: 403" [ "$(code ecsrf2)" = 403 ]
post ecross alice '{"ply": 0, "move": "pass"}' -H "X-CSRF-Token: $ACSRF" \
    -H "Origin: http://evil.example"
check "cross-site origin: 403" [ "$(code ecross)" = 403 ]
amove e400 '{"ply": 0, "move": "pass"'
check "truncated JSON: 400" [ "$(code e400)" = 400 ]
amove e400b '["pass"]'
check "not an object: 400" [ "$(code e400b)" = 400 ]
amove e400c '{"ply": "0", "move": "pass"}'
check "ply not a number: 400" [ "$(code e400c)" = 400 ]
amove e400d '{"ply": 0, "move": "pass\ntake"}'
check "two lines: 400" [ "$(code e400d)" = 400 ]
amove e422 '{"ply": 0, "move": "draw"}'
check "draw before the upcard is settled: 422" [ "$(code e422)" = 422 ]
check "422 carries the engine's reason" [ -n "$(js "$tmp/e422.body" 'd["error"]')" ]
echo "   (reason: $(js "$tmp/e422.body" 'd["error"]'))"
amove e422b '{"ply": 0, "move": "flurb 9Zq"}'
check "unreadable move: 422" [ "$(code e422b)" = 422 ]
bmove e422c '{"ply": 0, "move": "pass"}'
check "bob out of turn: 422" [ "$(code e422c)" = 422 ]
amove e409f '{"ply": 5, "move": "pass"}'
# Invalid UTF-8 (issue 18): 400, as the forms do, and the reply is valid
# UTF-8 that does not echo the bytes.
amove e400u "$(printf '{"ply": 0, "move": "\377\376<b>x"}')"
check "invalid UTF-8 in the move: 400" [ "$(code e400u)" = 400 ]
check "  the reply is valid UTF-8 JSON" "$PY" -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/e400u.body"
check "  and does not echo the move" sh -c "! grep -q '<b>x' '$tmp/e400u.body'"
amove e400s '{"ply": 0, "move": "\udcff<b>x"}'
# (json-c reads a lone surrogate as U+FFFD: a move no engine knows)
check "a lone surrogate escape in the move: refused (4xx)" [ "$(cut -c1 "$tmp/e400s.code")" = 4 ]
check "  the reply is valid UTF-8 JSON" "$PY" -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/e400s.body"
check "a ply beyond the game: 409" [ "$(code e409f)" = 409 ]
req e404 alice POST "$INST_URL/api/games/99999/moves" \
    -H "X-CSRF-Token: $ACSRF" --data-binary '{"ply": 0, "move": "pass"}'
check "no such game: 404" [ "$(code e404)" = 404 ]
req e404g anon GET "$INST_URL/api/games/99999"
check "GET no such game: 404" [ "$(code e404g)" = 404 ]
check "after all that, the game is byte for byte the same" same_game

# The ply poll and its ETag.
req p0 anon GET "$API/ply"
check "ply poll: 200 {ply 0, to_act [0]}" \
    [ "$(code p0)/$(cat "$tmp/p0.body")" = '200/{"ply":0,"to_act":[0]}' ]
etag=$(sed -n 's/^ETag: *\([^\r]*\)\r*$/\1/Ip' "$tmp/p0.head")
check "it has an ETag" [ -n "$etag" ]
req p0b anon GET "$API/ply" -H "If-None-Match: $etag"
check "same ETag: 304" [ "$(code p0b)" = 304 ]
check "... without a body" [ ! -s "$tmp/p0b.body" ]

# Play the hand: alice with her cookie, bob with his token.
amove m1 '{"ply": 0, "move": "pass"}'
check "alice passes: 200 with the new view" \
    [ "$(code m1)/$(js "$tmp/m1.body" '[d["ply"], d["to_act"], d["seat"]]')" = '200/[1, [1], 0]' ]
check "the reply hides bob's hand" hides m1 "$BOB"
req p1 anon GET "$API/ply" -H "If-None-Match: $etag"
check "the poll sees ply 1 despite the old ETag" \
    [ "$(code p1)/$(cat "$tmp/p1.body")" = '200/{"ply":1,"to_act":[1]}' ]

export_now > "$tmp/before.json"
bmove e409 '{"ply": 0, "move": "pass"}'
check "bob saw ply 0, but his view changed at 1: 409" [ "$(code e409)" = 409 ]
check "the 409 wrote nothing" same_game

bmove m2 '{"ply": 1, "move": "pass"}'
check "bob passes" [ "$(code m2)" = 200 ]
amove m3 '{"ply": 2, "move": "draw"}'
check "alice draws" [ "$(code m3)" = 200 ]
ALICE12=$(js "$tmp/m3.body" '" ".join(d["view"]["hands"][0]["cards"])')
check "alice now holds 12 cards" [ "$(echo $ALICE12 | wc -w)" = 12 ]
get b3 bob
get s3 anon
check "bob does not see alice's 12" hides b3 "$ALICE12"
check "the spectator sees neither hand" hides s3 "$ALICE12 $BOB"
amove m4 '{"ply": 3, "move": "knock 4Yc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 1Gh 2Gh 3Gh"}'
check "alice knocks" [ "$(code m4)" = 200 ]
check "bob's hand stays hidden from alice" hides m4 "$BOB"
bmove m5 '{"ply": 4, "move": "take"}'
check "bob takes the knock card" [ "$(code m5)" = 200 ]
BOB12=$(js "$tmp/m5.body" '" ".join(d["view"]["hands"][1]["cards"])')
check "bob now holds 12 cards" [ "$(echo $BOB12 | wc -w)" = 12 ]
get a5 alice
# 4Yc, the knock card bob took, is public: alice discarded it.
check "alice does not see bob's 12 (but the card he took)" \
    hides a5 "$(echo $BOB12 | tr " " "\\n" | grep -vx 4Yc)"
bmove m6 '{"ply": 5, "move": "discard 1Bt"}'
check "bob discards and the hand ends" [ "$(code m6)" = 200 ]
check "the game is over: alice wins 19-0" \
    [ "$(js "$tmp/m6.body" '[d["over"], d["ply"], d["scores"], d["winners"], d["legal"]]')" = '[true, 6, [19, 0], [0], []]' ]
check "the hand is listed" \
    [ "$(js "$tmp/m6.body" '[(h["hand"], h["kind"], h["delta"], h["ply"]) for h in d["hands"]]')" = '[[1, "knock", [19, 0], 6]]' ]
get s6 anon
check "once over, the spectator sees everything" shows s6 "$BOB12"

export_now > "$tmp/before.json"
amove e422d '{"ply": 6, "move": "pass"}'
check "a move after the end: 422" [ "$(code e422d)" = 422 ]
check "... and nothing written" same_game

# The stored game is its log: replay it and compare with the snapshot.
check "the log is the six moves played" [ "$(js "$tmp/before.json" \
    '[(m["seat"], m["move"]) for m in d["moves"]]')" = '[[0, "pass"], [1, "pass"], [0, "draw"], [0, "knock 4Yc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 1Gh 2Gh 3Gh"], [1, "take"], [1, "discard 1Bt"]]' ]
"$TOPPER" play "$tmp/before.json" > "$tmp/replay.json"
check "it replays to the stored snapshot" [ "$(js "$tmp/replay.json" \
    'd["state_sha256"]')" = "$(T test-state-sha "$id")" ]

check "instance stops cleanly (no sanitizer report)" instance_stop
echo "api.sh: $(( $(date +%s) - start )) s"
exit $fail
