#!/bin/sh
# ratings.sh: rated games move ratings by what tests/unit/test_rating.c
# predicts, and the boards show them.
#
# Finished records are stored with "topper import --rated": a Gin Vodka
# hand alice wins against bob (Glicko-2, both new: 1662.31 / 1337.69,
# RD 290.32), the five-seat Twelve-Step record whose seat 4 (a bot)
# wins with the fewest points and the others follow by score (Weng-Lin:
# 1612.01, 1577.00, 1530.34, 1460.33, 1320.32 by place), and the
# four-seat Six Suit record won by the faction of seats 1 and 3
# (1582.50 / 1417.50).  The same Gin Vodka record imported unrated
# changes nothing.  Every page goes through tidy -eq.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

users alice bob carol dave
T user add robo robo@example.org --bot > /dev/null || echo "FAIL: bot"

# fmt FORMAT: each row of sql's output (columns split at |) printed by
# awk's printf, which formats numbers alike whichever store gave them.
fmt() { awk -F'|' -v f="$1\n" '{ printf f, $1, $2, $3, $4 }'; }

# rating USER SLUG: "rating rd games wins", two decimals.
rating() {
	sql "SELECT r.rating, r.rd, r.games, r.wins
	    FROM ratings r JOIN users u ON u.id = r.user
	    WHERE u.name = '$1' AND r.rules = '$2'" | fmt '%.2f %.2f %d %d'
}

# ---- two players: Glicko-2 ----
T import tests/records/gin-vodka-g1-gin.json --users alice,bob > /dev/null
check "an unrated game moves no rating" [ -z "$(rating alice gin-vodka)" ]
gv=$(T import tests/records/gin-vodka-g1-gin.json --users alice,bob --rated)
check "alice won: 1662.31 (RD 290.32)" [ "$(rating alice gin-vodka)" = "1662.31 290.32 1 1" ]
check "bob lost: 1337.69 (RD 290.32)" [ "$(rating bob gin-vodka)" = "1337.69 290.32 1 0" ]
check "one history row each, with the rating before" [ "$(sql "SELECT count(*), min(before), max(before) FROM rating_history WHERE game = $gv" | fmt '%d|%.1f|%.1f')" = "2|1500.0|1500.0" ]
check "the volatility barely moves (0.06 -> 0.059999...)" [ "$(sql "SELECT vol FROM ratings WHERE rules = 'gin-vodka' LIMIT 1" | fmt '%.5f')" = "0.06000" ]

# ---- five players: Weng-Lin ----
ts=$(T import tests/records/twelve-step-rummy-bots.json --users alice,bob,carol,dave,robo --rated)
check "robo (seat 4, fewest points) placed first: 1612.01" [ "$(rating robo twelve-step-rummy)" = "1612.01 348.22 1 1" ]
check "carol (55) second: 1577.00" [ "$(rating carol twelve-step-rummy)" = "1577.00 346.10 1 0" ]
check "dave (80) third: 1530.34" [ "$(rating dave twelve-step-rummy)" = "1530.34 343.58 1 0" ]
check "bob (85) fourth: 1460.33" [ "$(rating bob twelve-step-rummy)" = "1460.33 340.71 1 0" ]
check "alice (175) last: 1320.32" [ "$(rating alice twelve-step-rummy)" = "1320.32 340.71 1 0" ]
check "places in the history" [ "$(sql "SELECT place FROM rating_history WHERE game = $ts ORDER BY place" | paste -sd,)" = "1,2,3,4,5" ]

# ---- teams: the winning faction's two seats move together ----
T import tests/records/six-suit-bots.json --users alice,bob,carol,dave --rated > /dev/null
check "six suit: seats 1 and 3 won: 1582.50" [ "$(rating bob six-suit | cut -d' ' -f1),$(rating dave six-suit | cut -d' ' -f1)" = "1582.50,1582.50" ]
check "six suit: seats 0 and 2 lost: 1417.50" [ "$(rating alice six-suit | cut -d' ' -f1),$(rating carol six-suit | cut -d' ' -f1)" = "1417.50,1417.50" ]

# ---- one account at two seats (the lobby's bot): one result, merged ----
# Casino: scores 81, 82, 131, seat 2 wins: carol (seat 0) third; robo
# holds seats 1 and 2 (second and first).  Weng-Lin over three seats
# moves them by S2/c * (2/3, 1/6, -5/6), c = sqrt(3 (S2 + beta^2));
# robo takes the mean of its two seats' changes.
cm=$(T import tests/records/casino-macedonia-bots.json --users carol,robo,robo --rated)
check "merged seats: robo 1575.31" [ "$(rating robo casino-macedonia | cut -d' ' -f1,3,4)" = "1575.31 1 1" ]
check "  carol 1349.37" [ "$(rating carol casino-macedonia | cut -d' ' -f1)" = "1349.37" ]
check "  one history row per player, robo's best place" [ "$(sql "SELECT place FROM rating_history WHERE game = $cm ORDER BY place" | paste -sd,)" = "1,3" ]
T import tests/records/gin-vodka-g1-gin.json --users robo,robo --rated > /dev/null
check "one account at every seat: not rated" [ -z "$(rating robo gin-vodka)" ]

# ---- the boards ----
page idx anon "$INST_URL/ratings"
check "/ratings: 200, links each game" sh -c "[ \"\$(cat '$tmp/idx.code')\" = 200 ] && grep -q 'href=\"/ratings/twelve-step-rummy\"' '$tmp/idx.html'"
page b1 alice "$INST_URL/ratings/twelve-step-rummy?min=1"
check "board: 200" [ "$(code b1)" = 200 ]
check "board: robo first, marked a bot" sh -c "grep -o 'href=\"/u/[a-z]*\">[a-z]*</a>[^<]*' '$tmp/b1.html' | head -1 | grep -q 'robo.*(bot)'"
check "board: best first" [ "$(grep -o 'data-rating="[0-9.]*"' "$tmp/b1.html" | tr -dc '0-9.\n' | tr '\n' ' ')" = "1612.01 1577.00 1530.34 1460.33 1320.32 " ]
page b3 alice "$INST_URL/ratings/twelve-step-rummy"
check "board: by default 3 games are needed" has b3 "No one has played 3 rated games"
page bx anon "$INST_URL/ratings/no-such-game"
check "board of an unknown game: 404" [ "$(code bx)" = 404 ]
page bm anon "$INST_URL/ratings/gin-vodka?min=x"
check "board with a bad minimum: 400" [ "$(code bm)" = 400 ]

# ---- the lobby's "rated" box ----
page lob alice "$INST_URL/lobby"
check "the lobby offers a rated table" has lob 'name="rated"'
post new alice "$INST_URL/lobby/new" "$(form "$tmp/lob.html" "#new-form-gin-vodka" rated=1)"
nid=$(sed 's|.*/g/||' "$tmp/new.loc")
check "the rated table is made" [ "$(code new)" = 303 ]
check "a table made rated is rated" [ "$(sql "SELECT rated FROM games WHERE id = $nid")" = 1 ]
page rg alice "$INST_URL/g/$nid"
check "  and its page says so" has rg "A rated table"
page rh anon "$INST_URL/g/$nid/history"
check "  as does its history" has rh "A rated table"
post new2 alice "$INST_URL/lobby/new" "$(form "$tmp/lob.html" "#new-form-gin-vodka")"
nid=$(sed 's|.*/g/||' "$tmp/new2.loc")
check "a table is unrated unless asked" [ "$(sql "SELECT rated FROM games WHERE id = $nid")" = 0 ]
page ug alice "$INST_URL/g/$nid"
check "  and its page says so" has ug "An unrated table"

instance_stop || fail=1
[ "$fail" -eq 0 ] && echo "ratings: all passed"
exit "$fail"
