-- 005_games_open.sql: the lobby's index of open games, in place of
-- games_status.
--
-- games_status (status, updated) served one query, the lobby's list of
-- open games, which orders by created.  Every move changes updated, so
-- each move moved the game's entry in that index: two index pages
-- written a move, for nothing.  This index holds open games only and
-- changes when a game opens or fills, never on a move.
DROP INDEX games_status;
CREATE INDEX games_open ON games (created) WHERE status = 'open';
