-- 004_deadlines.sql: clocks per seat, vacations, and moves by reply.
--
-- fcgi/deadline.h says the rules.  The triggers below keep each seat's
-- clock in step with games.to_act, so every path that starts a game or
-- makes a move (pages, API, worker, import, mail-in) sets clocks the
-- same way without a call of its own: a seat that comes to act gets
-- turn_start = now, deadline = now + move_secs and remind_at (a quarter
-- of the time left); a seat that keeps acting keeps them; a seat that
-- stops acting, a bot seat and an open seat have none.  The worker
-- (fcgi/worker.c) reminds at remind_at, times out at deadline, and
-- clears the three before its default move so the trigger starts a
-- fresh clock if the seat must still act.

-- Time per move in seconds (a table option; 3 days by default).
ALTER TABLE games ADD COLUMN move_secs INTEGER NOT NULL DEFAULT 259200
    CHECK (move_secs > 0);
-- When a clock runs out: 'move' plays the rules' timeout move for the
-- seat; 'bot' hands the seat to a bot at once.
ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'move'
    CHECK (on_timeout IN ('move', 'bot'));

-- When the seat's clock started (it came to act), or NULL.
ALTER TABLE seats ADD COLUMN turn_start INTEGER;
-- When to send the reminder (a quarter of the time left), or NULL: sent
-- for this turn, or no clock.
ALTER TABLE seats ADD COLUMN remind_at INTEGER;
-- Clocks run out in a row; a move of the player's own resets it.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0
    CHECK (timeouts >= 0);
CREATE INDEX seats_remind_at ON seats (remind_at) WHERE remind_at IS NOT NULL;

-- When the running vacation began, or NULL (vacation_until, from 001,
-- is when it ends by itself: the days left run out).
ALTER TABLE users ADD COLUMN vacation_from INTEGER;
CREATE INDEX users_vacation ON users (vacation_until)
    WHERE vacation_from IS NOT NULL;

-- Reply tokens already used (fcgi/mail_in.c): a token moves once.
CREATE TABLE mail_tokens_used (
	digest		BLOB PRIMARY KEY,	-- token_digest() of the token's text
	game		INTEGER REFERENCES games (id) ON DELETE CASCADE,
						-- the game it moved in
	used		INTEGER NOT NULL	-- when
) STRICT, WITHOUT ROWID;

-- A seat acts when the game is active, the seat holds a person (not a
-- bot, not open) and its bit is set in to_act.  Only rows whose clock
-- must start or stop are written.
CREATE TRIGGER games_clock AFTER UPDATE OF ply, to_act, status ON games
BEGIN
	UPDATE seats SET
	    turn_start = CASE WHEN deadline IS NULL
		THEN CAST(strftime('%s', 'now') AS INTEGER) END,
	    deadline = CASE WHEN deadline IS NULL
		THEN CAST(strftime('%s', 'now') AS INTEGER) + NEW.move_secs END,
	    remind_at = CASE WHEN deadline IS NULL
		THEN CAST(strftime('%s', 'now') AS INTEGER) + NEW.move_secs -
		    NEW.move_secs / 4 END
	WHERE game = NEW.id AND (deadline IS NULL) = (NEW.status = 'active'
	    AND user IS NOT NULL AND NOT is_bot AND (NEW.to_act >> seat) & 1);
END;

-- A game created with every seat taken starts its clocks as its seats
-- are inserted (the game row comes first).
CREATE TRIGGER seats_clock AFTER INSERT ON seats
WHEN NEW.user IS NOT NULL AND NOT NEW.is_bot
BEGIN
	UPDATE seats SET
	    turn_start = CAST(strftime('%s', 'now') AS INTEGER),
	    deadline = CAST(strftime('%s', 'now') AS INTEGER) + g.move_secs,
	    remind_at = CAST(strftime('%s', 'now') AS INTEGER) + g.move_secs -
		g.move_secs / 4
	FROM (SELECT move_secs FROM games WHERE id = NEW.game AND
	    status = 'active' AND (to_act >> NEW.seat) & 1) AS g
	WHERE game = NEW.game AND seat = NEW.seat;
END;

-- A move resets its seat's run of timeouts (the worker counts its own
-- default moves again after making them).
CREATE TRIGGER moves_timeouts AFTER INSERT ON moves
BEGIN
	UPDATE seats SET timeouts = 0
	WHERE game = NEW.game AND seat = NEW.seat AND timeouts != 0;
END;
