#!/bin/sh
# fcgi-healthz.sh: ask one "topper fcgi" for /healthz over FastCGI
# itself, past nginx (README "Several hosts").
#
#   tools/fcgi-healthz.sh ADDRESS [SECONDS]
#
# ADDRESS is the unix socket path or IPV4:PORT the process listens on
# (cgi-fcgi, from libfcgi-bin, does not speak IPv6: check an IPv6
# listener through an IPv4 or unix one of the same host, or not at all).
# Exits 0 when the answer is "Status: 200" within SECONDS (default 5),
# else 1 with a line on stderr.
#
# nginx's passive checks already skip a host that refuses or breaks off
# connections.  What they cannot see is a process that accepts and never
# answers: every request sent to it waits fastcgi_read_timeout (60 s)
# before nginx gives up on it, and systemd does not restart a process
# that has not exited.  tools/systemd/topper-fcgi-healthz.timer runs this
# every 30 s on each host and restarts topper-fcgi.service when it fails.
set -u
[ $# -eq 1 ] || [ $# -eq 2 ] ||
    { echo "usage: $0 ADDRESS [SECONDS]" >&2; exit 2; }
addr=$1 secs=${2:-5}
case "$secs" in
''|*[!0-9]*) echo "fcgi-healthz: bad SECONDS: $secs" >&2; exit 2 ;;
esac
case "$addr" in
\[*) echo "fcgi-healthz: $addr: cgi-fcgi cannot reach an IPv6 address" >&2
	exit 2 ;;
esac
status=$(REQUEST_METHOD=GET DOCUMENT_URI=/healthz REQUEST_URI=/healthz \
    timeout "$secs" cgi-fcgi -bind -connect "$addr" 2>/dev/null < /dev/null |
    head -n 1 | tr -d '\r')
case "$status" in
"Status: 200"*) exit 0 ;;
'') echo "fcgi-healthz: $addr: no answer (refused, or none within $secs s)" >&2 ;;
*) echo "fcgi-healthz: $addr: $status" >&2 ;;
esac
exit 1
