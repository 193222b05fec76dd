/*
 * tpl_load.c: loading a template directory at startup, and the json-c
 * context for small pages (tpl.h).  Only tpl.h's public functions are
 * used here; the compiler and renderer live in tpl.c and tpl_render.c.
 */
#include "tpl.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

/* Copy name into err->name, cut to fit. */
static void
err_name(struct tpl_err *err, const char *name)
{
	size_t	 n;

	if (err == NULL)
		return;
	n = strlen(name);
	if (n >= sizeof(err->name))
		n = sizeof(err->name) - 1;
	memcpy(err->name, name, n);
	err->name[n] = '\0';
}

/* Loading a directory. */

enum { FILE_MAX = 1024 * 1024 };	/* a bigger template is a mistake */

/* Read path into a malloc'd buffer; NULL with errno on failure. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f;
	char	*p, *q;
	size_t	 cap = 4096, n = 0, got;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	if ((p = malloc(cap)) == NULL)
		goto bad;
	while ((got = fread(p + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= FILE_MAX) {
				errno = EFBIG;
				goto bad;
			}
			if ((q = realloc(p, cap * 2)) == NULL)
				goto bad;
			p = q;
			cap *= 2;
		}
	}
	if (ferror(f))
		goto bad;
	fclose(f);
	*len = n;
	return p;
bad:
	free(p);
	fclose(f);
	return NULL;
}

static enum tpl_rc
io_fail(struct tpl_err *err, const char *what)
{
	if (err != NULL) {
		err->line = 0;
		snprintf(err->msg, sizeof(err->msg), "%.180s: %s", what,
		    strerror(errno));
	}
	return TPL_ERR_IO;
}

/* Add the file name (ending ".html") of dir/sub to the set. */
static enum tpl_rc
load_file(struct tpl_set *set, const char *dir, const char *sub,
    const char *name, struct tpl_err *err)
{
	char		 path[PATH_MAX], rel[320], stem[64];
	char		*src;
	size_t		 len, n = strlen(name) - 5;
	enum tpl_rc	 rc;

	snprintf(rel, sizeof(rel), "%s%s", sub, name);
	err_name(err, rel);
	if (n >= sizeof(stem)) {
		errno = ENAMETOOLONG;
		return io_fail(err, rel);
	}
	memcpy(stem, name, n);
	stem[n] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/%s%s", dir, sub, name) >=
	    sizeof(path)) {
		errno = ENAMETOOLONG;
		return io_fail(err, rel);
	}
	if ((src = slurp(path, &len)) == NULL)
		return io_fail(err, rel);
	rc = tpl_set_add(set, stem, src, len, err);
	free(src);
	err_name(err, rel);
	return rc;
}

static int
is_html(const char *name)
{
	size_t	 n = strlen(name);

	return n > 5 && name[0] != '.' && strcmp(name + n - 5, ".html") == 0;
}

/* Every *.html of dir/sub; a missing optional directory is fine. */
static enum tpl_rc
load_dir(struct tpl_set *set, const char *dir, const char *sub,
    int optional, struct tpl_err *err)
{
	char		 path[PATH_MAX];
	DIR		*d;
	struct dirent	*de;
	enum tpl_rc	 rc = TPL_OK;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	if ((d = opendir(path)) == NULL) {
		if (optional && errno == ENOENT)
			return TPL_OK;
		err_name(err, sub[0] ? sub : ".");
		return io_fail(err, "opening the directory");
	}
	while (rc == TPL_OK && (de = readdir(d)) != NULL)
		if (is_html(de->d_name))
			rc = load_file(set, dir, sub, de->d_name, err);
	closedir(d);
	return rc;
}

enum tpl_rc
tpl_set_load(const char *dir, struct tpl_set **out, struct tpl_err *err)
{
	struct tpl_set	*set;
	enum tpl_rc	 rc;

	*out = NULL;
	if (err != NULL)
		memset(err, 0, sizeof(*err));
	if ((set = tpl_set_new()) == NULL)
		return TPL_ERR_NOMEM;
	if ((rc = load_dir(set, dir, "", 0, err)) != TPL_OK ||
	    (rc = load_dir(set, dir, "partials/", 1, err)) != TPL_OK ||
	    (rc = tpl_set_link(set, err)) != TPL_OK) {
		tpl_set_free(set);
		return rc;
	}
	*out = set;
	return TPL_OK;
}

/* The json-c adapter. */

static int	json_lookup(const void *, const char *, struct tpl_val *);

static int
json_item(const void *list, size_t i, struct tpl_ctx *out)
{
	struct json_object	*a = (struct json_object *)list;

	out->lookup = json_lookup;
	out->data = json_object_is_type(a, json_type_array) ?
	    json_object_array_get_idx(a, i) : a;
	return 0;
}

static int
json_value(struct json_object *v, struct tpl_val *out)
{
	switch (json_object_get_type(v)) {
	case json_type_boolean:
		return tpl_bool(out, json_object_get_boolean(v));
	case json_type_int:
		return tpl_int(out, (long long)json_object_get_int64(v));
	case json_type_double:		/* json-c's own text, cached in v */
		return tpl_str(out, json_object_get_string(v));
	case json_type_string:
		return tpl_strn(out, json_object_get_string(v),
		    (size_t)json_object_get_string_len(v));
	case json_type_array:
		return tpl_list(out, json_object_array_length(v), json_item, v);
	case json_type_object:
		return tpl_list(out, 1, json_item, v);
	default:
		return tpl_none(out);
	}
}

static int
json_lookup(const void *data, const char *key, struct tpl_val *out)
{
	struct json_object	*o = (struct json_object *)data, *v;

	if (strcmp(key, ".") == 0)
		return json_value(o, out);
	if (!json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return tpl_none(out);
	return json_value(v, out);
}

struct tpl_ctx
tpl_ctx_json(const struct json_object *root)
{
	struct tpl_ctx	 ctx;

	ctx.lookup = json_lookup;
	ctx.data = root;
	return ctx;
}
