/*
 * page_archive.h: every finished game, findable and downloadable
 * (prefix page_archive_).
 *
 *	GET /archive			finished games, newest first, filtered
 *					by ?game=SLUG and ?player=NAME, paged
 *					with ?before=ID
 *	GET /g/{id}/record.json		a finished game's record, as "topper
 *					export" prints it (store_record.h); 409
 *					while the game runs (its decks would
 *					show hidden cards)
 */
#ifndef TOPPER_PAGE_ARCHIVE_H
#define TOPPER_PAGE_ARCHIVE_H

struct req;

void	page_archive_show(struct req *r);
void	page_archive_record(struct req *r);

#endif /* TOPPER_PAGE_ARCHIVE_H */
