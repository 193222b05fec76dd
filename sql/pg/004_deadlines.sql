-- sql/pg/004_deadlines.sql: the triggers of sql/004_deadlines.sql, for
-- PostgreSQL.
--
-- tools/pg-sql.sh prints this after its rewrite of that file, whose
-- comments say what the triggers do; these must do the same (the
-- SQLite text is the reference, and tests/cli/pg_schema.sh runs both).
-- Differences of dialect: integers are not truth values (is_bot = 0,
-- ... & 1 = 1), a shift counts in int4, and SQLite's 'now' is the
-- statement's time in whole seconds (truncated, not rounded).

CREATE FUNCTION games_clock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	now_s	bigint := floor(extract(epoch FROM statement_timestamp()));
BEGIN
	UPDATE seats SET
	    turn_start = CASE WHEN deadline IS NULL THEN now_s END,
	    deadline = CASE WHEN deadline IS NULL
		THEN now_s + NEW.move_secs END,
	    remind_at = CASE WHEN deadline IS NULL
		THEN now_s + NEW.move_secs - NEW.move_secs / 4 END
	WHERE game = NEW.id AND (deadline IS NULL) = (NEW.status = 'active'
	    AND "user" IS NOT NULL AND is_bot = 0
	    AND (NEW.to_act >> seat::integer) & 1 = 1);
	RETURN NULL;
END;
$$;
CREATE TRIGGER games_clock AFTER UPDATE OF ply, to_act, status ON games
FOR EACH ROW EXECUTE FUNCTION games_clock();

CREATE FUNCTION seats_clock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	now_s	bigint := floor(extract(epoch FROM statement_timestamp()));
BEGIN
	UPDATE seats SET
	    turn_start = now_s,
	    deadline = now_s + g.move_secs,
	    remind_at = now_s + g.move_secs - g.move_secs / 4
	FROM (SELECT move_secs FROM games WHERE id = NEW.game AND
	    status = 'active' AND (to_act >> NEW.seat::integer) & 1 = 1) AS g
	WHERE game = NEW.game AND seat = NEW.seat;
	RETURN NULL;
END;
$$;
CREATE TRIGGER seats_clock AFTER INSERT ON seats
FOR EACH ROW WHEN (NEW."user" IS NOT NULL AND NEW.is_bot = 0)
EXECUTE FUNCTION seats_clock();

CREATE FUNCTION moves_timeouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE seats SET timeouts = 0
	WHERE game = NEW.game AND seat = NEW.seat AND timeouts != 0;
	RETURN NULL;
END;
$$;
CREATE TRIGGER moves_timeouts AFTER INSERT ON moves
FOR EACH ROW EXECUTE FUNCTION moves_timeouts();
