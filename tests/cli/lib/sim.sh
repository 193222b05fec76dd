# shellcheck shell=sh
# tests/cli/lib/sim.sh: shared by the tests/cli/sim*.sh suites (sourced;
# not a suite itself, tests/run.sh runs tests/cli/*.sh only).
#
# Each suite plays its games in two parts: the first K games under the
# sanitizers ($TOPPER, build-asan/topper), then 10,000 or more games
# after them (--first K) on the optimised build ($SIM_TOPPER,
# build/topper, which make test builds too), each part as two halves
# side by side, one per core.  Both builds run the same checks after
# every move; ASan is 4 to 6 times slower, too slow for 10,000 games of
# every game in the time make test has: all six suites together
# (sim*.sh) took 343 s of wall time and ~380 s of CPU while other work
# loaded the 2-core machine (load 3-4), so about 3.5 minutes on two
# idle cores, where 10,000 of each game under ASan alone would take
# ~1100 s of CPU, over 9 minutes on two idle cores.
# Every half's fingerprint is pinned; SIM_ASAN_GAMES and SIM_OPT_GAMES
# change the counts (and drop the pins).
#
# Needs: tmp (a scratch directory), fail() (report and remember).
# shellcheck disable=SC2154
TOPPER=${TOPPER:-build-asan/topper}
SIM_TOPPER=${SIM_TOPPER:-build/topper}

# sim_start NAME BIN ARGS...: one "topper sim" run, into $tmp/NAME.*.
sim_start() {
	_n=$1
	_b=$2
	shift 2
	"$_b" sim "$@" > "$tmp/$_n.out" 2> "$tmp/$_n.err"
	echo $? > "$tmp/$_n.rc"
}

# sim_check NAME PIN: print the run's report, check its exit status and
# its fingerprint against PIN (none when PIN is empty).
sim_check() {
	_n=$1
	_pin=$2
	if [ "$(cat "$tmp/$_n.rc" 2> /dev/null)" != 0 ]; then
		fail "$_n: sim broke an invariant or did not run:"
		head -c 4000 "$tmp/$_n.err"
		echo
		return
	fi
	sed "s/^/$_n: /" "$tmp/$_n.out"
	_got=$(sed -n 's/^fingerprint //p' "$tmp/$_n.out")
	[ -z "$_pin" ] || [ "$_got" = "$_pin" ] ||
		fail "$_n: fingerprint $_got, pinned $_pin"
}

# sim_pair NAME PIN1 PIN2 BIN FIRST GAMES ARGS...: games FIRST to
# FIRST + GAMES - 1 as two halves side by side, NAME-1 and NAME-2.
sim_pair() {
	_name=$1
	_p1=$2
	_p2=$3
	_bin=$4
	_first=$5
	_games=$6
	shift 6
	_half=$((_games / 2))
	sim_start "$_name-1" "$_bin" --first "$_first" --games "$_half" "$@" &
	sim_start "$_name-2" "$_bin" --first $((_first + _half)) \
	    --games $((_games - _half)) "$@"
	wait
	sim_check "$_name-1" "$_p1"
	sim_check "$_name-2" "$_p2"
}

# sim_total WHAT NAME...: the sum of "N WHAT" (games, moves, hands)
# over the runs' report lines.
sim_total() {
	_what=$1
	shift
	_sum=0
	for _n in "$@"; do
		_v=$(sed -n "s/^[a-z0-9-]*:.*[ (]\([0-9][0-9]*\) ${_what}[,) ].*/\1/p" \
		    "$tmp/$_n.out" 2> /dev/null | head -n 1)
		_sum=$((_sum + ${_v:-0}))
	done
	echo "$_sum"
}

# sim_need_opt: the optimised build must exist (make test builds it).
sim_need_opt() {
	[ -x "$SIM_TOPPER" ] || {
		fail "$SIM_TOPPER is missing: make test builds it (make build/topper)"
		return 1
	}
}

# sim_bots GAME PIN2 PIN4: the easy bot in every seat, 60 games from
# seed 5 at 2 seats and at 4 (PIN4 empty: the game seats 2 only), under
# the sanitizers.  The pins are the bots' choices: a speed-up of a bot
# must leave them as they are, a change of its play explains itself and
# updates them.
sim_bots() {
	_g=$1
	_p2=$2
	_p4=$3
	sim_start "$_g-bots-2" "$TOPPER" --game "$_g" --seats 2 --bot 0,1 \
	    --games 60 --seed 5 --quiet
	sim_check "$_g-bots-2" "$_p2"
	[ -n "$_p4" ] || return 0
	sim_start "$_g-bots-4" "$TOPPER" --game "$_g" --seats 4 \
	    --bot 0,1,2,3 --games 60 --seed 5 --quiet
	sim_check "$_g-bots-4" "$_p4"
}
