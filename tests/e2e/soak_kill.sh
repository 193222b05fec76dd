#!/bin/sh
# soak_kill.sh: the short version of make soak's kill loop
# (tests/soak/kill.sh): 12 s of players posting moves through nginx
# while the writer and the worker are killed with SIGKILL every 10 to
# 310 ms; then every acknowledged move must be stored, with no gap, and
# every game must replay to its stored state.
set -u
cd "$(dirname "$0")/../.." || exit 1
flock build-asan/.soak-build.lock make -s --no-print-directory \
    build/topper || exit 1
KILL_SECONDS=12 KILL_GAP_MS=300 sh tests/soak/kill.sh
