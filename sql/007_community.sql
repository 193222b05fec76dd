-- 007_community.sql: ratings, table chat, private notes and blocking.
--
-- fcgi/store_rating.c applies a rated game's result once, in the
-- transaction of the move that ends it (rating_history's key makes a
-- second time fail); fcgi/store_social.c keeps chat, notes and blocks.

-- 1: the table was made rated; its result moves its players' ratings.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0
    CHECK (rated IN (0, 1));
-- 1: spectators may read the table's chat; 0: only its players.
ALTER TABLE games ADD COLUMN chat_public INTEGER NOT NULL DEFAULT 1
    CHECK (chat_public IN (0, 1));

-- A player's current rating in one game (fcgi/rating.h: one scale).
CREATE TABLE ratings (
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
						-- the player (bots too)
	rules		TEXT NOT NULL,		-- the game's slug
	rating		REAL NOT NULL,		-- Glicko scale; Weng-Lin's mu
	rd		REAL NOT NULL,		-- deviation; Weng-Lin's sigma
	vol		REAL NOT NULL,		-- Glicko-2 volatility
	games		INTEGER NOT NULL DEFAULT 0,	-- rated games finished
	wins		INTEGER NOT NULL DEFAULT 0,	-- of those, placed first
	updated		INTEGER NOT NULL,	-- when the last one ended
	PRIMARY KEY (user, rules)
) STRICT, WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (rules, rating);

-- One row per player per rated game: the rating after it (for a plot).
CREATE TABLE rating_history (
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
						-- the player
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the rated game
	rules		TEXT NOT NULL,		-- its slug (copied: the plot's key)
	place		INTEGER NOT NULL,	-- 1 = first; equal places tie
	before		REAL NOT NULL,		-- rating before the game
	rating		REAL NOT NULL,		-- rating after it
	rd		REAL NOT NULL,		-- deviation after it
	at		INTEGER NOT NULL,	-- when the game ended
	PRIMARY KEY (user, game)
) STRICT, WITHOUT ROWID;
CREATE INDEX rating_history_plot ON rating_history (user, rules, at);
CREATE INDEX rating_history_game ON rating_history (game);

-- Table chat: what a seated player wrote, in order.
CREATE TABLE chat (
	id		INTEGER PRIMARY KEY,	-- order of writing
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the table
	seat		INTEGER NOT NULL,	-- the writer's seat
	user		INTEGER REFERENCES users (id) ON DELETE SET NULL,
						-- the writer
	ply		INTEGER NOT NULL,	-- the game's ply when written
	text		TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
						-- the message, plain text
	created		INTEGER NOT NULL	-- when
) STRICT;
CREATE INDEX chat_game ON chat (game, id);
CREATE INDEX chat_user ON chat (user, created);

-- Who reads a table's chat how: muted, and the last message mailed.
CREATE TABLE chat_seen (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	muted		INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
						-- 1: no chat shown or mailed
	mailed		INTEGER NOT NULL DEFAULT 0,	-- last chat.id sent by mail
	PRIMARY KEY (game, user)
) STRICT, WITHOUT ROWID;

-- A private note: one per game per player, seen by its author only.
CREATE TABLE notes (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	text		TEXT NOT NULL CHECK (length(text) <= 4000),
	updated		INTEGER NOT NULL,
	PRIMARY KEY (game, user)
) STRICT, WITHOUT ROWID;

-- user blocks blocked: no invitation and no chat from blocked to user.
CREATE TABLE blocks (
	user		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	blocked		INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created		INTEGER NOT NULL,
	PRIMARY KEY (user, blocked),
	CHECK (user != blocked)
) STRICT, WITHOUT ROWID;
CREATE INDEX blocks_blocked ON blocks (blocked);
