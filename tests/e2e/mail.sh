#!/bin/sh
# mail.sh: turn notices queued with the move and delivered over real SMTP.
#
# A private instance sends to an aiosmtpd on a free loopback port
# (tests/e2e/lib/slowbox.py: aiosmtpd's Maildir handler, which can hold
# back its "250" answer).  A known Gin Vodka deal is played through the
# API by alice (seat 0) and bob (seat 1), and "topper worker --once"
# delivers.  Checked: a move queues exactly the expected mail (the next
# player's, none for the mover) in its transaction and it arrives with
# the right recipient, subject, Reply-To and List-Unsubscribe headers,
# the recipient's own cards and none of the other hand; with the SMTP
# server stopped the mails stay queued and back off, and all arrive
# once it is back; a worker killed with SIGKILL after the server stored
# a message but before it answered leaves the row claimed, and the next
# worker sends it again with the same Message-ID (a duplicate, never a
# loss); digest mode sends one mail for many turns until the player
# visits a page; the unsubscribe link works without a login (GET shows
# a button, one-click POST turns mail off) and a forged one is refused
# and changes nothing; "topper mail-status" lists a failed mail.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
. tests/e2e/lib/web.sh		# before instance_start: check is used at once
smtp=
worker=
stop_smtp() {
	if [ -n "$smtp" ]; then
		kill -TERM "$smtp" 2>/dev/null
		wait "$smtp" 2>/dev/null
	fi
	smtp=
}
cleanup() {
	[ -n "$worker" ] && kill -KILL "$worker" 2>/dev/null
	stop_smtp
	instance_stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
start=$(date +%s)

SMTP_PORT=$(instance_free_port)
BOX=$tmp/mail
SLOW=$tmp/slow
start_smtp() {
	PYTHONPATH=tests/e2e/lib "$PY" -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" \
	    -c slowbox.SlowMailbox "$BOX" "$SLOW" >> "$tmp/smtp.log" 2>&1 &
	smtp=$!
	inst_wait "$PY" -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
	    "$SMTP_PORT" 2>/dev/null
}
check "aiosmtpd listens on 127.0.0.1:$SMTP_PORT" start_smtp

INSTANCE_CONF="mail.smtp_url = smtp://127.0.0.1:$SMTP_PORT
mail.starttls = no
mail.from = Topper <topper@example.org>
mail.reply_to = play@example.org
mail.retry = 1
mail.attempts = 3
mail.lease = 300
mail.timeout = 20"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
W() { T worker --once "$@" >> "$INST/log/worker-once.log" 2>&1; }
# Mail in the box: count [to]; the bodies of mail to an address.
nbox() { "$PY" tests/e2e/lib/maildir.py "$BOX" | awk -F'\t' -v to="${1:-}" \
    'to == "" || $2 == to { n++ } END { print n + 0 }'; }
bodies() { "$PY" tests/e2e/lib/maildir.py "$BOX" body "$1"; }
last_body() { bodies "$1" | awk '/^=====$/ { b = ""; next } { b = b $0 "\n" } END { printf "%s", b }' ; }
last_of() { bodies "$1" | awk -v RS='=====\n' 'NF { m = $0 } END { printf "%s", m }'; }

add_users alice bob carol dave

# Hand 1 of tests/records/gin-vodka-g1-gin.json (web.sh's import_g1):
# seat 0 holds ALICE, seat 1 BOB, 4Gh is turned up.
import_g1

# An API token for user: name -> prints it.
api_token() {
	login "$1" "secret-$1-pw" "$tmp/$1.jar" || return 1
	curl -sS -b "$tmp/$1.jar" -o "$tmp/token.html" \
	    --data-urlencode "csrf=$(session_csrf "$tmp/$1.jar")" \
	    "$INST_URL/account/token"
	sed -n 's/.*id="token"[^>]*value="\([^"]*\)".*/\1/p' "$tmp/token.html" |
	    head -1
}
for u in alice bob carol dave; do
	eval "TOK_$u=\$(api_token $u)"
done
check "four API tokens" [ -n "$TOK_alice" ] && [ -n "$TOK_dave" ]

# move who game text: through the API at the game's current ply.
move() {
	_tok=$(eval echo "\$TOK_$1")
	_ply=$(sql "SELECT ply FROM games WHERE id = $2")
	_c=$(curl -sS -o "$tmp/move.body" -w '%{http_code}' \
	    -H "Authorization: Bearer $_tok" -H "Content-Type: application/json" \
	    --data-binary "{\"ply\": $_ply, \"move\": \"$3\"}" \
	    "$INST_URL/api/games/$2/moves")
	[ "$_c" = 200 ] || { echo "move $1 $3: $_c $(head -c 200 "$tmp/move.body")" >&2; return 1; }
}
queued() { sql "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL"; }
rows_to() { sql "SELECT count(*) FROM outbox WHERE to_addr = '$1'"; }
# has TEXT PATTERN (this suite's own: TEXT is a string, not a page).
has() { printf '%s' "$1" | grep -q -- "$2"; }
none_of() {	# text cards: no card of cards appears as a word in text
	for _c in $2; do
		printf '%s' "$1" | grep -qw -- "$_c" && { echo "found $_c" >&2; return 1; }
	done
	return 0
}

# 1. A move queues one mail for the next player, and the worker sends it.
check "nothing queued before a move" [ "$(queued)" = 0 ]
check "alice passes" move alice "$id" pass
check "the move queued exactly one mail, to bob" \
    [ "$(sql 'SELECT to_addr FROM outbox ORDER BY id')" = bob@example.org ]
check "queued as a note, composed by the worker" \
    [ "$(sql 'SELECT kind || composed || ply || seat FROM outbox')" = game011 ]
W
check "the worker sent it" [ "$(queued)" = 0 ] && [ "$(nbox)" = 1 ]
check "it went to bob" [ "$(nbox bob@example.org)" = 1 ]
m=$(last_of bob@example.org)
printf '%s\n' "$m" > "$tmp/bob1.txt"
check "subject: your turn in game $id" has "$m" "Subject: Your turn: Gin Vodka #$id"
check "it says what alice did" has "$m" "alice passed"
check "it holds bob's cards in text notation" has "$m" "Your cards: $BOB"
check "none of alice's hidden cards" none_of "$m" "$ALICE"
check "it lists the legal verbs" has "$m" "Your moves now: "
check "it links to the game" has "$m" "$INST_URL/g/$id"
check "Reply-To carries a reply token" \
    has "$m" "Reply-To: play+[A-Za-z0-9_-]\{47\}@example.org"
check "List-Unsubscribe names a signed link" \
    has "$m" "List-Unsubscribe: <$INST_URL/unsubscribe/[A-Za-z0-9_-]\{47\}>"
check "List-Unsubscribe-Post is one-click" \
    has "$m" "List-Unsubscribe-Post: List-Unsubscribe=One-Click"
check "with an HTML alternative" has "$m" "multipart/alternative"
mid1=$(sql "SELECT message_id FROM outbox WHERE id = 1")
"$PY" tests/e2e/lib/maildir.py "$BOX" > "$tmp/list.txt"
check "the Message-ID is the row's" grep -q "<$mid1@example.org>" "$tmp/list.txt"
check "the outbox row is marked sent" \
    [ "$(sql 'SELECT CASE WHEN sent IS NOT NULL AND attempts = 1 THEN 1 ELSE 0 END FROM outbox WHERE id = 1')" = 1 ]
W
check "a second poll sends nothing again" [ "$(nbox)" = 1 ]

# 2. The SMTP server is down: mail stays queued, backs off, then arrives.
stop_smtp
check "bob passes" move bob "$id" pass
check "alice draws" move alice "$id" draw
check "the draw (alice still to act) queued nothing" [ "$(queued)" = 1 ]
# alice discards a card she holds that is not the one just drawn.
check "alice discards 4Yc" move alice "$id" "discard 4Yc"
check "two mails queued while the server is down" [ "$(queued)" = 2 ]
W
check "a failed attempt keeps them queued, with an error" \
    [ "$(sql "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL AND attempts = 1 AND error IS NOT NULL AND next_try > created")" -ge 1 ]
W
# The quiet rule (tests/e2e/quiet.sh): alice moved after bob's pass, so
# her mail about it is stale and was dropped at its first claim.
check "alice's stale mail dropped; bob's still queued, none failed" \
    [ "$(queued)" = 1 ] && [ "$(sql 'SELECT count(*) FROM outbox WHERE failed IS NOT NULL')" = 0 ] &&
    [ "$(sql "SELECT count(*) FROM outbox WHERE to_addr = 'alice@example.org'")" = 0 ]
check "aiosmtpd is back" start_smtp
W --now $(( $(date +%s) + 60 ))	# past the back-off
check "once it is back, it arrives" [ "$(queued)" = 0 ] && [ "$(nbox)" = 2 ]
check "alice got none" [ "$(nbox alice@example.org)" = 0 ]
m=$(last_of bob@example.org)
check "bob's mail tells alice's moves since his last" \
    has "$m" "alice discarded 4Y●"

# 3. SIGKILL during delivery: at most a duplicate, never a loss.
check "bob draws" move bob "$id" draw
# bob discards a card from his dealt hand.
check "bob discards 4Bs" move bob "$id" "discard 4Bs"
check "one mail queued for alice" [ "$(queued)" = 1 ]
mid=$(sql "SELECT message_id FROM outbox WHERE sent IS NULL")
touch "$SLOW"
"$TOPPER" worker --config "$INST_CONF" < /dev/null >> "$INST/log/worker-kill.log" 2>&1 &
worker=$!
arrived() { [ "$(nbox)" = 3 ]; }
check "the server stored the message" inst_wait arrived
kill -KILL "$worker"
wait "$worker" 2>/dev/null
worker=
rm -f "$SLOW"
check "killed before the mark: the row is claimed, not sent" \
    [ "$(sql "SELECT CASE WHEN sent IS NULL AND claimed_until IS NOT NULL THEN 1 ELSE 0 END FROM outbox WHERE message_id = '$mid'")" = 1 ]
W
check "within the lease nobody sends it again" [ "$(nbox)" = 3 ]
W --now $(( $(date +%s) + 400 ))
check "after the lease it is sent again" [ "$(queued)" = 0 ] && [ "$(nbox)" = 4 ]
"$PY" tests/e2e/lib/maildir.py "$BOX" > "$tmp/list.txt"
check "the duplicate has the same Message-ID" \
    [ "$(grep -c "<$mid@example.org>" "$tmp/list.txt")" = 2 ]
"$PY" tests/e2e/lib/maildir.py "$BOX" > "$tmp/list.txt"
check "every outbox row reached the box" sh -c '
	for m in $("$1" "SELECT message_id FROM outbox"); do
		grep -q "<$m@" "$2" || exit 1
	done' - "$INST/sql" "$tmp/list.txt"

# 4. Digest: carol gets one mail for many turns, until she visits.
login carol secret-carol-pw "$tmp/carol.jar"
ccsrf=$(session_csrf "$tmp/carol.jar")
check "carol picks digest on the account page" [ "$(curl -sS -b "$tmp/carol.jar" \
    -o /dev/null -w '%{http_code}' --data-urlencode "csrf=$ccsrf" \
    --data-urlencode mail=digest "$INST_URL/account/mail")" = 303 ]
check "the account page shows it" sh -c 'curl -sS -b "$1" "$2/account" |
    grep -q "value=\"digest\" checked"' - "$tmp/carol.jar" "$INST_URL"
curl -sS -b "$tmp/carol.jar" -o "$tmp/account.html" "$INST_URL/account"
check "the account page is tidy" tidy -eq "$tmp/account.html"
check "a bad preference: 400" [ "$(curl -sS -b "$tmp/carol.jar" \
    -o /dev/null -w '%{http_code}' --data-urlencode "csrf=$ccsrf" \
    --data-urlencode mail=often "$INST_URL/account/mail")" = 400 ]
did=$(T import "$tmp/deal.json" --users dave,carol) ||
    { echo "FAIL: import of the digest game"; exit 1; }
check "dave passes" move dave "$did" pass
check "carol passes" move carol "$did" pass
check "dave draws and discards" move dave "$did" draw &&
    move dave "$did" "discard 4Yc"
check "carol takes 4Yc and discards" move carol "$did" take &&
    move carol "$did" "discard 4Bs"
check "dave draws and discards again" move dave "$did" draw &&
    move dave "$did" "discard 1Rc"
check "three turns of carol's, one mail queued for her" \
    [ "$(rows_to carol@example.org)" = 1 ]
check "dave (every event) got one per turn" [ "$(rows_to dave@example.org)" = 2 ]
# Her session was refreshed just now; a visit counts once a minute.
sql "UPDATE sessions SET last_seen = last_seen - 120 WHERE \"user\" = (SELECT id FROM users WHERE name = 'carol')"
check "carol visits the lobby" [ "$(curl -sS -b "$tmp/carol.jar" -o /dev/null \
    -w '%{http_code}' "$INST_URL/lobby")" = 200 ]
check "the visit lifts the hold" \
    [ "$(sql "SELECT digest_held FROM users WHERE name = 'carol'")" = 0 ]
check "carol draws and discards" move carol "$did" draw &&
    move carol "$did" "discard 1Bt"
check "dave moves; carol's next turn mails her again" move dave "$did" draw &&
    move dave "$did" "discard 1Yh"
check "now two mails for carol" [ "$(rows_to carol@example.org)" = 2 ]
W
# The quiet rule: carol has moved since her first mail was queued, so
# only the second one (about dave's last move) is still news.
check "all delivered or dropped" [ "$(queued)" = 0 ] && [ "$(nbox carol@example.org)" = 1 ]

# 5. Unsubscribe without a login; a forged link changes nothing.
link=$(sed -n 's/^List-Unsubscribe: <\(.*\)>$/\1/p' "$tmp/bob1.txt" | head -1)
check "bob's mail has a link" [ -n "$link" ]
check "GET shows a confirm button, no login needed" sh -c '
	curl -sS -o "$1/unsub.html" -w "%{http_code}" "$2" | grep -q 200 &&
	grep -q "Stop all mail" "$1/unsub.html"' - "$tmp" "$link"
check "the page is tidy" tidy -eq "$tmp/unsub.html"
tok=${link##*/}
first=$(printf '%s' "$tok" | cut -c1)
[ "$first" = A ] && other=B || other=A
forged="${link%/*}/$other$(printf '%s' "$tok" | cut -c2-)"
check "a forged link: GET 403" [ "$(curl -sS -o /dev/null -w '%{http_code}' "$forged")" = 403 ]
check "a forged link: POST 403" [ "$(curl -sS -o /dev/null -w '%{http_code}' \
    --data 'List-Unsubscribe=One-Click' "$forged")" = 403 ]
check "a truncated link: 403 or 404" sh -c '
	c=$(curl -sS -o /dev/null -w "%{http_code}" "$1"); [ "$c" = 403 ] || [ "$c" = 404 ]' \
    - "${link%?}"
check "bob's mail is still on" \
    [ "$(sql "SELECT mail_mode || notify FROM users WHERE name = 'bob'")" = every1 ]
check "one-click POST without a cookie: 200" [ "$(curl -sS -o "$tmp/unsub2.html" \
    -w '%{http_code}' --data 'List-Unsubscribe=One-Click' "$link")" = 200 ]
check "it says so" grep -q "No more mail" "$tmp/unsub2.html"
check "  on a tidy page" tidy -eq "$tmp/unsub2.html"
check "bob's mail is off" \
    [ "$(sql "SELECT mail_mode || notify FROM users WHERE name = 'bob'")" = off0 ]
n=$(rows_to bob@example.org)
check "alice moves; bob's turn queues nothing now" move alice "$id" draw &&
    move alice "$id" "discard 4Rc"
check "no new row for bob" [ "$(rows_to bob@example.org)" = "$n" ]

# 7. An invitation from the lobby mails the invited player.
page lo alice "$INST_URL/lobby"
post inv alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" /lobby/new opponent=invite invitee=dave)"
check "alice invites dave: 303" [ "$(code inv)" = 303 ]
vid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/inv.loc")
check "the invitation is queued with the new game" [ "$(sql "SELECT count(*) FROM outbox WHERE to_addr = 'dave@example.org' AND game = $vid AND (why & 32) <> 0")" = 1 ]
W
m=$(last_of dave@example.org)
check "dave's mail says he is invited" has "$m" "Subject: alice invites you: Gin Vodka #$vid"
check "  by alice, with the link to answer (tests/e2e/invite.sh)" has "$m" "alice invites you to a game of Gin Vodka"

# 6. A mail that cannot be delivered is failed after the cap, and listed.
stop_smtp
sql "INSERT INTO outbox (to_addr, subject, body, message_id, created) VALUES ('x@example.org', 'Test', 'body', 'capped-1', 0)"
for i in 1 2 3; do
	W --now $(( $(date +%s) + i * 100 ))
done
check "after 3 attempts it is marked failed" \
    [ "$(sql "SELECT CASE WHEN failed IS NOT NULL AND attempts = 3 THEN 1 ELSE 0 END FROM outbox WHERE message_id = 'capped-1'")" = 1 ]
T mail-status > "$tmp/status.txt" 2>&1
check "topper mail-status lists it with its error" \
    grep -q "^failed .* to x@example.org after 3 attempts" "$tmp/status.txt"
check "the worker log says so" grep -q "failed after 3 attempts" "$INST/log/worker-once.log"

check "the worker logs are free of sanitizer reports" \
    sh -c '! grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:" "$1"/log/worker-*.log' - "$INST"
instance_stop || fail=1
echo "mail.sh: $(( $(date +%s) - start )) s"
exit $fail
