-- 006_accounts.sql: accounts you can trust (issue 18).
--
-- A verified address (users.email_verified): until the owner opens the
-- signed link mailed to it (/verify/TOKEN), no mail goes to the address
-- but that link.  The link carries email_gen, which every change of
-- address bumps, so a link to an old address verifies nothing.  Users
-- who existed before this migration keep their mail: they count as
-- verified.  pw_gen is bumped by every change of password, and a reset
-- link carries it: once used (or the password changed otherwise), the
-- link is stale, which makes it single use.
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0
    CHECK (email_verified IN (0, 1));	-- 1: the owner opened the link mailed to email
ALTER TABLE users ADD COLUMN email_gen INTEGER NOT NULL DEFAULT 0;
					-- bumped by each change of address; verify links carry it
ALTER TABLE users ADD COLUMN pw_gen INTEGER NOT NULL DEFAULT 0;
					-- bumped by each change of password; reset links carry it
ALTER TABLE users ADD COLUMN api_token_expires INTEGER;
					-- the personal API token stops working then (NULL: no token)
ALTER TABLE users ADD COLUMN api_token_used INTEGER;
					-- last request with the API token (to the hour), or NULL: never
UPDATE users SET email_verified = 1;
UPDATE users SET api_token_expires = CAST(strftime('%s', 'now') AS INTEGER)
    + 90 * 86400 WHERE api_token IS NOT NULL;

-- Counted events for the limits (auth_limit.c): what happened, for whom
-- (a client address or a user id as text), when.  Rows older than a day
-- are dropped when new ones are added.
CREATE TABLE limit_events (
	kind		TEXT NOT NULL,		-- 'register', 'verify_mail', 'reset_mail'
	key		TEXT NOT NULL,		-- the address or user id it counts for
	at		INTEGER NOT NULL	-- when
) STRICT;
CREATE INDEX limit_events_key ON limit_events (kind, key, at);
CREATE INDEX limit_events_at ON limit_events (at);

-- Failed logins are also counted per client address across names, and
-- per name across addresses (fcgi/auth.c).
CREATE INDEX login_attempts_addr ON login_attempts (addr, at);

-- Games a player opened lately, for the limit on games per hour.
CREATE INDEX games_created_by ON games (created_by, created);
