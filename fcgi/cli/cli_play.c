/*
 * cli_play.c: "topper play RECORD.json|- [--view SEAT] [--upto PLY]",
 * the replay of a game record without a database (DESIGN.md "Game
 * records and topper play").
 *
 * Prints, as JSON on stdout: ply, to_act, hand, dealer, over, scores
 * (team_scores), winners (once over), hands (one entry per finished
 * hand: hand, kind, delta, text and the ply that ended it), view (the
 * whole state with everything shown, or one seat's view with --view,
 * plus that seat's legal moves when it is to act) and state_sha256
 * (hex SHA-256 of the final state bytes, to compare with a snapshot).
 * Exit 0; 1 with "move K (seat S, "TEXT"): REASON" on stderr when a
 * move is refused or unreadable; 2 for bad usage or a malformed record,
 * with a message naming the field.  A record's "table" events (a
 * resignation, an abort: README "Game records") are laid over the
 * rules' status (outcome.h): "ended" and "resigned" say so.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <sodium.h>

#include "cli.h"
#include "codec.h"
#include "game.h"
#include "outcome.h"
#include "record.h"

enum {
	RECORD_TEXT_MAX = 64 * 1024 * 1024	/* bytes of record JSON */
};

/* The record's "table" events (README "Game records"). */
struct play_table {
	int		 n;
	int		 ply[GAME_SEATS_MAX + 1];
	int		 seat[GAME_SEATS_MAX + 1];
	enum outcome_end what[GAME_SEATS_MAX + 1];
};

struct play_hands {
	struct json_object	*arr;
	int			 nseats;
};

/* Read all of path ("-": standard input) into a NUL-terminated buffer. */
static char *
slurp(const char *path)
{
	FILE	*f;
	char	*buf = NULL, *nb;
	size_t	 len = 0, cap = 0, n;

	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "topper play: %s: %s\n", path,
		    strerror(errno));
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 65536;
			if (cap > RECORD_TEXT_MAX ||
			    (nb = realloc(buf, cap + 1)) == NULL) {
				fprintf(stderr, "topper play: %s: record too "
				    "large\n", path);
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0) {
			if (ferror(f)) {
				fprintf(stderr, "topper play: %s: read error\n",
				    path);
				free(buf);
				buf = NULL;
			} else
				buf[len] = '\0';
			break;
		}
	}
	if (f != stdin)
		fclose(f);
	if (buf != NULL && strlen(buf) != len) {
		fprintf(stderr, "topper play: %s: NUL byte in the record\n",
		    path);
		free(buf);
		buf = NULL;
	}
	return buf;
}

static void
on_event(void *ctx, int ply, const struct game_event *ev)
{
	struct play_hands	*h = ctx;
	struct json_object	*o;

	if ((o = codec_event_json(ev, h->nseats)) == NULL)
		return;
	json_object_object_add(o, "ply", json_object_new_int(ply));
	json_object_array_add(h->arr, o);
}

/* An integer member of o in [lo, hi], or -1 with err set. */
static int
table_int(struct json_object *o, const char *key, int i, int lo, int hi,
    char *err, size_t errsz)
{
	struct json_object	*v;
	int64_t			 x;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int) ||
	    (x = json_object_get_int64(v)) < lo || x > hi) {
		snprintf(err, errsz, "\"table\"[%d].%s: must be a whole number "
		    "from %d to %d", i, key, lo, hi);
		return -1;
	}
	return (int)x;
}

/*
 * The "table" array of the record text into t: resignations and an
 * abort, each after "ply" moves.  A game-ending event (an abort, a
 * resignation at two seats) comes last, after the last move; a seat
 * resigns once.  0, or -1 with a message naming the field.
 */
static int
table_parse(const char *text, const struct record *rec, struct play_table *t,
    char *err, size_t errsz)
{
	struct json_object	*root, *a, *e, *v;
	uint32_t		 resigned = 0;
	int			 i, n, rc = -1, ends;

	memset(t, 0, sizeof(*t));
	if ((root = json_tokener_parse(text)) == NULL)
		return 0;	/* codec_record_parse() read it already */
	if (!json_object_object_get_ex(root, "table", &a) ||
	    json_object_is_type(a, json_type_null)) {
		json_object_put(root);
		return 0;
	}
	if (!json_object_is_type(a, json_type_array) ||
	    (n = (int)json_object_array_length(a)) > GAME_SEATS_MAX + 1) {
		snprintf(err, errsz, "\"table\": must be an array of at most "
		    "%d events", GAME_SEATS_MAX + 1);
		goto out;
	}
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(a, i);
		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "event", &v) ||
		    (int)(t->what[i] = (enum outcome_end)outcome_parse(
		    json_object_get_string(v))) < 0) {
			snprintf(err, errsz, "\"table\"[%d].event: must be "
			    "\"resign\" or \"abort\"", i);
			goto out;
		}
		if ((t->ply[i] = table_int(e, "ply", i, i > 0 ? t->ply[i - 1] :
		    0, rec->nmoves, err, errsz)) < 0 ||
		    (t->seat[i] = table_int(e, "seat", i, 0, rec->nseats - 1,
		    err, errsz)) < 0)
			goto out;
		ends = t->what[i] == OUTCOME_ABORT || rec->nseats == 2;
		if (ends && (i != n - 1 || t->ply[i] != rec->nmoves)) {
			snprintf(err, errsz, "\"table\"[%d]: the game ends "
			    "there, so it must be the last event and come after "
			    "the last move", i);
			goto out;
		}
		if (t->what[i] == OUTCOME_RESIGN &&
		    ((resigned >> t->seat[i]) & 1)) {
			snprintf(err, errsz, "\"table\"[%d]: seat %d resigned "
			    "already", i, t->seat[i]);
			goto out;
		}
		if (t->what[i] == OUTCOME_RESIGN)
			resigned |= UINT32_C(1) << t->seat[i];
	}
	t->n = n;
	rc = 0;
out:
	json_object_put(root);
	return rc;
}

/* The table's events up to ply moves as an outcome. */
static void
table_outcome(const struct play_table *t, int nseats, int ply,
    struct outcome *o)
{
	int	 i;

	memset(o, 0, sizeof(*o));
	o->seat = -1;
	for (i = 0; i < t->n && t->ply[i] <= ply; i++) {
		if (t->what[i] == OUTCOME_RESIGN)
			o->resigned |= UINT32_C(1) << t->seat[i];
		if (t->what[i] == OUTCOME_ABORT || nseats == 2) {
			o->end = t->what[i];
			o->seat = t->seat[i];
			o->ply = t->ply[i];
		}
	}
}

/* A non-negative integer argument, or -1. */
static int
parse_count(const char *s)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v > INT_MAX)
		return -1;
	return (int)v;
}

/* The seat's legal moves, or NULL when it has none. */
static struct json_object *
legal_json(const struct game_rules *rules, const void *view, int seat)
{
	struct game_move	*mv;
	struct json_object	*a;
	int			 n;

	if ((mv = calloc(GAME_LEGAL_MAX, sizeof(*mv))) == NULL)
		return NULL;
	n = rules->legal(view, seat, mv, GAME_LEGAL_MAX);
	a = n > 0 ? codec_moves_json(rules, mv,
	    n < GAME_LEGAL_MAX ? n : GAME_LEGAL_MAX) : NULL;
	free(mv);
	return a;
}

/* Everything after a replay that reached ply, as one JSON object. */
static struct json_object *
result_json(const struct record *rec, const struct outcome *oc,
    const void *state, void *viewbuf, int viewer, int ply,
    struct json_object *hands)
{
	const struct game_rules	*rules = rec->rules;
	struct game_status	 st;
	struct json_object	*o, *status, *v;
	uint8_t			 hash[crypto_hash_sha256_BYTES];
	char			 hex[65];
	const void		*shown = state;
	int			 i;

	rules->status(state, &st);
	outcome_status(oc, &st);	/* how the table ended it, if it did */
	o = json_object_new_object();
	json_object_object_add(o, "ply", json_object_new_int(ply));
	status = codec_status_json(rules, &st);
	json_object_object_foreach(status, key, val)
		json_object_object_add(o, key, json_object_get(val));
	json_object_put(status);
	if (outcome_name(oc->end) != NULL)
		json_object_object_add(o, "ended",
		    json_object_new_string(outcome_name(oc->end)));
	if (oc->resigned != 0) {
		v = json_object_new_array();
		for (i = 0; i < rec->nseats; i++)
			if ((oc->resigned >> i) & 1)
				json_object_array_add(v,
				    json_object_new_int(i));
		json_object_object_add(o, "resigned", v);
	}
	json_object_object_add(o, "hands", hands);
	if (viewer != GAME_VIEW_ALL) {
		rules->view(state, viewer, viewbuf);
		shown = viewbuf;
		json_object_object_add(o, "viewer", viewer >= 0 ?
		    json_object_new_int(viewer) :
		    json_object_new_string("spectator"));
	}
	v = codec_view_json(rules, shown);
	json_object_object_add(o, "view", v);
	/* to_act, or let by the game (a "May I?" requester may withdraw). */
	if (viewer >= 0 && !st.over && game_may_act(rules, state, &st, viewer))
		json_object_object_add(o, "legal",
		    legal_json(rules, viewbuf, viewer));
	crypto_hash_sha256(hash, state, rules->state_size);
	codec_hex_encode(hash, hex);
	json_object_object_add(o, "state_sha256",
	    json_object_new_string(hex));
	return o;
}

int
cli_play(int argc, char **argv)
{
	struct codec_record	 cr;
	struct record_result	 res;
	struct play_hands	 hands;
	struct play_table	 table;
	struct outcome		 oc;
	struct json_object	*out;
	const char		*path = NULL, *viewarg = NULL;
	char			*text, err[512];
	const struct record_move *m;
	void			*state = NULL, *scratch = NULL;
	void			*viewbuf = NULL;
	int			 i, upto = -1, viewer = GAME_VIEW_ALL, rc;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--view") == 0 && i + 1 < argc)
			viewarg = argv[++i];
		else if (strcmp(argv[i], "--upto") == 0 && i + 1 < argc) {
			if ((upto = parse_count(argv[++i])) < 0) {
				fprintf(stderr, "topper play: --upto: not a "
				    "number of moves: %s\n", argv[i]);
				return 2;
			}
		} else if (path == NULL && (argv[i][0] != '-' ||
		    strcmp(argv[i], "-") == 0))
			path = argv[i];
		else
			return cli_usage("play");
	}
	if (path == NULL)
		return cli_usage("play");
	if ((text = slurp(path)) == NULL)
		return 2;
	rc = codec_record_parse(text, &cr, err, sizeof(err));
	if (rc == 0 && (rc = table_parse(text, &cr.rec, &table, err,
	    sizeof(err))) != 0)
		codec_record_free(&cr);
	free(text);
	if (rc != 0) {
		fprintf(stderr, "topper play: %s: %s\n", path, err);
		return 2;
	}
	if (viewarg != NULL) {
		if (strcmp(viewarg, "spectator") == 0)
			viewer = GAME_VIEW_SPECTATOR;
		else if ((viewer = parse_count(viewarg)) < 0 ||
		    viewer >= cr.rec.nseats) {
			fprintf(stderr, "topper play: --view: no seat \"%s\" "
			    "(0 to %d, or spectator)\n", viewarg,
			    cr.rec.nseats - 1);
			codec_record_free(&cr);
			return 2;
		}
	}
	if (sodium_init() < 0 ||
	    (state = calloc(1, cr.rec.rules->state_size)) == NULL ||
	    (scratch = calloc(1, cr.rec.rules->state_size)) == NULL ||
	    (viewbuf = calloc(1, cr.rec.rules->view_size)) == NULL ||
	    (hands.arr = json_object_new_array()) == NULL) {
		fprintf(stderr, "topper play: out of memory\n");
		rc = 2;
		goto done;
	}
	hands.nseats = cr.rec.nseats;
	rc = record_replay(&cr.rec, upto, state, scratch, on_event, &hands,
	    &res);
	if (rc == 1) {
		m = &cr.rec.moves[res.failed_move - 1];
		fprintf(stderr, "move %d (seat %d, \"%s\"): %s\n",
		    res.failed_move, m->seat, m->text, res.why);
	} else if (rc == 2)
		fprintf(stderr, "topper play: %s: %s\n", path, res.why);
	if (rc != 0) {
		json_object_put(hands.arr);
		goto done;
	}
	table_outcome(&table, cr.rec.nseats, res.ply, &oc);
	out = result_json(&cr.rec, &oc, state, viewbuf, viewer, res.ply,
	    hands.arr);
	printf("%s\n", json_object_to_json_string_ext(out,
	    JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
	    JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(out);
	if (fflush(stdout) != 0)
		rc = 1;
done:
	free(state);
	free(scratch);
	free(viewbuf);
	codec_record_free(&cr);
	return rc;
}
