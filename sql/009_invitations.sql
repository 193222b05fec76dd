-- 009_invitations.sql: a player named in the lobby accepts or declines.
--
-- fcgi/db/store_invite.h says the rules.  An invitation holds its seat
-- for the invitee while it waits: the seat stays open (seats.user is
-- NULL), so the game stays 'open' and no clock runs (the triggers of
-- 004 start clocks only in an active game), nobody moves and nobody
-- else can take that seat.  Accepting seats the invitee; the last
-- accept of a full table makes the game active.  A declined or
-- expired invitation frees its seat for anyone in the lobby.  (The
-- 'invites' table of 001 was never used; this one replaces it.)

CREATE TABLE invitations (
	id		INTEGER PRIMARY KEY,	-- invitation id (signed into the mail's link)
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
						-- the game
	seat		INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 11),
						-- the seat held for the invitee
	user		INTEGER NOT NULL REFERENCES users (id),	-- the invitee
	from_user	INTEGER NOT NULL REFERENCES users (id),	-- who invited
	created		INTEGER NOT NULL,	-- when
	expires		INTEGER NOT NULL,	-- unanswered then: expired by the worker
	answer		TEXT CHECK (answer IN ('accepted', 'declined', 'expired')),
						-- NULL while it waits
	answered	INTEGER,		-- when it was answered or expired, or NULL
	CHECK ((answer IS NULL) = (answered IS NULL))
) STRICT;
-- One waiting invitation a seat.
CREATE UNIQUE INDEX invitations_seat ON invitations (game, seat)
    WHERE answer IS NULL;
CREATE INDEX invitations_game ON invitations (game);
-- A player's waiting invitations (My games, the header's count).
CREATE INDEX invitations_user ON invitations (user) WHERE answer IS NULL;
-- The worker's expiry sweep.
CREATE INDEX invitations_expires ON invitations (expires)
    WHERE answer IS NULL;
