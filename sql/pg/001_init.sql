-- sql/pg/001_init.sql: what PostgreSQL lacks of SQLite's built-in SQL,
-- for the program's statements (tests/cli/pg_statements.sh).
--
-- tools/pg-sql.sh prints this after its rewrite of sql/001_init.sql.

-- group_concat(X, SEP), as SQLite's: the values that are not NULL, in
-- the order the rows come, with SEP between them; NULL when there are
-- none.  (PostgreSQL's string_agg is the same, but SQLite only has it
-- from 3.44.)
CREATE FUNCTION group_concat_step(acc text, value text, sep text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN value IS NULL THEN acc WHEN acc IS NULL THEN value
	    ELSE acc || sep || value END
$$;
CREATE AGGREGATE group_concat(text, text) (
	SFUNC = group_concat_step,
	STYPE = text
);
