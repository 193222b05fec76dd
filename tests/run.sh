#!/bin/sh
# Run every test: the cmocka unit programs, the engine purity check,
# then the shell suites (command line, end to end, browser), each under
# ASan and UBSan.  Ends with the runners' own summaries and one plain
# "N passed, N failed" line counting the programs and suites.
set -u
cd "$(dirname "$0")/.."
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TOPPER="$PWD/build-asan/topper"
passed=0
failed=0
failures=""

run() {	# name command...
	name=$1
	shift
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures="$failures $name"
		echo "*** FAILED: $name"
	fi
}

for t in build-asan/tests/unit/test_*; do
	[ -x "$t" ] || continue
	run "$(basename "$t")" "$t"
done
run purity sh tests/purity/check.sh build/libengine.a
for s in tests/cli/*.sh tests/e2e/*.sh tests/browser/*.sh; do
	[ -f "$s" ] || continue
	run "$s" sh "$s"
done

echo
[ -n "$failures" ] && echo "failed:$failures"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
