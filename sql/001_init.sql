-- 001_init.sql: the first schema.
--
-- Applied once by "topper init" inside one transaction (fcgi/migrate.c),
-- which then sets PRAGMA user_version = 1.  Every table is STRICT and
-- every column says what it holds.  Times are UTC seconds since the
-- epoch.  Foreign keys are enforced (the connection turns them on).

-- People and bots who can hold a seat.
CREATE TABLE users (
	id		INTEGER PRIMARY KEY,	-- stable user id
	name		TEXT NOT NULL UNIQUE COLLATE NOCASE
			    CHECK (length(name) BETWEEN 3 AND 20),
						-- 3-20 of [A-Za-z0-9_-], unique ignoring case
	email		TEXT NOT NULL,		-- where turn notices go; required
	pwhash		TEXT,			-- Argon2id string (crypto_pwhash_str); NULL: cannot log in (bots)
	tz		TEXT NOT NULL DEFAULT 'UTC',	-- IANA zone for rendering times
	is_bot		INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
						-- 1: moves are made by the worker
	notify		INTEGER NOT NULL DEFAULT 1 CHECK (notify IN (0, 1)),
						-- 1: mail a notice when it is this user's turn
	api_token	BLOB UNIQUE,		-- SHA-256 of the personal API token, or NULL
	vacation_year	INTEGER NOT NULL DEFAULT 0,	-- calendar year (user's zone) vacation_used counts in
	vacation_used	INTEGER NOT NULL DEFAULT 0,	-- vacation days taken in vacation_year (14 allowed)
	vacation_until	INTEGER,		-- deadlines pause until this time, or NULL
	created		INTEGER NOT NULL	-- registration time
) STRICT;

-- Logged-in browsers.  The cookie holds a random token; only its hash is stored.
CREATE TABLE sessions (
	token_hash	BLOB PRIMARY KEY,	-- SHA-256 of the cookie's token
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
						-- who is logged in
	csrf		TEXT NOT NULL,		-- the CSRF token forms of this session carry
	created		INTEGER NOT NULL,	-- login time
	expires		INTEGER NOT NULL,	-- the session ends at this time
	last_seen	INTEGER NOT NULL	-- last request (R_TOUCH routes refresh it)
) STRICT;
CREATE INDEX sessions_user ON sessions (user);
CREATE INDEX sessions_expires ON sessions (expires);

-- One row per game.  The state is the engine's own struct, not JSON.
CREATE TABLE games (
	id		INTEGER PRIMARY KEY,	-- game id, as in /g/{id}
	rules		TEXT NOT NULL,		-- the rules' slug, e.g. 'gin-vodka'
	options		TEXT NOT NULL DEFAULT '',	-- "key=value ..." as setup() reads them; '' = defaults
	nseats		INTEGER NOT NULL CHECK (nseats BETWEEN 1 AND 12),
						-- seats at the table
	dealer		INTEGER,		-- first dealer given at creation, or NULL: drawn from the seed
	state		BLOB NOT NULL,		-- snapshot: 8-byte header (layout, size) + engine struct bytes
	layout		INTEGER NOT NULL,	-- rules->layout the snapshot was written with (also in the header)
	ply		INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
						-- moves in the log; 0 before the first
	to_act		INTEGER NOT NULL DEFAULT 0,	-- bitmask of seats that must act now
	status		TEXT NOT NULL DEFAULT 'active'
			    CHECK (status IN ('open', 'active', 'over')),
						-- open: a seat has no player yet; over: finished
	seed		BLOB CHECK (seed IS NULL OR length(seed) = 32),
						-- the 32-byte seed; secret until the game is over; NULL with decks
	commitment	TEXT CHECK (commitment IS NULL OR length(commitment) = 64),
						-- hex SHA-256 of the seed bytes, shown from ply 0
	decks		TEXT,			-- JSON array of each hand's cards (imported records), or NULL
	created_by	INTEGER REFERENCES users (id),	-- who opened the game, or NULL (imports)
	created		INTEGER NOT NULL,	-- creation time
	updated		INTEGER NOT NULL,	-- time of the last move
	finished	INTEGER,		-- when it ended, or NULL while it runs
	CHECK ((seed IS NULL) = (commitment IS NULL)),
	CHECK (seed IS NOT NULL OR decks IS NOT NULL)
) STRICT;
CREATE INDEX games_status ON games (status, updated);

-- Who sits where.  One row per seat, created with the game.
CREATE TABLE seats (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the game
	seat		INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 11),
						-- seat number from 0
	user		INTEGER REFERENCES users (id),	-- the player, or NULL: an open seat
	is_bot		INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
						-- 1: the worker moves this seat
	view_ply	INTEGER NOT NULL DEFAULT 0,	-- last ply that changed this seat's view (staleness check)
	bot_due		INTEGER,		-- a bot seat that must act: since when; else NULL
	deadline	INTEGER,		-- when the seat's default move is made, or NULL
	PRIMARY KEY (game, seat)
) STRICT;
CREATE INDEX seats_user ON seats (user);
CREATE INDEX seats_bot_due ON seats (bot_due) WHERE bot_due IS NOT NULL;
CREATE INDEX seats_deadline ON seats (deadline) WHERE deadline IS NOT NULL;

-- The move log: the truth a snapshot must agree with.
CREATE TABLE moves (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the game
	ply		INTEGER NOT NULL CHECK (ply >= 1),
						-- 1 for the first move; no ply twice
	seat		INTEGER NOT NULL,	-- the seat that moved
	text		TEXT NOT NULL,		-- the move in canonical notation
	created		INTEGER NOT NULL,	-- when it was made
	PRIMARY KEY (game, ply)
) STRICT, WITHOUT ROWID;

-- Hands that ended, as the engine reported them (apply()'s events).
CREATE TABLE hands (
	id		INTEGER PRIMARY KEY,	-- report order
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the game
	hand		INTEGER NOT NULL CHECK (hand >= 1),
						-- hand number from 1
	kind		TEXT NOT NULL,		-- 'gin', 'knock', 'undercut', 'void', ...
	deltas		TEXT NOT NULL,		-- JSON array: score change per seat
	text		TEXT NOT NULL,		-- the engine's sentence on why
	ply		INTEGER NOT NULL	-- the move that ended the hand
) STRICT;
CREATE INDEX hands_game ON hands (game, hand);

-- Mail waiting for the worker (STYLE.md 3.10: claimed with a lease).
CREATE TABLE outbox (
	id		INTEGER PRIMARY KEY,	-- queue order
	to_addr		TEXT NOT NULL,		-- recipient address
	subject		TEXT NOT NULL,		-- Subject header, UTF-8
	body		TEXT NOT NULL,		-- text/plain body
	message_id	TEXT NOT NULL UNIQUE,	-- stable Message-ID, so a resend is recognised
	user		INTEGER REFERENCES users (id) ON DELETE SET NULL,
						-- the recipient's account, or NULL
	game		INTEGER REFERENCES games (id) ON DELETE SET NULL,
						-- the game it is about, or NULL
	created		INTEGER NOT NULL,	-- when it was queued
	claimed_until	INTEGER,		-- a worker's lease on the row ends then; NULL: unclaimed
	attempts	INTEGER NOT NULL DEFAULT 0,	-- delivery attempts so far
	sent		INTEGER,		-- when delivered, or NULL
	failed		INTEGER,		-- when given up after the last attempt, or NULL
	error		TEXT			-- the last delivery error, or NULL
) STRICT;
CREATE INDEX outbox_pending ON outbox (id) WHERE sent IS NULL AND failed IS NULL;

-- Invitations to a seat, sent by mail or shared as a link.
CREATE TABLE invites (
	id		INTEGER PRIMARY KEY,	-- invite id
	token_hash	BLOB NOT NULL UNIQUE,	-- SHA-256 of the token in the link
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the game invited to
	seat		INTEGER,		-- the seat offered, or NULL: any open seat
	from_user	INTEGER NOT NULL REFERENCES users (id),	-- who invited
	to_email	TEXT,			-- invited address, or NULL for a shared link
	to_user		INTEGER REFERENCES users (id),	-- invited account, or NULL
	created		INTEGER NOT NULL,	-- when it was made
	expires		INTEGER NOT NULL,	-- it cannot be used after this
	accepted	INTEGER			-- when it was used, or NULL
) STRICT;
CREATE INDEX invites_game ON invites (game);

-- Small server-wide values ('secret': hex of 32 random bytes, HMAC key for signed links).
CREATE TABLE settings (
	key		TEXT PRIMARY KEY,	-- setting name
	value		TEXT NOT NULL		-- its value
) STRICT;
