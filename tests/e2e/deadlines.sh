#!/bin/sh
# deadlines.sh: the clocks on the pages and the vacation switch, through
# a private nginx (issue 8, "Deadlines"; the clock rules themselves are
# tested in tests/unit/test_deadline.c and tests/cli/deadlines.sh).
#
# alice (seat 0, zone Europe/Paris) and bob (seat 1, UTC) play Gin
# Vodka; bob opens.  The game page shows bob's clock to both, with the
# time it runs out in each viewer's own zone; "my games" shows it too.
# alice's account page offers her 14 vacation days; bob switches his
# vacation on (the page says so, the game page shows his clock paused)
# and off again (one day charged, the clock runs).  A bad value is 400;
# a missing CSRF token is refused.  A player whose seat a bot took over
# takes it back from the game page.  The lobby sets a table's time per
# move and what a timeout does.  Every page passes tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh
# about3d PAGE TEXT: TEXT then three days less a few seconds, as shown.
about3d() { grep -qE -- "$2(3 d|2 d 23 h) left" "$tmp/$1.html"; }

users alice bob
sql "UPDATE users SET tz = 'Europe/Paris' WHERE name = 'alice'"
printf '{"game": "gin-vodka", "notation": 1, "options": {"target": 100}, "seats": 2, "seed": "%s", "moves": []}\n' \
    0101010101010101010101010101010101010101010101010101010101010101 \
    > "$tmp/new.json"
id=$(T import "$tmp/new.json" --users alice,bob) ||
    { echo "FAIL: import"; exit 1; }
G=$INST_URL/g/$id

page g-bob bob "$G"
check "bob's game page: 200" [ "$(code g-bob)" = 200 ]
check "bob sees his own clock" about3d g-bob '<p class="clock mine">You: '
check "... ending in UTC" has g-bob 'UTC).</p>'
page g-alice alice "$G"
check "alice sees bob's clock, in her zone" about3d g-alice 'bob: '
check "... as CET" has g-alice 'CET).</p>'
check "only the seat to act has a clock" \
    [ "$(grep -c 'class="clock' "$tmp/g-alice.html")" -eq 1 ]

page games-bob bob "$INST_URL/games"
check "my games shows the clock" about3d games-bob '<small class="clock">'

page acc-alice alice "$INST_URL/account"
check "the account page offers 14 vacation days" \
    has acc-alice 'You have 14 vacation days left'
check "... with a button to start" has acc-alice 'Start my vacation'

page acc-bob bob "$INST_URL/account"
post vac-on bob "$INST_URL/account/vacation" \
    "$(form "$tmp/acc-bob.html" /account/vacation)"
check "starting the vacation: 303 to the account" \
    [ "$(code vac-on)" = 303 ]
page acc-bob2 bob "$INST_URL/account"
check "the account says it is on" has acc-bob2 'Your vacation is on'
check "... with a button to end it" has acc-bob2 'End my vacation'
check "stored" [ -n "$(sql "SELECT vacation_from FROM users WHERE name = 'bob'")" ]
page g-alice2 alice "$G"
check "the game page shows bob's clock paused" \
    has g-alice2 'bob: clock paused (vacation)'

post vac-off bob "$INST_URL/account/vacation" \
    "$(form "$tmp/acc-bob2.html" /account/vacation)"
check "ending it: 303" [ "$(code vac-off)" = 303 ]
page acc-bob3 bob "$INST_URL/account"
check "one day charged" has acc-bob3 'You have 13 vacation days left'
page g-alice3 alice "$G"
check "the clock runs again" about3d g-alice3 'bob: '

post vac-bad bob "$INST_URL/account/vacation" \
    "$(form "$tmp/acc-bob3.html" /account/vacation vacation=maybe)"
check "a bad value: 400" [ "$(code vac-bad)" = 400 ]
post vac-csrf bob "$INST_URL/account/vacation" "vacation=on"
check "no CSRF token: refused" [ "$(code vac-csrf)" = 403 ]
check "... and nothing changed" \
    [ -z "$(sql "SELECT vacation_from FROM users WHERE name = 'bob'")" ]
# --- a bot took bob's seat (as after 3 timeouts): he takes it back
sql "UPDATE seats SET is_bot = 1, deadline = NULL, remind_at = NULL, turn_start = NULL, timeouts = 3 WHERE game = $id AND seat = 1"
page g-bob4 bob "$G"
check "bob is offered his seat back" has g-bob4 'Play my seat myself again'
page g-alice4 alice "$G"
check "... alice is not" sh -c '! grep -q "Play my seat" "$0"' "$tmp/g-alice4.html"
post reclaim-alice alice "$G/reclaim" "$(form "$tmp/g-bob4.html" "/g/$id/reclaim" csrf=x)"
check "a reclaim without a valid CSRF token is refused" [ "$(code reclaim-alice)" = 403 ]
page g-alice5 alice "$G"
post reclaim-alice2 alice "$G/reclaim" "csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' "$tmp/g-alice5.html" | head -1)"
check "alice has no seat to take back: 409" [ "$(code reclaim-alice2)" = 409 ]
post reclaim bob "$G/reclaim" "$(form "$tmp/g-bob4.html" "/g/$id/reclaim")"
check "bob takes his seat back: 303" [ "$(code reclaim)" = 303 ]
check "... a person plays it again, with a fresh clock" \
    [ "$(sql "SELECT is_bot || ' ' || timeouts || ' ' || (deadline - turn_start) FROM seats WHERE game = $id AND seat = 1")" = "0 0 259200" ]
page g-bob5 bob "$G"
check "... and his clock shows" about3d g-bob5 '<p class="clock mine">You: '

# --- the lobby: a time per move and what a timeout does
page lobby alice "$INST_URL/lobby"
check "the lobby offers a time per move" has lobby 'name="move_time" value="3d"'
post new36 alice "$INST_URL/lobby/new" "$(form "$tmp/lobby.html" "#new-form-gin-vodka" move_time=36h on_timeout=bot)"
check "a game with 36 h per move: 303" [ "$(code new36)" = 303 ]
g36=$(sed 's,.*/g/,,' "$tmp/new36.loc")
check "... stored: 36 h, the bot takes over" \
    [ "$(sql "SELECT move_secs || ' ' || on_timeout FROM games WHERE id = $g36")" = "129600 bot" ]
post newdef alice "$INST_URL/lobby/new" "$(form "$tmp/lobby.html" "#new-form-gin-vodka")"
gdef=$(sed 's,.*/g/,,' "$tmp/newdef.loc")
check "the defaults: 3 days, the default move" \
    [ "$(sql "SELECT move_secs || ' ' || on_timeout FROM games WHERE id = $gdef")" = "259200 move" ]
n=$(sql "SELECT count(*) FROM games")
post newbad alice "$INST_URL/lobby/new" "$(form "$tmp/lobby.html" "#new-form-gin-vodka" move_time=45d)"
check "45 days per move: 400" [ "$(code newbad)" = 400 ]
check "... with the reason" has newbad "between 1 hour and 30 days"
post newbad2 alice "$INST_URL/lobby/new" "$(form "$tmp/lobby.html" "#new-form-gin-vodka" on_timeout=sleep)"
check "an unknown timeout rule: 400" [ "$(code newbad2)" = 400 ]
check "... and no game was made" [ "$(sql "SELECT count(*) FROM games")" = "$n" ]

check "instance stops cleanly (no sanitizer report)" instance_stop
exit $fail
