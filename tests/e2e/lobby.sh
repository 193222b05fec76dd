#!/bin/sh
# lobby.sh: the lobby's new-game forms for every game, through a
# private nginx.  Each registered game has its own form, built from the
# engine's option descriptors; this suite starts tables of several
# sizes (bots, open seats, invitations), checks that the options reach
# the game, and that bad forms answer 400 (a field) or 422 (what the
# rules or the store refuse) with the lobby and the message, creating
# nothing.  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol
db() { inst_sql "$1"; }
count() { db 'SELECT count(*) FROM games'; }

page lo alice "$INST_URL/lobby"
check "the lobby: 200" [ "$(code lo)" = 200 ]
games=$("$TOPPER" games | cut -f1)
[ -n "$games" ] || { echo "FAIL: topper games listed nothing"; fail=1; }
for g in $games; do
	check "  offers $g" has lo "id=\"new-form-$g\""
done
check "  with a line saying what each game is like" [ "$(grep -c '<p class="about">' "$tmp/lo.html")" = "$(printf '%s\n' $games | grep -c .)" ]
check "  Six Suit offers 2 to 12 players" sh -c "grep -q 'id=\"six-suit-seats\"' '$tmp/lo.html' && grep -q '<option value=\"12\">12</option>' '$tmp/lo.html'"
check "  Casino's question-mark modes as a choice" has lo '<option value="wild">Wild: declares a number</option>'
check "  the Gin Vodka form comes first and open" "$PY" - "$tmp/lo.html" <<'EOF'
import sys
t = open(sys.argv[1]).read()
i = t.find('<details class="new-game" id="new-gin-vodka" open>')
sys.exit(0 if -1 < i < t.find('id="new-vodkapolis-500"') else 1)
EOF

# A six-seat Vodkapolis table: three bots, an open seat, bob invited.
before=$(count)
post vp alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-vodkapolis-500' seats=6 opponent=bot opponent2=open opponent3=invite invitee3=bob end_mode=last_standing)"
check "a 6-seat Vodkapolis table: 303" [ "$(code vp)" = 303 ]
vid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/vp.loc")
check "  one game more" [ "$(count)" = $((before + 1)) ]
check "  six seats: alice, three bots, one open and one held for bob" [ "$(db "SELECT count(*), sum(CASE WHEN \"user\" IS NULL THEN 1 ELSE 0 END), sum(is_bot) FROM seats WHERE game = $vid")" = "6|2|3" ]
check "  bob's seat waits for his answer (tests/e2e/invite.sh)" [ "$(db "SELECT count(*) FROM invitations i JOIN users u ON u.id = i.user JOIN seats s ON s.game = i.game AND s.seat = i.seat WHERE i.game = $vid AND u.name = 'bob' AND i.answer IS NULL AND s.user IS NULL")" = 1 ]
check "  the option is stored" [ "$(db "SELECT options FROM games WHERE id = $vid")" = "end_mode=last_standing" ]
page vg alice "$INST_URL/g/$vid"
check "  its page: 200, waiting for a player" sh -c "[ \"\$(cat '$tmp/vg.code')\" = 200 ] && grep -q 'waits for another player' '$tmp/vg.html'"
check "  the bots are told apart by name" sh -c "[ \$(grep -o 'Bot [A-Z][a-z]*' '$tmp/vg.html' | sort -u | wc -l) -ge 3 ]"
page lc carol "$INST_URL/lobby"
check "  the lobby lists it with its time per move and options in words" has lc '3 days per move; End of the game: When one player is left'
check "  the open tables come before the new game forms" "$PY" - "$tmp/lc.html" <<'EOF'
import sys
s = open(sys.argv[1]).read()
sys.exit(0 if 0 <= s.find('id="open-h"') < s.find('id="new-h"') else 1)
EOF
check "  a seat row is named by the player's number, never a seat" sh -c "grep -q '>Player 2<' '$tmp/lc.html' && ! grep -q '>Seat [0-9]' '$tmp/lc.html'"
post jc carol "$INST_URL/g/$vid/join" "$(form "$tmp/lc.html" "/g/$vid/join")"
check "carol takes the open seat: 303" [ "$(code jc)" = 303 ]
check "  only bob's seat is left, and the game waits for him" [ "$(db "SELECT count(*), (SELECT status FROM games WHERE id = $vid) FROM seats WHERE game = $vid AND \"user\" IS NULL")" = "1|open" ]

# Six Suit, four players in two teams, bots elsewhere; defaults written
# out are not stored.
post six alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-six-suit' seats=4 teams=2 veto=1)"
check "Six Suit, 4 players in 2 teams: 303" [ "$(code six)" = 303 ]
sid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/six.loc")
check "  teams=2 stored, the default veto not" [ "$(db "SELECT options FROM games WHERE id = $sid")" = "teams=2" ]
check "  three bot seats" [ "$(db "SELECT sum(is_bot) FROM seats WHERE game = $sid")" = 3 ]

# Casino with options as words, 12-Step with three players.
post cm alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-casino-macedonia' seats=3 q_mode=wild jokers=on)"
check "Casino, 3 players, wild question marks and jokers: 303" [ "$(code cm)" = 303 ]
cid=$(sed -n 's|.*/g/\([0-9]*\)$|\1|p' "$tmp/cm.loc")
check "  options stored" [ "$(db "SELECT options FROM games WHERE id = $cid")" = "q_mode=wild jokers=on" ]
post ts alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-twelve-step-rummy' seats=3 dummy=1)"
check "12-Step Rummy, 3 players, Dummy Rummy: 303" [ "$(code ts)" = 303 ]
post r5 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-rummy-500' seats=2 two_player_cards=13)"
check "Rummy 500, 2 players, 13 cards: 303" [ "$(code r5)" = 303 ]

# Refusals: the lobby again with the message, nothing created.
before=$(count)
post b1 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-six-suit' seats=13)"
check "13 players: 400" [ "$(code b1)" = 400 ]
post b2 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-vodkapolis-500' seats=1)"
check "1 player: 400" [ "$(code b2)" = 400 ]
check "  says how many" has b2 "Vodkapolis 500 is for 2 to 6 players."
check "  with its form open" has b2 '<details class="new-game" id="new-vodkapolis-500" open>'
post b3 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-casino-macedonia' q_mode=sometimes)"
check "an unknown word: 400" [ "$(code b3)" = 400 ]
check "  says which option" has b3 'Choose one of the offered values for &quot;Question marks&quot;.'
post b4 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-six-suit' seats=4 teams=3)"
check "3 teams of 4 players: 422, the engine's reason" sh -c "[ \"\$(cat '$tmp/b4.code')\" = 422 ] && grep -q 'teams must be 0' '$tmp/b4.html'"
check "  the chosen values stay in the form" has b4 '<option value="4" selected>4</option>'
post b5 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-vodkapolis-500' seats=3 opponent=invite invitee=bob opponent2=invite invitee2=bob)"
check "bob invited twice: 422" sh -c "[ \"\$(cat '$tmp/b5.code')\" = 422 ] && grep -q 'bob is invited to two seats' '$tmp/b5.html'"
post b6 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-vodkapolis-500' opponent=someone)"
check "a seat neither bot, open nor invited: 400" [ "$(code b6)" = 400 ]
post b7 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-gin-vodka' game=no-such-game)"
check "an unknown game: 400" [ "$(code b7)" = 400 ]
post b8 alice "$INST_URL/lobby/new" "$(form "$tmp/lo.html" '#new-form-rummy-500' hand_cap=0)"
check "a number under its range: 400" sh -c "[ \"\$(cat '$tmp/b8.code')\" = 400 ] && grep -q '&quot;Hand cap&quot; must be at least 1.' '$tmp/b8.html'"
post b9 anon "$INST_URL/lobby/new" "game=gin-vodka"
check "no login: refused" sh -c "case \$(cat '$tmp/b9.code') in 403|303) true ;; *) false ;; esac"
check "no game was created by any refusal" [ "$(count)" = "$before" ]

# The home page lists every registered game with a line on it.
page hm anon "$INST_URL/"
for g in $games; do
	check "home lists $g" has hm "<a href=\"/rules/$g\">"
done
check "  not \"more to come\"" hasnt hm "more to come"

# A saved mail setting says so on the account page.
post mp alice "$INST_URL/account/mail" "csrf=$(session_csrf "$tmp/alice.jar")&mail=digest"
check "the mail setting: 303 to the account, saying it is saved" sh -c "[ \"\$(cat '$tmp/mp.code')\" = 303 ] && grep -q '/account?saved=mail\$' '$tmp/mp.loc'"
page ac alice "$INST_URL/account?saved=mail"
check "  the account page says so" has ac 'Your mail setting is saved.'
check "  with the choice checked" has ac 'value="digest" checked'
page an alice "$INST_URL/account"
check "  and says nothing on a plain visit" hasnt an 'is saved.'

[ "$fail" -eq 0 ] && echo "lobby: all passed"
exit "$fail"
