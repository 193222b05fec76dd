#!/bin/sh
# invite.sh: invitations (fcgi/db/store_invite.h, fcgi/web/page_invite.c,
# fcgi/mail/mail_invite.h), for every game "topper games" lists.
#
# A player named in the lobby is invited: their seat stays open, held
# for them, the game stays 'open' and no clock runs (no seat has a
# deadline) until every invited player has accepted; nobody moves
# before.  Per game kind: one game accepted from the mail's link (a GET
# shows buttons and answers nothing; the POST accepts), one accepted on
# the game page, one declined (the seat opens to anyone: carol takes it
# and the game starts), and one left to expire under a controlled
# clock ("topper worker --once --now T").  The inviter's mail says
# each answer; the database holds the clocks and the export the game.
# A three-seat table with two invitees and a bot starts only at the
# last accept, with each invitee where the lobby put them.
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
mail.from = Topper <topper@example.org>
games_rate = 200/3600
games_open = 200
invite_days = 2"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
W() { T worker --once "$@" >> "$INST/log/worker-once.log" 2>&1; }

users alice bob carol
games=$("$TOPPER" games | cut -f1)
[ -n "$games" ] || { echo "FAIL: topper games listed nothing"; fail=1; }
page lo alice "$INST_URL/lobby"
NOW=$(date +%s)

# The text part of the newest mail to WHO about game ID (its Subject
# names "#ID"), decoded; "" when none.
mail_of() {
	"$PY" - "$OUT" "$1@example.org" "#$2" <<'PYEOF'
import email, glob, os, sys
best = None
for f in sorted(glob.glob(sys.argv[1] + "/*.eml"), key=os.path.getmtime):
    m = email.message_from_binary_file(open(f, "rb"))
    subj = str(email.header.make_header(email.header.decode_header(m["Subject"] or "")))
    if sys.argv[2] in (m["To"] or "") and subj.endswith(sys.argv[3]):
        for part in m.walk():
            if part.get_content_type() == "text/plain":
                best = subj + "\n" + part.get_payload(decode=True).decode()
print(best or "")
PYEOF
}
link_of() { mail_of "$1" "$2" | grep -o 'http[^ ]*/i/[A-Za-z0-9_-]*' | head -1; }
# new GAME [field=value...]: alice opens a table; sets gid.
new() {
	_g=$1
	shift
	post new alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" "#new-form-$_g" "$@")"
	gid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/new.loc")
	[ "$(code new)" = 303 ] && [ -n "$gid" ]
}
status() { sql "SELECT status FROM games WHERE id = $1"; }
clocks() { sql "SELECT count(*) FROM seats WHERE game = $1 AND deadline IS NOT NULL"; }
state() { sql "SELECT coalesce(answer, 'waiting') FROM invitations WHERE game = $1 ORDER BY id DESC LIMIT 1"; }
inv_seat() { sql "SELECT seat FROM invitations WHERE game = $1 AND \"user\" = (SELECT id FROM users WHERE name = '$2')"; }
seat_of() { sql "SELECT seat FROM seats WHERE game = $1 AND \"user\" = (SELECT id FROM users WHERE name = '$2')"; }
# waiting ID: invited and not started (every check of "before").
waiting() {
	check "  $1: the game is open" [ "$(status "$1")" = open ]
	check "  $1: no clock runs" [ "$(clocks "$1")" = 0 ]
	check "  $1: bob's seat is held, not taken" [ -z "$(seat_of "$1" bob)" ]
}
# started ID: active, bob seated where invited, a clock running.
started() {
	check "  $1: the game is active" [ "$(status "$1")" = active ]
	check "  $1: bob sits in the seat held for him" [ "$(seat_of "$1" bob)" = "$2" ]
	check "  $1: a clock runs now" [ "$(clocks "$1")" -ge 1 ]
	T export "$1" > "$tmp/exp.json" 2> /dev/null
	check "  $1: the export is the game at ply 0, its seed still secret" "$PY" - "$tmp/exp.json" "$3" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if r["game"] == sys.argv[2] and r["moves"] == [] and
    "seed" not in r and r["seats"] >= 2 else 1)
PYEOF
}

for g in $games; do
	echo "== $g"
	# 1. Accepted from the mail's link.
	check "$g: alice invites bob: 303" new "$g" seats=2 opponent=invite invitee=bob
	a=$gid
	seat=$(inv_seat "$a" bob)
	check "  one invitation, for the seat alice does not hold" sh -c "[ -n '$seat' ] && [ '$seat' != '$(seat_of "$a" alice)' ]"
	waiting "$a"
	page pa alice "$INST_URL/g/$a"
	check "  alice's page: waiting for bob to accept" has pa "Waiting for bob to accept"
	check "  and the held seat is named" has pa "bob (invited)"
	check "  and the status says play waits for him" has pa "play starts when bob accepts the invitation."
	check "  and no one may take the seat" hasnt pa "/g/$a/join"
	page pb bob "$INST_URL/g/$a"
	check "  bob's page asks him, with two buttons" sh -c "grep -q 'alice invites you to this game' '$tmp/pb.html' && grep -q 'value=\"accept\"' '$tmp/pb.html' && grep -q 'value=\"decline\"' '$tmp/pb.html'"
	check "  and tells him play waits for his answer" has pb "play starts when you accept the invitation."
	page pc carol "$INST_URL/lobby"
	check "  carol's lobby does not offer it" hasnt pc "/g/$a/join"
	curl -sS -b "$tmp/alice.jar" -o "$tmp/mv.json" -w '%{http_code}' \
	    -H "X-CSRF-Token: $(session_csrf "$tmp/alice.jar")" \
	    -H 'Content-Type: application/json' -d '{"ply": 0, "move": "pass"}' \
	    "$INST_URL/api/games/$a/moves" > "$tmp/mv.code"
	check "  a move before the start: 409, nothing written" sh -c "[ \"\$(cat '$tmp/mv.code')\" = 409 ] && [ \"\$('$INST/sql' 'SELECT ply FROM games WHERE id = $a')\" = 0 ]"
	W
	link=$(link_of bob "$a")
	check "  bob's mail carries the answer link" [ -n "$link" ]
	mail_of bob "$a" > "$tmp/inv.txt"
	check "  it says who invites, and that no clock runs yet" sh -c "grep -q 'alice invites you to a game' '$tmp/inv.txt' && grep -q 'No clock runs until' '$tmp/inv.txt'"
	check "  and shows no card: the seat is not his yet" sh -c "! grep -q 'Your cards' '$tmp/inv.txt'"
	page la anon "$link"
	check "  the link's GET: 200, two buttons" sh -c "[ \"\$(cat '$tmp/la.code')\" = 200 ] && grep -q 'value=\"accept\"' '$tmp/la.html'"
	check "  and answers nothing" [ "$(state "$a")" = waiting ]
	post lb alice "$link" "answer=accept"
	check "  the link while alice is signed in: 403, nothing" sh -c "[ \"\$(cat '$tmp/lb.code')\" = 403 ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM invitations WHERE game = $a AND answer IS NULL\")\" = 1 ]"
	post lc anon "$link" "answer=maybe"
	check "  an answer neither accept nor decline: 400" [ "$(code lc)" = 400 ]
	post ld anon "$link" "answer=accept"
	check "  bob accepts by the link: 200" sh -c "[ \"\$(cat '$tmp/ld.code')\" = 200 ] && grep -q 'You accepted: the game has started' '$tmp/ld.html'"
	check "  the invitation is accepted" [ "$(state "$a")" = accepted ]
	started "$a" "$seat" "$g"
	post le anon "$link" "answer=decline"
	check "  the same link again: 409, accepted already" sh -c "[ \"\$(cat '$tmp/le.code')\" = 409 ] && grep -q 'accepted already' '$tmp/le.html'"
	# alice looked at the table: her mail waits mail.quiet minutes.
	W --now $((NOW + 60))
	check "  alice's mail waits while she is at the table" [ -z "$(mail_of alice "$a")" ]
	W --now $((NOW + 1300))
	check "  then alice is told bob accepted and the game started" sh -c "grep -q 'bob accepted your invitation. The game has started.'" <<EOF
$(mail_of alice "$a")
EOF

	# 2. Accepted on the game page.
	check "$g: a second table, accepted on the page" new "$g" seats=2 opponent=invite invitee=bob
	b=$gid
	seat=$(inv_seat "$b" bob)
	waiting "$b"
	page pb bob "$INST_URL/g/$b"
	post ab bob "$INST_URL/g/$b/invite" "$(form "$tmp/pb.html" "/g/$b/invite" answer=accept)"
	check "  bob accepts: 303 to the game" sh -c "[ \"\$(cat '$tmp/ab.code')\" = 303 ] && grep -q '/g/$b\$' '$tmp/ab.loc'"
	started "$b" "$seat" "$g"
	post ab2 bob "$INST_URL/g/$b/invite" "$(form "$tmp/pb.html" "/g/$b/invite" answer=accept)"
	check "  again: 409" [ "$(code ab2)" = 409 ]

	# 3. Declined: the seat opens to anyone.
	check "$g: a third table, declined" new "$g" seats=2 opponent=invite invitee=bob
	c=$gid
	W
	link=$(link_of bob "$c")
	post dc anon "$link" "answer=decline"
	check "  bob declines by the link: 200" sh -c "[ \"\$(cat '$tmp/dc.code')\" = 200 ] && grep -q 'You declined' '$tmp/dc.html'"
	check "  the invitation is declined; the game not started, no clock" sh -c "[ \"\$('$INST/sql' \"SELECT answer FROM invitations WHERE game = $c\")\" = declined ] && [ \"\$('$INST/sql' \"SELECT status FROM games WHERE id = $c\")\" = open ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM seats WHERE game = $c AND deadline IS NOT NULL\")\" = 0 ]"
	page pa alice "$INST_URL/g/$c"
	check "  alice's page says so" has pa "bob declined on"
	W --now $((NOW + 1300))
	check "  alice's mail says so" sh -c "grep -q 'bob declined your invitation'" <<EOF
$(mail_of alice "$c")
EOF
	page pc carol "$INST_URL/lobby"
	check "  carol's lobby offers the seat" has pc "action=\"/g/$c/join\""
	post jc carol "$INST_URL/g/$c/join" "$(form "$tmp/pc.html" "/g/$c/join")"
	check "  carol takes it: 303, and the game starts with a clock" sh -c "[ \"\$(cat '$tmp/jc.code')\" = 303 ] && [ \"\$('$INST/sql' \"SELECT status FROM games WHERE id = $c\")\" = active ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM seats WHERE game = $c AND deadline IS NOT NULL\")\" -ge 1 ]"

	# 4. Expired under a controlled clock (invite_days = 2).
	check "$g: a fourth table, left unanswered" new "$g" seats=2 opponent=invite invitee=bob
	d=$gid
	W
	link=$(link_of bob "$d")
	W --now $((NOW + 86400))
	check "  a day later it still waits" [ "$(state "$d")" = waiting ]
	W --now $((NOW + 3 * 86400))
	check "  after invite_days the worker expires it; the game not started, no clock" sh -c "[ \"\$('$INST/sql' \"SELECT answer FROM invitations WHERE game = $d\")\" = expired ] && [ \"\$('$INST/sql' \"SELECT status FROM games WHERE id = $d\")\" = open ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM seats WHERE game = $d AND deadline IS NOT NULL\")\" = 0 ]"
	check "  alice is told" sh -c "grep -q 'bob did not answer your invitation in time'" <<EOF
$(mail_of alice "$d")
EOF
	post ex anon "$link" "answer=accept"
	check "  bob's link now: 410, and bob is not seated" sh -c "[ \"\$(cat '$tmp/ex.code')\" = 410 ] && [ -z \"\$('$INST/sql' \"SELECT seat FROM seats s JOIN users u ON u.id = s.user WHERE game = $d AND u.name = 'bob'\")\" ]"
	T export "$d" > "$tmp/exp.json" 2> /dev/null
	check "  the export is the unstarted game" "$PY" -c "import json,sys; r=json.load(open('$tmp/exp.json')); sys.exit(0 if r['moves'] == [] and 'seed' not in r else 1)"
done

# Three seats: bob, carol invited, a bot; the last accept starts it.
check "Vodkapolis, 3 seats: bob and carol invited, a bot" new vodkapolis-500 seats=3 opponent=invite invitee=bob opponent2=invite invitee2=carol
v=$gid
sb=$(inv_seat "$v" bob)
sc=$(inv_seat "$v" carol)
sbot=$(sql "SELECT seat FROM seats WHERE game = $v AND is_bot = 1")
sa=$(seat_of "$v" alice)
check "  three different seats held: alice, bob, carol, and the bot's" [ "$(printf '%s\n' "$sa" "$sb" "$sc" "$sbot" | sort -u | wc -l)" = 4 ]
page la alice "$INST_URL/lobby"
check "  the lobby tells alice whom it waits for" has la 'waiting for bob, carol to accept'
page va alice "$INST_URL/g/$v"
# In the order of their seats, which the lobby draws.
check "  her page: play starts when both accept" \
    grep -Eq "play starts when (bob and carol|carol and bob) accept the invitations\." "$tmp/va.html"
page gb bob "$INST_URL/games"
check "  bob's My games lists the invitation with its buttons" sh -c "grep -q 'alice invites you' '$tmp/gb.html' && grep -q 'action=\"/g/$v/invite\"' '$tmp/gb.html'"
n=$(sql "SELECT (SELECT count(*) FROM seats s JOIN users u ON u.id = s.user WHERE u.name = 'bob' AND deadline IS NOT NULL) + (SELECT count(*) FROM invitations i JOIN users u ON u.id = i.user WHERE u.name = 'bob' AND answer IS NULL)")
check "  and his header counts it with his turns ($n)" has gb "id=\"turns\" data-n=\"$n\""
check "  (an invitation counts: one waits)" [ "$(sql "SELECT count(*) FROM invitations i JOIN users u ON u.id = i.user WHERE u.name = 'bob' AND answer IS NULL")" = 1 ]
W
check "  the bot does not move before the start" [ "$(sql "SELECT ply FROM games WHERE id = $v")" = 0 ]
post b1 bob "$INST_URL/g/$v/invite" "$(form "$tmp/gb.html" "/g/$v/invite" answer=accept)"
check "  bob accepts: 303; still open, no clock, no bot due" sh -c "[ \"\$(cat '$tmp/b1.code')\" = 303 ] && [ \"\$('$INST/sql' \"SELECT status FROM games WHERE id = $v\")\" = open ] && [ \"\$('$INST/sql' \"SELECT count(*) FROM seats WHERE game = $v AND (deadline IS NOT NULL OR bot_due IS NOT NULL)\")\" = 0 ]"
check "  bob sits where the lobby put him" [ "$(seat_of "$v" bob)" = "$sb" ]
page gc carol "$INST_URL/g/$v"
post c1 carol "$INST_URL/g/$v/invite" "$(form "$tmp/gc.html" "/g/$v/invite" answer=accept)"
check "  carol accepts last: the game starts" [ "$(status "$v")" = active ]
check "  carol sits where the lobby put her" [ "$(seat_of "$v" carol)" = "$sc" ]
check "  the seat to act has its clock or, a bot's, is due" [ "$(sql "SELECT count(*) FROM seats s JOIN games g ON g.id = s.game WHERE s.game = $v AND ((g.to_act >> CAST(s.seat AS INTEGER)) & 1) = 1 AND (s.deadline IS NOT NULL OR s.bot_due IS NOT NULL)")" -ge 1 ]

instance_stop || fail=1
echo "invite.sh: $(( $(date +%s) - start )) s"
exit $fail
