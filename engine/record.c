/*
 * record.c: replay a game record exactly as the server plays a game:
 * set up, deal the given decks, then parse, check and apply each move.
 * Pure: the caller supplies both state buffers.
 */
#include "record.h"

#include <stdio.h>
#include <string.h>

/* Index of the first card of deck i in rec->decks. */
static int
deck_offset(const struct record *rec, int i)
{
	int	 j, off = 0;

	for (j = 0; j < i; j++)
		off += rec->decklen[j];
	return off;
}

int
record_feed_decks(const struct record *rec, void *state, void *scratch,
    char why[GAME_WHY_MAX])
{
	const struct game_rules	*rules = rec->rules;
	struct game_status	 st;
	char			 gwhy[GAME_WHY_MAX];
	int			 i, last = 0;

	for (;;) {
		rules->status(state, &st);
		if (!st.needs_deck || st.over)
			return 0;
		i = st.hand - 1;
		if (i < 0 || i >= rec->ndecks)
			return 0;	/* the game waits: not an error */
		if (i < last) {
			snprintf(why, GAME_WHY_MAX, "\"decks\": hand %d: the "
			    "game asked for the same deck twice", st.hand);
			return 2;
		}
		gwhy[0] = '\0';
		if (rules->deal(state, scratch, rec->decks +
		    deck_offset(rec, i), rec->decklen[i], gwhy) != GAME_OK) {
			snprintf(why, GAME_WHY_MAX,
			    "\"decks\": hand %d: %.200s", st.hand, gwhy);
			return 2;
		}
		memcpy(state, scratch, rules->state_size);
		last = i + 1;
	}
}

/* Set res up for a move that could not be applied. */
static int
refuse(struct record_result *res, int k, enum game_rc rc, const char *why)
{
	res->failed_move = k;
	res->rc = rc;
	snprintf(res->why, sizeof(res->why), "%s", why);
	return 1;
}

/* Why seat may not move now, for a refusal. */
static void
not_to_act(const struct record *rec, const struct game_status *st, int seat,
    char why[GAME_WHY_MAX])
{
	int	 s, n = 0, len;

	if (st->over) {
		snprintf(why, GAME_WHY_MAX, "The game is over.");
		return;
	}
	if (st->needs_deck) {
		snprintf(why, GAME_WHY_MAX, "The game waits for the deck of "
		    "hand %d, which the record does not give.", st->hand);
		return;
	}
	if (seat < 0 || seat >= rec->nseats) {
		snprintf(why, GAME_WHY_MAX, "There is no seat %d.", seat);
		return;
	}
	len = snprintf(why, GAME_WHY_MAX, "It is not seat %d's turn "
	    "(to act:", seat);
	for (s = 0; s < rec->nseats && len > 0 && len < GAME_WHY_MAX; s++)
		if (st->to_act & (1u << s)) {
			len += snprintf(why + len, (size_t)(GAME_WHY_MAX -
			    len), "%s%d", n++ ? ", " : " ", s);
		}
	if (len > 0 && len < GAME_WHY_MAX)
		snprintf(why + len, (size_t)(GAME_WHY_MAX - len), "%s).",
		    n ? "" : " nobody");
}

int
record_replay(const struct record *rec, int upto, void *state,
    void *scratch, record_event_fn on_event, void *ctx,
    struct record_result *res)
{
	const struct game_rules	*rules = rec->rules;
	struct game_setup	 su;
	struct game_status	 st;
	struct game_move	 mv;
	struct game_events	 ev;
	const struct record_move *m;
	char			 why[GAME_WHY_MAX];
	void			*cur = state, *next = scratch, *tmp;
	enum game_rc		 rc;
	int			 i, j, ret = 0;

	memset(res, 0, sizeof(*res));
	res->rc = GAME_OK;
	if (!rec->has_seed && rec->ndecks == 0) {
		snprintf(res->why, sizeof(res->why), "\"seed\": the record "
		    "has neither a seed nor decks, so it cannot be replayed");
		return 2;
	}
	memset(&su, 0, sizeof(su));
	su.nseats = rec->nseats;
	su.options = rec->options;
	su.seed = rec->has_seed ? rec->seed : NULL;
	/* Decks and no dealer: dealer 0 (RULES.md 0.3). */
	su.dealer = rec->dealer >= 0 || rec->has_seed ? rec->dealer : 0;
	why[0] = '\0';
	/* setup() writes every byte it keeps: zero first for stable padding. */
	memset(state, 0, rules->state_size);
	if ((rc = rules->setup(state, &su, why)) != GAME_OK) {
		res->rc = rc;
		snprintf(res->why, sizeof(res->why), "\"%s\": %.200s",
		    rc == GAME_BAD_OPTIONS ? "options" : "game", why);
		return 2;
	}
	memset(scratch, 0, rules->state_size);
	if (!rec->has_seed &&
	    record_feed_decks(rec, state, scratch, res->why) != 0) {
		res->rc = GAME_REFUSED;
		return 2;
	}

	for (i = 0; i < rec->nmoves && (upto < 0 || i < upto); i++) {
		m = &rec->moves[i];
		why[0] = '\0';
		if ((rc = rules->parse(m->text, &mv, why)) != GAME_OK) {
			ret = refuse(res, i + 1, rc, why);
			break;
		}
		rules->status(cur, &st);
		if (m->seat >= rec->nseats ||
		    !game_may_act(rules, cur, &st, m->seat)) {
			not_to_act(rec, &st, m->seat, why);
			ret = refuse(res, i + 1, GAME_REFUSED, why);
			break;
		}
		if ((rc = rules->apply(cur, next, m->seat, &mv, &ev, why)) !=
		    GAME_OK) {
			ret = refuse(res, i + 1, rc, why);
			break;
		}
		tmp = cur;
		cur = next;
		next = tmp;
		res->ply = i + 1;
		for (j = 0; j < ev.n && j < GAME_EVENTS_MAX; j++)
			if (on_event != NULL)
				on_event(ctx, i + 1, &ev.ev[j]);
		if (!rec->has_seed &&
		    record_feed_decks(rec, cur, next, res->why) != 0) {
			res->rc = GAME_REFUSED;
			res->failed_move = 0;
			ret = 2;
			break;
		}
	}
	if (cur != state)
		memcpy(state, cur, rules->state_size);
	return ret;
}
