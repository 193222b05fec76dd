#!/bin/sh
# healthz.sh: the FastCGI front through a private nginx.
#
# /healthz answers 200 "ok" with the security headers; nginx serves a
# static file itself; an unknown path is a 404 page from topper; a POST
# to a GET route is a 405 with Allow; an oversized body is refused; a
# worker that dies is replaced; and after the stop no process is left
# and no sanitizer spoke.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM

# A data dir of our own: the tree's templates, and a static file we know.
mkdir -p "$tmp/data/static/css"
ln -s "$PWD/templates" "$tmp/data/templates"
printf 'body { color: #123; }\n' > "$tmp/data/static/css/e2e-probe.css"
INSTANCE_DATA_DIR=$tmp/data
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

get() {	# name url [curl args]
	_n=$1 _u=$2
	shift 2
	curl -sS -D "$tmp/$_n.head" -o "$tmp/$_n.body" -w '%{http_code}' \
	    "$@" "$_u" > "$tmp/$_n.code"
}
has_header() { grep -qi "^$2" "$tmp/$1.head"; }

get health "$INST_URL/healthz"
check "/healthz is 200" [ "$(code health)" = 200 ]
check "/healthz body is ok" [ "$(cat "$tmp/health.body")" = ok ]
check "/healthz is text/plain" has_header health "Content-Type: text/plain"
check "CSP header" has_header health "Content-Security-Policy: default-src 'self'"
check "CSP forbids framing" grep -qi "frame-ancestors 'none'" "$tmp/health.head"
check "CSP has no unsafe-inline" sh -c "! grep -qi unsafe-inline '$tmp/health.head'"
check "nosniff header" has_header health "X-Content-Type-Options: nosniff"
check "X-Frame-Options DENY" has_header health "X-Frame-Options: DENY"
check "Referrer-Policy" has_header health "Referrer-Policy: same-origin"
check "no-store" has_header health "Cache-Control: no-store"

get head "$INST_URL/healthz" -I
check "HEAD /healthz is 200" [ "$(code head)" = 200 ]
check "HEAD has Content-Length: 3" has_header head "Content-Length: 3"
# That no body follows is tests/unit/test_resp.c's (test_head): nginx
# drops a HEAD reply's body before curl could see it.

get missing "$INST_URL/no/such/page"
check "unknown path is 404" [ "$(code missing)" = 404 ]
check "404 page is HTML" has_header missing "Content-Type: text/html"
check "404 page comes from topper" grep -q "There is no page at this address" "$tmp/missing.body"
check "404 page has the security headers" has_header missing "Content-Security-Policy:"
if command -v tidy > /dev/null; then
	check "404 page passes tidy -eq" tidy -eq "$tmp/missing.body"
fi

get post "$INST_URL/healthz" -X POST -d x=1
check "POST /healthz is 405" [ "$(code post)" = 405 ]
check "405 says Allow: GET, HEAD" has_header post "Allow: GET, HEAD"

head -c 300000 /dev/zero | tr '\0' a > "$tmp/big"
get big "$INST_URL/healthz" -X POST --data-binary "@$tmp/big"
check "nginx refuses an oversized body (413)" [ "$(code big)" = 413 ]

get static "$INST_URL/static/css/e2e-probe.css"
check "nginx serves a static file" [ "$(code static)" = 200 ]
check "the static file is the data dir's" cmp -s "$tmp/static.body" "$tmp/data/static/css/e2e-probe.css"
check "static file is text/css" has_header static "Content-Type: text/css"
check "static file has nosniff" has_header static "X-Content-Type-Options: nosniff"
get nostatic "$INST_URL/static/no-such-file.css"
check "a missing static file is nginx's 404" [ "$(code nostatic)" = 404 ]
check "static 404 is not topper's page" sh -c "! grep -q 'There is no page' '$tmp/nostatic.body'"

# Direct FastCGI, as cgit's tests do: no nginx in between.
if command -v cgi-fcgi > /dev/null; then
	out=$(REQUEST_METHOD=GET DOCUMENT_URI=/healthz \
	    cgi-fcgi -bind -connect "$INST_SOCKET" 2>/dev/null)
	check "cgi-fcgi /healthz" sh -c "printf '%s' \"\$1\" | grep -q '^Status: 200 OK'" _ "$out"
	# Past nginx's cap, req.c's own cap still holds.
	out=$(REQUEST_METHOD=POST DOCUMENT_URI=/healthz CONTENT_LENGTH=300000 \
	    cgi-fcgi -bind -connect "$INST_SOCKET" < "$tmp/big" 2>/dev/null)
	check "topper refuses an oversized body (413)" sh -c "printf '%s' \"\$1\" | grep -q '^Status: 413'" _ "$out"
fi

# Kill one FastCGI worker: the supervisor replaces it.
sup=$(cat "$INST/run/topper-fcgi.pid")
kids=$(ps -o pid= --ppid "$sup" | tr -d ' ')
check "two FastCGI workers" [ "$(echo "$kids" | wc -l)" -eq 2 ]
victim=$(echo "$kids" | head -n 1)
kill -KILL "$victim"
replaced() {
	_k=$(ps -o pid= --ppid "$sup" | tr -d ' ')
	[ "$(echo "$_k" | wc -l)" -eq 2 ] && ! echo "$_k" | grep -qx "$victim"
}
check "a killed worker is replaced" inst_wait replaced
# Many requests, spread over both workers.
n=0
for _ in $(seq 1 40); do
	[ "$(curl -s "$INST_URL/healthz")" = ok ] && n=$((n + 1))
done
check "40 requests after the restart" [ $n -eq 40 ]
# The SIGKILL above is ours; drop its note before the sanitizer check.
sed -i '/killed by signal 9/d' "$INST/log/fcgi.log"

pids=$(instance_pids)
check "instance stops cleanly" instance_stop
left=
for p in $pids; do
	instance_alive "$p" && left="$left $p"
done
check "no process left (was: $(echo "$pids" | tr "\n" " "))" [ -z "$left" ]
exit $fail
