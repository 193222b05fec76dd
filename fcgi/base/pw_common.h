/*
 * pw_common.h: passwords too common to accept.
 *
 * A small list in the repository (fcgi/pw_common.c: the passwords of
 * eight characters or more that lead the published lists of leaked
 * passwords, and the site's own name), compared ignoring case.  Shorter
 * passwords are already refused by their length (store_user.h).  Pure.
 */
#ifndef TOPPER_PW_COMMON_H
#define TOPPER_PW_COMMON_H

/* 1 when password is on the list (ignoring case). */
int	pw_common(const char *password);

#endif /* TOPPER_PW_COMMON_H */
