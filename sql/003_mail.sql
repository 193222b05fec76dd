-- 003_mail.sql: mail preferences, visits and the outbox's delivery state.
--
-- fcgi/mail_queue.c queues rows in the move's transaction; a row about
-- a move (kind 'game') is only a note of who, which game and which ply:
-- the worker composes its subject and body at the first claim (from the
-- position at that ply) and stores them, so every retry sends the same
-- text.  Rows of kind 'text' arrive composed.  fcgi/mail_send.c claims
-- due rows with a lease and backs off after a failure (next_try).

-- every: a mail per event; digest: one mail, then none until the next
-- visit; off: none.  users.notify = 0 also means none.
ALTER TABLE users ADD COLUMN mail_mode TEXT NOT NULL DEFAULT 'every'
    CHECK (mail_mode IN ('every', 'digest', 'off'));
-- When the user last loaded a page while logged in (triggers below), or NULL.
ALTER TABLE users ADD COLUMN last_visit INTEGER;
-- 1: a digest-mode mail was queued and the user has not visited since.
ALTER TABLE users ADD COLUMN digest_held INTEGER NOT NULL DEFAULT 0
    CHECK (digest_held IN (0, 1));

-- 'text': subject and body are final; 'game': composed by the worker.
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'text'
    CHECK (kind IN ('text', 'game'));
-- kind 'game': the recipient's seat, or NULL.
ALTER TABLE outbox ADD COLUMN seat INTEGER;
-- kind 'game': the game's ply the mail is about (after the move).
ALTER TABLE outbox ADD COLUMN ply INTEGER;
-- kind 'game': why (bitmask of MAIL_WHY_* in fcgi/mail_queue.h).
ALTER TABLE outbox ADD COLUMN why INTEGER NOT NULL DEFAULT 0;
-- 1: subject, body, html and headers hold the final text.
ALTER TABLE outbox ADD COLUMN composed INTEGER NOT NULL DEFAULT 1
    CHECK (composed IN (0, 1));
-- text/html alternative, or NULL: text only.
ALTER TABLE outbox ADD COLUMN html TEXT;
-- Extra header lines ("Name: value" joined by CRLF): Reply-To, List-Unsubscribe...
ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '';
-- Not tried again before this time (back-off after a failure); 0: now.
ALTER TABLE outbox ADD COLUMN next_try INTEGER NOT NULL DEFAULT 0;

CREATE INDEX outbox_due ON outbox (next_try) WHERE sent IS NULL AND failed IS NULL;
CREATE INDEX outbox_failed ON outbox (failed) WHERE failed IS NOT NULL;

-- A visit: a login, or a page that refreshes the session (R_TOUCH,
-- at most once a minute).  It lifts the digest hold.
CREATE TRIGGER sessions_visit_insert AFTER INSERT ON sessions
BEGIN
	UPDATE users SET last_visit = NEW.last_seen, digest_held = 0
	    WHERE id = NEW.user;
END;
CREATE TRIGGER sessions_visit_touch AFTER UPDATE OF last_seen ON sessions
WHEN NEW.last_seen > OLD.last_seen
BEGIN
	UPDATE users SET last_visit = NEW.last_seen, digest_held = 0
	    WHERE id = NEW.user;
END;
