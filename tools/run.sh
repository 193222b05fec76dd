#!/bin/sh
# make run: start Topper from the source tree (DESIGN.md "One binary,
# three roles").
#
# Everything lives under var/: the configuration (var/topper.conf, written
# once and then yours to edit), the database, the FastCGI socket and pid
# files (var/run/), logs (var/log/) and nginx's own prefix (var/nginx/),
# so nothing of the system's nginx is touched.  Running it again stops
# what the last run started (tools/stop.sh) and starts afresh.
#
# PORT=N overrides the port (default: the config's port, else 8080).
set -eu
cd "$(dirname "$0")/.."
root=$PWD
var=$root/var
topper=$root/bin/topper
conf=$var/topper.conf

say() { echo "run: $*"; }
die() { echo "run: $*" >&2; exit 1; }

[ -x "$topper" ] || die "bin/topper is missing; run make first"
mkdir -p "$var/run" "$var/log" "$var/nginx/logs" "$var/nginx/tmp"

if [ ! -f "$conf" ]; then
	cat > "$conf" <<EOF
# Topper configuration for make run (DESIGN.md "Configuration").
# Written once by tools/run.sh; edit freely.  Relative paths are
# relative to the source tree, where make run starts every process.
db = var/topper.db
socket = var/run/topper.sock
port = ${PORT:-8080}
pwhash = interactive
data_dir = .
EOF
	say "wrote var/topper.conf"
fi

# The value of key in the config file, "" when unset.
conf_get() {
	sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$conf" |
	    sed 's/[[:space:]]*$//' | tail -n 1
}
# A path from the config made absolute (relative ones are from the tree).
abs() {
	case "$1" in
	/*) echo "$1" ;;
	.) echo "$root" ;;
	*) echo "$root/$1" ;;
	esac
}

port=${PORT:-$(conf_get port)}
port=${port:-8080}
# "socket" is a path, or ADDRESS:PORT for TCP (README "Configuration"):
# the writer then listens on the next port of the same address.
socket=$(conf_get socket)
case "$socket" in
/*|.*|'') tcp= ;;
\[*\]:*|*:*[0-9]) tcp=1 ;;
*) tcp= ;;
esac
if [ -n "$tcp" ]; then
	tcp_port=${socket##*:}
	case "$tcp_port" in
	''|*[!0-9]*) die "socket = $socket: the port must be a number" ;;
	esac
	[ "$tcp_port" -lt 65535 ] ||
	    die "socket = $socket: the writer needs the next port"
	writer_socket=${socket%:*}:$((tcp_port + 1))
else
	socket=$(abs "$socket")
	[ "$socket" = "$root/" ] && socket=$root/var/run/topper.sock
	writer_socket=${socket%.sock}-writer.sock
fi
# Ready once the pid file names it: it is written after the bind.
bound() { [ -n "$tcp" ] || [ -S "$1" ]; }
data_dir=$(abs "$(conf_get data_dir)")
[ "$data_dir" = "$root/" ] && data_dir=$root

sh "$root/tools/stop.sh" --quiet

commands=$("$topper" help 2>/dev/null || true)
has_command() { echo "$commands" | grep -q "^  $1 "; }

if has_command init; then
	"$topper" init --config "$conf" >> "$var/log/topper-init.log" 2>&1 ||
	    die "topper init failed; see var/log/topper-init.log"
else
	say "note: this build has no \"topper init\" yet; skipping it"
fi

# The writer: one more "topper fcgi", of one process, that nginx sends
# every POST to (nginx/topper.conf.in); its socket sits beside the other
# (or on the next port).  Up to 16 POSTs that wait for it share one
# commit (--batch).
sh "$root/tools/nginx-conf.sh" "$var/nginx" "$port" "$socket" "$data_dir" \
    "$writer_socket"

rm -f "$var/run/topper-fcgi.pid"
nohup "$topper" fcgi --config "$conf" --processes 2 \
    --pid-file "$var/run/topper-fcgi.pid" \
    < /dev/null >> "$var/log/topper-fcgi.log" 2>&1 &
fcgi=$!
# The pid file appears once the socket is bound.
i=0
until [ -s "$var/run/topper-fcgi.pid" ] && bound "$socket"; do
	i=$((i + 1))
	[ $i -le 100 ] || die "topper fcgi did not start; see var/log/topper-fcgi.log"
	case "$(ps -o stat= -p $fcgi 2>/dev/null)" in
	''|*Z*) die "topper fcgi exited; see var/log/topper-fcgi.log" ;;
	esac
	sleep 0.1
done
say "topper fcgi running (pid $(cat "$var/run/topper-fcgi.pid"))"
rm -f "$var/run/topper-fcgi-writer.pid"
nohup "$topper" fcgi --config "$conf" --processes 1 --batch 16 \
    --socket "$writer_socket" --pid-file "$var/run/topper-fcgi-writer.pid" \
    < /dev/null >> "$var/log/topper-fcgi-writer.log" 2>&1 &
fcgi=$!
i=0
until [ -s "$var/run/topper-fcgi-writer.pid" ] && bound "$writer_socket"; do
	i=$((i + 1))
	if [ $i -gt 100 ] || case "$(ps -o stat= -p $fcgi 2>/dev/null)" in
	    ''|*Z*) true ;; *) false ;; esac; then
		sh "$root/tools/stop.sh" --quiet
		die "the topper fcgi writer did not start; see var/log/topper-fcgi-writer.log"
	fi
	sleep 0.1
done
say "topper fcgi writer running (pid $(cat "$var/run/topper-fcgi-writer.pid"))"

# Mail: unless the config names another relay, a local aiosmtpd on
# loopback receives everything into a Maildir under var/mail/.
if [ -z "$(conf_get mail.smtp_url)" ]; then
	smtp_port=$(/usr/bin/python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
	cat >> "$conf" <<EOF

# Mail goes to a local SMTP server (aiosmtpd) that make run starts; it
# writes a Maildir under var/mail/.  Point these at a real relay for
# production (README "Mail").
mail.smtp_url = smtp://127.0.0.1:$smtp_port
mail.starttls = no
mail.from = Topper <topper@localhost>
EOF
	say "added a local mail server to var/topper.conf"
fi
case "$(conf_get mail.smtp_url)" in
smtp://127.0.0.1:*)
	smtp_port=$(conf_get mail.smtp_url | sed 's|^smtp://127.0.0.1:||; s|/.*||')
	mkdir -p "$var/mail/cur" "$var/mail/new" "$var/mail/tmp"	# a Maildir
	nohup /usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$smtp_port" \
	    -c aiosmtpd.handlers.Mailbox "$var/mail" \
	    < /dev/null >> "$var/log/smtp.log" 2>&1 &
	echo $! > "$var/run/topper-smtp.pid"
	i=0
	until /usr/bin/python3 -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
	    "$smtp_port" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt 100 ]; then
			sh "$root/tools/stop.sh" --quiet
			die "aiosmtpd did not listen on port $smtp_port; see var/log/smtp.log"
		fi
		sleep 0.1
	done
	say "mail server (aiosmtpd) on 127.0.0.1:$smtp_port; mailbox: var/mail/ (a Maildir: var/mail/new/)"
	;;
esac

if has_command worker; then
	nohup "$topper" worker --config "$conf" \
	    < /dev/null >> "$var/log/topper-worker.log" 2>&1 &
	echo $! > "$var/run/topper-worker.pid"
	say "topper worker running (pid $!)"
else
	say "note: this build has no \"topper worker\" yet; not starting it"
fi

ngx="nginx -p $var/nginx/ -c $var/nginx/topper.conf -e $var/nginx/logs/error.log"
if ! $ngx -t -q; then
	sh "$root/tools/stop.sh" --quiet
	die "the generated nginx configuration is invalid"
fi
if ! $ngx; then
	sh "$root/tools/stop.sh" --quiet
	die "nginx did not start (port $port in use?); see var/nginx/logs/error.log"
fi

url="http://127.0.0.1:$port/"
i=0
until curl -fsS -o /dev/null "${url}healthz" 2>/dev/null; do
	i=$((i + 1))
	if [ $i -gt 100 ]; then
		sh "$root/tools/stop.sh" --quiet
		die "${url}healthz did not answer; see var/log/ and var/nginx/logs/"
	fi
	sleep 0.1
done
say "nginx running on port $port"
echo
echo "Topper is running at $url"
[ -f "$var/run/topper-smtp.pid" ] &&
    echo "Mail it sends lands in $var/mail/new/ (one file per message)"
echo "Stop it with: make stop"
