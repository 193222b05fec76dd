"""slowbox.py: an aiosmtpd Maildir handler that can be made slow.

Used by tests/e2e/mail.sh as
  PYTHONPATH=tests/e2e/lib /usr/bin/python3 -m aiosmtpd -n -l 127.0.0.1:PORT \
      -c slowbox.SlowMailbox MAILDIR FLAGFILE
Every message is stored in MAILDIR at once, as aiosmtpd's Mailbox does;
while FLAGFILE exists the "250 OK" answer is then held back for a minute,
so a test can kill the client after the message arrived and before it
heard that it did.
"""
import asyncio
import os

from aiosmtpd.handlers import Mailbox


class SlowMailbox(Mailbox):
    def __init__(self, mail_dir, flag):
        super().__init__(mail_dir)
        self.flag = flag

    async def handle_DATA(self, server, session, envelope):
        self.handle_message(self.prepare_message(session, envelope))
        if os.path.exists(self.flag):
            await asyncio.sleep(60)
        return "250 OK"

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 2:
            parser.error("usage: slowbox.SlowMailbox MAILDIR FLAGFILE")
        return cls(args[0], args[1])
