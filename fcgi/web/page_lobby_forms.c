/*
 * page_lobby_forms.c: the lobby's new-game forms (page_lobby.h,
 * page_lobby_form.h).
 *
 * One form per registered game, each built from the game's rules: the
 * number of players (seats_min..seats_max), who sits in every other
 * seat (the bot, anyone, or a player named) and the table options the
 * engine describes (struct game_option), so a game added to the
 * registry appears here without code of its own.
 */
#include "page_lobby.h"
#include "page_lobby_form.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "game_web.h"
#include "page_lobby_words.h"
#include "req.h"
#include "tpl.h"

/* An item of a form's lists: the form and an index. */
struct form_item {
	const struct lobby_form	*f;
	int			 i;
};

const char *const page_lobby_opp_values[] = { "bot", "strong", "open",
    "invite", NULL };
/* The field names of seat row k: "opponent" for the first other seat,
 * "opponent3" for the third; row 0 is the creator's and never sent. */
const char *const page_lobby_opp_fields[GAME_SEATS_MAX] = {
	"opponent0", "opponent", "opponent2", "opponent3", "opponent4",
	"opponent5", "opponent6", "opponent7", "opponent8", "opponent9",
	"opponent10", "opponent11"
};
const char *const page_lobby_inv_fields[GAME_SEATS_MAX] = {
	"invitee0", "invitee", "invitee2", "invitee3", "invitee4",
	"invitee5", "invitee6", "invitee7", "invitee8", "invitee9",
	"invitee10", "invitee11"
};
_Static_assert(GAME_SEATS_MAX == 12, "one field name per seat");

/* ---- the forms, as the lobby template sees them ---- */



static int
size_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct form_item	*it = data;

	if (strcmp(key, "n") == 0)
		return tpl_int(out, it->i);
	if (strcmp(key, "selected") == 0)
		return tpl_bool(out, it->i == it->f->seats);
	return tpl_none(out);
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct form_item	*it = data;
	const struct lobby_form	*f = it->f;
	int			 k = it->i;

	if (strcmp(key, "k") == 0)
		return tpl_int(out, k);
	if (strcmp(key, "seat_no") == 0)
		return tpl_int(out, k + 1);
	if (strcmp(key, "beyond_min") == 0)
		return tpl_bool(out, k >= f->rules->seats_min);
	if (strcmp(key, "opp_bot") == 0)
		return tpl_bool(out, strcmp(f->opp[k], "bot") == 0);
	if (strcmp(key, "opp_strong") == 0)
		return tpl_bool(out, strcmp(f->opp[k], "strong") == 0);
	if (strcmp(key, "opp_open") == 0)
		return tpl_bool(out, strcmp(f->opp[k], "open") == 0);
	if (strcmp(key, "opp_invite") == 0)
		return tpl_bool(out, strcmp(f->opp[k], "invite") == 0);
	if (strcmp(key, "invitee") == 0)
		return tpl_str(out, f->invitee[k]);
	if (strcmp(key, "opp_field") == 0)
		return tpl_str(out, page_lobby_opp_fields[k]);
	if (strcmp(key, "inv_field") == 0)
		return tpl_str(out, page_lobby_inv_fields[k]);
	return tpl_none(out);
}

/* One option's value for a select: as sent, and in words. */
struct word_item {
	const char	*word;
	const char	*says;
	int		 selected;
};

static int
word_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct word_item	*w = data;

	if (strcmp(key, "word") == 0)
		return tpl_str(out, w->word);
	if (strcmp(key, "says") == 0)
		return tpl_str(out, w->says);
	if (strcmp(key, "selected") == 0)
		return tpl_bool(out, w->selected);
	return tpl_none(out);
}

static int
word_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = word_lookup;
	out->data = (const struct word_item *)list + i;
	return 0;
}

/*
 * The values of an option as select items, the current one selected:
 * its words, or the numbers lo..hi of one whose numbers have words.
 */
static int
words_list(struct arena *a, const struct game_option *o, const char *value,
    struct tpl_val *out)
{
	struct word_item	*w;
	size_t			 n, i;

	if (o->words != NULL)
		for (n = 0; o->words[n] != NULL; n++)
			;
	else
		n = (size_t)(o->hi - o->lo + 1);
	if ((w = arena_calloc(a, n * sizeof(*w))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		w[i].word = o->words != NULL ? o->words[i] :
		    arena_printf(a, "%d", o->lo + (int)i);
		if (w[i].word == NULL)
			return -1;
		w[i].says = page_lobby_words_value(o, w[i].word);
		w[i].selected = strcmp(w[i].word, value) == 0;
	}
	return tpl_list(out, n, word_item, w);
}

/* The lookup of an option needs the arena for its word list. */
struct opt_item {
	const struct lobby_form	*f;
	const struct game_option *o;
	const char		*value;
	struct arena		*a;
};

static int
opt_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct opt_item		*it = data;
	const struct game_option	*o = it->o;

	if (strcmp(key, "key") == 0)
		return tpl_str(out, o->key);
	if (strcmp(key, "label") == 0)
		return tpl_str(out, o->label);
	if (strcmp(key, "help") == 0)
		return tpl_str(out, o->help);
	/* A choice from a list: words, or numbers that have words. */
	if (strcmp(key, "is_words") == 0)
		return tpl_bool(out, o->words != NULL || o->says != NULL);
	if (strcmp(key, "words") == 0)
		return o->words == NULL && o->says == NULL ? tpl_none(out) :
		    words_list(it->a, o, it->value, out);
	if (strcmp(key, "lo") == 0)
		return tpl_int(out, o->lo);
	if (strcmp(key, "hi") == 0)
		return tpl_int(out, o->hi);
	if (strcmp(key, "value") == 0)
		return tpl_str(out, it->value);
	if (strcmp(key, "required") == 0)
		return tpl_bool(out, o->words == NULL && o->def >= o->lo);
	return tpl_none(out);
}

static int
opt_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = opt_lookup;
	out->data = (const struct opt_item *)list + i;
	return 0;
}

static int
size_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = size_lookup;
	out->data = (const struct form_item *)list + i;
	return 0;
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = row_lookup;
	out->data = (const struct form_item *)list + i;
	return 0;
}

/* What a form's lookup reads: the form and its prepared lists. */
struct form_ctx {
	const struct lobby_form	*f;
	struct form_item	*sizes, *rows;
	int			 nsizes, nrows;
	struct opt_item		*opts;
};

static int
form_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct form_ctx	*c = data;
	const struct lobby_form	*f = c->f;

	if (strcmp(key, "slug") == 0)
		return tpl_str(out, f->rules->slug);
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, f->rules->name);
	if (strcmp(key, "about") == 0)	/* the game's web side says it */
		return tpl_str(out, game_web_find(f->rules->slug) != NULL ?
		    game_web_find(f->rules->slug)->about : NULL);
	if (strcmp(key, "open") == 0)
		return tpl_bool(out, f->open);
	if (strcmp(key, "seats") == 0)
		return tpl_int(out, f->seats);
	if (strcmp(key, "seats_min") == 0)
		return tpl_int(out, f->rules->seats_min);
	if (strcmp(key, "seats_max") == 0)
		return tpl_int(out, f->rules->seats_max);
	if (strcmp(key, "many_sizes") == 0)
		return tpl_bool(out, c->nsizes > 1);
	if (strcmp(key, "sizes") == 0)
		return tpl_list(out, (size_t)c->nsizes, size_item, c->sizes);
	if (strcmp(key, "rows") == 0)
		return tpl_list(out, (size_t)c->nrows, row_item, c->rows);
	if (strcmp(key, "has_options") == 0)
		return tpl_bool(out, f->nopts > 0);
	if (strcmp(key, "options") == 0)
		return tpl_list(out, (size_t)f->nopts, opt_item, c->opts);
	return tpl_none(out);
}

static int
form_item_ctx(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = form_lookup;
	out->data = (const struct form_ctx *)list + i;
	return 0;
}

/* A form with the game's defaults: bots in every other seat. */
static void
form_defaults(struct arena *a, struct lobby_form *f,
    const struct game_rules *rules)
{
	const struct game_option	*o;
	int				 k;

	memset(f, 0, sizeof(*f));
	f->rules = rules;
	f->seats = rules->seats_min;
	for (k = 1; k < GAME_SEATS_MAX; k++) {
		f->opp[k] = "bot";
		f->invitee[k] = "";
	}
	for (o = rules->options; o != NULL && o->key != NULL &&
	    f->nopts < PAGE_LOBBY_OPTIONS_MAX; o++)
		f->value[f->nopts++] = o->words != NULL ? o->words[o->def] :
		    o->def < o->lo ? "" : arena_printf(a, "%d", o->def);
}

struct lobby_forms *
page_lobby_forms_new(struct arena *a)
{
	const struct game_rules *const	*all = game_all();
	struct lobby_forms		*fs;
	int				 i;

	if ((fs = arena_calloc(a, sizeof(*fs))) == NULL)
		return NULL;
	for (i = 0; all[i] != NULL && fs->n < PAGE_LOBBY_GAMES_MAX; i++)
		form_defaults(a, &fs->f[fs->n++], all[i]);
	if (fs->n > 0)
		fs->f[0].open = 1;
	return fs;
}

int
page_lobby_forms(struct arena *a, const struct lobby_forms *fs,
    struct tpl_val *out)
{
	struct form_ctx	*cs;
	int		 i, j;

	if (fs == NULL)
		return tpl_list(out, 0, form_item_ctx, NULL);
	if ((cs = arena_calloc(a, (size_t)fs->n * sizeof(*cs))) == NULL)
		return -1;
	for (i = 0; i < fs->n; i++) {
		const struct lobby_form	*f = &fs->f[i];
		const struct game_rules	*rules = f->rules;

		cs[i].f = f;
		cs[i].nsizes = rules->seats_max - rules->seats_min + 1;
		cs[i].nrows = rules->seats_max - 1;
		cs[i].sizes = arena_calloc(a, (size_t)cs[i].nsizes *
		    sizeof(*cs[i].sizes));
		cs[i].rows = arena_calloc(a, (size_t)(cs[i].nrows + 1) *
		    sizeof(*cs[i].rows));
		cs[i].opts = arena_calloc(a, (size_t)(f->nopts + 1) *
		    sizeof(*cs[i].opts));
		if (cs[i].sizes == NULL || cs[i].rows == NULL ||
		    cs[i].opts == NULL)
			return -1;
		for (j = 0; j < cs[i].nsizes; j++)
			cs[i].sizes[j] = (struct form_item){ f,
			    rules->seats_min + j };
		for (j = 0; j < cs[i].nrows; j++)
			cs[i].rows[j] = (struct form_item){ f, j + 1 };
		for (j = 0; j < f->nopts; j++)
			cs[i].opts[j] = (struct opt_item){ f,
			    &rules->options[j], f->value[j], a };
	}
	return tpl_list(out, (size_t)fs->n, form_item_ctx, cs);
}
