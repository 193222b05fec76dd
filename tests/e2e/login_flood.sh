#!/bin/sh
# login_flood.sh: a flood of logins does not stall the moves (issue 18).
#
# Argon2id must never run in the writer, the one process every move POST
# waits for.  nginx sends /login, /register, /reset, /account/password
# and /account/email to the readers (nginx/topper.conf.in), and the
# writer refuses to hash
# (store_user_hash_forbid), logging a line; so a misrouted login would
# answer 500 and leave that line.  Here 16 clients post random names to
# /login for a few seconds while one client times move POSTs; the limits
# that would stop the flood early (nginx's limit_req, login_rate per
# address) are lifted, so every login reaches a reader's Argon2id: the
# case of a flood from many addresses.  Checked: every login answered
# 401 (the readers hashed), the writer logged no hashing, every move was
# a 303, and the p50 of the moves under the flood stayed within 4x of
# the p50 without it (or under 40 ms; a short run on a shared machine).
# The figure itself is in make bench.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib/instance.sh

tmp=$(mktemp -d)
trap 'instance_stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM

NGINX_AUTH_RATE=100000r/s NGINX_AUTH_BURST=100000
export NGINX_AUTH_RATE NGINX_AUTH_BURST
INSTANCE_CONF="login_rate = 1000000/600
pwhash = interactive"
instance_start || { echo "FAIL: instance did not start"; exit 1; }
. tests/e2e/lib/web.sh

T bench-fill --users 20 --games 60 --open 10 --password bench-password \
    > "$tmp/fill.txt" 2>&1 || { cat "$tmp/fill.txt"; exit 1; }
T bench-moves --out "$tmp/moves.txt" --per-game 40 > "$tmp/bm.txt" 2>&1 ||
    { cat "$tmp/bm.txt"; exit 1; }

"$PY" - "$INST_URL" "$tmp/moves.txt" "${FLOOD_SECONDS:-4}" \
    > "$tmp/flood.out" 2>&1 <<'EOF'
import http.client, os, re, statistics, sys, threading, time, urllib.parse
url, movefile, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port

moves = []
for line in open(movefile):
    seq, path, cookie, body = line.rstrip("\n").split("\t", 3)
    moves.append((path, cookie, body))
pos = 0

def post(path, headers, body):
    c = http.client.HTTPConnection(host, port, timeout=30)
    c.request("POST", path, body, headers)
    r = c.getresponse()
    r.read()
    c.close()
    return r.status

def one_move():
    global pos
    path, cookie, body = moves[pos]
    pos += 1
    t = time.monotonic()
    st = post(path, {"Cookie": cookie,
        "Content-Type": "application/x-www-form-urlencoded"}, body)
    return st, (time.monotonic() - t) * 1000

def timed(n=None, until=None):
    lat, codes = [], {}
    while pos < len(moves) and (n is None or len(lat) < n) and \
            (until is None or time.monotonic() < until):
        st, ms = one_move()
        lat.append(ms)
        codes[st] = codes.get(st, 0) + 1
        time.sleep(0.01)
    return lat, codes

# The anonymous CSRF cookie and token of the login form.
c = http.client.HTTPConnection(host, port, timeout=30)
c.request("GET", "/login")
r = c.getresponse()
page = r.read().decode()
cookie = "; ".join(v.split(";")[0] for k, v in r.getheaders()
    if k.lower() == "set-cookie")
csrf = re.search(r'name="csrf" value="([^"]*)"', page).group(1)

idle, idle_codes = timed(n=40)
stop = time.monotonic() + secs
logins = {}
lock = threading.Lock()
def flood(i):
    k = 0
    while time.monotonic() < stop:
        k += 1
        body = urllib.parse.urlencode({"csrf": csrf,
            "name": "nobody%d_%d_%s" % (i, k, os.urandom(4).hex()),
            "password": os.urandom(8).hex()})
        st = post("/login", {"Cookie": cookie,
            "Content-Type": "application/x-www-form-urlencoded"}, body)
        with lock:
            logins[st] = logins.get(st, 0) + 1
ts = [threading.Thread(target=flood, args=(i,)) for i in range(16)]
for t in ts:
    t.start()
time.sleep(0.3)
busy, busy_codes = timed(until=stop)
for t in ts:
    t.join()
print("idle_p50 %.2f" % statistics.median(idle))
print("busy_p50 %.2f" % statistics.median(busy))
print("busy_max %.2f" % max(busy))
print("moves_idle %d %s" % (len(idle), sorted(idle_codes.items())))
print("moves_busy %d %s" % (len(busy), sorted(busy_codes.items())))
print("logins %d %s" % (sum(logins.values()), sorted(logins.items())))
EOF
cat "$tmp/flood.out"
get() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/flood.out"; }
idle=$(get idle_p50) busy=$(get busy_p50)
check "the moves were timed" [ -n "$idle" ] && [ -n "$busy" ]
nlogin=$(get logins)
check "the flood sent logins (got ${nlogin:-0})" [ "${nlogin:-0}" -ge 16 ]
check "every login was refused as wrong (401): a reader hashed it" \
    grep -q '^logins [0-9]* \[(401, [0-9]*)\]$' "$tmp/flood.out"
check "every move answered 303 (idle)" \
    grep -q '^moves_idle [0-9]* \[(303, [0-9]*)\]$' "$tmp/flood.out"
check "every move answered 303 (during the flood)" \
    grep -q '^moves_busy [0-9]* \[(303, [0-9]*)\]$' "$tmp/flood.out"
check "the writer never hashed a password" \
    sh -c "! grep -q 'password hashing' '$INST/log/fcgi-writer.log'"
check "the readers answered the logins (no refusal in their log)" \
    sh -c "! grep -q 'password hashing' '$INST/log/fcgi.log'"
check "move p50 under the flood ($busy ms) within 4x idle ($idle ms) or under 40 ms" \
    awk -v b="${busy:-1e9}" -v i="${idle:-0}" 'BEGIN { exit !(b <= 4 * i || b < 40) }'
check "instance stops cleanly" instance_stop
exit $fail
