/*
 * twelve_step_rules.c: 12-Step Rummy's entry in the engine contract
 * (engine/game.h), kept apart from the files that implement it so that
 * none of them depends on all the others.
 */
#include "twelve_step.h"

const struct game_rules tsr_rules = {
	.slug = "twelve-step-rummy",
	.name = "12-Step Rummy",
	.cards = CARD_STD,
	.seats_min = TSR_SEATS_MIN,
	.seats_max = TSR_SEATS_MAX,
	.options = tsr_options,
	.layout = TSR_LAYOUT,
	.state_size = sizeof(struct tsr_state),
	.view_size = sizeof(struct tsr_state),
	.setup = tsr_setup,
	.deal = tsr_deal,
	.legal = tsr_legal,
	.apply = tsr_apply,
	.status = tsr_status,
	.timeout_move = tsr_timeout_move,
	.view = tsr_view,
	.parse = tsr_parse,
	.format = tsr_format,
	.audit = tsr_audit,
	.audit_view = tsr_audit_view,
	.may_act = tsr_may_act,
	.view_quiet = tsr_view_quiet,
	.reveal = tsr_reveal,
	.news = tsr_news,
	.probe = tsr_probe,
	.determinize = tsr_determinize,
	.score_sign = -1
};
