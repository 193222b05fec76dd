"""refusebox.py: an aiosmtpd Maildir handler that can refuse mail.

    PYTHONPATH=tests/soak /usr/bin/python3 -m aiosmtpd -n -l 127.0.0.1:PORT \
        -c refusebox.RefuseBox MAILDIR FLAGFILE

Stores every message in MAILDIR, as aiosmtpd's Mailbox does, except
while FLAGFILE exists: then each message is answered "451 4.3.0" (try
again later) and not stored, as a relay that is full or greylisting
would.  Used by tests/soak/mail.sh.
"""
import os

from aiosmtpd.handlers import Mailbox


class RefuseBox(Mailbox):
    def __init__(self, mail_dir, flag):
        super().__init__(mail_dir)
        self.flag = flag

    async def handle_DATA(self, server, session, envelope):
        if os.path.exists(self.flag):
            return '451 4.3.0 Refused for a while (soak test)'
        return await super().handle_DATA(server, session, envelope)

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 2:
            parser.error('RefuseBox takes MAILDIR FLAGFILE')
        return cls(args[0], args[1])
