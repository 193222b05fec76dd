/*
 * cli_bench_moves.c: "topper bench-moves", the move script that make
 * bench plays against the server (cli_bench.h has the frame).
 *
 * topper bench-moves --out FILE [--config F] [--per-game K]
 *	For every game in progress with two human seats, up to K legal
 *	moves from where it stands (bot_choose again, in memory: nothing
 *	is played), a session for every player who moves (a sessions row,
 *	as a login makes), and FILE for tools/bench/moves.lua: one line
 *	per move, in rounds (the first move of every game, then the
 *	second, ...), each "SEQ\tPATH\tCOOKIE\tBODY": SEQ numbers the game
 *	from 0, PATH is /g/ID/move, COOKIE "topper_session=TOKEN" and BODY
 *	the urlencoded form: move, ply (the game's ply before the move)
 *	and csrf.
 * Helpers of a benchmark, not tests: they check what they need to go
 * on (a bot move the engine refuses is an error).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "buf.h"
#include "cli.h"
#include "cli_bench.h"
#include "db.h"
#include "esc.h"
#include "rng.h"
#include "sess.h"
#include "store_game.h"

enum {
	MOVES_PER_GAME = 40
};

/* One move of the script. */
struct smove {
	int64_t		 user;
	int		 ply;
	char		 text[GAME_MOVE_TEXT_MAX];
};

/* A session per user, made on first need. */
struct ssess {
	int		 made;
	char		 tok[SESS_TOKEN_TEXT];
	char		 csrf[SESS_TOKEN_TEXT];
};

static const char SQL_ACTIVE[] =
    "SELECT id FROM games WHERE status = 'active' AND rules = ?1 "
    "ORDER BY id";
static const char SQL_MAX_USER[] = "SELECT coalesce(max(id), 0) FROM users";
static const char SQL_SESS_ADD[] =
    "INSERT INTO sessions (token_hash, \"user\", csrf, created, expires, "
    "last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?4)";

/* Store a session for user (as sess_login does) unless it has one. */
static int
session_for(struct bench_ctx *c, struct ssess *s, int64_t user)
{
	struct db_stmt	*st;
	unsigned char	 h[SESS_HASH_BYTES];
	int64_t		 now = db_now();

	if (s->made)
		return 0;
	sess_token_new(s->tok);
	sess_token_new(s->csrf);
	sess_token_hash(s->tok, h);
	if ((st = db_stmt(c->db, SQL_SESS_ADD)) == NULL)
		return -1;
	db_bind_blob(st, 1, h, sizeof(h), DB_TRANSIENT);
	db_bind_int64(st, 2, user);
	db_bind_text(st, 3, s->csrf, -1, DB_TRANSIENT);
	db_bind_int64(st, 4, now);
	db_bind_int64(st, 5, now + SESS_LIFETIME);
	if (db_step_done(c->db, st) != DB_OK)
		return -1;
	s->made = 1;
	return 0;
}

/*
 * The moves of one game into sm[0..max): bots play on from where the
 * game stands.  Returns their count (0 for a game to skip), or -1.
 */
static int
script_game(struct bench_ctx *c, int64_t id, struct bench_move *bm,
    struct smove *sm, int max)
{
	struct store_game	 g;
	struct rng		 noise;
	union bench_statebuf		 st;
	uint8_t			 key[32];
	int			 n, i, over;

	if (store_game_load(c->db, &c->a, id, &g) != DB_OK)
		return -1;
	if (g.over || g.nseats != 2 || g.user[0] == 0 || g.user[1] == 0 ||
	    g.is_bot[0] || g.is_bot[1]) {
		arena_reset(&c->a);
		return 0;
	}
	memcpy(st.b, g.state, g.rules->state_size);
	bench_derive("moves", (uint64_t)id, key);
	rng_init(&noise, key);
	if ((n = bench_bot_play(g.rules, st.b, &noise, bm, max, &over)) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		sm[i].user = g.user[bm[i].seat];
		sm[i].ply = g.ply + i;
		memcpy(sm[i].text, bm[i].text, sizeof(sm[i].text));
	}
	arena_reset(&c->a);
	return n;
}

/* Write the script: round by round, every game's next move. */
static int
script_write(struct bench_ctx *c, FILE *f, const int64_t *gid,
    const int *count, long ngames, int per, const struct smove *sm,
    const struct ssess *sess)
{
	const struct smove	*m;
	struct buf		 b;
	long			 g;
	int			 j;

	buf_init(&b, &c->a);
	for (j = 0; j < per; j++)
		for (g = 0; g < ngames; g++) {
			if (j >= count[g])
				continue;
			m = &sm[g * per + j];
			buf_reset(&b);
			esc_url_arg(&b, m->text, strlen(m->text));
			if (b.failed)
				return -1;
			fprintf(f, "%ld\t/g/%lld/move\t%s=%s\tmove=%s&ply=%d"
			    "&csrf=%s\n", g, (long long)gid[g], SESS_COOKIE,
			    sess[m->user].tok, b.data, m->ply,
			    sess[m->user].csrf);
		}
	return ferror(f) ? -1 : 0;
}

int
cli_bench_moves(int argc, char **argv)
{
	struct bench_ctx		 c;
	const struct game_rules	*rules;
	struct bench_move		*bm = NULL;
	struct smove		*sm = NULL, *m;
	struct ssess		*sess = NULL;
	struct db_stmt		*q;
	FILE			*f = NULL;
	const char		*out = NULL;
	int64_t			*gid = NULL, maxuser = 0;
	int			*count = NULL;
	long			 per = MOVES_PER_GAME, ngames = 0, cap = 0, g;
	long			 nmoves = 0, nsess = 0, i;
	int			 rc, n;

	if ((rc = bench_ctx_open(&c, "bench-moves", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = bench_take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			goto usage;
		if (strcmp(argv[i], "--out") == 0)
			out = argv[++i];
		else if (strcmp(argv[i], "--per-game") == 0)
			per = bench_count_arg(argv[++i], 100000);
		else
			goto usage;
	}
	if (out == NULL || per < 1)
		goto usage;
	if ((rc = bench_ctx_db(&c)) != 0)
		goto out;
	rc = 1;
	/* The games in progress. */
	if (rules == NULL || (q = db_stmt(c.db, SQL_ACTIVE)) == NULL)
		goto out;
	db_bind_text(q, 1, rules->slug, -1, DB_STATIC);
	while (db_step(q) == DB_ROW) {
		if (ngames == cap) {
			int64_t	*grown;

			cap = cap == 0 ? 1024 : cap * 2;
			if ((grown = realloc(gid, (size_t)cap *
			    sizeof(*gid))) == NULL) {
				db_reset(q);
				goto out;
			}
			gid = grown;
		}
		gid[ngames++] = db_column_int64(q, 0);
	}
	db_reset(q);
	if ((q = db_stmt(c.db, SQL_MAX_USER)) == NULL ||
	    db_step(q) != DB_ROW)
		goto out;
	maxuser = db_column_int64(q, 0);
	db_reset(q);
	if (ngames == 0)
		fprintf(stderr, "topper bench-moves: no game in progress\n");
	if (ngames == 0 ||
	    (count = calloc((size_t)ngames, sizeof(*count))) == NULL ||
	    (bm = calloc((size_t)per, sizeof(*bm))) == NULL ||
	    (sm = calloc((size_t)(ngames * per), sizeof(*sm))) == NULL ||
	    (sess = calloc((size_t)maxuser + 1, sizeof(*sess))) == NULL)
		goto out;
	if (db_begin_immediate(c.db) != DB_OK)
		goto out;
	for (g = 0; g < ngames; g++) {
		if ((n = script_game(&c, gid[g], bm, &sm[g * per],
		    (int)per)) < 0)
			goto out;
		count[g] = n;
		nmoves += n;
		for (m = &sm[g * per]; m < &sm[g * per + n]; m++) {
			nsess += m->user <= maxuser && !sess[m->user].made;
			if (m->user > maxuser ||
			    session_for(&c, &sess[m->user], m->user) == -1)
				goto out;
		}
	}
	if (db_commit(c.db) != DB_OK)
		goto out;
	if ((f = fopen(out, "w")) == NULL) {
		fprintf(stderr, "topper bench-moves: %s: %s\n", out,
		    strerror(errno));
		goto out;
	}
	if (script_write(&c, f, gid, count, ngames, (int)per, sm, sess) == -1 ||
	    fclose(f) != 0) {
		f = NULL;
		fprintf(stderr, "topper bench-moves: %s: write failed\n", out);
		goto out;
	}
	f = NULL;
	printf("bench-moves: %ld games, %ld moves, %ld sessions\n", ngames,
	    nmoves, nsess);
	rc = 0;
	goto out;
usage:
	cli_usage("bench-moves");
out:
	if (f != NULL)
		fclose(f);
	if (sess != NULL)
		sodium_memzero(sess, ((size_t)maxuser + 1) * sizeof(*sess));
	free(sess);
	free(sm);
	free(bm);
	free(count);
	free(gid);
	bench_ctx_close(&c);
	return rc;
}
