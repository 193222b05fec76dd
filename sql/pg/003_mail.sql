-- sql/pg/003_mail.sql: the triggers of sql/003_mail.sql, for PostgreSQL.
--
-- tools/pg-sql.sh prints this after its rewrite of that file, whose
-- comments say what the triggers do; these must do the same (the
-- SQLite text is the reference, and tests/cli/pg_schema.sh runs both).
-- A PostgreSQL trigger calls a function: one serves both events.

CREATE FUNCTION sessions_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE users SET last_visit = NEW.last_seen, digest_held = 0
	    WHERE id = NEW."user";
	RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_visit_insert AFTER INSERT ON sessions
FOR EACH ROW EXECUTE FUNCTION sessions_visit();
CREATE TRIGGER sessions_visit_touch AFTER UPDATE OF last_seen ON sessions
FOR EACH ROW WHEN (NEW.last_seen > OLD.last_seen)
EXECUTE FUNCTION sessions_visit();
