#!/bin/sh
# Run every test: the cmocka unit programs, the engine purity check,
# then the shell suites (command line, end to end, browser), each under
# ASan and UBSan; then every end-to-end suite again on PostgreSQL
# ("pg: tests/e2e/X.sh"), each instance on a new database of one
# private server this script starts (tests/e2e/lib/pg.sh) and stops.  Suites run TEST_JOBS at a time (default 2, one per
# core of the machines we run on); each suite's output is printed whole
# when it ends, so the log reads suite by suite.  Ends with the
# runners' own summaries and one plain "N passed, N failed" line
# counting the programs and suites.
set -u
cd "$(dirname "$0")/.."
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TOPPER="$PWD/build-asan/topper"
jobs=${TEST_JOBS:-2}
logs=$(mktemp -d)
. tests/e2e/lib/pg.sh
trap 'pg_stop; rm -rf "$logs"' EXIT INT TERM
# A server that does not start fails every "pg:" suite, visibly.
pg_start || echo "run: the PostgreSQL server did not start" >&2

# The list: one "name<TAB>command" line per program or suite.  The slow
# suites go first so that the quick ones fill the gaps at the end.
{
	for s in tests/cli/sim*.sh; do
		[ -f "$s" ] && printf '%s\tsh %s\n' "$s" "$s"
	done
	# Each browser script on its own instance (tests/browser/run.sh).
	for s in tests/browser/*.mjs; do
		[ "$s" = tests/browser/lib.mjs ] && continue
		[ -f "$s" ] && printf '%s\tsh tests/browser/run.sh %s\n' "$s" \
		    "$(basename "$s")"
	done
	for t in build-asan/tests/unit/test_*; do
		[ -x "$t" ] && printf '%s\t%s\n' "$(basename "$t")" "$t"
	done
	printf 'purity\tsh tests/purity/check.sh build/libengine.a\n'
	printf 'layers\tpython3 tools/check-layers.py build\n'
	for s in tests/cli/*.sh tests/e2e/*.sh; do
		case $s in tests/cli/sim*.sh) continue ;; esac
		[ -f "$s" ] && printf '%s\tsh %s\n' "$s" "$s"
	done
	# Not again: install.sh installs the SQLite default; cluster.sh
	# always runs on a PostgreSQL server of its own.
	for s in tests/e2e/*.sh; do
		case $s in */install.sh|*/cluster.sh) continue ;; esac
		[ -f "$s" ] && printf 'pg: %s\tenv TOPPER_STORE=postgresql sh %s\n' \
		    "$s" "$s"
	done
} > "$logs/list"

# One suite: its output to logs/N.out, its status to logs/N.rc, then
# the whole output at once (a single write keeps suites from mixing).
cat > "$logs/one.sh" <<'EOF'
n=$1 name=$2 cmd=$3 logs=$4
start=$(date +%s)
{ echo "=== $name"; $cmd; } > "$logs/$n.out" 2>&1
rc=$?
echo "$rc" > "$logs/$n.rc"
[ "$rc" -eq 0 ] || echo "*** FAILED: $name" >> "$logs/$n.out"
echo "--- $name: $(($(date +%s) - start)) s" >> "$logs/$n.out"
cat "$logs/$n.out"
EOF

awk -F '\t' '{ printf "%d\t%s\t%s\n", NR, $1, $2 }' "$logs/list" |
    while IFS='	' read -r n name cmd; do
	printf '%s\0%s\0%s\0%s\0' "$n" "$name" "$cmd" "$logs"
done | xargs -0 -n 4 -P "$jobs" sh "$logs/one.sh"

passed=0
failed=0
failures=""
n=0
while IFS='	' read -r name cmd; do
	n=$((n + 1))
	if [ "$(cat "$logs/$n.rc" 2>/dev/null)" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures="$failures $name"
	fi
done < "$logs/list"

echo
[ -n "$failures" ] && echo "failed:$failures"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
