#!/bin/sh
# pg_schema.sh: the PostgreSQL form of the migrations makes the schema
# "topper init" makes on SQLite.
#
# A private server (tests/e2e/lib/pg.sh) gets every migration as
# tools/pg-sql.sh prints it, one transaction a file as migrate.c does,
# stopping at the first error.  Then both schemas are listed the same
# way, from each store's catalogue, and compared line by line: tables,
# columns (position, type, NOT NULL, default), primary keys, unique
# constraints, indexes (columns, uniqueness, partial predicate), foreign
# keys (with their actions) and triggers by name.  Types are named for
# what they hold: int (INTEGER, bigint), real (REAL, double precision),
# text, text_nocase (COLLATE NOCASE, citext), blob (BLOB, bytea).  CHECK
# constraints are not compared (their text differs by dialect).  Last,
# one script in the SQL both accept runs on both stores and must print
# the same: the clock and visit triggers, and names unique ignoring case.
set -u
cd "$(dirname "$0")/../.." || exit 1
# A plain "make" builds bin/topper only; init needs no sanitizer.
TOPPER=${TOPPER:-$PWD/build-asan/topper}
[ -x "$TOPPER" ] || TOPPER=$PWD/bin/topper
[ -x "$TOPPER" ] || { echo "FAIL: no program $TOPPER"; exit 1; }
. tests/e2e/lib/pg.sh

fail=0
check() {	# description command...
	_d=$1
	shift
	if "$@"; then
		echo "ok: $_d"
	else
		echo "FAIL: $_d"
		fail=1
	fi
}

tmp=$(mktemp -d)
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM

pg_start || { echo "FAIL: the PostgreSQL server did not start"; exit 1; }
echo "ok: a private PostgreSQL server starts"
psql_q() { "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 "$PG_URI" "$@"; }

# --- the migrations, on PostgreSQL
applied=1
for f in sql/[0-9]*.sql; do
	n=$(basename "$f")
	if sh tools/pg-sql.sh "$f" > "$tmp/$n" 2> "$tmp/$n.err" &&
	    psql_q --single-transaction -f "$tmp/$n" > "$tmp/$n.out" 2>&1
	then
		continue
	fi
	echo "FAIL: $n on PostgreSQL:"
	cat "$tmp/$n.err" "$tmp/$n.out" 2>/dev/null
	applied=0
	fail=1
	break
done
check "every migration applies on PostgreSQL" [ $applied = 1 ]
# A schema half made would differ everywhere: the error above says it.
[ $applied = 1 ] || exit 1

# --- the same migrations, by topper init, on SQLite
printf 'db = %s/topper.db\n' "$tmp" > "$tmp/topper.conf"
check "topper init makes the SQLite database" \
    sh -c '"$0" init --config "$1" > /dev/null 2>&1' "$TOPPER" "$tmp/topper.conf"
cp "$tmp/topper.db" "$tmp/run.db"
sq() { sqlite3 -bail "$tmp/topper.db" "$@"; }

# SQLite names a column's collation only in an index on it, so every
# text column gets one (in this scratch copy; they are not listed).
sq "SELECT 'CREATE INDEX \"probe_' || m.name || '_' || p.name || '\" ON \"' ||
    m.name || '\" (\"' || p.name || '\");'
    FROM sqlite_schema m, pragma_table_info(m.name) p
    WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
    AND upper(p.type) = 'TEXT'" > "$tmp/probe.sql"
sq < "$tmp/probe.sql"

sq > "$tmp/sqlite.list" <<'EOF'
CREATE TEMP VIEW t AS SELECT name FROM sqlite_schema
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%';
SELECT 'table ' || name FROM t;
SELECT 'column ' || t.name || ' ' || (p.cid + 1) || ' ' || p.name || ' ' ||
    CASE upper(p.type)
	WHEN 'INTEGER' THEN 'int' WHEN 'REAL' THEN 'real'
	WHEN 'BLOB' THEN 'blob'
	WHEN 'TEXT' THEN 'text' || coalesce((SELECT '_' || lower(coll)
	    FROM pragma_index_xinfo('probe_' || t.name || '_' || p.name)
	    WHERE key = 1 AND coll != 'BINARY'), '')
	ELSE 'other:' || p.type END ||
    CASE WHEN p."notnull" OR p.pk > 0 THEN ' notnull' ELSE '' END ||
    coalesce(' default ' || p.dflt_value, '')
    FROM t, pragma_table_info(t.name) p;
SELECT 'pk ' || t.name || ' (' || (SELECT group_concat(name, ',') FROM
    (SELECT name FROM pragma_table_info(t.name) WHERE pk > 0
    ORDER BY pk)) || ')'
    FROM t WHERE EXISTS (SELECT 1 FROM pragma_table_info(t.name)
    WHERE pk > 0);
SELECT CASE il.origin WHEN 'u' THEN 'unique ' || t.name
	ELSE 'index ' || il.name || ' ' || t.name ||
	    CASE WHEN il."unique" THEN ' unique' ELSE '' END END ||
    ' (' || (SELECT group_concat(name, ',') FROM (SELECT name
	FROM pragma_index_xinfo(il.name) WHERE key = 1 ORDER BY seqno)) ||
    ')' || CASE WHEN il.partial THEN ' where ' || (SELECT substr(s,
	instr(s, ' WHERE ') + 7) FROM (SELECT replace(replace(sql,
	char(10), ' '), char(9), ' ') AS s FROM sqlite_schema
	WHERE name = il.name)) ELSE '' END
    FROM t, pragma_index_list(t.name) il
    WHERE il.origin != 'pk' AND il.name NOT LIKE 'probe_%';
SELECT 'fk ' || t.name || ' (' || group_concat(f."from", ',') || ') ' ||
    f."table" || ' (' || group_concat(f."to", ',') || ') delete ' ||
    lower(f.on_delete) || ' update ' || lower(f.on_update)
    FROM t, pragma_foreign_key_list(t.name) f GROUP BY t.name, f.id;
SELECT 'trigger ' || tbl_name || ' ' || name FROM sqlite_schema
    WHERE type = 'trigger';
EOF

psql_q > "$tmp/pg.list" <<'EOF'
CREATE TEMP VIEW t AS SELECT c.oid, c.relname AS name FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r';
-- An index's or a constraint's columns, in order.
CREATE FUNCTION pg_temp.cols(rel oid, nums int2[]) RETURNS text
    LANGUAGE sql AS $$ SELECT string_agg(a.attname, ',' ORDER BY k.ord)
    FROM unnest(nums) WITH ORDINALITY AS k(num, ord)
    JOIN pg_attribute a ON a.attrelid = rel AND a.attnum = k.num $$;
CREATE FUNCTION pg_temp.action(c "char") RETURNS text LANGUAGE sql AS $$
    SELECT CASE c WHEN 'a' THEN 'no action' WHEN 'r' THEN 'restrict'
    WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null'
    WHEN 'd' THEN 'set default' END $$;
SELECT 'table ' || name FROM t;
SELECT 'column ' || t.name || ' ' ||
    row_number() OVER (PARTITION BY t.oid ORDER BY a.attnum) || ' ' ||
    a.attname || ' ' ||
    CASE format_type(a.atttypid, a.atttypmod)
	WHEN 'bigint' THEN 'int' WHEN 'double precision' THEN 'real'
	WHEN 'bytea' THEN 'blob' WHEN 'text' THEN 'text'
	WHEN 'citext' THEN 'text_nocase'
	ELSE 'other:' || format_type(a.atttypid, a.atttypmod) END ||
    CASE WHEN a.attnotnull THEN ' notnull' ELSE '' END ||
    coalesce(' default ' || regexp_replace(pg_get_expr(d.adbin,
	d.adrelid), '::[a-z ]+$', ''), '')
    FROM t JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0
	AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = t.oid AND d.adnum = a.attnum;
SELECT CASE con.contype WHEN 'p' THEN 'pk ' || t.name
	WHEN 'u' THEN 'unique ' || t.name
	ELSE 'index ' || i.relname || ' ' || t.name ||
	    CASE WHEN x.indisunique THEN ' unique' ELSE '' END END ||
    ' (' || pg_temp.cols(t.oid, x.indkey::int2[]) || ')' ||
    coalesce(' where ' || pg_get_expr(x.indpred, x.indrelid), '')
    FROM t JOIN pg_index x ON x.indrelid = t.oid
    JOIN pg_class i ON i.oid = x.indexrelid
    LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid
	AND con.contype IN ('p', 'u');
SELECT 'fk ' || t.name || ' (' || pg_temp.cols(t.oid, con.conkey) ||
    ') ' || r.relname || ' (' || pg_temp.cols(r.oid, con.confkey) ||
    ') delete ' || pg_temp.action(con.confdeltype) ||
    ' update ' || pg_temp.action(con.confupdtype)
    FROM t JOIN pg_constraint con ON con.conrelid = t.oid
	AND con.contype = 'f'
    JOIN pg_class r ON r.oid = con.confrelid;
SELECT 'trigger ' || t.name || ' ' || tg.tgname FROM t
    JOIN pg_trigger tg ON tg.tgrelid = t.oid AND NOT tg.tgisinternal;
EOF
check "PostgreSQL's schema is listed" [ -s "$tmp/pg.list" ]

# A partial index's predicate as both print it: lower case, without
# parentheses, quotes or PostgreSQL's casts.
norm() {
	awk '{
		i = index($0, " where ")
		if (i > 0) {
			w = tolower(substr($0, i + 7))
			gsub(/::[a-z]+/, "", w)
			gsub(/[()"]/, "", w)
			gsub(/ +/, " ", w)
			sub(/^ /, "", w)
			sub(/ $/, "", w)
			$0 = substr($0, 1, i + 6) w
		}
		print
	}' "$1" | sort
}
norm "$tmp/sqlite.list" > "$tmp/sqlite.sorted"
norm "$tmp/pg.list" > "$tmp/pg.sorted"

# same KIND: the lines of that kind are the same on both sides.
same() {
	grep "^$1 " "$tmp/sqlite.sorted" > "$tmp/$1.sqlite"
	grep "^$1 " "$tmp/pg.sorted" > "$tmp/$1.pg"
	[ -s "$tmp/$1.sqlite" ] || { echo "  no $1 listed on SQLite"; return 1; }
	diff "$tmp/$1.sqlite" "$tmp/$1.pg" |
	    sed -n 's/^< /  SQLite only: /p; s/^> /  PostgreSQL only: /p'
	cmp -s "$tmp/$1.sqlite" "$tmp/$1.pg"
}
for kind in table column pk unique index fk trigger; do
	case $kind in
	pk) what="primary keys" ;;
	unique) what="unique constraints" ;;
	index) what="indexes" ;;
	fk) what="foreign keys" ;;
	*) what=${kind}s ;;
	esac
	check "same $what on both ($(grep -c "^$kind " "$tmp/sqlite.sorted") on SQLite)" \
	    same "$kind"
done
check "nothing listed but those kinds" sh -c "! grep -qvE \
    '^(table|column|pk|unique|index|fk|trigger) ' '$tmp/sqlite.sorted' '$tmp/pg.sorted'"

# --- the same statements on both stores print the same
now=$(date +%s)
cat > "$tmp/run.sql" <<EOF
INSERT INTO users (name, email, created) VALUES ('alice', 'a@example.org', 0);
INSERT INTO users (name, email, created) VALUES ('bob', 'b@example.org', 0);
INSERT INTO games (rules, nseats, state, layout, to_act, status, decks,
    created, updated) VALUES ('gin-vodka', 2, @BLOB@, 1, 1, 'active', '[]',
    0, 0);
INSERT INTO seats (game, seat, "user") VALUES (1, 0, 1);
INSERT INTO seats (game, seat, "user") VALUES (1, 1, 2);
SELECT 'dealt', seat, deadline - turn_start, remind_at - turn_start,
    CASE WHEN abs(turn_start - $now) < 60 THEN 'now' END
    FROM seats ORDER BY seat;
UPDATE seats SET timeouts = 2 WHERE seat = 1;
UPDATE games SET ply = 1, to_act = 2 WHERE id = 1;
SELECT 'passed', seat, deadline - turn_start, remind_at - turn_start,
    timeouts FROM seats ORDER BY seat;
INSERT INTO moves (game, ply, seat, text, created) VALUES (1, 1, 1, 'x', 0);
SELECT 'moved', seat, timeouts FROM seats ORDER BY seat;
UPDATE games SET status = 'over', to_act = 0 WHERE id = 1;
SELECT 'over', count(*) FROM seats WHERE deadline IS NOT NULL;
UPDATE users SET digest_held = 1;
INSERT INTO sessions (token_hash, "user", csrf, created, expires, last_seen)
    VALUES (@BLOB@, 1, 'c', 0, 9, 100);
SELECT 'login', name, last_visit, digest_held FROM users ORDER BY id;
UPDATE sessions SET last_seen = 200;
UPDATE sessions SET last_seen = 150;
SELECT 'visit', last_visit FROM users WHERE name = 'ALICE';
EOF
cat > "$tmp/run.expect" <<'EOF'
dealt|0|259200|194400|now
dealt|1|||
passed|0|||0
passed|1|259200|194400|2
moved|0|0
moved|1|0
over|0
login|alice|100|0
login|bob||1
visit|200
EOF
{ echo 'PRAGMA foreign_keys = ON;'; sed "s/@BLOB@/X'00'/g" "$tmp/run.sql"; } |
    sqlite3 -bail "$tmp/run.db" > "$tmp/run.sqlite" 2>&1
sed "s/@BLOB@/'\\\\x00'::bytea/g" "$tmp/run.sql" | psql_q -f - \
    > "$tmp/run.pg" 2>&1
check "the triggers act on SQLite as expected" \
    cmp -s "$tmp/run.expect" "$tmp/run.sqlite"
check "and the same on PostgreSQL" cmp -s "$tmp/run.expect" "$tmp/run.pg"
[ $fail = 0 ] || diff "$tmp/run.expect" "$tmp/run.sqlite"
[ $fail = 0 ] || diff "$tmp/run.expect" "$tmp/run.pg"
for db in sqlite pg; do
	case $db in
	sqlite) sqlite3 "$tmp/run.db" "INSERT INTO users (name, email, created)
	    VALUES ('Alice', 'c@example.org', 0)" > /dev/null 2>&1 ;;
	pg) psql_q -c "INSERT INTO users (name, email, created)
	    VALUES ('Alice', 'c@example.org', 0)" > /dev/null 2>&1 ;;
	esac
	check "$db refuses a name taken in other case" [ $? -ne 0 ]
done

exit $fail
