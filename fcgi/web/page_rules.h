/*
 * page_rules.h: the rule pages (prefix page_rules_).
 *
 * GET /rules lists the games that have a rule page; GET /rules/{slug}
 * shows templates/rules/<slug>.md rendered by md.h (cmark, safe mode,
 * cached per process).  An unknown or malformed slug is a 404.  The
 * routes are in route.c.
 */
#ifndef TOPPER_PAGE_RULES_H
#define TOPPER_PAGE_RULES_H

struct req;

void	page_rules_index(struct req *r);	/* GET /rules */
void	page_rules_show(struct req *r);		/* GET /rules/{slug:s} */

#endif /* TOPPER_PAGE_RULES_H */
