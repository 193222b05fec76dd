#!/bin/sh
# soak_mail.sh: the short version of make soak's mail outage
# (tests/soak/mail.sh): 10 s of moves queueing turn mail while the SMTP
# server refuses (451) or is gone and the worker is killed; then, with
# the server back, every queued mail must arrive, none failed.
set -u
cd "$(dirname "$0")/../.." || exit 1
MAIL_SECONDS=10 MAIL_DRAIN=60 sh tests/soak/mail.sh
