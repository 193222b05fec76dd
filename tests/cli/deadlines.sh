#!/bin/sh
# deadlines.sh: turn clocks through "topper worker --once --now T", a
# clock the test controls (issue 8, "Deadlines").
#
# alice (seat 0) and bob (seat 1) play Gin Vodka; bob opens.  The clock
# starts for the seat to act when the game is stored; the worker reminds
# once at a quarter of the time left, plays the rules' default move when
# the time is up and starts the next seat's clock; a vacation stops
# alice's clock (nothing happens past her deadline) and, when its days
# run out, moves her deadline on by the time it stood; three timeouts in
# a row hand a seat to a bot and tell the player.  Every game log still
# replays (seed withheld: the state is compared through the move count).
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
trap 'rm -rf "$tmp"' EXIT INT TERM
conf=$tmp/topper.conf
printf 'db = %s/topper.db\npwhash = min\nbase_url = http://cards.test\n' \
    "$tmp" > "$conf"
T() { "$TOPPER" "$@" --config "$conf"; }
sql() { sqlite3 "$tmp/topper.db" "$1"; }
# worker NOW: one poll at that time.
worker() { T worker --once --now "$1" >> "$tmp/worker.log" 2>&1; }
col() { sql "SELECT $2 FROM seats WHERE game = $game AND seat = $1"; }
moves() { sql "SELECT count(*) FROM moves WHERE game = $game AND seat = $1"; }
mails() { sql "SELECT count(*) FROM outbox WHERE user = $1 AND why & $2"; }

T init > /dev/null 2>&1 || { echo "FAIL: init"; exit 1; }
T user add alice alice@example.org --password alicealice > /dev/null &&
    T user add bob bob@example.org --password bobbobbob > /dev/null ||
    { echo "FAIL: users"; exit 1; }
alice=$(sql "SELECT id FROM users WHERE name = 'alice'")
bob=$(sql "SELECT id FROM users WHERE name = 'bob'")
printf '{"game": "gin-vodka", "notation": 1, "options": {"target": 100}, "seats": 2, "seed": "%s", "moves": []}\n' \
    0101010101010101010101010101010101010101010101010101010101010101 \
    > "$tmp/new.json"
game=$(T import "$tmp/new.json" --users alice,bob) ||
    { echo "FAIL: import"; exit 1; }

# --- the clock starts for bob, who opens
now=$(date +%s)
d=$(col 1 deadline)
r=$(col 1 remind_at)
check "bob's clock runs: 3 days" [ $((d - $(col 1 turn_start))) -eq 259200 ]
check "... started now" [ $(( $(col 1 turn_start) - now )) -le 5 ]
check "... with the reminder at a quarter left" [ $((d - r)) -eq 64800 ]
check "alice, not to act, has no clock" [ -z "$(col 0 deadline)" ]

# --- the reminder, once
worker $((r - 1))
check "no reminder before its time" [ "$(mails "$bob" 8)" -eq 0 ]
worker "$r"
check "a reminder at a quarter left" [ "$(mails "$bob" 8)" -eq 1 ]
worker $((r + 60))
check "... once per turn" [ "$(mails "$bob" 8)" -eq 1 ]

# --- the timeout: the rules' default move
worker $((d - 1))
check "nothing before the deadline" [ "$(moves 1)" -eq 0 ]
worker "$d"
check "at the deadline the worker moves for bob" [ "$(moves 1)" -eq 1 ]
check "... the default move (pass)" \
    [ "$(sql "SELECT text FROM moves WHERE game = $game AND ply = 1")" = pass ]
check "... counted" [ "$(col 1 timeouts)" -eq 1 ]
check "... and alice's clock starts" [ -n "$(col 0 deadline)" ]
check "bob's clock is gone" [ -z "$(col 1 deadline)" ]

# --- vacation: alice's clock stands, then moves on when it ends
d0=$(col 0 deadline)
t0=$(col 0 turn_start)
sql "UPDATE users SET vacation_from = $((t0 + 100)), vacation_until = $((t0 + 100 + 86400)) WHERE id = $alice"
worker $((d0 + 10))
check "on vacation, nothing happens past the deadline" [ "$(moves 0)" -eq 0 ]
check "... and no reminder" [ "$(mails "$alice" 8)" -eq 0 ]
worker $((t0 + 100 + 86400))
check "the vacation ended when its day ran out" \
    [ -z "$(sql "SELECT vacation_from FROM users WHERE id = $alice")" ]
check "... charged one day" \
    [ "$(sql "SELECT vacation_used FROM users WHERE id = $alice")" -eq 1 ]
check "... and the deadline moved on by the day it stood" \
    [ "$(col 0 deadline)" -eq $((d0 + 86400)) ]
worker $((d0 + 86400))
check "then the clock runs out as usual" [ "$(moves 0)" -ge 1 ]

# --- three in a row: a bot takes the seat, the player is told
i=0
while [ "$(col 1 is_bot)" -eq 0 ] && [ $i -lt 20 ]; do
	for s in 0 1; do
		dl=$(col $s deadline)
		[ -n "$dl" ] && worker "$dl"
	done
	i=$((i + 1))
done
check "bob's seat went to a bot after 3 timeouts in a row" \
    [ "$(col 1 is_bot).$(col 1 timeouts)" = "1.3" ]
check "bob was told by mail" [ "$(sql "SELECT count(*) FROM outbox WHERE user = $bob AND body LIKE '%bot plays your seat%'")" -eq 1 ]
check "bob's account is still a person" \
    [ "$(sql "SELECT is_bot FROM users WHERE id = $bob")" -eq 0 ]
check "the worker reported its timeouts" grep -q "timeouts" "$tmp/worker.log"
check "no sanitizer report" sh -c '! grep -q "runtime error\|AddressSanitizer" "$0"' "$tmp/worker.log"
check "usage: --now needs a time" sh -c '"$0" worker --once --now x 2>/dev/null; [ $? -eq 2 ]' "$TOPPER"
exit $fail
