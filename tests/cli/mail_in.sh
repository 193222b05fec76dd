#!/bin/sh
# mail_in.sh: "topper mail-in" with crafted messages (issue 8, "Moves by
# reply").
#
# alice (seat 0) and bob (seat 1) play Gin Vodka; bob opens.  Each
# message is piped to topper mail-in as an MTA would.  A valid reply
# (under a quoted turn mail) moves and is answered with the new
# position; a base64 multipart reply moves too.  A forged, expired,
# reused or stale token, a reply without a token, one without a move
# line, an illegal move and automatic mail each change nothing (the
# exported game is byte for byte the same).  A mail without a valid
# token is dropped with a line on stderr and never answered (issue 18:
# no backscatter); the others get a clear answer, always at the
# account's own verified address, never at a forged From or Reply-To,
# and none when the address is not verified.  A message that is not a
# message exits 65 (the MTA bounces it) with a word on stderr.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOPPER=${TOPPER:-$PWD/build-asan/topper}
[ -x "$TOPPER" ] || { echo "FAIL: no program $TOPPER"; exit 1; }

fail=0
check() {	# description command...
	_d=$1
	shift
	if "$@"; then
		echo "ok: $_d"
	else
		echo "FAIL: $_d"
		fail=1
	fi
}

tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT INT TERM
conf=$tmp/topper.conf
cat > "$conf" <<EOF
db = $tmp/topper.db
pwhash = min
base_url = http://cards.test
mail.from = Topper <topper@cards.test>
mail.reply_to = play@cards.test
EOF
T() { "$TOPPER" "$@" --config "$conf"; }
sql() { sqlite3 "$tmp/topper.db" "$1"; }

T init > /dev/null 2>&1 || { echo "FAIL: init"; exit 1; }
T user add alice alice@example.org --password alicealice > /dev/null &&
    T user add bob bob@example.org --password bobbobbob > /dev/null ||
    { echo "FAIL: users"; exit 1; }
printf '{"game": "gin-vodka", "notation": 1, "options": {"target": 100}, "seats": 2, "seed": "%s", "moves": []}\n' \
    0101010101010101010101010101010101010101010101010101010101010101 \
    > "$tmp/new.json"
game=$(T import "$tmp/new.json" --users alice,bob) ||
    { echo "FAIL: import"; exit 1; }

# mail FILE: pipe it to mail-in; $rc and $tmp/err hold the outcome.
mail() {
	T mail-in < "$1" > "$tmp/out" 2> "$tmp/err"
	rc=$?
}
# The last answer queued (kind 'text'): to, subject, body.
last() { sql "SELECT $1 FROM outbox WHERE kind = 'text' ORDER BY id DESC LIMIT 1"; }
answers() { sql "SELECT count(*) FROM outbox WHERE kind = 'text'"; }
snap() { T export "$game" > "$tmp/$1.json" 2> /dev/null; }
same() { cmp -s "$tmp/$1.json" "$tmp/$2.json"; }

# reply TOKEN BODY [EXTRA-HEADER]: a reply from bob to play+TOKEN.
reply() {
	printf 'Return-Path: <bob@example.org>\r\n'
	printf 'Delivered-To: play+%s@cards.test\r\n' "$1"
	printf 'From: Bob <bob@example.org>\r\n'
	printf 'To: Topper <play+%s@cards.test>\r\n' "$1"
	printf 'Subject: Re: Your turn: Gin Vodka #%s\r\n' "$game"
	printf 'Message-ID: <r%s@example.org>\r\n' "$$"
	[ -n "${3:-}" ] && printf '%s\r\n' "$3"
	printf 'Content-Type: text/plain; charset=utf-8\r\n\r\n'
	printf '%b' "$2"
}
QUOTE='\r\nOn Mon, 23 Nov 2026 at 10:00, Topper <play@cards.test> wrote:\r\n> It is your turn.\r\n> Your moves now: take, pass\r\n'

tok1=$(T test-reply-token "$game" 1) || { echo "FAIL: token"; exit 1; }
check "a reply token is 47 characters" [ ${#tok1} -eq 47 ]
snap before

# --- not a message at all: bounced, nothing queued
printf 'this is not a mail\nat all\n' > "$tmp/m"
mail "$tmp/m"
check "a message without headers exits 65" [ "$rc" -eq 65 ]
check "... and says why on stderr" grep -q "not a mail message" "$tmp/err"
check "... and queues no answer" [ "$(answers)" -eq 0 ]

# --- no token: dropped with a log line, never answered (the sender is
# whoever the mail claims: an answer would be backscatter)
printf 'From: bob@example.org\r\nTo: play@cards.test\r\n\r\npass\r\n' > "$tmp/m"
mail "$tmp/m"
check "no token: handled (exit 0)" [ "$rc" -eq 0 ]
check "no token: no answer" [ "$(answers)" -eq 0 ]
check "no token: stderr says dropped" grep -q "no reply token.*dropped" "$tmp/err"

# --- a large mail (a 2 MB attachment after the text) is still read
{
	printf 'From: bob@example.org\r\nTo: play@cards.test\r\n\r\npass\r\n'
	head -c 2000000 /dev/zero | tr '\0' x
} > "$tmp/m"
mail "$tmp/m"
check "a 2 MB mail: read, dropped, not answered" [ "$rc.$(answers)" = "0.0" ] &&
    grep -q "no reply token" "$tmp/err"

# --- no database: the mail system keeps the message (75)
printf 'db = %s/nowhere/topper.db\n' "$tmp" > "$tmp/bad.conf"
"$TOPPER" mail-in --config "$tmp/bad.conf" < "$tmp/m" 2> "$tmp/err"
check "no database: exit 75 (try again later)" [ $? -eq 75 ]
check "... said on stderr" grep -q "stays with the mail system" "$tmp/err"

# --- a forged token: one character changed
c=$(printf '%s' "$tok1" | cut -c1)
[ "$c" = A ] && r=B || r=A
forged="$r$(printf '%s' "$tok1" | cut -c2-)"
reply "$forged" "pass$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "forged token: exit 0" [ "$rc" -eq 0 ]
check "forged token: not answered" [ "$(answers)" -eq 0 ]
check "forged token: stderr says why" grep -q "invalid reply token.*dropped" "$tmp/err"

# --- an expired token
old=$(T test-reply-token "$game" 1 --expires 1000)
reply "$old" "pass$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "expired token: dropped, not answered" [ "$rc.$(answers)" = "0.0" ] &&
    grep -q "expired reply token.*dropped" "$tmp/err"

# --- automatic mail with a valid token: dropped, no answer
n=$(answers)
reply "$tok1" "I am away until Monday.$QUOTE" 'Auto-Submitted: auto-replied' > "$tmp/m"
mail "$tmp/m"
check "automatic mail: exit 0, no answer" [ "$rc.$(answers)" = "0.$n" ]
check "automatic mail: said on stderr" grep -q "automatic" "$tmp/err"

# --- mail from our own address: never answered (no loops)
n=$(answers)
printf 'From: Topper <topper@cards.test>\r\nTo: play+%s@cards.test\r\n\r\npass\r\n' "$tok1" > "$tmp/m"
mail "$tmp/m"
check "our own mail: exit 0, no answer" [ "$rc.$(answers)" = "0.$n" ]
check "our own mail: said on stderr" grep -q "our own address" "$tmp/err"

# --- a valid token under a forged From and Reply-To: the answer goes
# to the account's own address, nothing to the forger
{
	printf 'From: Mallory <mallory@evil.test>\r\n'
	printf 'Reply-To: mallory@evil.test\r\n'
	printf 'Sender: mallory@evil.test\r\n'
	printf 'To: play+%s@cards.test\r\n\r\n%b' "$tok1" "$QUOTE"
} > "$tmp/m"
mail "$tmp/m"
check "forged From/Reply-To: answered" [ "$rc" -eq 0 ] && [ "$(answers)" -ge 1 ]
check "  to bob's own address" [ "$(last to_addr)" = bob@example.org ]
check "  nothing to the forger" [ "$(sql "SELECT count(*) FROM outbox WHERE to_addr LIKE '%evil.test%'")" -eq 0 ]

# --- only quoted text: no move line
reply "$tok1" "$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "only quoted text: refused" \
    sh -c 'sqlite3 "$1" "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "found no move"' _ "$tmp/topper.db"
check "only quoted text: answered to the account's address" \
    [ "$(last to_addr)" = bob@example.org ]

# --- an illegal move: the engine's reason, nothing changed
reply "$tok1" "discard 4Bc$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "illegal move: exit 0" [ "$rc" -eq 0 ]
check "illegal move: the answer quotes the move and says it was not played" \
    sh -c 'sqlite3 "$1" "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "Your move \"discard 4Bc\" was not played"' _ "$tmp/topper.db"
check "illegal move: the answer carries a fresh reply address" \
    sh -c 'sqlite3 "$1" "SELECT headers FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "Reply-To: play+"' _ "$tmp/topper.db"
check "illegal move: the answer is threaded and marked automatic" \
    sh -c 'sqlite3 "$1" "SELECT headers FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "In-Reply-To: <r"' _ "$tmp/topper.db"

# --- invalid UTF-8 in the first line: the answer is valid UTF-8 and
# does not carry those bytes
n=$(answers)
reply "$tok1" "\377\376<b>x\r\n$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "invalid UTF-8: exit 0, answered" [ "$rc" -eq 0 ] && [ "$(answers)" -gt "$n" ]
sqlite3 "$tmp/topper.db" "SELECT writefile('$tmp/ans', CAST(subject || body || coalesce(html, '') AS BLOB)) FROM outbox ORDER BY id DESC LIMIT 1" > /dev/null
check "  the answer is valid UTF-8" python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$tmp/ans"
check "  without the raw bytes" sh -c "! grep -q \"\$(printf '\\377')\" '$tmp/ans'"

# --- bob's address no longer verified: refused, and not answered
n=$(answers)
sql "UPDATE users SET email_verified = 0 WHERE name = 'bob'"
reply "$tok1" "discard 4Bc$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "unverified address: exit 0, no answer" [ "$rc.$(answers)" = "0.$n" ]
check "  stderr says it was not answered" grep -q "not answered: the account's address is not verified" "$tmp/err"
sql "UPDATE users SET email_verified = 1 WHERE name = 'bob'"

snap after_refusals
check "every refusal changed nothing (export identical)" same before after_refusals
check "no move stored" [ "$(sql "SELECT count(*) FROM moves")" -eq 0 ]

# --- a valid reply under a quoted mail: it moves
reply "$tok1" "pass$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "valid reply: exit 0" [ "$rc" -eq 0 ]
check "valid reply: the move is stored for bob's seat" \
    [ "$(sql "SELECT seat || ' ' || text FROM moves WHERE game = $game")" = "1 pass" ]
check "valid reply: answered with the new position" \
    sh -c 'sqlite3 "$1" "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "Your move \"pass\" was played"' _ "$tmp/topper.db"
check "valid reply: stderr says what was played" grep -q 'played "pass"' "$tmp/err"
snap moved

# --- the same token again: used
reply "$tok1" "take$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "reused token: refused" \
    sh -c 'sqlite3 "$1" "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "already made a move"' _ "$tmp/topper.db"

# --- alice's token from before bob moved: stale
tok0=$(T test-reply-token "$game" 0 --ply 0)
reply "$tok0" "take$QUOTE" > "$tmp/m"
mail "$tmp/m"
check "stale token: refused" \
    sh -c 'sqlite3 "$1" "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "moved on"' _ "$tmp/topper.db"
check "stale token: answered to alice's address" [ "$(last to_addr)" = alice@example.org ]
check "no answer ever went to a sender's address but the accounts'" \
    [ "$(sql "SELECT count(*) FROM outbox WHERE kind = 'text' AND to_addr NOT IN ('alice@example.org', 'bob@example.org')")" -eq 0 ]
snap after_stale
check "reused and stale tokens changed nothing" same moved after_stale

# --- alice's fresh token, a multipart reply with base64 text
tok0=$(T test-reply-token "$game" 0)
b64=$(printf 'take\r\n\r\n> Your moves now: take, pass\r\n' | base64)
{
	printf 'From: alice@example.org\r\nTo: play+%s@cards.test\r\n' "$tok0"
	printf 'MIME-Version: 1.0\r\n'
	printf 'Content-Type: multipart/alternative; boundary="XyZ"\r\n\r\n'
	printf -- '--XyZ\r\nContent-Type: text/plain; charset=UTF-8\r\n'
	printf 'Content-Transfer-Encoding: base64\r\n\r\n%s\r\n' "$b64"
	printf -- '--XyZ\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n'
	printf '<div>pass</div>\r\n--XyZ--\r\n'
} > "$tmp/m"
mail "$tmp/m"
check "multipart base64 reply: moves" \
    [ "$(sql "SELECT seat || ' ' || text FROM moves WHERE game = $game AND ply = 2")" = "0 take" ]
check "the answer to a turn that goes on carries a new reply address" \
    sh -c 'sqlite3 "$1" "SELECT headers FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "Reply-To: play+"' _ "$tmp/topper.db"

# --- charsets other than UTF-8 (GMime converts them): alice answers in
# windows-1252, quoted-printable, with an RFC 2047 name; a no-break
# space (A0) leads the move line and the quote holds an e acute and a
# euro sign (E9, 80)
tok0=$(T test-reply-token "$game" 0)
{
	printf 'From: =?windows-1252?Q?Alice_M=FCller?= <alice@example.org>\r\n'
	printf 'To: play+%s@cards.test\r\nMIME-Version: 1.0\r\n' "$tok0"
	printf 'Content-Type: text/plain; charset="windows-1252"\r\n'
	printf 'Content-Transfer-Encoding: quoted-printable\r\n\r\n'
	printf '=A0discard 4Bh\r\n\r\nOn Monday, Topper wrote:\r\n> Caf=E9 =80 3\r\n'
} > "$tmp/m"
mail "$tmp/m"
check "a windows-1252 reply plays its move" \
    [ "$(sql "SELECT seat || ' ' || text FROM moves WHERE game = $game AND ply = 3")" = "0 discard 4Bh" ]
# bob answers in ISO-8859-1, 8bit, the same no-break space first
tok1=$(T test-reply-token "$game" 1)
{
	printf 'From: bob@example.org\r\nTo: play+%s@cards.test\r\n' "$tok1"
	printf 'Content-Type: text/plain; charset=ISO-8859-1\r\n'
	printf 'Content-Transfer-Encoding: 8bit\r\n\r\n'
	printf '\240draw\r\n\r\n> d\351j\340 vu\r\n'
} > "$tmp/m"
mail "$tmp/m"
check "an ISO-8859-1 reply plays its move" \
    [ "$(sql "SELECT seat || ' ' || text FROM moves WHERE game = $game AND ply = 4")" = "1 draw" ]

check "four moves in all" [ "$(sql "SELECT count(*) FROM moves")" -eq 4 ]
check "four tokens remembered as used" [ "$(sql 'SELECT count(*) FROM mail_tokens_used')" -eq 4 ]
check "usage error exits 2" sh -c '"$0" mail-in --bogus < /dev/null 2>/dev/null; [ $? -eq 2 ]' "$TOPPER"
exit $fail
