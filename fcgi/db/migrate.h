/*
 * migrate.h: the schema migrations in sql/, embedded in the binary.
 *
 * The Makefile turns sql/NNN_name.sql into the array sql_migrations[]
 * (tools/embed-sql.sh).  Migration NNN is applied once, in its own
 * BEGIN IMMEDIATE transaction that also sets PRAGMA user_version = NNN,
 * so the database always says how far it got and a crash mid-way
 * leaves it at the previous version.
 */
#ifndef TOPPER_MIGRATE_H
#define TOPPER_MIGRATE_H

struct db;

/* Number of embedded migrations (the schema version this binary wants). */
int	migrate_count(void);

/*
 * Apply every migration above the database's user_version, in order.
 * Returns the number applied (0 when up to date), or -1 after logging
 * (a failed migration is rolled back; a database newer than this
 * binary is refused).
 */
int	migrate_apply(struct db *db);

/*
 * 0 when the database is at this binary's version, else -1 with a
 * message on stderr (run "topper init").  For fcgi and worker start-up.
 */
int	migrate_check(struct db *db);

#endif /* TOPPER_MIGRATE_H */
