#!/bin/sh
# import_export.sh: topper init, user add, import, export against a
# database in a temporary directory.
#
# The move log is the truth: a game imported from a record and exported
# again replays (topper play) to exactly the stored snapshot.  A game in
# progress exports without its seed; a finished game exports the seed,
# and its SHA-256 is the commitment stored at the start.  JSON is read
# with the sqlite3 shell's json functions, so no other tool is needed.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOPPER=${TOPPER:-$PWD/build-asan/topper}
RECORDS=$PWD/tests/records
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
printf 'db = %s/data/topper.db\npwhash = min\n' "$tmp" > "$conf"
t() { "$TOPPER" "$@" --config "$conf"; }
# json FILE PATH: one value of a JSON file ('' when absent).
json() { sqlite3 :memory: "SELECT json_extract(readfile('$1'), '$2')"; }
sql() { sqlite3 "$tmp/data/topper.db" "$1"; }
# state SHA-256 of a record replayed without a database
play_sha() {
	"$TOPPER" play "$1" > "$tmp/play.out" && json "$tmp/play.out" '$.state_sha256'
}

# --- init: creates the directory, prints the path, keeps the secret
check "init prints the database path" \
    test "$(t init 2>/dev/null)" = "$tmp/data/topper.db"
secret=$(sql "SELECT value FROM settings WHERE key = 'secret'")
check "init stored a 32-byte secret" test "${#secret}" -eq 64
t init >/dev/null 2>&1
check "a second init keeps the secret" \
    test "$(sql "SELECT value FROM settings WHERE key = 'secret'")" = "$secret"
check "schema version recorded" test "$(sql 'PRAGMA user_version')" -ge 1
check "integrity" test "$(sql 'PRAGMA integrity_check')" = ok
check "init --config with a missing file exits 2" \
    sh -c '"$0" init --config "$1"/nope.conf 2>/dev/null; [ $? -eq 2 ]' \
    "$TOPPER" "$tmp"

# --- user add
check "user add with --password-stdin" \
    sh -c 'echo "alice secret" | "$0" user add alice a@example.org \
    --password-stdin --config "$1" >/dev/null' "$TOPPER" "$conf"
check "user add with --password" \
    sh -c '"$0" user add bob b@example.org --password bobbobbob \
    --config "$1" >/dev/null' "$TOPPER" "$conf"
check "user add --bot needs no password" \
    sh -c '"$0" user add robot r@example.org --bot --config "$1" \
    >/dev/null' "$TOPPER" "$conf"
check "pwhash = min from the config" \
    test "$(sql "SELECT pwhash LIKE '\$argon2id\$v=19\$m=8,t=1,%' FROM users WHERE name = 'alice'")" = 1
refused() {	# status args...: user add must exit with status
	_want=$1
	shift
	t user add "$@" >/dev/null 2>&1
	test $? -eq "$_want"
}
check "a name taken ignoring case is refused" \
    refused 1 ALICE x@example.org --password 12345678
check "a short name is refused" refused 1 al x@example.org --password 12345678
check "a bad character is refused" \
    refused 1 'al ice' x@example.org --password 12345678
check "a short password is refused" refused 1 carol c@example.org --password 1234567
check "an address is required" refused 1 carol nowhere --password 12345678
check "a player without a password is bad usage" refused 2 carol c@example.org
check "three users stored" test "$(sql 'SELECT count(*) FROM users')" -eq 3

# --- import and export a finished game with a seed
start=$(date +%s%N)
id=$(t import "$RECORDS/gin-vodka-seed.json" --users alice,bob)
check "import prints the new game id" test "$id" = 1
ms=$(( ($(date +%s%N) - start) / 1000000 ))
n=$(sqlite3 :memory: \
    "SELECT json_array_length(readfile('$RECORDS/gin-vodka-seed.json'), '\$.moves')")
echo "info: imported $n moves in $ms ms"
check "every move stored" \
    test "$(sql "SELECT ply FROM games WHERE id = $id")" -eq "$n"
t export "$id" > "$tmp/fin.json" 2> "$tmp/fin.err"
check "export exits 0" test $? -eq 0
check "export of a finished game says nothing on stderr" test ! -s "$tmp/fin.err"
seed=$(json "$tmp/fin.json" '$.seed')
check "the finished export has the seed" \
    test "$seed" = "$(json "$RECORDS/gin-vodka-seed.json" '$.seed')"
hash=$(printf '%s' "$seed" | xxd -r -p | sha256sum | cut -d' ' -f1)
check "SHA-256 of the seed is the stored commitment" \
    test "$hash" = "$(sql "SELECT commitment FROM games WHERE id = $id")"
check "and the exported commitment" \
    test "$hash" = "$(json "$tmp/fin.json" '$.commitment')"
stored=$(t test-state-sha "$id")
check "replaying the export gives the stored state" \
    test "$(play_sha "$tmp/fin.json")" = "$stored"
check "and so does the original record" \
    test "$(play_sha "$RECORDS/gin-vodka-seed.json")" = "$stored"
check "finished: status over" \
    test "$(sql "SELECT status FROM games WHERE id = $id")" = over

# --- a game in progress: no seed in the export
id=$(t import "$RECORDS/gin-vodka-in-progress.json" --users bob,alice)
t export "$id" > "$tmp/run.json" 2> "$tmp/run.err"
check "in progress: no seed" test -z "$(json "$tmp/run.json" '$.seed')"
check "in progress: seed_withheld" \
    test "$(json "$tmp/run.json" '$.seed_withheld')" = 1
check "in progress: stderr says the seed is withheld" \
    grep -q "seed is withheld" "$tmp/run.err"
check "in progress: the export alone does not replay (exit 2)" \
    sh -c '"$0" play "$1" >/dev/null 2>&1; [ $? -eq 2 ]' \
    "$TOPPER" "$tmp/run.json"
# With the seed put back, the exported moves replay to the snapshot.
sqlite3 :memory: "SELECT json_set(readfile('$tmp/run.json'), '\$.seed', \
    json_extract(readfile('$RECORDS/gin-vodka-in-progress.json'), '\$.seed'))" \
    > "$tmp/run-seed.json"
check "in progress: export + seed replays to the stored state" \
    test "$(play_sha "$tmp/run-seed.json")" = "$(t test-state-sha "$id")"
check "in progress: status active" \
    test "$(sql "SELECT status FROM games WHERE id = $id")" = active

# --- a record with explicit decks exports them
id=$(t import "$RECORDS/gin-vodka-decks.json" --users alice,robot)
t export "$id" > "$tmp/decks.json"
check "decks: exported" test "$(json "$tmp/decks.json" '$.decks')" = \
    "$(json "$RECORDS/gin-vodka-decks.json" '$.decks')"
check "decks: no seed, no commitment" \
    test -z "$(json "$tmp/decks.json" '$.seed')$(json "$tmp/decks.json" '$.commitment')"
check "decks: replaying the export gives the stored state" \
    test "$(play_sha "$tmp/decks.json")" = "$(t test-state-sha "$id")"
check "decks: the bot seat is marked" \
    test "$(sql "SELECT is_bot FROM seats WHERE game = $id AND seat = 1")" = 1

# --- refusals store nothing
games=$(sql 'SELECT count(*) FROM games')
echo '{"game": "gin-vodka", "notation": 1, "seats": 2}' > "$tmp/bad.json"
t import "$tmp/bad.json" --users alice,bob > /dev/null 2> "$tmp/bad.err"
check "a record without seed or decks exits 2" test $? -eq 2
check "and names the field" grep -q '"seed"' "$tmp/bad.err"
sqlite3 :memory: "SELECT json_set(readfile('$RECORDS/gin-vodka-in-progress.json'), \
    '\$.moves[5].move', 'discard 4Rc')" > "$tmp/illegal.json"
t import - --users alice,bob < "$tmp/illegal.json" > /dev/null 2> "$tmp/ill.err"
check "an illegal move exits 1" test $? -eq 1
check "and says which move" grep -q '^move 6 (seat 0, "discard 4Rc"): ' "$tmp/ill.err"
t import "$RECORDS/gin-vodka-seed.json" --users alice,nobody > /dev/null 2>&1
check "an unknown user exits 1" test $? -eq 1
check "nothing stored by the refusals" \
    test "$(sql 'SELECT count(*) FROM games')" -eq "$games"
check "export of a missing game exits 1" \
    sh -c '"$0" export 999 --config "$1" 2>/dev/null; [ $? -eq 1 ]' \
    "$TOPPER" "$conf"
check "\$TOPPER_CONFIG is read without --config" \
    test "$(TOPPER_CONFIG=$conf "$TOPPER" test-state-sha 1)" = "$stored"
check "integrity after all" test "$(sql 'PRAGMA integrity_check')" = ok
check "foreign keys after all" test -z "$(sql 'PRAGMA foreign_key_check')"

exit $fail
