#!/bin/sh
# quiet.sh: the quiet rule (mail.quiet, fcgi/mail/mail_quiet.h), with a
# controlled clock ("topper worker --once --now T").
#
# alice plays 30 moves of Gin Vodka against a bot while her page polls
# /api/games/ID/ply: she gets no turn mail at all.  Then she leaves:
# once mail.quiet (10) minutes have passed she gets exactly one.  In a
# game against bob (who never looks), bob's mail goes out at once (the
# control: a player away is mailed as before), while alice, who looked
# and then moved before her held mail went out, gets none.
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
# Mails written to the directory for an address.
nmail() { grep -l "^To: .*$1" "$OUT"/*.eml 2>/dev/null | wc -l | tr -d ' '; }

users alice bob
T user add bot1 bot1@example.org --bot > /dev/null || { echo "FAIL: bot"; exit 1; }

api_token() {
	curl -sS -b "$tmp/$1.jar" -o "$tmp/token.html" \
	    --data-urlencode "csrf=$(session_csrf "$tmp/$1.jar")" \
	    "$INST_URL/account/token"
	sed -n 's/.*id="token"[^>]*value="\([^"]*\)".*/\1/p' "$tmp/token.html" |
	    head -1
}
TOK_alice=$(api_token alice)
TOK_bob=$(api_token bob)
check "API tokens" [ -n "$TOK_alice" ] && [ -n "$TOK_bob" ]

# poll WHO GAME: what the game page's script asks every 3 s.
poll() { curl -sS -b "$tmp/$1.jar" -o "$tmp/poll.json" -w '%{http_code}' \
    "$INST_URL/api/games/$2/ply"; }
# to_act WHO GAME: whether WHO's seat must act (GET /api/games/ID).
acts() {
	_tok=$(eval echo "\$TOK_$1")
	curl -sS -H "Authorization: Bearer $_tok" "$INST_URL/api/games/$2" > "$tmp/g.json"
	"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1]))
sys.exit(0 if d.get("legal") else 1)' "$tmp/g.json"
}
# move1 WHO GAME: WHO plays the first legal move through the API.
move1() {
	_tok=$(eval echo "\$TOK_$1")
	_mv=$("$PY" -c 'import json, sys; d = json.load(open(sys.argv[1]))
l = d["legal"][0]; print(l if isinstance(l, str) else l.get("text", l.get("move")))' "$tmp/g.json")
	_ply=$(sql "SELECT ply FROM games WHERE id = $2")
	_c=$(curl -sS -o "$tmp/move.body" -w '%{http_code}' \
	    -H "Authorization: Bearer $_tok" -H "Content-Type: application/json" \
	    --data-binary "{\"ply\": $_ply, \"move\": \"$_mv\"}" \
	    "$INST_URL/api/games/$2/moves")
	[ "$_c" = 200 ] || { echo "move $1 $_mv: $_c $(head -c 200 "$tmp/move.body")" >&2; return 1; }
}

seed=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
printf '{"game": "gin-vodka", "notation": 1, "options": {"target": 500}, "seats": 2, "seed": "%s", "moves": []}\n' \
    "$seed" > "$tmp/new.json"
g1=$(T import "$tmp/new.json" --users alice,bot1) || { echo "FAIL: import"; exit 1; }

# 1. 30 moves against the bot, the page polling all along.
moves=0 rounds=0
while [ $moves -lt 30 ] && [ $rounds -lt 200 ]; do
	rounds=$((rounds + 1))
	[ "$(poll alice "$g1")" = 200 ] || { echo "poll failed" >&2; break; }
	if acts alice "$g1"; then
		move1 alice "$g1" || break
		moves=$((moves + 1))
	else
		W
	fi
done
# She ends her turn (a turn may be two moves); the bot answers.
while acts alice "$g1"; do
	poll alice "$g1" > /dev/null
	move1 alice "$g1" || break
	moves=$((moves + 1))
done
i=0
while ! acts alice "$g1" && [ $i -lt 20 ]; do
	W
	i=$((i + 1))
done
check "alice made 30 moves or more ($moves)" [ $moves -ge 30 ]
check "and it is her turn again" acts alice "$g1"
# Held mails about older plies wait for their time and are dropped then.
check "the bot's move queued her a turn mail, held, not sent" \
    [ "$(sql "SELECT count(*) FROM outbox o JOIN users u ON u.id = o.user WHERE u.name = 'alice' AND o.game = $g1 AND sent IS NULL AND o.ply > (SELECT max(ply) FROM moves WHERE game = $g1 AND seat = 0)")" = 1 ]
check "the bot moved too" [ "$(sql "SELECT count(*) FROM moves WHERE game = $g1 AND seat = 1")" -gt 10 ]
check "turn mail was queued for alice" \
    [ "$(sql "SELECT count(*) FROM outbox o JOIN users u ON u.id = o.user WHERE u.name = 'alice'")" -ge 1 ]
check "her seen mark is written" [ "$(sql "SELECT CASE WHEN seen_at > 0 THEN 1 ELSE 0 END FROM seats WHERE game = $g1 AND seat = 0")" = 1 ]
check "while she plays and her page polls: no mail at all" [ "$(nmail alice@example.org)" = 0 ]
check "the worker says it held or dropped them" grep -q "held while the player" "$INST/log/worker-once.log"

# The poll tells the count of games waiting for her.
poll alice "$g1" > /dev/null
check "the poll says one game waits for alice" grep -q '"waiting":1' "$tmp/poll.json"

# 2. She leaves: mail.quiet minutes after her last look, one mail.
now=$(date +%s)
W --now $((now + 300))
check "5 minutes away: still none" [ "$(nmail alice@example.org)" = 0 ]
W --now $((now + 660))
check "10 minutes away: exactly one" [ "$(nmail alice@example.org)" = 1 ]
W --now $((now + 1300))
check "and no more" [ "$(nmail alice@example.org)" = 1 ]
check "nothing left queued for her" [ "$(sql "SELECT count(*) FROM outbox o JOIN users u ON u.id = o.user WHERE u.name = 'alice' AND sent IS NULL")" = 0 ]
grep -l "^To: .*alice@example.org" "$OUT"/*.eml > "$tmp/am.txt"
check "  a turn mail" grep -q "^Subject: Your turn" $(cat "$tmp/am.txt")

# 3. alice looks, bob moves, alice moves before her held mail goes out.
seed=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
printf '{"game": "gin-vodka", "notation": 1, "options": {"target": 500}, "seats": 2, "seed": "%s", "moves": []}\n' \
    "$seed" > "$tmp/new2.json"
g2=$(T import "$tmp/new2.json" --users alice,bob) || { echo "FAIL: import"; exit 1; }
# Whoever acts first, bring the game to bob's turn with alice looking.
if acts alice "$g2"; then
	move1 alice "$g2"
	while acts alice "$g2"; do move1 alice "$g2"; done
fi
W
b0=$(nmail bob@example.org)
poll alice "$g2" > /dev/null
a0=$(nmail alice@example.org)
acts bob "$g2" && move1 bob "$g2"
while acts bob "$g2"; do move1 bob "$g2"; done
check "bob's move queued a mail for alice" \
    [ "$(sql "SELECT count(*) FROM outbox o JOIN users u ON u.id = o.user WHERE u.name = 'alice' AND o.game = $g2 AND sent IS NULL")" -ge 1 ]
W
check "alice looked a moment ago: held" [ "$(nmail alice@example.org)" = "$a0" ]
acts alice "$g2" && move1 alice "$g2"
while acts alice "$g2"; do move1 alice "$g2"; done
W
check "control: bob, away, got his turn mail at once" [ "$(nmail bob@example.org)" -gt "$b0" ]
W --now $(( $(date +%s) + 1300 ))
check "alice moved first: her held mail never goes out" [ "$(nmail alice@example.org)" = "$a0" ]
check "  and it left the outbox" [ "$(sql "SELECT count(*) FROM outbox o JOIN users u ON u.id = o.user WHERE u.name = 'alice' AND o.game = $g2")" = 0 ]

check "the worker logs are free of sanitizer reports" \
    sh -c '! grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:" "$1"/log/worker-*.log' - "$INST"
instance_stop || fail=1
echo "quiet.sh: $(( $(date +%s) - start )) s"
exit $fail
