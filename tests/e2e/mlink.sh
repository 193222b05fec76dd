#!/bin/sh
# mlink.sh: moves from the mail (fcgi/mail/mail_links.h,
# fcgi/web/page_mlink.c).  A turn mail lists each legal move of the
# reader's seat as a link /m/TOKEN; the link opens, without a login, a
# page with the position (the reader's cards, none of the other hand)
# and the move, and one POST plays it.  The same link again, a link of
# the same mail after the move (stale), a link with one character
# changed and the link opened while another player is signed in each
# change nothing (the export is byte for byte the same) and say why,
# with a link to the game.
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

users alice bob
import_g1
G=$INST_URL/g/$id
export_now() { T export "$id"; }

# alice passes on her page; bob's turn mail is written.
page a0 alice "$G"
post p0 alice "$G/move" "csrf=$(csrf_of a0)&ply=0&move=pass"
check "alice passes: 303" [ "$(code p0)" = 303 ]
W
f=$(grep -l "^To: .*bob@example.org" "$OUT"/*.eml | head -1)
check "bob got his turn mail" [ -n "$f" ]
# The text part's link lines: "  MOVE  URL".
"$PY" - "$f" > "$tmp/links.txt" <<'PYEOF'
import email, sys, re
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for part in m.walk():
    if part.get_content_type() == "text/plain":
        t = part.get_payload(decode=True).decode()
        for line in t.splitlines():
            g = re.match(r"^  (\S.*?)  (http\S+/m/[A-Za-z0-9_-]{47})$", line)
            if g:
                print(g.group(1) + "\t" + g.group(2))
PYEOF
cat "$tmp/links.txt"
link_of() { awk -F'\t' -v m="$1" '$1 == m { print $2 }' "$tmp/links.txt"; }
check "the mail lists bob's moves as links: pass and take" \
    [ "$(cut -f1 "$tmp/links.txt" | sort | tr '\n' ' ')" = "pass take " ]
take=$(link_of take)
pass=$(link_of pass)

# Open without a login: the position and the move, no write.
snap
page m1 anon "$take"
check "the link opens without a login: 200" [ "$(code m1)" = 200 ]
check "it shows the move" has m1 "play <strong>take</strong>?"
check "it shows bob's cards" shows m1 "$BOB"
check "and none of alice's" hides m1 "$ALICE"
check "a GET plays nothing" same_game

# Altered: one character changed.
tok=${take##*/m/}
c=$(printf '%s' "$tok" | cut -c10)
[ "$c" = A ] && r=B || r=A
bad="${take%/m/*}/m/$(printf '%s' "$tok" | cut -c1-9)$r$(printf '%s' "$tok" | cut -c11-)"
page m2 anon "$bad"
check "an altered link: 403" [ "$(code m2)" = 403 ] && has m2 "not valid"
post m3 anon "$bad" ""
check "  POST 403, nothing changes" [ "$(code m3)" = 403 ] && same_game

# Another player's: alice is signed in and opens bob's link.
post m4 alice "$take" ""
check "bob's link while alice is signed in: 403" [ "$(code m4)" = 403 ] &&
    has m4 "sent to another player"
check "  with a link to the game" has m4 "href=\"/g/$id\""
check "  nothing changes" same_game

# Played with one tap.
post m5 anon "$take" ""
check "the tap plays it: 200" [ "$(code m5)" = 200 ] && has m5 "Played for bob"
check "the log holds bob's take" \
    [ "$(sql "SELECT seat || ' ' || text FROM moves WHERE game = $id ORDER BY ply DESC LIMIT 1")" = "1 take" ]
check "through play_move: the clocks moved on" \
    [ "$(sql "SELECT ply FROM games WHERE id = $id")" = 2 ]

# Used, stale: nothing changes, and they say why.
snap
post m6 anon "$take" ""
check "the same link again: 409, used" [ "$(code m6)" = 409 ] && has m6 "used already"
check "  nothing changes" same_game
post m7 anon "$pass" ""
check "the other link of that mail: 409, stale" [ "$(code m7)" = 409 ] && has m7 "moved on"
check "  with a link to the game" has m7 "href=\"/g/$id\""
check "  nothing changes" same_game
page m8 anon "$pass"
check "  GET says it too" [ "$(code m8)" = 409 ] && has m8 "moved on"

instance_stop || fail=1
echo "mlink.sh: $(( $(date +%s) - start )) s"
exit $fail
