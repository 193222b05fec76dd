#!/usr/bin/env python3
"""sql-statements.py [--dollar] FILE.c...: the SQL statements of C files.

The program's SQL lives in constants next to the C that runs them:

    static const char SQL_NAME[] =
        "SELECT ... "
        "WHERE id = ?1";

This prints one line per constant, "file<TAB>NAME<TAB>statement", in the
order of the files given and of the constants in each.  The statement is
the concatenation of the pieces, C escapes undone.  A piece may be a macro
whose #define is a string (or a concatenation of strings and such macros)
in any .c or .h file under fcgi/ (SELECT_INVITE, BOT_NAME_JSON, ...).
With --dollar, ?N parameters become $N (PostgreSQL's), outside quoted
text and identifiers.

Limits, on purpose (a constant the script cannot read makes it fail, with
the file and name, rather than be skipped):
- only "static const char SQL_xxx[] = ...;" is read: SQL held elsewhere
  (an sqlite3_exec of a literal, a #define used directly, a statement
  built with snprintf) is not seen;
- a macro must be defined as string pieces only; one with arguments, or
  defined differently under #if, is not understood (the last #define of a
  name wins);
- escapes: \\ \" \' \n \t \r and octal/hex are decoded; a statement
  holding a tab or a newline after decoding is refused (one a line);
- a bare "?" parameter (without its number) is refused under --dollar.
"""
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PIECE = re.compile(r'"((?:[^"\\\n]|\\.)*)"|(\w+)|/\*.*?\*/|(\S)', re.S)
DEFINE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(".*)$', re.M)
CONST = re.compile(r'static\s+const\s+char\s+(SQL_\w+)\s*\[\s*\]\s*=\s*'
                   r'(.*?);', re.S)
ESCAPE = re.compile(r'\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)', re.S)
SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'",
          "?": "?", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


class Unreadable(Exception):
    pass


def unescape(s):
    def one(m):
        e = m.group(1)
        if e[0] == "x":
            return chr(int(e[1:], 16))
        if e[0] in "01234567":
            return chr(int(e, 8))
        if e in SIMPLE:
            return SIMPLE[e]
        raise Unreadable("unknown escape \\" + e)
    return ESCAPE.sub(one, s)


def macros():
    defs = {}
    pattern = os.path.join(ROOT, "fcgi", "**", "*.[ch]")
    for f in sorted(glob.glob(pattern, recursive=True)):
        with open(f, encoding="utf-8") as fh:
            src = fh.read().replace("\\\n", " ")
        for m in DEFINE.finditer(src):
            defs[m.group(1)] = m.group(2)
    return defs


def expand(body, defs, depth=0):
    out = []
    for m in PIECE.finditer(body):
        if m.group(1) is not None:
            out.append(unescape(m.group(1)))
        elif m.group(2):
            name = m.group(2)
            if name not in defs or depth > 8:
                raise Unreadable("not a string macro: " + name)
            out.append(expand(defs[name], defs, depth + 1))
        elif m.group(3):
            raise Unreadable("unexpected " + m.group(3))
    return "".join(out)


def dollar(sql):
    """?N outside '...' and "..." becomes $N."""
    out = []
    i = 0
    while i < len(sql):
        c = sql[i]
        if c in "'\"":
            j = sql.find(c, i + 1)
            while j != -1 and sql[j + 1:j + 2] == c:	# '' inside
                j = sql.find(c, j + 2)
            if j == -1:
                raise Unreadable("unterminated quote")
            out.append(sql[i:j + 1])
            i = j + 1
        elif c == "?":
            m = re.match(r"\?(\d+)", sql[i:])
            if not m:
                raise Unreadable("a parameter without its number")
            out.append("$" + m.group(1))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main(argv):
    use_dollar = False
    if argv and argv[0] == "--dollar":
        use_dollar = True
        argv = argv[1:]
    defs = macros()
    bad = 0
    for f in argv:
        with open(f, encoding="utf-8") as fh:
            src = fh.read()
        # Comments may hold examples of the pattern.
        src = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ",
                     m.group(0)), src, flags=re.S)
        for m in CONST.finditer(src):
            name = m.group(1)
            try:
                sql = expand(m.group(2), defs)
                if "\n" in sql or "\t" in sql:
                    raise Unreadable("a tab or a newline in the text")
                if use_dollar:
                    sql = dollar(sql)
            except Unreadable as e:
                print("sql-statements: %s: %s: %s" % (f, name, e),
                      file=sys.stderr)
                bad = 1
                continue
            print("%s\t%s\t%s" % (f, name, sql))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
