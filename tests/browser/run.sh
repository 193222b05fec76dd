#!/bin/sh
# tests/browser/run.sh [SCRIPT.mjs...]: the browser tests.  Headless
# Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no
# browser is ever downloaded) plays on a private instance with a
# worker that moves the bots, as a person would: play.mjs (Gin Vodka:
# register, a game against the bot from the lobby, a hand to its end),
# vodkapolis.mjs, rummy500.mjs, casino.mjs, six_suit.mjs and
# twelve_step.mjs (each game through the lobby with bots); table.mjs
# (every game's table at 360x740 in each state of a turn, and axe-core).  No
# argument runs them all, one after the other; tests/run.sh gives each
# its own run, so they run side by side on their own instances.
# Screenshots go to tests/browser/shots/ (ignored by git).
#
# Environment: TOPPER (the topper binary, tests/run.sh sets the ASan
# build), CHROMIUM (default /usr/bin/chromium), BROWSER_KEEP=1 keeps the
# instance directory.  Ends with "browser: N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
SHOTS=$ROOT/tests/browser/shots

fail_early() {
	echo "browser: $*" >&2
	echo "browser: 0 passed, 1 failed"
	exit 1
}

[ -x "$CHROMIUM" ] || fail_early "no Chromium at $CHROMIUM (install the" \
    "chromium package: tools/deps.txt)"
command -v node > /dev/null 2>&1 || fail_early "node is not installed"
command -v npm > /dev/null 2>&1 || fail_early "npm is not installed"

# node_modules: installed from the lock file, again whenever it changed;
# under a lock, since several runs may start at once.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.topper-lock.sha256
(
	flock 9
	if [ ! -d node_modules/playwright-core ] || [ ! -f "$stamp" ] ||
	    [ "$(cat "$stamp")" != "$lock_sum" ]; then
		echo "browser: npm ci"
		PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --include=dev \
		    --ignore-scripts --no-audit --no-fund > /dev/null ||
		    exit 1
		echo "$lock_sum" > "$stamp"
	fi
) 9> "${TMPDIR:-/tmp}/topper-npm.lock" || fail_early "npm ci failed"

[ $# -gt 0 ] || set -- play.mjs twelve_step.mjs vodkapolis.mjs rummy500.mjs \
    casino.mjs six_suit.mjs table.mjs strong.mjs leave.mjs sheet.mjs
for script; do
	[ -f "tests/browser/$script" ] || fail_early "no tests/browser/$script"
done

INSTANCE_WORKER=1
# Every script registers its players from this one address, more than
# the default register_rate (5 an hour) allows.
INSTANCE_CONF="register_rate = 1000/3600"
. "$ROOT/tests/e2e/lib/instance.sh"

PROFILE=
WORKER_PID=
cleanup() {
	if [ -n "$WORKER_PID" ]; then
		kill -TERM "$WORKER_PID" 2>/dev/null
		wait "$WORKER_PID" 2>/dev/null
		WORKER_PID=
	fi
	[ -n "$PROFILE" ] && rm -rf "$PROFILE"
	PROFILE=
	INSTANCE_KEEP=${BROWSER_KEEP:-0} instance_stop
}
trap 'cleanup; exit 1' HUP INT TERM PIPE

instance_start || { cleanup; fail_early "the instance did not start"; }
# The helper starts the worker (it moves the bot); when it did not,
# start one here.
if [ -z "${INST_WORKER_PID:-}" ]; then
	"$TOPPER" worker --config "$INST_CONF" < /dev/null \
	    > "$INST/log/worker.log" 2>&1 &
	WORKER_PID=$!
fi

PROFILE=$(mktemp -d "${TMPDIR:-/tmp}/topper-chromium.XXXXXX")
mkdir -p "$SHOTS"
out=$INST/log/browser.out
: > "$out"
missing=0
for script; do
	# The longest a script may take, on a busy 2-core machine.
	case $script in
	play.mjs|casino.mjs)	limit=150 ;;
	six_suit.mjs|table.mjs|twelve_step.mjs) limit=420 ;;
	*)			limit=300 ;;
	esac
	mkdir -p "$PROFILE/${script%.mjs}"
	BASE_URL=$INST_URL CHROMIUM=$CHROMIUM PROFILE=$PROFILE/${script%.mjs} \
	    SHOTS=$SHOTS TOPPER=$TOPPER TOPPER_CONF=$INST_CONF AXE=1 \
	    timeout -k 5 $limit node "tests/browser/$script" \
	    > "$out.one" 2>&1
	cat "$out.one"
	cat "$out.one" >> "$out"
	if ! grep -q '^# done$' "$out.one"; then
		echo "not ok - $script ended early (a crash or its $limit s limit)"
		missing=$((missing + 1))
	fi
	# A failure shows what the worker and the site said meanwhile.
	if grep -q '^not ok ' "$out.one" || ! grep -q '^# done$' "$out.one"
	then
		for log in worker.log fcgi.log fcgi-writer.log; do
			[ -s "$INST/log/$log" ] || continue
			echo "# $log, its last 20 lines:"
			tail -n 20 "$INST/log/$log" | sed 's/^/#   /'
		done
	fi
done
passed=$(grep -c '^ok ' "$out")
failed=$(($(grep -c '^not ok ' "$out") + missing))
if ! cleanup; then
	echo "not ok - the instance stopped cleanly (see above)"
	failed=$((failed + 1))
fi
echo "browser: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
