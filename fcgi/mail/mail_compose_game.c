/*
 * mail_compose_game.c: game mails in words (mail_compose.h): the game
 * mail of one seat and the cards that seat holds hidden, both from its
 * own view.  Moved out of mail_compose.c, which keeps the settings, the
 * addresses, the unsubscribe headers and the message on the wire, so
 * that both stay short; they share nothing but mail_compose.h.
 */
#include "mail_compose.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "codec.h"
#include "db.h"
#include "esc.h"
#include "mail_html.h"
#include "mail_links.h"
#include "mail_turn.h"
#include "mail_queue.h"
#include "page_game_kit.h"
#include "record.h"
#include "store_game.h"
#include "store_social.h"
#include "store_user.h"
#include "words.h"

/* A state or view buffer aligned for any engine struct. */
union mbuf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/*
 * The cards seat sees that a spectator does not: walk the seat's view
 * JSON beside the spectator's, and take every array of cards that
 * differs.  Built from the seat's own view, so it cannot hold another
 * seat's hidden card.
 */
static void
hidden_cards(const struct game_rules *rules, struct json_object *sv,
    struct json_object *pv, struct buf *b, int *n)
{
	struct json_object	*e, *pe;
	size_t			 i, len;
	int			 cards;
	const char		*s, *end;

	if (json_object_is_type(sv, json_type_object)) {
		json_object_object_foreach(sv, key, val) {
			pe = NULL;
			if (pv != NULL && json_object_is_type(pv,
			    json_type_object))
				json_object_object_get_ex(pv, key, &pe);
			hidden_cards(rules, val, pe, b, n);
		}
		return;
	}
	if (!json_object_is_type(sv, json_type_array))
		return;
	len = json_object_array_length(sv);
	cards = len > 0;
	for (i = 0; i < len && cards; i++) {
		e = json_object_array_get_idx(sv, i);
		s = json_object_get_string(e);
		if (!json_object_is_type(e, json_type_string) ||
		    card_parse(rules->cards, s, &end) == CARD_NONE ||
		    *end != '\0')
			cards = 0;
	}
	if (!cards) {
		for (i = 0; i < len; i++) {
			pe = pv != NULL && json_object_is_type(pv,
			    json_type_array) ? json_object_array_get_idx(pv, i) :
			    NULL;
			hidden_cards(rules, json_object_array_get_idx(sv, i),
			    pe, b, n);
		}
		return;
	}
	if (pv != NULL && json_object_equal(sv, pv))
		return;			/* public: everyone sees these */
	for (i = 0; i < len; i++) {
		buf_puts(b, *n > 0 ? " " : "");
		buf_puts(b, json_object_get_string(json_object_array_get_idx(sv,
		    i)));
		(*n)++;
	}
}

int
mail_compose_hidden(struct arena *a, const struct game_rules *rules,
    const void *state, int seat, const char **out)
{
	union mbuf		*view, *pub;
	struct json_object	*sv, *pv;
	struct buf		 b;
	int			 n = 0;

	*out = "";
	view = arena_alloc(a, sizeof(*view));
	pub = arena_alloc(a, sizeof(*pub));
	if (view == NULL || pub == NULL)
		return -1;
	rules->view(state, seat, view->b);
	rules->view(state, GAME_VIEW_SPECTATOR, pub->b);
	sv = codec_view_json(rules, view->b);
	pv = codec_view_json(rules, pub->b);
	buf_init(&b, a);
	if (sv != NULL)
		hidden_cards(rules, sv, pv, &b, &n);
	buf_putc(&b, '\0');
	json_object_put(sv);
	json_object_put(pv);
	if (b.failed)
		return -1;
	*out = b.data;
	return 0;
}

/* The distinct first words of seat's legal moves, comma-separated. */
static void
legal_verbs(struct arena *a, const struct game_rules *rules,
    const void *view, int seat, struct buf *b, char example[GAME_MOVE_TEXT_MAX])
{
	struct game_move	*mv;
	char			 text[GAME_MOVE_TEXT_MAX];
	char			 seen[MAIL_VERBS_MAX][32];
	int			 n, i, j, nseen = 0;
	size_t			 w;

	if ((mv = arena_alloc(a, GAME_LEGAL_MAX * sizeof(*mv))) == NULL)
		return;
	n = rules->legal(view, seat, mv, GAME_LEGAL_MAX);
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	for (i = 0; i < n && nseen < MAIL_VERBS_MAX; i++) {
		rules->format(&mv[i], text, sizeof(text));
		if (i == 0)
			snprintf(example, GAME_MOVE_TEXT_MAX, "%s", text);
		w = strcspn(text, " ");
		if (w == 0 || w >= sizeof(seen[0]))
			continue;
		text[w] = '\0';
		for (j = 0; j < nseen && strcmp(seen[j], text) != 0; j++)
			;
		if (j < nseen)
			continue;
		memcpy(seen[nseen++], text, w + 1);
		buf_puts(b, nseen > 1 ? ", " : "");
		buf_puts(b, text);
	}
}

static const char SQL_HANDS_AT[] =
    "SELECT hand, text FROM hands WHERE game = ?1 AND ply = ?2 ORDER BY id";

/* The sentences of the hands that ended at ply. */
static int
hands_at(struct db *db, int64_t game, int ply, struct buf *b)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = db_stmt(db, SQL_HANDS_AT)) == NULL)
		return -1;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, ply);
	while ((rc = db_step(st)) == DB_ROW)
		buf_printf(b, "Hand %d ended: %s\n", db_column_int(st, 0),
		    (const char *)db_column_text(st, 1));
	if (rc != DB_DONE) {
		db_fail(db, st);
		return -1;
	}
	db_reset(st);
	return 0;
}

/* The position at ply: g's own state, or a replay of the log up to it. */
static const void *
state_at(struct db *db, struct arena *a, const struct store_game *g, int ply,
    union mbuf *st, union mbuf *scratch, struct record_move **moves,
    int *nmoves)
{
	struct record		 rec;
	struct record_result	 res;

	if (store_game_record(db, a, g, &rec) != DB_OK)
		return NULL;
	*moves = (struct record_move *)rec.moves;
	*nmoves = rec.nmoves;
	if (ply >= g->ply)
		return g->state;
	if (record_replay(&rec, ply, st->b, scratch->b, NULL, NULL, &res) != 0)
		return NULL;
	return st->b;
}

static void
names_of(struct db *db, const struct store_game *g, int viewer,
    struct page_game_names *nm)
{
	struct store_user	 u;
	int			 s;

	memset(nm, 0, sizeof(*nm));
	nm->nseats = g->nseats;
	nm->viewer = viewer;
	for (s = 0; s < g->nseats; s++) {
		nm->is_bot[s] = g->is_bot[s];
		if (g->user[s] != 0 && store_user_by_id(db, g->user[s], &u) ==
		    STORE_USER_OK)
			snprintf(nm->name[s], sizeof(nm->name[s]), "%s",
			    u.name);
		else
			snprintf(nm->name[s], sizeof(nm->name[s]), "Open seat");
	}
}

/* "Alice and Bob" / "you" for the seats in mask. */
static void
put_seats(struct buf *b, const struct page_game_names *nm, uint32_t mask)
{
	int	 s, k = 0, total = game_seat_count(mask);

	for (s = 0; s < nm->nseats; s++) {
		if (!(mask & (UINT32_C(1) << s)))
			continue;
		if (k > 0)
			buf_puts(b, k == total - 1 ? " and " : ", ");
		buf_puts(b, s == nm->viewer ? "you" : nm->name[s]);
		k++;
	}
	if (k == 0)
		buf_puts(b, "nobody");
}

/*
 * The chat user has not had by mail (store_social.h leaves out muted
 * tables and blocked writers), marked as mailed: it rides along with
 * the game's next mail instead of a mail per message.
 */
static int
put_chat(struct db *db, struct arena *a, int64_t game, int64_t user,
    struct buf *b)
{
	char	*chat, *line, *next;
	int64_t	 last;

	if (store_social_chat_unmailed(db, a, game, user, &chat, &last) !=
	    DB_OK)
		return -1;
	if (chat[0] == '\0')
		return 0;
	buf_puts(b, "\nTable chat:\n");
	for (line = chat; *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		buf_printf(b, "  %s\n", line);
	}
	return store_social_chat_mailed(db, game, user, last) == DB_OK ? 0 : -1;
}

/* The number of the line b's next byte starts (from 0). */
static int
line_of(const struct buf *b)
{
	size_t	 i;
	int	 n = 0;

	for (i = 0; b->data != NULL && i < b->len; i++)
		n += b->data[i] == '\n';
	return n;
}

/*
 * "LEAD" and the cards of tokens (space-separated notation) as their
 * faces in HTML, comma-separated: the hand in the HTML part.  NULL when
 * a token is no card (the text line stays as it is).
 */
static const char *
faces_of(struct arena *a, enum card_kind k, const char *lead,
    const char *tokens)
{
	char		 face[CARDS_LABEL_MAX];
	const char	*p = tokens, *end;
	struct buf	 h;
	card_t		 c;
	int		 n = 0;

	buf_init(&h, a);
	esc_html_str(&h, lead);
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		if ((c = card_parse(k, p, &end)) == CARD_NONE ||
		    (*end != ' ' && *end != '\0'))
			return NULL;
		words_face(k, c, face, sizeof(face));
		buf_puts(&h, n++ > 0 ? ", <b>" : "<b>");
		esc_html_str(&h, face);
		buf_puts(&h, "</b>");
		p = end;
	}
	buf_putc(&h, '\0');
	return h.failed ? NULL : h.data;
}

/*
 * The subject's first words for a mail of reasons why (MAIL_WHY_*):
 * those of the first reason in this order that the mail has (the end
 * of the game says more than the hand or the turn that ended it).
 */
static const char *
subject_prefix(int why)
{
	static const struct {
		int		 why;
		const char	*prefix;
	} first[] = {
		{ MAIL_WHY_OVER, "Game over: " },
		{ MAIL_WHY_INVITE, "You are invited: " },
		{ MAIL_WHY_REMINDER, "Reminder, your turn: " },
		{ MAIL_WHY_TURN, "Your turn: " },
		{ MAIL_WHY_HAND, "Hand over: " }
	};
	size_t	 i;

	for (i = 0; i < sizeof(first) / sizeof(first[0]); i++)
		if (why & first[i].why)
			return first[i].prefix;
	return "";
}

int
mail_compose_game(struct db *db, struct arena *a, const struct mail_conf *mc,
    const struct mail_game_row *row, int64_t now, struct mail_msg *out)
{
	const struct game_rules	*rules;
	struct store_game	 g;
	struct game_status	 gs;
	struct page_game_names	 nm;
	struct record_move	*moves = NULL;
	struct buf		 b, w, subj, hdr;
	struct words		 ws;
	union mbuf		*st, *scratch, *view;
	card_t			*took;
	const void		*pos;
	const char		*link, *game_url, *hidden;
	char			 example[GAME_MOVE_TEXT_MAX] = "";
	char			 tok[TOKEN_TEXT_MAX], reply[512];
	int			 nmoves = 0, i, from, last, shown;
	int			 waits = 0;
	struct token		 t;
	struct mail_html_alt	 alt[MAIL_ALT_MAX];
	struct words		 wf;
	int			 nalt = 0;

	memset(out, 0, sizeof(*out));
	if (store_game_load(db, a, row->game, &g) != DB_OK)
		return 1;
	rules = g.rules;
	/* Before every seat is taken and accepted, nobody moves. */
	for (i = 0; i < g.nseats; i++)
		waits |= g.user[i] == 0;
	if (row->seat < 0 || row->seat >= g.nseats ||
	    g.user[row->seat] != row->user)
		return 1;
	st = arena_alloc(a, sizeof(*st));
	scratch = arena_alloc(a, sizeof(*scratch));
	view = arena_alloc(a, sizeof(*view));
	if (st == NULL || scratch == NULL || view == NULL)
		return -1;
	if ((pos = state_at(db, a, &g, row->ply, st, scratch, &moves,
	    &nmoves)) == NULL)
		return -1;
	if (nmoves > row->ply)
		nmoves = row->ply;
	rules->status(pos, &gs);
	/* How the table ended it (a resignation, an abort), once it has. */
	if (row->ply >= g.ply)
		outcome_status(&g.outcome, &gs);
	rules->view(pos, row->seat, view->b);
	names_of(db, &g, row->seat, &nm);
	game_url = arena_printf(a, "%s/g/%lld", mc->base_url,
	    (long long)g.id);
	if (game_url == NULL)
		return -1;

	buf_init(&subj, a);
	buf_printf(&subj, "%s%s #%lld", subject_prefix(row->why), rules->name,
	    (long long)g.id);
	buf_putc(&subj, '\0');

	buf_init(&b, a);
	buf_printf(&b, "%s, game %lld, seat %d (%s).\n", rules->name,
	    (long long)g.id, row->seat + 1, nm.name[row->seat]);
	if (row->note != NULL && row->note[0] != '\0')
		buf_printf(&b, "\n%s\n", row->note);
	buf_puts(&b, "\n");
	if (gs.over && row->ply >= g.ply &&
	    g.outcome.end == OUTCOME_ABORT)
		buf_puts(&b, "The game was aborted: it has no result.\n");
	else if (gs.over) {
		/* Who won, in the reader's words. */
		buf_puts(&b, "The game is over. ");
		mail_turn_winners(&b, &nm, gs.winners);
		buf_puts(&b, "\n");
	}
	else if (waits && !gs.over) {
		gs.to_act = 0;		/* no turn, no links, no Reply-To */
		buf_puts(&b, "The game has not started: it waits for a player "
		    "or an answer to an invitation.\n");
	}
	else if (gs.to_act & (UINT32_C(1) << row->seat)) {
		buf_puts(&b, "It is your turn");
		if (game_seat_count(gs.to_act) > 1) {
			buf_puts(&b, " (");
			put_seats(&b, &nm, gs.to_act & ~(UINT32_C(1) <<
			    row->seat));
			buf_puts(&b, " must move too)");
		}
		buf_puts(&b, ".\n");
		/* The clock, in the reader's zone, while it is current. */
		if (row->ply == g.ply && mail_turn_due(db, g.id, row->seat,
		    now, &b) != DB_OK)
			return -1;
	} else {
		buf_puts(&b, "Waiting for ");
		put_seats(&b, &nm, gs.to_act);
		buf_puts(&b, ".\n");
	}

	/* What changed since this seat last moved (at most the last few). */
	for (last = nmoves - 1; last >= 0 && moves[last].seat != row->seat;
	    last--)
		;
	from = last + 1;
	if (from < nmoves) {
		if ((took = arena_alloc(a, (size_t)nmoves * sizeof(*took))) ==
		    NULL)
			return -1;
		page_game_took(rules, moves, nmoves, pos, took);
		buf_puts(&b, last >= 0 ? "\nSince your last move:\n" :
		    "\nMoves so far:\n");
		shown = from;
		if (nmoves - from > MAIL_MOVES_SHOWN) {
			shown = nmoves - MAIL_MOVES_SHOWN;
			buf_printf(&b, "  (%d earlier moves not shown)\n",
			    shown - from);
		}
		ws = words_text(&b);
		for (i = shown; i < nmoves; i++) {
			buf_puts(&b, "  ");
			/* The HTML part says it with the cards' faces. */
			if (nalt < MAIL_ALT_MAX) {
				buf_init(&w, a);
				wf = words_faces(&w);
				page_game_words(&wf, rules, &nm, moves[i].seat,
				    moves[i].text, NULL, took[i]);
				buf_putc(&w, '\0');
				if (!w.failed)
					alt[nalt++] = (struct mail_html_alt){
					    line_of(&b), w.data };
			}
			page_game_words(&ws, rules, &nm, moves[i].seat,
			    moves[i].text, NULL, took[i]);
			buf_puts(&b, "\n");
		}
	}
	/* The table's chat since the last mail, gathered here. */
	if (put_chat(db, a, g.id, row->user, &b) != 0)
		return -1;
	if (row->why & (MAIL_WHY_HAND | MAIL_WHY_OVER)) {
		buf_puts(&b, "\n");
		if (hands_at(db, g.id, row->ply, &b) != 0)
			return -1;
	}
	buf_puts(&b, gs.over ? "\nFinal scores:" : "\nScores:");
	for (i = 0; i < g.nseats; i++)
		buf_printf(&b, "%s %s %d", i > 0 ? "," : "",
		    i == row->seat ? "you" : nm.name[i], (int)gs.scores[i]);
	buf_puts(&b, "\n");

	/* The seat's own hidden cards, from its own view only. */
	if (mail_compose_hidden(a, rules, pos, row->seat, &hidden) != 0)
		return -1;
	if (hidden[0] != '\0' && !gs.over) {
		buf_puts(&b, "\n");
		if (nalt < MAIL_ALT_MAX && (alt[nalt].html = faces_of(a,
		    rules->cards, "Your cards: ", hidden)) != NULL)
			alt[nalt++].line = line_of(&b);
		buf_printf(&b, "Your cards: %s\n", hidden);
	}

	if (!gs.over && (gs.to_act & (UINT32_C(1) << row->seat))) {
		buf_init(&w, a);
		legal_verbs(a, rules, view->b, row->seat, &w, example);
		buf_putc(&w, '\0');
		if (!w.failed && w.data[0] != '\0')
			buf_printf(&b, "Your moves now: %s\n", w.data);
		/* Each move as a signed one-tap link (mail_links.h). */
		if (row->ply == g.ply && mail_links_put(a, mc, rules, view->b,
		    row->user, g.id, row->seat, row->ply, now, &b) != 0)
			return -1;
	}
	buf_printf(&b, "\nPlay on the site: %s\n", game_url);

	/* Reply-To: a move by reply, for this game, seat and ply. */
	buf_init(&hdr, a);
	if (!gs.over && (gs.to_act & (UINT32_C(1) << row->seat)) &&
	    mc->reply_to != NULL) {
		t = (struct token){ TOKEN_REPLY, row->user, g.id, row->seat,
		    row->ply, now + MAIL_REPLY_DAYS * 86400 };
		if (token_sign(&t, mc->key, tok) == 0 &&
		    token_address(mc->reply_to, tok, reply, sizeof(reply)) ==
		    0) {
			buf_printf(&hdr, "Reply-To: %s", reply);
			buf_puts(&b, "Or reply to this mail with your move as "
			    "the first line of your answer");
			if (example[0] != '\0')
				buf_printf(&b, " (for example \"%s\")",
				    example);
			buf_puts(&b, "; the rules page explains the "
			    "notation.\n");
		}
	}
	if (mail_compose_unsub(a, mc, row->user, "", &link) == NULL)
		return -1;
	buf_printf(&b, "\n-- \nYou get this mail because you play at %s.\n"
	    "Mail settings: %s/account\nStop all mail: %s\n",
	    mc->base_url, mc->base_url, link);
	buf_putc(&b, '\0');
	buf_putc(&hdr, '\0');
	if (b.failed || subj.failed || hdr.failed)
		return -1;
	out->subject = subj.data;
	out->text = b.data;
	out->headers = mail_compose_unsub(a, mc, row->user, hdr.data, NULL);
	out->html = mail_html_of_text_alt(a, subj.data, b.data, game_url, alt,
	    nalt);
	return out->headers != NULL && out->html != NULL ? 0 : -1;
}
