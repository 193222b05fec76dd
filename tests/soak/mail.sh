#!/bin/sh
# tests/soak/mail.sh: the mail outage.  A private instance with its
# worker sends to an aiosmtpd (refusebox.py, a Maildir) while players
# (client.py) make moves, so turn mails keep being queued.  For
# MAIL_SECONDS the SMTP server goes through cycles: up for a while, then
# either refusing every message (451) or gone (killed: connections are
# refused), then back.  After the play stops and the server is back for
# good, the outbox must drain within MAIL_DRAIN seconds; then every row
# must be sent (none failed), every row's Message-ID must be in the
# Maildir, and every message in the Maildir must be a row's (a repeat
# is allowed only with the same Message-ID: counted, not failed).
#
# Environment: MAIL_SECONDS (default 20), MAIL_DRAIN (default 120),
# SEED, TOPPER.  Ends with "soak mail: N checked, M failed" (N = rows).
set -u
cd "$(dirname "$0")/../.."
: "${TOPPER:=$PWD/build-asan/topper}"
SECONDS_=${MAIL_SECONDS:-20}
DRAIN=${MAIL_DRAIN:-120}
SEED=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
. tests/e2e/lib/instance.sh
. tests/soak/setup.sh

SMTP_PORT=$(instance_free_port)
work=$(mktemp -d "${TMPDIR:-/tmp}/soak-mail.XXXXXX")
BOX=$work/mail
FLAG=$work/refuse
smtp=
start_smtp() {
	PYTHONPATH=tests/soak "$PY" -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" \
	    -c refusebox.RefuseBox "$BOX" "$FLAG" >> "$work/smtp.log" 2>&1 &
	smtp=$!
	inst_wait "$PY" -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
	    "$SMTP_PORT" 2>/dev/null
}
stop_smtp() {
	[ -n "$smtp" ] && kill -KILL "$smtp" 2>/dev/null && wait "$smtp" 2>/dev/null
	smtp=
}
trap 'stop_smtp; rm -rf "$work"' EXIT INT TERM
fail=0
start_smtp || { echo "soak mail: 0 checked, 1 failed"; exit 1; }

INSTANCE_WORKER=1
# mail.quiet = 0: the players here poll their games, and this part
# measures delivery through outages, not the quiet rule
# (tests/e2e/quiet.sh does), so no mail waits for them to leave.
# mail.retry_max = 30: in a long soak a row can fail a dozen times,
# and its doubled wait must stay shorter than the drain below.
INSTANCE_CONF="mail.smtp_url = smtp://127.0.0.1:$SMTP_PORT
mail.starttls = no
mail.from = Topper <topper@example.org>
mail.retry = 1
mail.retry_max = 30
mail.attempts = 40
mail.lease = 30
mail.timeout = 5
mail.quiet = 0"
instance_start || { echo "soak mail: 0 checked, 1 failed"; exit 1; }
soak_users "$INST_CONF" 6 && soak_games "$INST_CONF" 12 || fail=1
games=$(inst_sql "SELECT id FROM games ORDER BY id" | paste -sd,)
echo "mail: seed $SEED, ${SECONDS_} s of outages, then up to $DRAIN s to drain"

"$PY" tests/soak/client.py "$INST_URL" --users soak0,soak1,soak2,soak3,soak4,soak5 \
    --games "$games" --seconds "$SECONDS_" --seed "$SEED" \
    > "$work/client.out" 2>&1 &
client=$!

# Outage cycles: up 2-6 s, then down 3-10 s, refusing or gone; one
# cycle in three also kills the worker (SIGKILL, maybe in the middle
# of a delivery) and starts another.
r=$SEED refusals=0 gone=0 down_s=0 wkills=0
end=$(($(date +%s) + SECONDS_))
while [ "$(date +%s)" -lt "$end" ]; do
	r=$(( (r * 1103515245 + 12345) % 2147483648 ))
	sleep $(( r % 5 + 2 ))
	if [ $(( (r / 3) % 3 )) -eq 0 ]; then
		kill -KILL "$INST_WORKER_PID" 2>/dev/null && wkills=$((wkills + 1))
		wait "$INST_WORKER_PID" 2>/dev/null
		"$TOPPER" worker --config "$INST_CONF" < /dev/null \
		    >> "$INST/log/worker.log" 2>&1 &
		INST_WORKER_PID=$!
	fi
	d=$(( (r / 7) % 8 + 3 ))
	if [ $((r % 2)) -eq 0 ]; then
		refusals=$((refusals + 1))
		: > "$FLAG"
		sleep "$d"
		rm -f "$FLAG"
	else
		gone=$((gone + 1))
		stop_smtp
		sleep "$d"
		start_smtp || fail=1
	fi
	down_s=$((down_s + d))
done
wait "$client"
cat "$work/client.out"
queued=$(inst_sql "SELECT count(*) FROM outbox")
retried=$(inst_sql "SELECT count(*) FROM outbox WHERE attempts > 1")
echo "mail: $refusals outages refusing (451), $gone with the server gone, $down_s s down in all, $wkills kills of the worker; $queued mails queued"

# Drain: the server stays up now.
t0=$(date +%s)
while [ "$(inst_sql "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL")" -gt 0 ] &&
    [ $(($(date +%s) - t0)) -lt "$DRAIN" ]; do
	sleep 1
done
echo "mail: drained in $(($(date +%s) - t0)) s"
retried=$(inst_sql "SELECT count(*) FROM outbox WHERE attempts > 1")
inst_sql "SELECT message_id, CASE WHEN sent IS NOT NULL THEN 'sent' WHEN failed IS NOT NULL THEN 'failed' ELSE 'pending' END FROM outbox" \
    > "$work/rows"
"$PY" - "$BOX" "$work/rows" "$retried" <<'PYEOF' || fail=1
import mailbox, sys
box = mailbox.Maildir(sys.argv[1], create=False)
got = {}
for k in box.keys():
    # The row keeps the left part; the domain of mail.from is added
    # when the message is written.
    mid = box[k]['Message-ID'].strip().strip('<>').split('@')[0]
    got[mid] = got.get(mid, 0) + 1
rows = dict(l.rstrip('\n').rsplit('|', 1) for l in open(sys.argv[2]) if l.strip())
rows = {k.strip('<>').split('@')[0]: v for k, v in rows.items()}
bad = 0
not_sent = [m for m, s in rows.items() if s != 'sent']
missing = [m for m in rows if m not in got]
stray = [m for m in got if m not in rows]
repeats = sum(n - 1 for n in got.values())
for what, xs in (('not sent', not_sent), ('never arrived', missing),
                 ('arrived but is no row of the outbox', stray)):
    for m in xs[:5]:
        print('mail: FAIL: %s: %s' % (what, m))
    bad += len(xs)
print('mail: %d rows (%s retried after a failure), %d messages in the box, '
      '%d repeats with the same Message-ID, %d not sent, %d lost, %d stray'
      % (len(rows), sys.argv[3], sum(got.values()), repeats, len(not_sent),
         len(missing), len(stray)))
open(sys.argv[2] + '.bad', 'w').write('%d\n' % bad)
sys.exit(1 if bad or not rows else 0)
PYEOF
rows=$(wc -l < "$work/rows")
bad=$(cat "$work/rows.bad" 2>/dev/null || echo 1)
[ "$fail" -eq 0 ] || [ "$bad" -gt 0 ] || bad=1
stop_smtp			# before instance_stop, whose wait would wait for it
instance_stop || bad=$((bad + 1))
echo "mail: verdict: $([ "$bad" -eq 0 ] && echo PASS || echo FAIL)"
echo "soak mail: $rows checked, $bad failed"
[ "$bad" -eq 0 ]
