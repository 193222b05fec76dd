"""maildir.py: print a Maildir's messages for tests/e2e/mail.sh.

  maildir.py DIR            one line per message: Message-ID, To, Subject
  maildir.py DIR body TO    the decoded text/plain bodies of mail to TO,
                            oldest first, each ending with a line "=====",
                            after its headers Reply-To, List-Unsubscribe,
                            List-Unsubscribe-Post
"""
import mailbox
import sys

box = mailbox.Maildir(sys.argv[1], create=False)


def arrival(key):
    """Maildir names start "SECONDS.M<microseconds>P...": arrival order."""
    sec, rest = key.split(".", 2)[:2]
    return (int(sec), int(rest[1:].split("P")[0]) if rest.startswith("M") else 0)


msgs = [box[k] for k in sorted(box.keys(), key=arrival)]
if len(sys.argv) == 2:
    for m in msgs:
        print(m["Message-ID"], m["To"], m["Subject"], sep="\t")
    sys.exit(0)
for m in msgs:
    if m["To"] != sys.argv[3]:
        continue
    for h in ("Subject", "Reply-To", "List-Unsubscribe",
              "List-Unsubscribe-Post", "Content-Type"):
        print(f"{h}: {m[h]}")
    for part in m.walk():
        if part.get_content_type() == "text/plain":
            print(part.get_payload(decode=True).decode("utf-8"))
        elif part.get_content_type() == "text/html":
            print("[html part: %d bytes]" % len(part.get_payload(decode=True)))
    print("=====")
