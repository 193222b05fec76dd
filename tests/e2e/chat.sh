#!/bin/sh
# chat.sh: table chat and private notes, through the pages.
#
# alice (seat 0) and bob (seat 1) play; carol watches; anon reads.
# Chat: a seated player writes, everyone reads it on the game page and
# in the history, escaped; a spectator cannot write; empty, over-long
# (501 characters) and multi-line messages are refused, 500 characters
# pass; the sixth message within a minute answers 429; bob mutes the
# table and sees no message until he unmutes; a table closed to
# spectators shows carol nothing; when bob blocks alice her messages
# are refused (403) and hidden from him.  The chat reaches an away
# player with the next turn mail (once, composed by the worker), not a
# mail per message, and not when muted.
# Notes: alice's note shows on her page only: never on bob's, carol's
# or anyone's page, the API views, the history, or any mail.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
# Mail goes to a port nothing listens on: the worker composes each game
# mail (and stores the text) before it fails to send it.
INSTANCE_CONF="mail.smtp_url = smtp://127.0.0.1:$(instance_free_port)
mail.starttls = no
mail.retry = 3600"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol
import_g1
G=$INST_URL/g/$id

page a0 alice "$G"
check "alice's page has the chat form" has a0 'id="chat-form"'
check "and her note form" has a0 'id="note-form"'
say() {	# NAME WHO TEXT: WHO posts TEXT (urlencoded by curl)
	_n=$1 _w=$2
	curl -sS -b "$tmp/$_w.jar" -o "$tmp/$_n.html" -w '%{http_code}' \
	    --data-urlencode "csrf=$(session_csrf "$tmp/$_w.jar")" \
	    --data-urlencode "text=$3" "$G/chat" > "$tmp/$_n.code"
}
say c1 alice "<b>hi</b> & \"welcome\""
check "alice writes: 303" [ "$(code c1)" = 303 ]
say c2 bob "hello alice"
page b1 bob "$G"
check "bob reads it, escaped" has b1 '&lt;b&gt;hi&lt;/b&gt; &amp; &quot;welcome&quot;'
check "  never as markup" hasnt b1 '<b>hi</b>'
check "  with who wrote it" has b1 '<strong class="who">alice</strong>'
page s1 carol "$G"
check "carol (spectator) reads it" has s1 'hello alice'
check "  but has no chat form" hasnt s1 'id="chat-form"'
page n1 anon "$G"
check "anyone reads it" has n1 'hello alice'
say c3 carol "let me in"
check "a spectator cannot write: 403" [ "$(code c3)" = 403 ]
check "  and nothing was stored" [ "$(sql "SELECT count(*) FROM chat")" = 2 ]
page h1 carol "$G/history"
check "the history shows the chat" has h1 'hello alice'
check "  without a form" hasnt h1 'id="chat-form"'

# ---- limits ----
long=$("$PY" -c 'print("x" * 501)')
say c4 alice "$long"
check "501 characters: 400" [ "$(code c4)" = 400 ]
say c5 alice ""
check "an empty message: 400" [ "$(code c5)" = 400 ]
say c6 alice "two
lines"
check "two lines: 400" [ "$(code c6)" = 400 ]
say c7 alice "$("$PY" -c 'print("y" * 500)')"
check "500 characters pass" [ "$(code c7)" = 303 ]
say c8 alice "three"
say c9 alice "four"
say c10 alice "five"
check "five messages within a minute pass" [ "$(code c10)" = 303 ]
say c11 alice "six"
check "the sixth answers 429" [ "$(code c11)" = 429 ]
check "  saying why" has c11 "wait a little"
check "  and is not stored" [ "$(sql "SELECT count(*) FROM chat WHERE text = 'six'")" = 0 ]
# The window is a minute: age alice's messages past it.
sql "UPDATE chat SET created = created - 120"

# ---- mute ----
post m1 bob "$G/mute" "csrf=$(csrf_of b1)&mute=1"
check "bob mutes the table: 303" [ "$(code m1)" = 303 ]
page b2 bob "$G"
check "  and sees no message" hasnt b2 'hello alice'
check "  but that he muted it" has b2 'You muted this table'
page a2 alice "$G"
check "alice still sees them" has a2 'hello alice'
post m2 bob "$G/mute" "csrf=$(csrf_of b1)&mute=0"
page b3 bob "$G"
check "unmuted, he sees them again" has b3 'hello alice'

# ---- a table closed to spectators ----
sql "UPDATE games SET chat_public = 0 WHERE id = $id"
page s2 carol "$G"
check "closed: carol sees no message" hasnt s2 'hello alice'
check "  and why" has s2 'for its players only'
page n2 anon "$G"
check "  nor does anyone" hasnt n2 'hello alice'
page b4 bob "$G"
check "  the players still do" has b4 'hello alice'
sql "UPDATE games SET chat_public = 1 WHERE id = $id"
page lob alice "$INST_URL/lobby"
post new alice "$INST_URL/lobby/new" "$(form "$tmp/lob.html" "#new-form-gin-vodka" chat_closed=1)"
nid=$(sed 's|.*/g/||' "$tmp/new.loc")
check "the lobby's box makes a players-only chat" [ "$(sql "SELECT chat_public FROM games WHERE id = $nid")" = 0 ]
post new2 alice "$INST_URL/lobby/new" "$(form "$tmp/lob.html" "#new-form-gin-vodka")"
nid=$(sed 's|.*/g/||' "$tmp/new2.loc")
check "  and without it the chat is open" [ "$(sql "SELECT chat_public FROM games WHERE id = $nid")" = 1 ]

# ---- notes ----
note() {	# NAME WHO TEXT
	curl -sS -b "$tmp/$2.jar" -o "$tmp/$1.html" -w '%{http_code}' \
	    --data-urlencode "csrf=$(session_csrf "$tmp/$2.jar")" \
	    --data-urlencode "note=$3" "$G/note" > "$tmp/$1.code"
}
note n1 alice "plan: keep the <4Rc> secret"
check "alice saves a note: 303" [ "$(code n1)" = 303 ]
page a3 alice "$G"
check "alice sees her note, escaped" has a3 'plan: keep the &lt;4Rc&gt; secret</textarea>'
for w in bob carol anon; do
	page nb-$w $w "$G"
	check "$w's game page does not hold it" hasnt nb-$w 'keep the'
	page nh-$w $w "$G/history"
	check "$w's history page does not hold it" hasnt nh-$w 'keep the'
	page na-$w $w "$INST_URL/api/games/$id"
	check "$w's API view does not hold it" hasnt na-$w 'keep the'
done
page nh-a alice "$G/history"
check "nor alice's history page" hasnt nh-a 'keep the'
page na-a alice "$INST_URL/api/games/$id"
check "nor alice's API view" hasnt na-a 'keep the'
note n2 carol "spectator note"
check "a spectator keeps no note: 403" [ "$(code n2)" = 403 ]
note n3 bob "bob's own"
page b5 bob "$G"
check "bob sees his own note, not alice's" sh -c "grep -q \"bob&#39;s own\\|bob's own\" '$tmp/b5.html' && ! grep -q 'keep the' '$tmp/b5.html'"

# ---- chat reaches bob with his turn mail, not a mail per message ----
body_has() { printf '%s\n' "$1" | grep -qF -- "$2"; }
# compose: run the worker until every mail about the game is composed
# (one poll takes a few rows; the lobby's bot tables queue mail too).
# Its clock is past mail.quiet: the players here just looked at the
# table, and the quiet rule holds a mail that long (tests/e2e/quiet.sh).
compose() {
	for _i in 1 2 3 4 5; do
		T worker --once --now $(( $(date +%s) + 700 )) > /dev/null 2>&1
		[ "$(sql "SELECT count(*) FROM outbox WHERE game = $id AND composed = 0")" = 0 ] && return 0
	done
	return 1
}
check "no mail for chat alone" [ "$(sql "SELECT count(*) FROM outbox")" = 0 ]
check "alice passes" play alice "/g/$id/move" move=pass
check "alice's move queues one mail, for bob" [ "$(sql "SELECT to_addr FROM outbox ORDER BY id")" = bob@example.org ]
check "the worker composes it" compose
body=$(sql "SELECT body FROM outbox WHERE to_addr = 'bob@example.org' AND game = $id")
check "the worker composed it with the chat" body_has "$body" "Table chat:"
check "  every message bob had not had" sh -c 'printf "%s\n" "$1" | grep -qF "alice: <b>hi</b>" && printf "%s\n" "$1" | grep -qF "alice: five"' sh "$body"
check "  not bob's own" sh -c '! printf "%s\n" "$1" | grep -qF "bob: hello alice"' sh "$body"
check "  and no note" sh -c '! printf "%s\n" "$1" | grep -qF "keep the"' sh "$body"
check "the html part escapes it" [ "$(sql "SELECT count(*) FROM outbox WHERE to_addr = 'bob@example.org' AND html LIKE '%&lt;b&gt;hi%' AND html NOT LIKE '%<b>hi%'")" = 1 ]
say c12 alice "after the mail"
check "bob passes" play bob "/g/$id/move" move=pass
compose
body2=$(sql "SELECT body FROM outbox WHERE to_addr = 'alice@example.org' AND game = $id")
check "alice's mail: bob's one message, hers left out" sh -c 'printf "%s\n" "$1" | grep -qF "bob: hello alice" && ! printf "%s\n" "$1" | grep -qF "alice: five"' sh "$body2"
page b1 bob "$G"
post m3 bob "$G/mute" "csrf=$(csrf_of b1)&mute=1"
check "alice draws" play alice "/g/$id/move" move=draw
page pl-alice alice "$G"
post mv alice "$G/move" "csrf=$(csrf_of pl-alice)&ply=$(ply_of pl-alice)&move=discard+1Rc"
check "alice discards: bob's turn" [ "$(code mv)" = 303 ]
compose
body3=$(sql "SELECT body FROM outbox WHERE to_addr = 'bob@example.org' ORDER BY id DESC LIMIT 1")
check "muted: bob's next mail has no chat" sh -c '! printf "%s\n" "$1" | grep -qF "Table chat:"' sh "$body3"
check "  (it is a new mail)" [ "$(sql "SELECT count(*) FROM outbox WHERE to_addr = 'bob@example.org'")" = 2 ]
check "no mail holds a note" [ "$(sql "SELECT count(*) FROM outbox WHERE body LIKE '%keep the%' OR coalesce(html, '') LIKE '%keep the%'")" = 0 ]
post m4 bob "$G/mute" "csrf=$(csrf_of b1)&mute=0"

# ---- blocking ----
post bl bob "$INST_URL/u/alice/block" "csrf=$(csrf_of b1)&block=1"
check "bob blocks alice" [ "$(code bl)" = 303 ]
say c13 alice "can you hear me"
check "alice's chat at bob's table: 403" [ "$(code c13)" = 403 ]
check "  saying why" has c13 "has blocked you"
page b6 bob "$G"
check "bob no longer sees alice's messages" hasnt b6 '&lt;b&gt;hi'
check "  but still his own" has b6 'hello alice'
page s3 carol "$G"
check "carol still sees them" has s3 '&lt;b&gt;hi'

instance_stop || fail=1
[ "$fail" -eq 0 ] && echo "chat: all passed"
exit "$fail"
