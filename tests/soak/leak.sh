#!/bin/sh
# tests/soak/leak.sh: the twin-game leak sweep (leak.c) on a scratch
# database: users seat0..seat5 and watcher, then soak-leak with PAIRS pairs of
# each game kind, in rounds until LEAK_SECONDS have passed (default 0:
# one round).  Environment: PAIRS (default 2), MOVES (moves per
# pair, default 40), LEAK_NGINX=0 (skip the replay of the first
# round's pairs through nginx, leak_nginx.py), LEAK_SELF_TEST=1 (the owner's views are swept
# too: the run must then fail), SEED (default: random), TOPPER, SOAK_LEAK (the
# driver; default build-asan/tests/soak/soak-leak).  Prints the figures
# and ends with "soak leak: N checked, M failed"; exit 1 on a failure.
set -u
cd "$(dirname "$0")/../.."
: "${TOPPER:=$PWD/build-asan/topper}"
: "${SOAK_LEAK:=$PWD/build-asan/tests/soak/soak-leak}"
PAIRS=${PAIRS:-2}
MOVES=${MOVES:-40}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
dir=$(mktemp -d "${TMPDIR:-/tmp}/soak-leak.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
cat > "$dir/topper.conf" <<CONF
db = $dir/topper.db
data_dir = $PWD
base_url = http://127.0.0.1:8080
pwhash = min
mail.reply_to = play@example.org
CONF
T() { "$TOPPER" "$@" --config "$dir/topper.conf"; }
T init > "$dir/init.log" 2>&1 || { cat "$dir/init.log"; exit 2; }
for u in seat0 seat1 seat2 seat3 seat4 seat5 watcher; do
	echo "secret-$u-pw" | T user add "$u" "$u@example.org" \
	    --password-stdin > /dev/null || exit 2
done
echo "leak: seed $SEED, $PAIRS pairs per game kind a round, up to $MOVES moves each, ${LEAK_SECONDS:-0} s"
start=$(date +%s)
"$SOAK_LEAK" --config "$dir/topper.conf" --pairs "$PAIRS" --seed "$SEED" \
    --moves "$MOVES" ${LEAK_SELF_TEST:+--self-test} --plan "$dir/plan" --seconds "${LEAK_SECONDS:-0}" ${LEAK_DUMP:+--dump "$LEAK_DUMP"} > "$dir/out" 2> "$dir/err"
rc=$?
cat "$dir/out"
head -c 4000 "$dir/err"
secs=$(($(date +%s) - start))
n=$(sed -n 's/^leak: \([0-9]*\) compared, \([0-9]*\) differences.*/\1/p' "$dir/out")
d=$(sed -n 's/^leak: \([0-9]*\) compared, \([0-9]*\) differences, [0-9]* controls, \([0-9]*\) control failures/\2 \3/p' "$dir/out")
m=0
for x in $d; do m=$((m + x)); done
[ -n "$n" ] || { n=0; m=1; }
[ "$rc" -eq 0 ] || [ "$m" -gt 0 ] || m=1
echo "leak: $secs s in one process, $((n / (secs > 0 ? secs : 1))) views/s"

# The same pairs (the first round's) through nginx, on an instance.
if [ "${LEAK_NGINX:-1}" = 1 ] && [ -s "$dir/plan" ] && [ -z "${LEAK_SELF_TEST:-}" ]; then
	. tests/e2e/lib/instance.sh
	if instance_start; then
		for u in seat0 seat1 seat2 seat3 seat4 seat5 watcher; do
			echo "secret-$u-pw" | "$TOPPER" user add "$u" \
			    "$u@example.org" --password-stdin \
			    --config "$INST_CONF" > /dev/null || m=$((m + 1))
		done
		start=$(date +%s)
		/usr/bin/python3 tests/soak/leak_nginx.py "$INST_URL" "$dir/plan" \
		    "$INST/topper.db" "$INST_CONF" "$TOPPER" > "$dir/nginx" 2>&1
		nrc=$?
		cat "$dir/nginx"
		nn=$(sed -n 's/^leak-nginx: \([0-9]*\) compared.*/\1/p' "$dir/nginx")
		[ "$nrc" -eq 0 ] && [ -n "$nn" ] || m=$((m + 1))
		n=$((n + ${nn:-0}))
		echo "leak: through nginx, $(($(date +%s) - start)) s"
		instance_stop || m=$((m + 1))
	else
		m=$((m + 1))
	fi
fi
echo "leak: verdict: $([ "$m" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak leak: $n checked, $m failed"
[ "$m" -eq 0 ]
