#!/bin/sh
# Build the libFuzzer targets of tests/fuzz with gcc + ASan/UBSan as
# corpus replayers (gcc has no -fsanitize=fuzzer; DESIGN.md pitfalls),
# then replay the committed corpus (tests/fuzz/corpus/NAME) and 2000
# generated inputs per target: the template compiler (tpl), forms and
# queries (form), cookies (cookie), every game's move text (move),
# mail-in (mail), game records (record), the configuration file
# (config), and requests through the site's routes (site: API and form
# bodies, query strings, Cookie headers).  make soak runs the same
# targets under libFuzzer (tests/soak/fuzz.sh).
# A crash, an abort() from a target's invariant or a sanitizer report
# fails the suite.  FUZZ_SEED=n repeats a run; FUZZ_COUNT changes 2000;
# FUZZ_KEEP=1 keeps the generated inputs and prints where they are;
# FUZZ_TARGETS picks some targets.
set -eu
cd "$(dirname "$0")/../.."

CC=${CC:-gcc}
SEED=${FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
COUNT=${FUZZ_COUNT:-2000}
OUT=build-asan/tests/fuzz
TARGETS=${FUZZ_TARGETS:-"tpl form cookie move mail record config site"}
WARN="-std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow
    -Wstrict-prototypes -Wformat=2"
SAN="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all
    -fno-omit-frame-pointer"

make -s --no-print-directory build-asan/libtopper.a build-asan/libengine.a
LIBS=$(make -s --no-print-directory \
    --eval 'fuzz-print-libs: ; @echo $(LIBS)' fuzz-print-libs)
INC=$(make -s --no-print-directory \
    --eval 'fuzz-print-inc: ; @echo $(INC)' fuzz-print-inc)

tmp=$(mktemp -d)
if [ -n "${FUZZ_KEEP:-}" ]; then
	echo "fuzz_replay: inputs kept in $tmp"
else
	trap 'rm -rf "$tmp"' EXIT INT TERM
fi
mkdir -p "$OUT"

# gen TARGET DIR: COUNT inputs, each a random run of the target's
# tokens and random bytes (one in ten is bytes only).
gen() {
	case $1 in
	tpl)	toks='{{ }} {{{ }}} {{# {{/ {{^ {{> {{! {{& {{= items one
		    t n title body_html x_html fail p header . <b> & " '"'"'
		    \n \r\n \t x {{items}} {{#items}} {{/items}} {{#t}}
		    {{/t}} {{^t}} {{>p}} NUL' ;;
	form)	toks='ply move text csrf email user n any = & + % %2 %41
		    %zz %00 %0A %C3%A9 %FF \303 \251 @ . - _ 0 9 a z A Z ~ ;
		    18446744073709551615 -922337203685477580 0123456789abcdef' ;;
	move)	toks='pass take draw discard knock build meld PASS | @ @1 @12 on
		    = =3 =8H 1Rc 2Yh 3Gt 4Bs QKb JK1 jk2 TS JK 4bs 0 7 99999999
		    \t x' ;;
	record)	toks='{ } [ ] , : " "game" "gin-vodka" "casino-macedonia"
		    "rummy-500" "six-suit" "vodkapolis-500" "twelve-step-rummy"
		    "notation" 1 2 "options" "seats" "dealer" "seed" "decks"
		    "moves" "seat" "move" "take" "pass" "discard 1Ys" "draw"
		    "target" 50 -1 0 3 true null 1e9 "3Bs" "1Ys" \\u0000
		    "030a11181f262d343b424950575e656c737a81888f969da4abb2b9c0c7ced5dc"' ;;
	config)	toks='db = socket data_dir base_url port pwhash min interactive
		    login_rate 10/600 mail.from mail.smtp_url mail.lease 300
		    mail.retry mail.attempts smtp://127.0.0.1:25 # \n \t " x /
		    = == 0 -1 99999999999999999999 unknown Topper <t@x>' ;;
	site)	toks='{ } " : , ply move 0 1 2 -1 1e99 null true [ ] take pass
		    discard 1Ys = & %zz %00 %C3%A9 + csrf sid topper_session ;
		    \n \001 \377 NUL' ;;
	cookie)	toks='sid = ; " \t \n x abc sid= other theme= ;sid= ==
		    \001 \377' ;;
	mail)	toks='From: To: Delivered-To: Reply-To: Message-ID: <a@b>
		    Content-Type: Content-Transfer-Encoding: Content-Disposition:
		    multipart/alternative; multipart/mixed; text/plain text/html
		    boundary=b boundary="b" \n--b\n \n--b--\n charset=utf-8
		    base64 quoted-printable attachment =3D =\n = dGFrZQ== \n \r\n
		    \n\n \t > -- On wrote: play+ @ < > , " draw Auto-Submitted:
		    \303 \251 NUL' ;;
	esac
	# The tokens go through the environment: -v would expand escapes.
	TOKS=$toks LC_ALL=C awk -v seed="$SEED$1" -v n="$COUNT" \
	    -v dir="$2" 'BEGIN {
		s = 0
		for (i = 1; i <= length(seed); i++)
			s = (s * 31 + index("0123456789abcdefghijklmnopqrstuvwxyz",
			    substr(seed, i, 1))) % 2147483647
		srand(s)
		nt = split(ENVIRON["TOKS"], t, /[ \n\t]+/)
		for (k = 1; k <= nt; k++) {
			gsub(/\\n/, "\n", t[k]); gsub(/\\r/, "\r", t[k])
			gsub(/\\t/, "\t", t[k])
			gsub(/\\001/, "\001", t[k]); gsub(/\\377/, "\377", t[k])
			gsub(/\\303/, "\303", t[k]); gsub(/\\251/, "\251", t[k])
		}
		for (f = 0; f < n; f++) {
			out = dir "/" f
			m = 1 + int(rand() * 60)
			bytes = rand() < 0.1
			for (j = 0; j < m; j++)
				if (t[k = 1 + int(rand() * nt)] == "NUL" && !bytes)
					printf "%c", 0 > out
				else if (bytes || rand() < 0.15)
					printf "%c", 1 + int(rand() * 255) > out
				else
					printf "%s", t[k] > out
			close(out)
		}
	}'
}

echo "fuzz_replay: seed $SEED, $COUNT generated inputs per target"
for t in $TARGETS; do
	extra=
	[ "$t" = site ] && extra="-Itests/soak tests/soak/site.c"
	# shellcheck disable=SC2086
	$CC $WARN $SAN $INC -o "$OUT/fuzz_$t" tests/fuzz/fuzz_$t.c $extra \
	    tests/fuzz/replay.c build-asan/libtopper.a build-asan/libengine.a \
	    $LIBS
	mkdir -p "$tmp/$t"
	gen "$t" "$tmp/$t"
	# The configuration parser warns of every unknown key: not news.
	rc=0
	"$OUT/fuzz_$t" "tests/fuzz/corpus/$t" "$tmp/$t" > "$tmp/$t.log" 2>&1 ||
	    rc=$?
	grep -v 'unknown key' "$tmp/$t.log"
	[ "$rc" -eq 0 ] || exit "$rc"
done
