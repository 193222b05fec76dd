#!/bin/sh
# tests/browser/run.sh: the browser test.  Headless Chromium (Debian's
# /usr/bin/chromium, driven by playwright-core; no browser is ever
# downloaded) registers a user on a private instance, starts a game
# against the bot from the lobby, plays until the hand ends and checks
# the hand-end panel (tests/browser/play.mjs).  Screenshots go to
# tests/browser/shots/ (ignored by git).
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

# node_modules: installed from the lock file, again whenever it changed.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.topper-lock.sha256
if [ ! -d node_modules/playwright-core ] || [ ! -f "$stamp" ] ||
    [ "$(cat "$stamp")" != "$lock_sum" ]; then
	echo "browser: npm ci"
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --include=dev \
	    --ignore-scripts --no-audit --no-fund > /dev/null ||
	    fail_early "npm ci failed"
	echo "$lock_sum" > "$stamp"
fi

INSTANCE_WORKER=1
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
out=$INST/log/play.out
BASE_URL=$INST_URL CHROMIUM=$CHROMIUM PROFILE=$PROFILE SHOTS=$SHOTS \
    timeout -k 5 150 node tests/browser/play.mjs 2>&1 | tee "$out"
passed=$(grep -c '^ok ' "$out")
failed=$(grep -c '^not ok ' "$out")
if ! grep -q '^# done$' "$out"; then
	echo "not ok - play.mjs ended early (a crash or the time limit)"
	failed=$((failed + 1))
fi
if ! cleanup; then
	echo "not ok - the instance stopped cleanly (see above)"
	failed=$((failed + 1))
fi
echo "browser: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
