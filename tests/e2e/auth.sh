#!/bin/sh
# auth.sh: accounts, sessions and CSRF through a private nginx.
#
# Register (the good case and each refusal), log in and out, the login
# rate limit, the CSRF checks (missing, wrong, cross-site), the account
# page with its API token, that GET pages with a session write nothing
# (R_TOUCH aside), the security headers and cookie attributes, and
# tidy -eq on every page rendered.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM

INSTANCE_CONF="login_rate = 3/60"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

npages=0
# req NAME JAR METHOD PATH [curl args]: the reply's head, body and code
# land in $tmp/NAME.{head,body,code}; every HTML body is kept for tidy.
req() {
	_n=$1 _j=$2 _m=$3 _p=$4
	shift 4
	curl -sS -X "$_m" -b "$tmp/$_j.jar" -c "$tmp/$_j.jar" \
	    -D "$tmp/$_n.head" -o "$tmp/$_n.body" -w '%{http_code}' \
	    "$@" "$INST_URL$_p" > "$tmp/$_n.code"
	if grep -qi '^Content-Type: text/html' "$tmp/$_n.head"; then
		npages=$((npages + 1))
		cp "$tmp/$_n.body" "$tmp/page-$npages-$_n.html"
	fi
}
head_has() { grep -qi "^$2" "$tmp/$1.head"; }
body_has() { grep -q -- "$2" "$tmp/$1.body"; }
body_lacks() { ! grep -q -- "$2" "$tmp/$1.body"; }
location() { sed -n 's/^Location: *//Ip' "$tmp/$1.head" | tr -d '\r'; }
# The csrf token of the first form in a reply (its .body: this suite
# replaces web.sh's csrf_of).
csrf_of() {
	grep -o 'name="csrf" value="[^"]*"' "$tmp/$1.body" | head -n 1 |
	    sed 's/.*value="//; s/"$//'
}

# --- Anonymous pages ---------------------------------------------------
req home anon GET /
check "GET / is 200" [ "$(code home)" = 200 ]
check "home says what Topper is" body_has home "Triple Topper card games"
check "home links to sign up" body_has home 'href="/register"'
check "home shows Log in when anonymous" body_has home '>Log in<'
check "home sets no cookie (no form)" sh -c "! grep -qi '^Set-Cookie' '$tmp/home.head'"
check "CSP without inline script" head_has home "Content-Security-Policy: default-src 'self'; script-src 'self';"
check "nosniff" head_has home "X-Content-Type-Options: nosniff"
check "frame-ancestors none" grep -qi "frame-ancestors 'none'" "$tmp/home.head"
check "X-Frame-Options DENY" head_has home "X-Frame-Options: DENY"

req regform anon GET /register
check "GET /register is 200" [ "$(code regform)" = 200 ]
check "the register form sets an anonymous CSRF cookie" head_has regform "Set-Cookie: topper_csrf="
check "that cookie is HttpOnly and SameSite=Lax" grep -i '^Set-Cookie: topper_csrf=' "$tmp/regform.head" | grep -q 'HttpOnly; SameSite=Lax'
check "register form has a time zone select" body_has regform '<select id="tz" name="tz" class="tz-auto"'
check "UTC is the default zone" body_has regform '<option value="UTC" selected>'
check "register page loads tz.js (no inline script)" body_has regform '<script src="/static/js/tz.js" defer></script>'
check "  once" [ "$(grep -c 'src="/static/js/tz.js"' "$tmp/regform.body")" = 1 ]
check "no inline script anywhere" sh -c "! grep -q '<script>' '$tmp/regform.body'"
ACSRF=$(csrf_of regform)
check "the form carries the token" [ ${#ACSRF} -eq 43 ]

req tzjs anon GET /static/js/tz.js
check "tz.js is served" [ "$(code tzjs)" = 200 ]
req css anon GET /static/css/topper.css
check "topper.css is served" [ "$(code css)" = 200 ]

# register NAME JAR FIELD=VALUE... [-- CURL-ARGS...]: POST /register.
register() {
	_n=$1 _j=$2
	shift 2
	_raw=0
	for _a in "$@"; do
		if [ $_raw = 0 ] && [ "$_a" = -- ]; then
			_raw=1
		elif [ $_raw = 0 ]; then
			set -- "$@" --data-urlencode "$_a"
		else
			set -- "$@" "$_a"
		fi
		shift
	done
	req "$_n" "$_j" POST /register "$@"
}

# --- Register: each refusal, then the good case -------------------------
register bad_short anon "csrf=$ACSRF" name=ab email=ab@example.org password=longenough tz=UTC
check "a 2-letter name is 400" [ "$(code bad_short)" = 400 ]
check "the message names the rule" body_has bad_short "A name has 3 to 20 characters"
check "the email typed is kept" body_has bad_short 'value="ab@example.org"'
check "the password is not sent back" body_lacks bad_short "longenough"

register bad_chars anon "csrf=$ACSRF" "name=bad name!" email=b@example.org password=longenough
check "a name with a space is 400" [ "$(code bad_chars)" = 400 ]
check "the name typed is kept, escaped" body_has bad_chars 'value="bad name!"'

register bad_long anon "csrf=$ACSRF" name=abcdefghijklmnopqrstu email=c@example.org password=longenough
check "a 21-character name is 400" [ "$(code bad_long)" = 400 ]

register bad_email anon "csrf=$ACSRF" name=carol email=nope password=longenough
check "an email without @ is 400" [ "$(code bad_email)" = 400 ]
check "the email message" body_has bad_email "Please give an email address."

register no_email anon "csrf=$ACSRF" name=carol password=longenough
check "a missing email is 400" [ "$(code no_email)" = 400 ]

register bad_pw anon "csrf=$ACSRF" name=carol email=c@example.org password=short
check "a 5-character password is 400" [ "$(code bad_pw)" = 400 ]
check "the password message" body_has bad_pw "at least 8 characters"
check "the short password is not sent back" body_lacks bad_pw 'value="short"'

register xss anon "csrf=$ACSRF" 'name=<b>x' 'email=<script>@x' password=longenough
check "markup in a field is escaped" body_has xss '&lt;script&gt;@x'
check "no markup from the form survives" body_lacks xss '<script>@x'

register nocsrf anon name=carol email=c@example.org password=longenough
check "register without a CSRF token is 403" [ "$(code nocsrf)" = 403 ]
check "the 403 page says to reload" body_has nocsrf "reload the page"
register badcsrf anon "csrf=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" name=carol email=c@example.org password=longenough
check "register with a wrong CSRF token is 403" [ "$(code badcsrf)" = 403 ]
register xsite anon "csrf=$ACSRF" name=carol email=c@example.org password=longenough -- -H "Origin: http://evil.example"
check "register from another Origin is 403" [ "$(code xsite)" = 403 ]
register xsite2 anon "csrf=$ACSRF" name=carol email=c@example.org password=longenough -- -H "Sec-Fetch-Site: cross-site"
check "register with Sec-Fetch-Site: cross-site is 403" [ "$(code xsite2)" = 403 ]
check "none of the refused forms made a user" [ "$(sql 'SELECT count(*) FROM users')" = 0 ]

cp "$tmp/anon.jar" "$tmp/alice.jar"
register good alice "csrf=$ACSRF" name=alice email=alice@example.org password=alicepass tz=Europe/Paris -- -H "Origin: $INST_URL"
check "register alice is 303" [ "$(code good)" = 303 ]
check "and goes to the lobby or home" sh -c "[ '$(location good)' = /lobby ] || [ '$(location good)' = / ]"
check "register logs in: session cookie" head_has good "Set-Cookie: topper_session="
cookie=$(grep -i '^Set-Cookie: topper_session=' "$tmp/good.head")
check "session cookie is HttpOnly" sh -c "echo '$cookie' | grep -q HttpOnly"
check "session cookie is SameSite=Lax" sh -c "echo '$cookie' | grep -q 'SameSite=Lax'"
check "session cookie has Path=/" sh -c "echo '$cookie' | grep -q 'Path=/;'"
check "session cookie lasts 30 days" sh -c "echo '$cookie' | grep -q 'Max-Age=2592000'"
check "no Secure flag over plain http" sh -c "! echo '$cookie' | grep -q Secure"
check "alice is stored with her zone" [ "$(sql "SELECT tz FROM users WHERE name = 'alice'")" = Europe/Paris ]
check "the password is stored as Argon2id" sh -c "'$INST/sql' \"SELECT pwhash FROM users WHERE name = 'alice'\" | grep -q '^\\\$argon2id\\\$'"
token=$(echo "$cookie" | sed 's/.*topper_session=\([^;]*\);.*/\1/')
check "the session token is not stored in clear" [ "$(sql "SELECT count(*) FROM sessions WHERE token_hash = $(inst_blob "$token") OR csrf = '$token'")" = 0 ]
check "one session row" [ "$(sql 'SELECT count(*) FROM sessions')" = 1 ]

register taken anon "csrf=$ACSRF" name=ALICE email=x@example.org password=longenough
check "a taken name (any case) is 409" [ "$(code taken)" = 409 ]
check "409 says the name is taken" body_has taken "That name is taken."

cp "$tmp/anon.jar" "$tmp/bob.jar"
register badtz bob "csrf=$ACSRF" name=bob email=bob@example.org password=bobspass1 tz=Not/AZone
check "an unknown zone still registers" [ "$(code badtz)" = 303 ]
check "... as UTC" [ "$(sql "SELECT tz FROM users WHERE name = 'bob'")" = UTC ]

# --- Signed in ---------------------------------------------------------
req acct alice GET /account
check "GET /account is 200" [ "$(code acct)" = 200 ]
check "account shows the name" body_has acct "<dd>alice</dd>"
check "account shows times in the user's zone" grep -Eq '<dd>[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} CES?T</dd>' "$tmp/acct.body"
check "nav has a log-out form" body_has acct 'action="/logout"'
check "nav shows Lobby" body_has acct 'href="/lobby"'
SCSRF=$(csrf_of acct)
check "the session's token differs from the anonymous one" [ "$SCSRF" != "$ACSRF" ] && [ ${#SCSRF} -eq 43 ]

req regwhile alice GET /register
check "GET /register when signed in redirects" [ "$(code regwhile)" = 303 ]

# A GET with a session writes nothing: the store does not change
# (inst_db_sum: SQLite's files; PostgreSQL's rows and sequences) and
# last_seen stays, except through R_TOUCH once a minute has passed.
# (two minutes ago: older than a minute, well within session_idle)
sql "UPDATE sessions SET last_seen = $(($(date +%s) - 120))"
seen0=$(sql "SELECT last_seen FROM sessions WHERE \"user\" = (SELECT id FROM users WHERE name = 'alice')")
alice_seen() { sql "SELECT last_seen FROM sessions WHERE \"user\" = (SELECT id FROM users WHERE name = 'alice')"; }
sum() { inst_db_sum; }
before=$(sum)
req g1 alice GET /
req g2 alice GET /login
req g3 alice GET /nowhere
req g4 alice GET /register
check "GET / signed in shows the user" body_has g1 '>Account<'
check "GET pages wrote nothing" [ "$(sum)" = "$before" ]
check "last_seen untouched by GETs without R_TOUCH" [ "$(alice_seen)" = "$seen0" ]
req touch alice GET /account
check "R_TOUCH (/account) refreshes last_seen" [ "$(alice_seen)" -gt "$seen0" ]
before=$(sum)
req touch2 alice GET /account
check "a second touch within a minute writes nothing" [ "$(sum)" = "$before" ]

# Account: API token, shown once.
req tok alice POST /account/token --data-urlencode "csrf=$SCSRF"
check "POST /account/token is 200" [ "$(code tok)" = 200 ]
api=$(grep -o 'class="token" value="[^"]*"' "$tmp/tok.body" | sed 's/.*value="//; s/"$//')
check "the new token is shown" [ ${#api} -eq 43 ]
check "its hash is stored" [ "$(sql "SELECT length(api_token) FROM users WHERE name = 'alice'")" = 32 ]
req acct2 alice GET /account
check "the token is not shown again" body_lacks acct2 "$api"
check "account says a token exists" body_has acct2 "Revoke the token"
req tokx alice POST /account/token
check "POST /account/token without CSRF is 403" [ "$(code tokx)" = 403 ]
req tokx2 alice POST /account/token --data-urlencode "csrf=$ACSRF"
check "the anonymous token does not authorise account actions" [ "$(code tokx2)" = 403 ]
req revoke alice POST /account/token/revoke --data-urlencode "csrf=$SCSRF"
check "revoke is 200" [ "$(code revoke)" = 200 ]
check "revoked in the database" [ "$(sql "SELECT CASE WHEN api_token IS NULL THEN 1 ELSE 0 END FROM users WHERE name = 'alice'")" = 1 ]
req tz alice POST /account/tz --data-urlencode "csrf=$SCSRF" --data-urlencode tz=Asia/Tokyo
check "changing the zone is 200" [ "$(code tz)" = 200 ]
check "the zone is saved" [ "$(sql "SELECT tz FROM users WHERE name = 'alice'")" = Asia/Tokyo ]
check "times now show JST" body_has tz " JST</dd>"
req tzbad alice POST /account/tz --data-urlencode "csrf=$SCSRF" --data-urlencode tz=../../etc/passwd
check "a bad zone is 400" [ "$(code tzbad)" = 400 ]

# --- Log out -----------------------------------------------------------
cp "$tmp/alice.jar" "$tmp/stolen.jar"
req lo_nocsrf alice POST /logout
check "logout without CSRF is 403" [ "$(code lo_nocsrf)" = 403 ]
req lo_xsite alice POST /logout --data-urlencode "csrf=$SCSRF" -H "Origin: http://evil.example"
check "logout from another site is 403" [ "$(code lo_xsite)" = 403 ]
check "the session survived both" [ "$(sql 'SELECT count(*) FROM sessions')" = 2 ]
req lo alice POST /logout --data-urlencode "csrf=$SCSRF" -H "Origin: $INST_URL" -H "Sec-Fetch-Site: same-origin"
check "logout is 303 to /" [ "$(code lo)" = 303 ] && [ "$(location lo)" = / ]
check "logout clears the cookie" grep -qi '^Set-Cookie: topper_session=; Path=/; Max-Age=0' "$tmp/lo.head"
check "alice's session row is gone" [ "$(sql "SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user WHERE u.name = 'alice'")" = 0 ]
req after_lo stolen GET /account
check "the old cookie opens nothing: 303 to login" [ "$(code after_lo)" = 303 ]
check "with next=/account" [ "$(location after_lo)" = "/login?next=%2Faccount" ]
req lo_anon anon POST /logout --data-urlencode "csrf=$ACSRF"
check "logout when not signed in is 403" [ "$(code lo_anon)" = 403 ]

# --- Log in ------------------------------------------------------------
req lform fresh GET "/login?next=%2Faccount"
check "GET /login is 200" [ "$(code lform)" = 200 ]
check "the form keeps next" body_has lform 'name="next" value="/account"'
LCSRF=$(csrf_of lform)
req lbad fresh POST /login --data-urlencode "csrf=$LCSRF" -d name=alice -d password=wrongpass
check "a wrong password is 401" [ "$(code lbad)" = 401 ]
check "it says wrong name or password" body_has lbad "Wrong name or password."
check "the name is kept" body_has lbad 'value="alice"'
check "the password is not" body_lacks lbad "wrongpass"
req lnone fresh POST /login --data-urlencode "csrf=$LCSRF" -d name=nobody -d password=whatever1
check "an unknown name is 401 with the same words" [ "$(code lnone)" = 401 ] && body_has lnone "Wrong name or password."
req lempty fresh POST /login --data-urlencode "csrf=$LCSRF" -d name=alice
check "no password is 400" [ "$(code lempty)" = 400 ]
req lnocsrf fresh POST /login -d name=alice -d password=alicepass
check "login without CSRF is 403" [ "$(code lnocsrf)" = 403 ]
req lgood fresh POST /login --data-urlencode "csrf=$LCSRF" -d name=alice -d password=alicepass -d next=/account
check "login is 303" [ "$(code lgood)" = 303 ]
check "to next" [ "$(location lgood)" = /account ]
check "login sets the session cookie" head_has lgood "Set-Cookie: topper_session="
req lacct fresh GET /account
check "the new session works" [ "$(code lacct)" = 200 ]
req levil fresh2 GET /login
E=$(csrf_of levil)
req levil2 fresh2 POST /login --data-urlencode "csrf=$E" -d name=alice -d password=alicepass --data-urlencode next=//evil.example/
check "next=//host is not followed" sh -c "case '$(location levil2)' in //*|http*) exit 1;; esac"

# --- Rate limit (login_rate = 3/60 per address, any name) ---------------
# The two failures above count for this address too: start afresh.
sql "DELETE FROM login_attempts"
req rform rate GET /login
R=$(csrf_of rform)
for i in 1 2 3; do
	req "rl$i" rate POST /login --data-urlencode "csrf=$R" -d name=bob -d password=wrong$i
done
check "three failures are 401" [ "$(code rl1)$(code rl2)$(code rl3)" = 401401401 ]
req rl4 rate POST /login --data-urlencode "csrf=$R" -d name=bob -d password=bobspass1
check "the fourth try is 429, even with the right password" [ "$(code rl4)" = 429 ]
check "429 says to wait" body_has rl4 "Too many failed logins"
check "429 has Retry-After" head_has rl4 "Retry-After: 60"
check "attempts are stored in the database" [ "$(sql "SELECT count(*) FROM login_attempts WHERE name = 'bob'")" = 3 ]
check "429 names the address" body_has rl4 "from your address"
req rl5 rate POST /login --data-urlencode "csrf=$R" -d name=alice -d password=alicepass
check "another name from the same address waits too (random names are limited)" [ "$(code rl5)" = 429 ]

# --- Every HTML page rendered above passes tidy -------------------------
if command -v tidy > /dev/null; then
	bad=
	for f in "$tmp"/page-*.html; do
		tidy -eq "$f" > "$f.tidy" 2>&1 || bad="$bad $(basename "$f")"
	done
	check "tidy -eq passes on all $npages pages${bad:+ (failed:$bad)}" [ -z "$bad" ]
	[ -z "$bad" ] || for f in $bad; do cat "$tmp/$f.tidy"; done
else
	echo "FAIL: tidy is not installed"
	fail=1
fi

check "instance stops cleanly" instance_stop
exit $fail
