#!/bin/sh
# tests/soak/fuzz.sh: the libFuzzer targets of tests/fuzz, built with
# clang (-fsanitize=fuzzer,address,undefined), each run for
# FUZZ_SECONDS from its committed corpus (tests/fuzz/corpus/NAME) plus
# what earlier runs found (build/fuzz/corpus/NAME, kept between runs).
# A crash, a sanitizer report, an abort() from a target's invariant, a
# timeout (10 s for one input) or a leak fails the target; the input is
# kept as build/fuzz/crash-NAME-*.  FUZZ_MERGE=1 merges what was found
# into the committed corpus (then review and commit it).
#
# Environment: FUZZ_SECONDS (default 10), FUZZ_TARGETS (default all),
# CLANG (default clang-14, else clang), FUZZ_BUILD_ONLY=1 (build every
# target and stop: tools/soak.sh does so before its two lanes run
# targets side by side).  Ends with "soak fuzz: N checked, M failed"
# (N = inputs run, M = targets that failed).
set -u
cd "$(dirname "$0")/../.."
SECS=${FUZZ_SECONDS:-10}
TARGETS=${FUZZ_TARGETS:-"tpl form cookie move mail record config site"}
CLANG=${CLANG:-$(command -v clang-14 || command -v clang)}
[ -n "$CLANG" ] || { echo "fuzz: no clang (tools/deps.txt)"; echo "soak fuzz: 0 checked, 1 failed"; exit 1; }
OUT=build/fuzz
FLAGS="-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer
    -fsanitize=address,undefined -fno-sanitize-recover=all"
make -s --no-print-directory build/sql_embed.c || exit 1
# Sources, include paths and libraries as the Makefile has them.
mk() {
	make -s --no-print-directory --eval "fuzz-print: ; @echo \$($1)" \
	    fuzz-print
}
LIBS=$(mk LIBS)
INC="$(mk INC) -Itests/soak"
SRC="$(mk ENGINE_SRC) $(mk FCGI_SRC) build/sql_embed.c tests/soak/site.c"
mkdir -p "$OUT/obj"

# The program's sources, with clang and coverage for the fuzzer; an
# object is rebuilt when its source or any header is newer.
# shellcheck disable=SC2046
newest_h=$(ls -t $(find engine fcgi tests/soak -name '*.h') | head -1)
for c in $SRC; do
	o=$OUT/obj/$(echo "$c" | tr / _ | sed 's/\.c$/.o/')
	if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
		echo "$c $o"
	fi
done | xargs -r -n 2 -P 2 sh -c '
	# shellcheck disable=SC2086
	'"$CLANG"' '"$(echo $FLAGS)"' -fsanitize=fuzzer-no-link '"$INC"' -c "$0" -o "$1"' ||
    { echo "fuzz: the build failed"; echo "soak fuzz: 0 checked, 1 failed"; exit 1; }
# The library and each target, unless they are newer than what they
# are made of.
lib_new=
for o in "$OUT"/obj/*.o; do
	[ "$OUT/libfuzz.a" -nt "$o" ] || { lib_new=1; break; }
done
if [ -n "$lib_new" ]; then
	rm -f "$OUT/libfuzz.a"
	ar rcs "$OUT/libfuzz.a" "$OUT"/obj/*.o
fi
build_target() {
	[ "$OUT/fuzz_$1" -nt "$OUT/libfuzz.a" ] &&
	    [ "$OUT/fuzz_$1" -nt "tests/fuzz/fuzz_$1.c" ] && return 0
	# shellcheck disable=SC2086
	"$CLANG" $FLAGS -fsanitize=fuzzer $INC -o "$OUT/fuzz_$1" \
	    "tests/fuzz/fuzz_$1.c" "$OUT/libfuzz.a" $LIBS
}
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then
	for t in $TARGETS; do
		build_target "$t" || { echo "fuzz: fuzz_$t did not build"; exit 1; }
	done
	exit 0
fi

total=0 failed=0
printf '%-8s %10s %8s %6s %6s  %s\n' target inputs exec/s cov corpus verdict
for t in $TARGETS; do
	if ! build_target "$t"; then
		failed=$((failed + 1))
		continue
	fi
	mkdir -p "$OUT/corpus/$t"
	"$OUT/fuzz_$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$OUT/crash-$t-" \
	    "$OUT/corpus/$t" "tests/fuzz/corpus/$t" > "$OUT/$t.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$t.log")
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$OUT/$t.log")
	cov=$(grep -o 'cov: [0-9]*' "$OUT/$t.log" | tail -1 | sed 's/cov: //')
	corp=$(ls "$OUT/corpus/$t" | wc -l)
	total=$((total + ${runs:-0}))
	if [ "$rc" -eq 0 ]; then
		v=PASS
	else
		v="FAIL (exit $rc; $OUT/$t.log)"
		failed=$((failed + 1))
		grep -m 5 -E 'ERROR|runtime error|SUMMARY|fuzz_' "$OUT/$t.log"
	fi
	printf '%-8s %10s %8s %6s %6s  %s\n' "$t" "${runs:-0}" "${speed:-0}" \
	    "${cov:-?}" "$corp" "$v"
	if [ "${FUZZ_MERGE:-0}" = 1 ]; then
		"$OUT/fuzz_$t" -merge=1 "tests/fuzz/corpus/$t" "$OUT/corpus/$t" \
		    > "$OUT/$t.merge.log" 2>&1
	fi
done
echo "fuzz: $SECS s a target; verdict: $([ "$failed" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak fuzz: $total checked, $failed failed"
[ "$failed" -eq 0 ]
