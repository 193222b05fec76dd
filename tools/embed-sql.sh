#!/bin/sh
# Print the migrations given as arguments as one C file: an array of
# {name, text} in the order given (make passes them sorted), named
# sql_migrations, or $EMBED_NAME (the PostgreSQL forms: sql_migrations_pg).
set -eu
name=${EMBED_NAME:-sql_migrations}
echo '/* Generated from sql/ by tools/embed-sql.sh; do not edit. */'
echo '#include <stddef.h>'
i=0
for f in "$@"; do
	echo "static const char sql_$i[] = {"
	xxd -i < "$f"
	echo ", 0x00 };"
	i=$((i + 1))
done
echo "const struct { const char *name; const char *text; } $name[] = {"
i=0
for f in "$@"; do
	echo "	{ \"$(basename "$f")\", sql_$i },"
	i=$((i + 1))
done
echo '	{ NULL, NULL }'
echo '};'
