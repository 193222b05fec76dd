-- 002_login_attempts.sql: failed logins, for the login rate limit.
--
-- fcgi/auth.c counts the rows of one name and client address within
-- the window of topper.conf's login_rate (N/SECONDS) and answers 429 at
-- N; a successful login deletes them, and every new failure deletes
-- rows older than the window, so the table stays small.

CREATE TABLE login_attempts (
	name		TEXT NOT NULL COLLATE NOCASE,	-- the name typed, as sent (may not exist)
	addr		TEXT NOT NULL,		-- the client address (REMOTE_ADDR)
	at		INTEGER NOT NULL	-- when the attempt failed
) STRICT;
CREATE INDEX login_attempts_key ON login_attempts (name, addr, at);
CREATE INDEX login_attempts_at ON login_attempts (at);
