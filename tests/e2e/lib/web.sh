# web.sh: what the end-to-end suites share to act as a browser would,
# sourced after lib/instance.sh once $tmp is a scratch directory
# (usually just after instance_start, which the functions need to have
# run when they are called):
#
#   check DESCRIPTION COMMAND...   "ok:"/"FAIL:" line; a failure sets fail=1
#   T ARGS...                      the topper command on this instance
#   sql STATEMENT                  one statement on this instance's store
#                                  (sqlite3 or psql: inst_sql)
#   login NAME PASSWORD JAR        log in through /login, cookies in JAR
#   users / add_users NAME...      make users secret-NAME-pw (users: and
#                                  log each in, $tmp/NAME.jar)
#   page NAME WHO URL              GET as WHO (anon, or a jar $tmp/WHO.jar)
#                                  into $tmp/NAME.html, status in NAME.code;
#                                  every page (not /api/) must pass tidy -eq
#   post NAME WHO URL BODY         a form POST; status NAME.code, redirect
#                                  target NAME.loc, page NAME.html
#   form PAGE FORM [k=v...]        the urlencoded body a browser sends for
#                                  FORM ("#id" or its action) of PAGE
#   code NAME / has NAME TEXT      the status / whether the page holds TEXT
#                                  (hasnt: does not)
#   session_csrf JAR               the session's token, from /account
#   import_g1                      the gin-vodka test deal for alice and bob
# and for a game suite, with $id the game and $G its URL:
#   play WHO FORM [k=v...]         send FORM from WHO's game page; 303
#   snap / same_game               the export is byte for byte as at snap
#   shows / hides PAGE CARDS       every / no card of CARDS drawn face up
#   csrf_of / ply_of PAGE          the page's form token / game ply
#   refuse NAME WHO PLY MOVE STATUS TEXT  a refused move changes nothing
fail=${fail:-0}
check() {	# description command...
	_d=$1
	shift
	if "$@"; then
		echo "ok: $_d"
	else
		echo "FAIL: $_d"
		fail=1
	fi
}
T() { "$TOPPER" "$@" --config "$INST_CONF"; }
sql() { inst_sql "$1"; }
PY=/usr/bin/python3

# form.py PAGE FORM [name=value...]: the urlencoded body a browser sends
# for FORM ("#id" or its action), every field at its default: hidden
# inputs, checked radios and checkboxes, selected options, enabled fields
# only; a form= attribute counts even when the form comes later in the
# page.  name=value pairs replace or add fields (added at the end).
cat > "$tmp/form.py" <<'EOF'
import sys, urllib.parse
from html.parser import HTMLParser

class P(HTMLParser):
    def __init__(s):
        super().__init__()
        # fields: [owner, name, value] in page order; owner is the
        # enclosing form or the id a form= attribute names
        s.forms, s.cur, s.sel, s.fields = [], None, None, []
    def owner(s, a):
        return a['form'] if 'form' in a else s.cur
    def handle_starttag(s, tag, a):
        a = dict(a)
        if tag == 'form':
            s.cur = {'id': a.get('id'), 'action': a.get('action')}
            s.forms.append(s.cur)
        elif tag == 'input':
            f = s.owner(a)
            t = a.get('type', 'text')
            if f is None or 'disabled' in a or t in ('submit', 'button'):
                return
            if t in ('radio', 'checkbox') and 'checked' not in a:
                return
            s.fields.append([f, a.get('name'), a.get('value', '')])
        elif tag == 'select':
            f = s.owner(a)
            s.sel = None
            if f is not None and 'disabled' not in a:
                s.sel = [f, a.get('name'), None, None]
                s.fields.append(s.sel)
        elif tag == 'option' and s.sel is not None:
            if s.sel[3] is None:
                s.sel[3] = a.get('value')
            if 'selected' in a:
                s.sel[2] = a.get('value')
    def handle_endtag(s, tag):
        if tag == 'form':
            s.cur = None
        elif tag == 'select' and s.sel is not None:
            if s.sel[2] is None:
                s.sel[2] = s.sel[3]
            s.sel = None

p = P()
p.feed(open(sys.argv[1]).read())
want = sys.argv[2]
form = next((f for f in p.forms if (want[0] == '#' and f['id'] == want[1:])
    or f['action'] == want), None)
if form is None:
    sys.exit('no form ' + want)
fields = [(x[1], x[2]) for x in p.fields if x[1] and (x[0] is form or
    (form['id'] is not None and x[0] == form['id']))]
for kv in sys.argv[3:]:
    k, v = kv.split('=', 1)
    fields = [x for x in fields if x[0] != k] + [(k, v)]
print(urllib.parse.urlencode(fields))
EOF
form() { "$PY" "$tmp/form.py" "$@"; }

login() {	# name password jar
	curl -sS -c "$3" -b "$3" -o "$tmp/form.html" "$INST_URL/login" &&
	_t=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' \
	    "$tmp/form.html" | head -1) &&
	[ "$(curl -sS -c "$3" -b "$3" -o /dev/null -w '%{http_code}' \
	    --data-urlencode "csrf=$_t" --data-urlencode "name=$1" \
	    --data-urlencode "password=$2" "$INST_URL/login")" = 303 ]
}
# page NAME WHO URL: GET into $tmp/NAME.html (WHO anon|alice|bob|carol),
# status in $tmp/NAME.code; every page (not /api/) must pass tidy -eq.
tidy_fail=0
page() {
	_n=$1 _w=$2 _u=$3
	set --
	[ "$_w" != anon ] && set -- -b "$tmp/$_w.jar"
	curl -sS "$@" -o "$tmp/$_n.html" -w '%{http_code}' "$_u" \
	    > "$tmp/$_n.code"
	case $(code "$_n") in 3*) return 0 ;; esac
	case $_u in */api/*) return 0 ;; esac	# JSON, not a page
	if ! tidy -eq "$tmp/$_n.html" > "$tmp/$_n.tidy" 2>&1; then
		echo "FAIL: tidy on $_u ($_n):"
		cat "$tmp/$_n.tidy"
		tidy_fail=1
		fail=1
	fi
}
code() { cat "$tmp/$1.code"; }
has() { grep -qF -- "$2" "$tmp/$1.html"; }
hasnt() { ! grep -qF -- "$2" "$tmp/$1.html"; }
# post NAME WHO URL BODY: a form POST; status in NAME.code, a redirect's
# target in NAME.loc, the page in NAME.html (tidy unless a redirect).
post() {
	_n=$1 _w=$2 _u=$3 _b=$4
	set --
	[ "$_w" != anon ] && set -- -b "$tmp/$_w.jar"
	curl -sS "$@" -o "$tmp/$_n.html" -w '%{http_code} %{redirect_url}' \
	    --data "$_b" "$_u" > "$tmp/$_n.out"
	cut -d' ' -f1 "$tmp/$_n.out" > "$tmp/$_n.code"
	cut -d' ' -f2- "$tmp/$_n.out" > "$tmp/$_n.loc"
	if [ -s "$tmp/$_n.html" ] && [ "$(code "$_n")" != 303 ] &&
	    ! tidy -eq "$tmp/$_n.html" > "$tmp/$_n.tidy" 2>&1; then
		echo "FAIL: tidy on POST $_u ($_n):"
		cat "$tmp/$_n.tidy"
		tidy_fail=1
		fail=1
	fi
}

# The game suites: $id is the game under test, $G its page URL.
# play WHO FORM [name=value...]: load the game page as WHO, send FORM as
# shown; 303.
play() {
	_w=$1
	shift
	page "pl-$_w" "$_w" "$G" &&
	post mv "$_w" "$G/move" "$(form "$tmp/pl-$_w.html" "$@")" &&
	[ "$(code mv)" = 303 ]
}
# snap, then same_game: the game still exports byte for byte as at snap.
export_now() { T export "$id" 2> /dev/null; }
snap() { export_now > "$tmp/before.json"; }
same_game() { export_now | cmp -s - "$tmp/before.json"; }
# shows / hides PAGE CARDS: every / no card of CARDS is drawn face up
# (data-card marks a card face).
shows() {
	for _c in $2; do
		has "$1" "data-card=\"$_c\"" || return 1
	done
	return 0
}
hides() {
	for _c in $2; do
		has "$1" "data-card=\"$_c\"" && return 1
	done
	return 0
}
# csrf_of / ply_of PAGE: the form token and the game's ply on PAGE.
csrf_of() { sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' "$tmp/$1.html" | head -1; }
ply_of() { sed -n 's/.*data-ply="\([0-9]*\)".*/\1/p' "$tmp/$1.html" | head -1; }
# refuse NAME WHO PLY MOVE STATUS TEXT: WHO sends MOVE at PLY with the
# token of WHO's last game page (pl-WHO, as play leaves it); it answers
# STATUS, with TEXT (unless "") on the page, and the game is unchanged.
refuse() {
	snap
	post "$1" "$2" "$G/move" "csrf=$(csrf_of "pl-$2")&ply=$3&$4"
	check "$1: $4 answers $5" [ "$(code "$1")" = "$5" ]
	[ -z "$6" ] || check "  with the reason: $6" has "$1" "$6"
	check "  and the game is unchanged" same_game
}
# session_csrf JAR: the session's CSRF token, from a form on the account
# page (for the API's X-CSRF-Token and forms the suite did not load).
session_csrf() {
	curl -sS -b "$1" "$INST_URL/account" |
	    sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1
}
# add_users NAME...: make each user, password secret-NAME-pw; users
# NAME... also logs each in (a check each, cookies in $tmp/NAME.jar).
add_users() {
	for _u in "$@"; do
		T user add "$_u" "$_u@example.org" --password "secret-$_u-pw" \
		    > /dev/null || { echo "FAIL: user $_u"; exit 1; }
	done
}
users() {
	add_users "$@"
	for _u in "$@"; do
		check "$_u logs in" login "$_u" "secret-$_u-pw" "$tmp/$_u.jar"
	done
}
# import_g1: hand 1 of tests/records/gin-vodka-g1-gin.json, to 10 points,
# as a new game of alice (seat 0, dealer 1) and bob; sets id, and ALICE
# and BOB to their hands (4Gh is turned up).
import_g1() {
	"$PY" - "$tmp/deal.json" <<'EOF'
import json, sys
r = json.load(open("tests/records/gin-vodka-g1-gin.json"))
r["options"] = {"target": 10}
r["moves"] = []
json.dump(r, open(sys.argv[1], "w"))
EOF
	id=$(T import "$tmp/deal.json" --users alice,bob) ||
	    { echo "FAIL: import"; exit 1; }
	ALICE="1Rc 1Yh 1Yt 1Ys 1Gh 2Rc 2Gh 3Rc 3Gh 4Rc 4Yc"
	BOB="1Bt 2Rh 2Ys 2Bs 3Yc 3Yh 3Yt 3Bs 4Yt 4Bc 4Bs"
}
