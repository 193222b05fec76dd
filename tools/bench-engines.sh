#!/bin/sh
# bench-engines.sh: the engines' speed on one core, a benchmark, not a
# test (tests/bench/bench_engine.c says what each
# figure measures and how the worst cases are built).  tools/bench.sh
# runs it last, after the web figures; it also runs alone.  Per line:
# random games per second for each game (Six Suit at 4 and 12 players,
# 12-Step Rummy as rounds per second at 5 players), the time Casino
# Macedonia takes to list every legal move on a crowded table, and the
# time to find whether a 14-card hand can lay 12-Step contract 12.
# Times are the process's CPU time, so other work on a shared machine
# moves them less than wall time.  BENCH_ENGINE_SECONDS (2) per figure.
set -u
cd "$(dirname "$0")/.." || exit 1
BENCH=${BENCH_ENGINE:-build/tests/bench/bench_engine}
[ -n "${BENCH_ENGINE:-}" ] || make -s build/tests/bench/bench_engine ||
    { echo "bench-engines: $BENCH could not be built" >&2; exit 1; }
echo
echo "engines, one core ($BENCH):"
exec "$BENCH" --seconds "${BENCH_ENGINE_SECONDS:-2}"
