#!/bin/sh
# The engine is pure (STYLE.md 3.9): no allocation, no I/O, no clock, no
# environment, no libc randomness.  List the undefined symbols of every
# engine object except the codec files (the JSON edge) and fail if one
# of them is forbidden.  A negative control first proves the check
# catches an object that calls malloc and printf.
set -u
lib=${1:?usage: check.sh LIBENGINE.a}
forbidden='^(malloc|calloc|realloc|free|reallocarray|strdup|strndup|posix_memalign|aligned_alloc|printf|fprintf|vprintf|vfprintf|puts|fputs|fputc|putchar|putc|fwrite|write|fopen|fdopen|freopen|open|openat|read|fread|fgets|getc|fgetc|fclose|close|time|clock|clock_gettime|gettimeofday|rand|random|srand|srandom|drand48|getrandom|getenv|secure_getenv|setenv|exit|abort|system|dlopen|socket|__printf_chk|__fprintf_chk|__vfprintf_chk|__fread_chk|__read_chk)$'

# check ARCHIVE: prints offending "object: symbol" lines, exits 1 if any.
check() {
	nm -A -u "$1" 2>/dev/null | awk -v re="$forbidden" '
		{ file = $1; sym = $NF; sub(/@.*/, "", sym) }
		file ~ /codec[^:]*\.o:/ { next }
		sym ~ re { print file " " sym; bad = 1 }
		END { exit bad }'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/impure.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
int impure(void) { char *p = malloc(4); printf("%p\n", (void *)p); free(p); return 0; }
C
cc -c -O0 "$tmp/impure.c" -o "$tmp/impure.o" && ar rcs "$tmp/impure.a" "$tmp/impure.o"
if check "$tmp/impure.a" > "$tmp/out"; then
	echo "purity: negative control passed the check; the check is broken"
	exit 1
fi
grep -q malloc "$tmp/out" && grep -q printf "$tmp/out" || {
	echo "purity: negative control not reported as expected:"; cat "$tmp/out"; exit 1; }
echo "purity: negative control caught: $(tr '\n' ' ' < "$tmp/out")"

[ -f "$lib" ] || { echo "purity: $lib missing"; exit 1; }
if ! check "$lib" > "$tmp/out"; then
	echo "purity: the engine calls forbidden functions:"
	cat "$tmp/out"
	exit 1
fi
echo "purity: $(ar t "$lib" | grep -vc codec) engine objects checked, none impure"
