#!/bin/sh
# account.sh: accounts you can trust (issue 18), through a private nginx.
#
# A registration through the form mails a link that verifies the
# address (read from the outbox); until it is opened the account page
# says so and sends it again, at most verify_rate times; an altered
# link is 403.  A password reset by mail: the neutral answer, the link
# sets a new password once and ends every session; used, altered and
# expired links are refused (the expired one is signed here with the
# instance's secret).  Change of password (asks the current one, ends
# the other sessions), change of address (asks the password; the new
# address must be verified, the old link no longer works), log out
# everywhere, an idle session ending, an API token that expired and its
# last use shown, a common password refused, and the limits with their
# pages: registrations per address, games per hour, open games.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM

INSTANCE_CONF="register_rate = 3/3600
games_rate = 3/3600
games_open = 2"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

# get NAME JAR PATH / send NAME JAR PATH BODY: a GET or form POST that
# keeps cookies in $tmp/JAR.jar; status in NAME.code, Location in
# NAME.loc, the page in NAME.html (tidy -eq on every HTML page).
tidy_page() {
	case $(code "$1") in 3*) return 0 ;; esac
	grep -qi '^content-type: text/html' "$tmp/$1.head" || return 0
	if ! tidy -eq "$tmp/$1.html" > "$tmp/$1.tidy" 2>&1; then
		echo "FAIL: tidy on $1:"
		cat "$tmp/$1.tidy"
		fail=1
	fi
}
get() {
	curl -sS -b "$tmp/$2.jar" -c "$tmp/$2.jar" -D "$tmp/$1.head" \
	    -o "$tmp/$1.html" -w '%{http_code}' "$INST_URL$3" > "$tmp/$1.code"
	tidy_page "$1"
}
send() {
	curl -sS -b "$tmp/$2.jar" -c "$tmp/$2.jar" -D "$tmp/$1.head" \
	    -o "$tmp/$1.html" -w '%{http_code}' --data "$4" "$INST_URL$3" \
	    > "$tmp/$1.code"
	sed -n 's/^Location: *//Ip' "$tmp/$1.head" | tr -d '\r' > "$tmp/$1.loc"
	tidy_page "$1"
}
loc() { cat "$tmp/$1.loc"; }
csrf() { csrf_of "$1"; }
enc() { "$PY" -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
# The last link to PATH (verify, reset) mailed to ADDR, from the outbox.
link() {
	sql "SELECT body FROM outbox WHERE to_addr = '$2' ORDER BY id DESC
	    LIMIT 1" | sed -n "s|.*$INST_URL\(/$1/[A-Za-z0-9_-]*\).*|\1|p" |
	    head -n 1
}
mails() { sql "SELECT count(*) FROM outbox WHERE to_addr = '$1'"; }

# --- Register through the form: the verify mail ----------------------
get rf carol /register
send reg carol /register "csrf=$(csrf rf)&name=carol&email=carol%40example.org&password=$(enc 'carol secret 1')&tz=UTC"
check "registration is 303" [ "$(code reg)" = 303 ]
check "one mail went to the address" [ "$(mails carol@example.org)" = 1 ]
check "it is the verify mail" [ "$(sql "SELECT subject FROM outbox WHERE to_addr = 'carol@example.org'")" = "Topper: confirm your address" ]
V1=$(link verify carol@example.org)
check "it holds a /verify/ link ($V1)" [ -n "$V1" ]
check "the address is not verified yet" [ "$(sql "SELECT email_verified FROM users WHERE name = 'carol'")" = 0 ]
get acct carol /account
check "the account page says not confirmed" has acct "not confirmed yet"
check "and offers the link again" has acct 'action="/account/verify"'

# Again, up to verify_rate (3 an hour): the registration's and 2 more.
send vs1 carol /account/verify "csrf=$(csrf acct)"
check "send the link again: 200" [ "$(code vs1)" = 200 ]
check "  it says so" has vs1 "on its way"
send vs2 carol /account/verify "csrf=$(csrf acct)"
send vs3 carol /account/verify "csrf=$(csrf acct)"
check "the fourth link in an hour is 429" [ "$(code vs3)" = 429 ]
check "  saying the limit" has vs3 "at most 3 in 60 minutes"
check "  and when to try again" has vs3 "Please try again in"
check "  with Retry-After" grep -qi '^Retry-After: [0-9]' "$tmp/vs3.head"
check "three verify mails, no more" [ "$(mails carol@example.org)" = 3 ]

# An altered link.
bad=$(echo "$V1" | sed 's|/verify/A|/verify/B|; t; s|/verify/.|/verify/A|')
get valt anon "$bad"
check "an altered verify link is 403" [ "$(code valt)" = 403 ]
check "  and verifies nothing" [ "$(sql "SELECT email_verified FROM users WHERE name = 'carol'")" = 0 ]

# The link: GET shows a button (mail scanners fetch links), POST confirms.
V=$(link verify carol@example.org)
get vform anon "$V"
check "GET the verify link: 200 with a button" [ "$(code vform)" = 200 ] && has vform "Confirm my address"
check "  and still not verified" [ "$(sql "SELECT email_verified FROM users WHERE name = 'carol'")" = 0 ]
send vdo anon "$V" ""
check "POST it: 200, confirmed" [ "$(code vdo)" = 200 ] && has vdo "is confirmed"
check "the address is verified" [ "$(sql "SELECT email_verified FROM users WHERE name = 'carol'")" = 1 ]
get acct2 carol /account
check "the account page says confirmed" has acct2 "(confirmed)"

# --- Password reset by mail --------------------------------------------
check "carol logs in on a second device" login carol 'carol secret 1' "$tmp/carol2.jar"
get rsf anon /reset
check "GET /reset: 200" [ "$(code rsf)" = 200 ]
n0=$(mails carol@example.org)
send rsn anon /reset "csrf=$(csrf rsf)&who=nobody-here"
check "an unknown name gets the same neutral answer" [ "$(code rsn)" = 200 ] && has rsn "If nobody-here belongs"
send rsa anon /reset "csrf=$(csrf rsf)&who=carol%40example.org"
check "by address: 200" [ "$(code rsa)" = 200 ]
check "one reset mail went out" [ "$(mails carol@example.org)" = $((n0 + 1)) ]
R=$(link reset carol@example.org)
check "it holds a /reset/ link" [ -n "$R" ]
get rlink anon "$R"
check "GET the reset link: the form" [ "$(code rlink)" = 200 ] && has rlink 'name="password"'
send rweak anon "$R" "csrf=$(csrf rlink)&password=password123"
check "a common password is refused (400)" [ "$(code rweak)" = 400 ] && has rweak "most common"
send rset anon "$R" "csrf=$(csrf rlink)&password=$(enc 'carol secret 2')"
check "setting it: 200" [ "$(code rset)" = 200 ] && has rset "every session of the account has ended"
get c2 carol2 /account
check "the other device's session ended" [ "$(code c2)" = 303 ]
get c1 carol /account
check "and the first one's" [ "$(code c1)" = 303 ]
send rused anon "$R" "csrf=$(csrf rlink)&password=$(enc 'carol secret 3')"
check "the used link again: 410" [ "$(code rused)" = 410 ] && has rused "already used"
get rused2 anon "$R"
check "  also on GET" [ "$(code rused2)" = 410 ]
check "the new password works" login carol 'carol secret 2' "$tmp/carol.jar"
check "  (and not the old)" [ "$(curl -sS -o /dev/null -w '%{http_code}' -b "$tmp/carol.jar" --data-urlencode "csrf=$(session_csrf "$tmp/carol.jar")" --data-urlencode name=carol --data-urlencode 'password=carol secret 1' "$INST_URL/login")" != 303 ]
ralt=$(echo "$R" | sed 's|/reset/A|/reset/B|; t; s|/reset/.|/reset/A|')
get ralt anon "$ralt"
check "an altered reset link is 403" [ "$(code ralt)" = 403 ]
# An expired link, signed with the instance's secret (token.c's format).
uid=$(sql "SELECT id FROM users WHERE name = 'carol'")
gen=$(sql "SELECT pw_gen FROM users WHERE name = 'carol'")
secret=$(sql "SELECT value FROM settings WHERE key = 'secret'")
old=$("$PY" - "$secret" "$uid" "$gen" <<'EOF'
import base64, hashlib, hmac, struct, sys, time
secret, uid, gen = bytes.fromhex(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
key = hashlib.blake2b(b"topper mail token v1", key=secret[:64], digest_size=32).digest()
body = bytes([1, 4, 0xff]) + struct.pack(">IIII", uid, 0, gen, int(time.time()) - 60)
mac = hmac.new(key, body, hashlib.sha512).digest()[:16]
print(base64.urlsafe_b64encode(body + mac).decode().rstrip("="))
EOF
)
get rexp anon "/reset/$old"
check "an expired reset link is 410" [ "$(code rexp)" = 410 ] && has rexp "expired"

# --- Change of password and of address ----------------------------------
check "carol logs in on the second device again" login carol 'carol secret 2' "$tmp/carol2.jar"
get acct3 carol /account
send pwbad carol /account/password "csrf=$(csrf acct3)&current=wrong-one-1&password=$(enc 'carol secret 4')"
check "change of password with a wrong current one: 401" [ "$(code pwbad)" = 401 ] && has pwbad "nothing was changed"
send pwok carol /account/password "csrf=$(csrf acct3)&current=$(enc 'carol secret 2')&password=$(enc 'carol secret 4')"
check "with the right one: 200" [ "$(code pwok)" = 200 ] && has pwok "new password is set"
get c3 carol /account
check "this device stays signed in" [ "$(code c3)" = 200 ]
get c4 carol2 /account
check "the other device is signed out" [ "$(code c4)" = 303 ]
check "the new password works" login carol 'carol secret 4' "$tmp/carol2.jar"

send embad carol /account/email "csrf=$(csrf c3)&current=wrong-one-1&email=c2%40example.org"
check "change of address with a wrong password: 401" [ "$(code embad)" = 401 ]
check "  nothing changed" [ "$(sql "SELECT email FROM users WHERE name = 'carol'")" = carol@example.org ]
# (an hour later: the verify links of the last hour no longer count)
sql "DELETE FROM limit_events WHERE kind = 'verify_mail'"
send emok carol /account/email "csrf=$(csrf c3)&current=$(enc 'carol secret 4')&email=c2%40example.org"
check "with the right one: 200" [ "$(code emok)" = 200 ]
check "  the new address is stored, not verified" [ "$(sql "SELECT email || email_verified FROM users WHERE name = 'carol'")" = c2@example.org0 ]
check "  a verify mail went to it" [ "$(mails c2@example.org)" = 1 ]
get vold anon "$V"
check "the old address's link is 410" [ "$(code vold)" = 410 ]
V2=$(link verify c2@example.org)
send vnew anon "$V2" ""
check "the new one verifies it" [ "$(code vnew)" = 200 ] && [ "$(sql "SELECT email_verified FROM users WHERE name = 'carol'")" = 1 ]

# --- Log out everywhere; idle sessions ----------------------------------
get c5 carol /account
send lall carol /account/logout-all "csrf=$(csrf c5)"
check "log out everywhere: 303 to /login" [ "$(code lall)" = 303 ] && [ "$(loc lall)" = /login ]
check "no session of carol is left" [ "$(sql "SELECT count(*) FROM sessions WHERE \"user\" = $uid")" = 0 ]
get c6 carol2 /account
check "the other device is signed out" [ "$(code c6)" = 303 ]
check "carol logs in again" login carol 'carol secret 4' "$tmp/carol.jar"
sql "UPDATE sessions SET last_seen = $(($(date +%s) - 15 * 86400)) WHERE \"user\" = $uid"
get c7 carol /account
check "a session unused for 15 days has ended" [ "$(code c7)" = 303 ]
check "carol logs in again" login carol 'carol secret 4' "$tmp/carol.jar"

# --- API token: expiry and last use -------------------------------------
get c8 carol /account
send tok carol /account/token "csrf=$(csrf c8)"
api=$(grep -o 'class="token" value="[^"]*"' "$tmp/tok.html" | sed 's/.*value="//; s/"$//')
check "a token is made" [ ${#api} -eq 43 ]
check "  it shows when it expires" has tok "It works until"
check "  and that it was never used" has tok "Last used: never"
T user add bob bob@example.org --password bob-secret-1 > /dev/null
gid=$(T import tests/records/gin-vodka-g1-gin.json --users carol,bob 2>/dev/null)
check "the token reads a game" [ "$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $api" "$INST_URL/api/games/$gid")" = 200 ]
check "its use is recorded" [ "$(sql "SELECT CASE WHEN api_token_used > 0 THEN 1 ELSE 0 END FROM users WHERE id = $uid")" = 1 ]
get c9 carol /account
check "the account page shows the last use" hasnt c9 "Last used: never"
apimove() { curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $api" --data-binary '{"ply": 99, "move": "pass"}' "$INST_URL/api/games/$gid/moves"; }
check "the token may post a move (a stale one: 409)" [ "$(apimove)" = 409 ]
sql "UPDATE users SET api_token_expires = 1000 WHERE id = $uid"
check "once expired it is refused (401)" [ "$(apimove)" = 401 ]

# --- Limits: registrations per address, games per player ---------------
for n in dave erin; do
	get rf-$n $n /register
	send reg-$n $n /register "csrf=$(csrf rf-$n)&name=$n&email=$n%40example.org&password=$(enc "$n secret 1")&tz=UTC"
done
check "registrations 2 and 3 from this address pass" [ "$(code reg-dave)$(code reg-erin)" = 303303 ]
get rf-fay fay /register
send reg-fay fay /register "csrf=$(csrf rf-fay)&name=fay&email=fay%40example.org&password=$(enc 'fay secret 1')&tz=UTC"
check "the fourth in an hour is 429" [ "$(code reg-fay)" = 429 ]
check "  naming the limit" has reg-fay "Too many registrations from your address: at most 3 in 60 minutes"
check "  and when to try again" has reg-fay "Please try again in"
check "  no account was made" [ "$(sql "SELECT count(*) FROM users WHERE name = 'fay'")" = 0 ]

get lob dave /lobby
newgame() { send "$1" dave /lobby/new "$(form "$tmp/lob.html" /lobby/new)"; }
newgame g1
newgame g2
check "two games open (303 303)" [ "$(code g1)$(code g2)" = 303303 ]
newgame g3
check "a third open game is 429 (games_open = 2)" [ "$(code g3)" = 429 ]
check "  saying why" has g3 "the most one player may open (2)"
sql "UPDATE games SET status = 'over' WHERE created_by = (SELECT id FROM users WHERE name = 'dave')"
newgame g4
check "with those over, a third game opens" [ "$(code g4)" = 303 ]
newgame g5
check "a fourth in an hour is 429 (games_rate = 3/3600)" [ "$(code g5)" = 429 ]
check "  saying the limit and when" has g5 "the most one player may open in 60 minutes. Please try again in"
check "  with Retry-After" grep -qi '^Retry-After: [0-9]' "$tmp/g5.head"

# Every page above that hashed (register, login, reset, password,
# address) ran in a reader: the writer refuses to hash and would say so.
check "the writer never hashed a password" \
    sh -c "! grep -q 'password hashing' '$INST/log/fcgi-writer.log'"

check "instance stops cleanly" instance_stop
exit $fail
