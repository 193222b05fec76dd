-- 010_leave.sql: leaving a game (resign, abort) and rematches.
--
-- fcgi/db/store_leave.h reads and writes these; fcgi/play/leave.h says
-- when each is allowed.  A game that ends by the table rather than by
-- its rules keeps its state and log as they were: how it ended is here.

-- How a game ended when not by its rules: 'resign' (two seats: the
-- other player wins) or 'abort' (no result); NULL: by its rules, or
-- still running.  ended_ply: the ply it ended at; ended_seat: the seat
-- that resigned or aborted.
ALTER TABLE games ADD COLUMN ended TEXT
    CHECK (ended IS NULL OR ended IN ('resign', 'abort'));
ALTER TABLE games ADD COLUMN ended_ply INTEGER;
ALTER TABLE games ADD COLUMN ended_seat INTEGER;

-- The ply at which the seat's player resigned, or NULL.  With three or
-- more seats the player keeps the seat's account (is_bot = 1: the easy
-- bot moves it, as after timeouts) and is ranked last when it ends.
ALTER TABLE seats ADD COLUMN resigned_ply INTEGER;

-- A rematch offered at the end of a game: same players, options and
-- table settings, a new seed.  new_game is set when every player has
-- accepted (the game is made in that transaction).
CREATE TABLE rematches (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
						-- the finished game
	offered_by	INTEGER NOT NULL,	-- the seat that offered
	created		INTEGER NOT NULL,	-- when
	new_game	INTEGER REFERENCES games (id) ON DELETE SET NULL
						-- the rematch, once all accepted; else NULL
) STRICT;

-- Each seat's acceptance of a rematch (the offer counts as one).
CREATE TABLE rematch_accepts (
	game		INTEGER NOT NULL REFERENCES rematches (game) ON DELETE CASCADE,
	seat		INTEGER NOT NULL,	-- the seat that accepted
	at		INTEGER NOT NULL,	-- when
	PRIMARY KEY (game, seat)
) STRICT, WITHOUT ROWID;
