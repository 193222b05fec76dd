/*
 * codec.c: records, statuses, events, views and move lists to and from
 * JSON (json-c).  One of the engine files allowed to allocate; the
 * games' own views are encoded by their codec_<game>.c files, found
 * through registry.c.
 */
#include "codec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck.h"

__attribute__((format(printf, 3, 4)))
static int
fail(char *err, size_t errsz, const char *fmt, ...)
{
	va_list	 ap;

	if (err != NULL && errsz > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errsz, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int
hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int
codec_hex_decode(const char *hex, uint8_t out[32])
{
	int	 i, hi, lo;

	if (hex == NULL || strlen(hex) != 64)
		return -1;
	for (i = 0; i < 32; i++) {
		if ((hi = hexval(hex[2 * i])) < 0 ||
		    (lo = hexval(hex[2 * i + 1])) < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

void
codec_hex_encode(const uint8_t in[32], char out[65])
{
	static const char	 digits[] = "0123456789abcdef";
	int			 i;

	for (i = 0; i < 32; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[64] = '\0';
}

/* An integer field (not a float, not a string); 0 or -1. */
static int
get_int(struct json_object *o, long long lo, long long hi, int *out)
{
	int64_t	 v;

	if (!json_object_is_type(o, json_type_int))
		return -1;
	v = json_object_get_int64(o);
	if (v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* An option key or value may not break "key=value key=value". */
static int
plain_word(const char *s, int is_key)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s <= ' ' || *s == '=' || *s == 0x7f)
			return 0;
		if (is_key && !(*s == '_' || *s == '-' || *s == '.' ||
		    (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9')))
			return 0;
	}
	return 1;
}

int
codec_options_text(struct json_object *obj, char *out, size_t outsz,
    char *err, size_t errsz)
{
	char	 val[64];
	size_t	 len = 0, need;
	const char *sval;

	if (outsz == 0)
		return fail(err, errsz, "\"options\": no room");
	out[0] = '\0';
	if (obj == NULL || json_object_is_type(obj, json_type_null))
		return 0;
	if (!json_object_is_type(obj, json_type_object))
		return fail(err, errsz, "\"options\": must be an object "
		    "of key: value");
	json_object_object_foreach(obj, key, v) {
		if (!plain_word(key, 1))
			return fail(err, errsz, "\"options\": bad key "
			    "\"%.32s\" (letters, digits, _ - . only)", key);
		switch (json_object_get_type(v)) {
		case json_type_int:
			snprintf(val, sizeof(val), "%lld",
			    (long long)json_object_get_int64(v));
			sval = val;
			break;
		case json_type_boolean:
			sval = json_object_get_boolean(v) ? "1" : "0";
			break;
		case json_type_string:
			sval = json_object_get_string(v);
			if (!plain_word(sval, 0))
				return fail(err, errsz, "\"options\": "
				    "\"%.32s\" must be a word without "
				    "spaces or '='", key);
			break;
		default:
			return fail(err, errsz, "\"options\": \"%.32s\" must "
			    "be an integer, a string or a boolean", key);
		}
		need = (len ? 1 : 0) + strlen(key) + 1 + strlen(sval);
		if (len + need + 1 > outsz)
			return fail(err, errsz, "\"options\": longer than %zu "
			    "characters", outsz - 1);
		len += (size_t)snprintf(out + len, outsz - len, "%s%s=%s",
		    len ? " " : "", key, sval);
	}
	return 0;
}

/* "key=value ..." back to an object: integers as numbers, else strings. */
static struct json_object *
options_json(const char *text)
{
	struct json_object	*o;
	char			 tok[RECORD_OPTIONS_MAX], *eq, *end;
	const char		*p = text;
	size_t			 n;
	long long		 v;

	if ((o = json_object_new_object()) == NULL)
		return NULL;
	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
			;
		if (n == 0)
			break;
		if (n >= sizeof(tok))
			n = sizeof(tok) - 1;
		memcpy(tok, p, n);
		tok[n] = '\0';
		p += n;
		if ((eq = strchr(tok, '=')) == NULL)
			continue;
		*eq++ = '\0';
		v = strtoll(eq, &end, 10);
		if (*eq != '\0' && *end == '\0' && (*eq == '-' ||
		    (*eq >= '0' && *eq <= '9')))
			json_object_object_add(o, tok,
			    json_object_new_int64(v));
		else
			json_object_object_add(o, tok,
			    json_object_new_string(eq));
	}
	return o;
}

void
codec_record_free(struct codec_record *cr)
{
	if (cr == NULL)
		return;
	free(cr->decks);
	free(cr->decklen);
	free(cr->moves);
	memset(cr, 0, sizeof(*cr));
}

int
codec_record_add_move(struct codec_record *cr, int seat, const char *text)
{
	struct record_move	*m;
	int			 cap;

	if (strlen(text) >= GAME_MOVE_TEXT_MAX)
		return -1;
	if (cr->rec.nmoves >= cr->movecap) {
		cap = cr->movecap ? cr->movecap * 2 : 64;
		m = reallocarray(cr->moves, (size_t)cap, sizeof(*m));
		if (m == NULL)
			return -1;
		cr->moves = m;
		cr->movecap = cap;
		cr->rec.moves = m;
	}
	m = &cr->moves[cr->rec.nmoves++];
	memset(m, 0, sizeof(*m));
	m->seat = seat;
	snprintf(m->text, sizeof(m->text), "%s", text);
	return 0;
}

static int
parse_decks(struct json_object *arr, struct codec_record *cr, char *err,
    size_t errsz)
{
	struct json_object	*deck, *c;
	const char		*s, *end;
	size_t			 h, i, nd, n, total = 0;
	card_t			 card;

	if (!json_object_is_type(arr, json_type_array))
		return fail(err, errsz, "\"decks\": must be an array of "
		    "arrays of cards, one per hand");
	if ((nd = json_object_array_length(arr)) == 0)
		return fail(err, errsz, "\"decks\": empty (give at least "
		    "the first hand's deck)");
	if (nd > 100000)
		return fail(err, errsz, "\"decks\": too many hands");
	for (h = 0; h < nd; h++) {
		deck = json_object_array_get_idx(arr, h);
		if (!json_object_is_type(deck, json_type_array))
			return fail(err, errsz, "\"decks\": hand %zu: must "
			    "be an array of cards", h + 1);
		n = json_object_array_length(deck);
		if (n == 0 || n > DECK_CARDS_MAX)
			return fail(err, errsz, "\"decks\": hand %zu: %zu "
			    "cards (1 to %d allowed)", h + 1, n,
			    DECK_CARDS_MAX);
		total += n;
	}
	cr->decks = calloc(total, sizeof(*cr->decks));
	cr->decklen = calloc(nd, sizeof(*cr->decklen));
	if (cr->decks == NULL || cr->decklen == NULL)
		return fail(err, errsz, "\"decks\": out of memory");
	total = 0;
	for (h = 0; h < nd; h++) {
		deck = json_object_array_get_idx(arr, h);
		n = json_object_array_length(deck);
		for (i = 0; i < n; i++) {
			c = json_object_array_get_idx(deck, i);
			s = json_object_is_type(c, json_type_string) ?
			    json_object_get_string(c) : NULL;
			card = s == NULL ? CARD_NONE :
			    card_parse(cr->rec.rules->cards, s, &end);
			if (card == CARD_NONE || *end != '\0')
				return fail(err, errsz, "\"decks\": hand %zu, "
				    "card %zu: %s%.16s%s is not a card of this "
				    "game", h + 1, i + 1, s ? "\"" : "",
				    s ? s : "not a string", s ? "\"" : "");
			cr->decks[total++] = card;
		}
		cr->decklen[h] = (int)n;
	}
	cr->rec.ndecks = (int)nd;
	cr->rec.decks = cr->decks;
	cr->rec.decklen = cr->decklen;
	return 0;
}

static int
parse_moves(struct json_object *arr, struct codec_record *cr, char *err,
    size_t errsz)
{
	struct json_object	*m, *f;
	const char		*text;
	size_t			 i, n, k;
	int			 seat;

	if (!json_object_is_type(arr, json_type_array))
		return fail(err, errsz, "\"moves\": must be an array of "
		    "{\"seat\": N, \"move\": TEXT}");
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		m = json_object_array_get_idx(arr, i);
		if (!json_object_is_type(m, json_type_object))
			return fail(err, errsz, "\"moves\": move %zu: must be "
			    "{\"seat\": N, \"move\": TEXT}", i + 1);
		if (!json_object_object_get_ex(m, "seat", &f) ||
		    get_int(f, 0, cr->rec.nseats - 1, &seat) != 0)
			return fail(err, errsz, "\"moves\": move %zu: \"seat\" "
			    "must be an integer from 0 to %d", i + 1,
			    cr->rec.nseats - 1);
		if (!json_object_object_get_ex(m, "move", &f) ||
		    !json_object_is_type(f, json_type_string))
			return fail(err, errsz, "\"moves\": move %zu: \"move\" "
			    "must be a string", i + 1);
		text = json_object_get_string(f);
		if (strlen(text) >= GAME_MOVE_TEXT_MAX)
			return fail(err, errsz, "\"moves\": move %zu: \"move\" "
			    "longer than %d characters", i + 1,
			    GAME_MOVE_TEXT_MAX - 1);
		for (k = 0; text[k] != '\0'; k++)
			if (text[k] == '\n' || text[k] == '\r')
				return fail(err, errsz, "\"moves\": move %zu: "
				    "\"move\" must be one line", i + 1);
		if (codec_record_add_move(cr, seat, text) != 0)
			return fail(err, errsz, "\"moves\": out of memory");
	}
	return 0;
}

/* Every field of root into cr; -1 with err naming the field. */
static int
parse_fields(struct json_object *root, struct codec_record *cr, char *err,
    size_t errsz)
{
	struct record		*rec = &cr->rec;
	struct json_object	*f;
	const char		*s;
	int			 v, has_decks;

	if (!json_object_is_type(root, json_type_object))
		return fail(err, errsz, "record: must be a JSON object");
	if (!json_object_object_get_ex(root, "game", &f) ||
	    !json_object_is_type(f, json_type_string))
		return fail(err, errsz, "\"game\": missing or not a string");
	s = json_object_get_string(f);
	if ((rec->rules = game_find(s)) == NULL)
		return fail(err, errsz, "\"game\": no game \"%.40s\"", s);
	if (!json_object_object_get_ex(root, "notation", &f) ||
	    get_int(f, RECORD_NOTATION, RECORD_NOTATION, &v) != 0)
		return fail(err, errsz, "\"notation\": must be %d (the "
		    "version of the move text this program reads)",
		    RECORD_NOTATION);
	if (json_object_object_get_ex(root, "options", &f) &&
	    codec_options_text(f, rec->options, sizeof(rec->options), err,
	    errsz) != 0)
		return -1;
	if (!json_object_object_get_ex(root, "seats", &f) ||
	    get_int(f, rec->rules->seats_min, rec->rules->seats_max,
	    &rec->nseats) != 0) {
		if (rec->rules->seats_min == rec->rules->seats_max)
			return fail(err, errsz, "\"seats\": %s takes exactly "
			    "%d seats", rec->rules->slug,
			    rec->rules->seats_min);
		return fail(err, errsz, "\"seats\": %s takes %d to %d seats",
		    rec->rules->slug, rec->rules->seats_min,
		    rec->rules->seats_max);
	}
	rec->dealer = -1;
	if (json_object_object_get_ex(root, "dealer", &f) &&
	    !json_object_is_type(f, json_type_null) &&
	    get_int(f, 0, rec->nseats - 1, &rec->dealer) != 0)
		return fail(err, errsz, "\"dealer\": must be a seat from 0 "
		    "to %d", rec->nseats - 1);
	if (json_object_object_get_ex(root, "seed", &f) &&
	    !json_object_is_type(f, json_type_null)) {
		if (!json_object_is_type(f, json_type_string) ||
		    codec_hex_decode(json_object_get_string(f),
		    rec->seed) != 0)
			return fail(err, errsz, "\"seed\": must be 64 hex "
			    "digits");
		rec->has_seed = 1;
	}
	has_decks = json_object_object_get_ex(root, "decks", &f) &&
	    !json_object_is_type(f, json_type_null);
	if (has_decks && rec->has_seed)
		return fail(err, errsz, "\"decks\": give either \"seed\" or "
		    "\"decks\", not both");
	if (has_decks && parse_decks(f, cr, err, errsz) != 0)
		return -1;
	if (!has_decks && !rec->has_seed) {
		if (json_object_object_get_ex(root, "seed_withheld", &f) &&
		    json_object_get_boolean(f))
			return fail(err, errsz, "\"seed\": withheld (the game "
			    "is in progress), so the record replays only with "
			    "\"decks\"");
		return fail(err, errsz, "\"seed\": missing (a record needs "
		    "\"seed\" or \"decks\" to replay)");
	}
	if (json_object_object_get_ex(root, "moves", &f) &&
	    !json_object_is_type(f, json_type_null) &&
	    parse_moves(f, cr, err, errsz) != 0)
		return -1;
	return 0;
}

int
codec_record_parse(const char *text, struct codec_record *out, char *err,
    size_t errsz)
{
	struct json_tokener	*tok;
	struct json_object	*root;
	enum json_tokener_error	 jerr;
	size_t			 len, off, line = 1, i;
	int			 rc;

	memset(out, 0, sizeof(*out));
	out->rec.dealer = -1;
	if (text == NULL)
		return fail(err, errsz, "record: no text");
	if ((tok = json_tokener_new()) == NULL)
		return fail(err, errsz, "record: out of memory");
	len = strlen(text);
	root = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	off = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (root == NULL || jerr != json_tokener_success) {
		if (jerr == json_tokener_continue)
			off = len;
		for (i = 0; i < off && i < len; i++)
			if (text[i] == '\n')
				line++;
		json_object_put(root);
		return fail(err, errsz, "record: not valid JSON (line %zu: %s)",
		    line, jerr == json_tokener_continue ? "unexpected end" :
		    json_tokener_error_desc(jerr));
	}
	for (i = off; i < len; i++)
		if (text[i] != ' ' && text[i] != '\n' && text[i] != '\t' &&
		    text[i] != '\r') {
			json_object_put(root);
			return fail(err, errsz, "record: text after the "
			    "JSON object");
		}
	rc = parse_fields(root, out, err, errsz);
	json_object_put(root);
	if (rc != 0)
		codec_record_free(out);
	return rc;
}

static struct json_object *
int_array(const int32_t *v, int n)
{
	struct json_object	*a;
	int			 i;

	a = json_object_new_array();
	for (i = 0; a != NULL && i < n; i++)
		json_object_array_add(a, json_object_new_int64(v[i]));
	return a;
}

static struct json_object *
seat_array(uint32_t mask, int nseats)
{
	struct json_object	*a;
	int			 i;

	a = json_object_new_array();
	for (i = 0; a != NULL && i < nseats && i < GAME_SEATS_MAX; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

struct json_object *
codec_record_json(const struct record *rec, int with_seed)
{
	struct json_object	*o, *decks, *d, *moves, *m;
	char			 hex[65], card[CARD_TEXT_MAX];
	int			 h, i, off = 0;

	if ((o = json_object_new_object()) == NULL)
		return NULL;
	json_object_object_add(o, "game",
	    json_object_new_string(rec->rules->slug));
	json_object_object_add(o, "notation",
	    json_object_new_int(RECORD_NOTATION));
	json_object_object_add(o, "options", options_json(rec->options));
	json_object_object_add(o, "seats", json_object_new_int(rec->nseats));
	if (rec->dealer >= 0)
		json_object_object_add(o, "dealer",
		    json_object_new_int(rec->dealer));
	if (rec->has_seed && with_seed) {
		codec_hex_encode(rec->seed, hex);
		json_object_object_add(o, "seed", json_object_new_string(hex));
	} else if (rec->has_seed)
		json_object_object_add(o, "seed_withheld",
		    json_object_new_boolean(1));
	if (rec->ndecks > 0) {
		decks = json_object_new_array();
		for (h = 0; h < rec->ndecks; h++) {
			d = json_object_new_array();
			for (i = 0; i < rec->decklen[h]; i++) {
				card_format(rec->rules->cards,
				    rec->decks[off + i], card);
				json_object_array_add(d,
				    json_object_new_string(card));
			}
			off += rec->decklen[h];
			json_object_array_add(decks, d);
		}
		json_object_object_add(o, "decks", decks);
	}
	moves = json_object_new_array();
	for (i = 0; i < rec->nmoves; i++) {
		m = json_object_new_object();
		json_object_object_add(m, "seat",
		    json_object_new_int(rec->moves[i].seat));
		json_object_object_add(m, "move",
		    json_object_new_string(rec->moves[i].text));
		json_object_array_add(moves, m);
	}
	json_object_object_add(o, "moves", moves);
	return o;
}

struct json_object *
codec_status_json(const struct game_rules *rules,
    const struct game_status *st)
{
	struct json_object	*o;

	if ((o = json_object_new_object()) == NULL)
		return NULL;
	if (rules != NULL)
		json_object_object_add(o, "game",
		    json_object_new_string(rules->slug));
	json_object_object_add(o, "to_act", seat_array(st->to_act,
	    st->nseats));
	json_object_object_add(o, "hand", json_object_new_int(st->hand));
	json_object_object_add(o, "dealer", json_object_new_int(st->dealer));
	json_object_object_add(o, "over", json_object_new_boolean(st->over));
	if (st->needs_deck)
		json_object_object_add(o, "needs_deck",
		    json_object_new_boolean(1));
	json_object_object_add(o, "scores", int_array(st->scores,
	    st->nseats));
	if (st->nteams > 0)
		json_object_object_add(o, "team_scores",
		    int_array(st->team_scores, st->nteams));
	if (st->over)
		json_object_object_add(o, "winners", seat_array(st->winners,
		    st->nseats));
	return o;
}

struct json_object *
codec_event_json(const struct game_event *ev, int nseats)
{
	struct json_object	*o;

	if ((o = json_object_new_object()) == NULL)
		return NULL;
	json_object_object_add(o, "hand", json_object_new_int(ev->hand));
	json_object_object_add(o, "kind", json_object_new_string_len(ev->kind,
	    (int)strnlen(ev->kind, sizeof(ev->kind))));
	json_object_object_add(o, "delta", int_array(ev->delta,
	    nseats < GAME_SEATS_MAX ? nseats : GAME_SEATS_MAX));
	json_object_object_add(o, "text", json_object_new_string_len(ev->text,
	    (int)strnlen(ev->text, sizeof(ev->text))));
	return o;
}

struct json_object *
codec_moves_json(const struct game_rules *rules, const struct game_move *mv,
    int n)
{
	struct json_object	*a;
	char			 text[GAME_MOVE_TEXT_MAX];
	int			 i;

	if ((a = json_object_new_array()) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		rules->format(&mv[i], text, sizeof(text));
		json_object_array_add(a, json_object_new_string(text));
	}
	return a;
}
