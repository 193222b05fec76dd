# tests/soak/setup.sh: sourced by the soak parts that need a scratch
# database of games in play.  Defines:
#   soak_users CONF N        users soak0..soak(N-1), password secret-NAME-pw
#   soak_games CONF N        import N games in progress: the records of
#                            tests/records/*-bots.json without their moves
#                            (so each starts from its seed), in turn
# TOPPER must be set; PY is the Python to run (/usr/bin/python3).
PY=${PY:-/usr/bin/python3}
soak_users() {
	_i=0
	while [ "$_i" -lt "$2" ]; do
		echo "secret-soak$_i-pw" | "$TOPPER" user add "soak$_i" \
		    "soak$_i@example.org" --password-stdin --config "$1" \
		    > /dev/null || return 1
		_i=$((_i + 1))
	done
}
soak_games() {
	_dir=$(mktemp -d "${TMPDIR:-/tmp}/soak-rec.XXXXXX")
	_n=0
	while [ "$_n" -lt "$2" ]; do
		for _r in tests/records/*-bots.json; do
			[ "$_n" -lt "$2" ] || break
			# Each game its own seed: a new deal every time.
			"$PY" - "$_r" "$_dir/r.json" "$_n$(date +%s%N)" <<'PYEOF' || return 1
import hashlib, json, sys
rec = json.load(open(sys.argv[1]))
rec['moves'] = []
rec['seed'] = hashlib.sha256(sys.argv[3].encode()).hexdigest()
json.dump(rec, open(sys.argv[2], 'w'))
print(','.join('soak%d' % i for i in range(rec['seats'])),
      file=open(sys.argv[2] + '.users', 'w'))
PYEOF
			"$TOPPER" import "$_dir/r.json" --users \
			    "$(cat "$_dir/r.json.users")" --config "$1" \
			    > /dev/null || return 1
			_n=$((_n + 1))
		done
	done
	rm -rf "$_dir"
}
