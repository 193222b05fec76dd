-- 008_turn_flow.sql: knowing when it is your turn without drowning in mail.
--
-- fcgi/db/store_turn.h reads and writes these; fcgi/mail/mail_quiet.h
-- decides from seats.seen_at whether a game mail waits (mail.quiet).

-- When the seat's player last looked at the game (its page or the
-- page's poll), at most one write a minute; NULL: never.
ALTER TABLE seats ADD COLUMN seen_at INTEGER;

-- The games waiting for a user: a seat has a deadline exactly while its
-- player must act (the clock triggers of 004), so the header's count,
-- "next game" and the feed read this index alone, soonest deadline first.
CREATE INDEX seats_waiting ON seats (user, deadline) WHERE deadline IS NOT NULL;

-- The personal Atom feed of waiting games (/feed/TOKEN.atom): the
-- SHA-256 of its secret token, or NULL: no feed (revoked, or never made).
ALTER TABLE users ADD COLUMN feed_hash BLOB;
CREATE UNIQUE INDEX users_feed ON users (feed_hash) WHERE feed_hash IS NOT NULL;
