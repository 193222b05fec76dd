#!/bin/sh
# group_commit.sh: the writer's group commit (topper fcgi --batch).
#
# The writer process is stopped (SIGSTOP) while 23 move POSTs reach
# nginx, so they all wait on its socket; on SIGCONT it takes them in
# batches of at most 16, each batch one transaction of savepoints.  In
# the pile: 20 legal moves of 20 games, the same move of one of them
# sent twice (the second is stale: 409), an illegal move (422) and a
# move with a bad CSRF token (403).  Every 303 must be a stored move,
# every refusal must leave its game as it was, and the writer's log
# must show a batch of 16.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'kill -CONT $writer 2>/dev/null; instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM
writer=
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

# Games in progress, each with a session per player and a legal move.
T bench-fill --users 40 --games 150 --open 40 --password bench-password \
    > "$tmp/fill.txt" 2>&1 || { cat "$tmp/fill.txt"; exit 1; }
T bench-moves --out "$tmp/moves.txt" > "$tmp/bm.txt" 2>&1 ||
    { cat "$tmp/bm.txt"; exit 1; }
awk -F '\t' '!seen[$2]++' "$tmp/moves.txt" | head -n 22 > "$tmp/first.txt"
check "22 games have a move to make" [ "$(wc -l < "$tmp/first.txt")" -eq 22 ]
# The first move of each of 20 games (the script's first round); the
# games of the next two get the illegal and the forged move, so that no
# other move in the pile can make those stale first.
head -n 20 "$tmp/first.txt" > "$tmp/round.txt"
line_of() { sed -n "${1}p" "$tmp/first.txt" | cut -f "$2"; }

# "id ply" of the game of a move line's path.
game_of() { echo "$1" | sed 's|^/g/\([0-9]*\)/move$|\1|'; }
plies() {
	cut -f 2 "$tmp/round.txt" | while read -r path; do
		g=$(game_of "$path")
		echo "$g $(sql "SELECT ply FROM games WHERE id = $g")"
	done
}
plies > "$tmp/plies.before"
moves_before=$(sql "SELECT count(*) FROM moves")

# The writer's worker process: the child of the writer's supervisor.
writer=$(pgrep -P "$INST_WRITER_FCGI_PID" | head -n 1)
check "the writer has a worker process" [ -n "$writer" ]
kill -STOP "$writer"

# send NAME PATH COOKIE BODY: one POST in the background; status in NAME.
send() {
	curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: $3" \
	    -H 'Content-Type: application/x-www-form-urlencoded' \
	    --data "$4" "$INST_URL$2" > "$tmp/$1.code" 2>&1 &
	senders="$senders $!"
}
senders=
i=0
while IFS="$(printf '\t')" read -r _ path cookie body; do
	i=$((i + 1))
	send "m$i" "$path" "$cookie" "$body"
done < "$tmp/round.txt"
# The same move again: whichever of the two comes second is stale.
send dup "$(line_of 1 2)" "$(line_of 1 3)" "$(line_of 1 4)"
# A move no hand holds.
send illegal "$(line_of 21 2)" "$(line_of 21 3)" \
    "$(line_of 21 4 | sed 's/^move=[^&]*/move=discard+9Zz/')"
# A forged form: the right session, the wrong token.
send forged "$(line_of 22 2)" "$(line_of 22 3)" \
    "$(line_of 22 4 | sed 's/csrf=[^&]*/csrf=forged-token/')"

# Wait until all 23 connections from nginx sit in the writer socket's
# accept queue (the Recv-Q of a listening socket).
waiting() {
	[ "$(ss -xlH | awk -v p="$INST_WRITER_SOCKET" '$5 == p { print $3 }')" \
	    -ge 23 ] 2>/dev/null
}
inst_wait waiting || check "23 POSTs wait for the writer" false
# A login never waits for the writer: nginx sends it to a reader, which
# checks the password (a wrong one here) while the writer stands still.
curl -sS -o /dev/null -w '%{http_code}' --max-time 10 \
    --data "name=nobody&password=wrong-password-1" "$INST_URL/login" \
    > "$tmp/login.code" 2>&1
kill -CONT "$writer"
wait $senders

ok=0
for j in $(seq 1 20); do
	[ "$(cat "$tmp/m$j.code")" = 303 ] && ok=$((ok + 1))
done
first=$(cat "$tmp/m1.code") again=$(cat "$tmp/dup.code")
check "19 distinct moves answered 303 (got $ok of 20 incl. the doubled one)" \
    [ $ok -ge 19 ]
check "the doubled move: one 303 and one 409 (got $first, $again)" \
    [ "$(printf '%s\n' "$first" "$again" | sort | tr '\n' ' ')" = "303 409 " ]
check "the illegal move is 422 (got $(cat "$tmp/illegal.code"))" \
    [ "$(cat "$tmp/illegal.code")" = 422 ]
check "the forged form is 403" [ "$(cat "$tmp/forged.code")" = 403 ]
check "a login answers while the writer is stopped (not 5xx: got $(cat "$tmp/login.code"))" \
    [ "$(cut -c1 "$tmp/login.code")" = 4 ]
moves_after=$(sql "SELECT count(*) FROM moves")
check "the moves table grew by 20 (from $moves_before to $moves_after)" \
    [ $((moves_after - moves_before)) -eq 20 ]
plies > "$tmp/plies.after"
grew=$(paste -d ' ' "$tmp/plies.before" "$tmp/plies.after" |
    awk '$1 == $3 && $4 == $2 + 1' | wc -l)
check "each of the 20 games is one ply further (got $grew)" [ "$grew" -eq 20 ]
# Each game's log holds plies 1..ply, none twice (an in-progress game's
# export keeps its seed, so the log is checked here, not replayed).
check "every log is whole: plies 1..ply, each once" [ "$(sql "
    SELECT count(*) FROM games g WHERE g.ply != (SELECT count(*) FROM moves
    WHERE game = g.id) OR g.ply != (SELECT coalesce(max(ply), 0) FROM moves
    WHERE game = g.id)")" = 0 ]

# The writer logs what it batched when it stops.
dir=$INST
INSTANCE_KEEP=1
check "instance stops cleanly" instance_stop
stats=$(grep -h "requests in" "$dir/log/fcgi-writer.log")
echo "# writer: ${stats#*]: }"
most=$(echo "$stats" | sed -n 's/.*the largest \([0-9]*\)$/\1/p')
check "a batch of 16 requests shared one commit" [ "${most:-0}" -eq 16 ]
commits=$(echo "$stats" | sed -n 's/.*(\([0-9]*\) commits).*/\1/p')
check "the 23 requests took 2 commits or 3, not one each (got ${commits:-none})" \
    [ "${commits:-99}" -le 3 ]
rm -rf "$dir"
exit $fail
