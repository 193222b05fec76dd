#!/usr/bin/env python3
"""check-layers.py BUILD_DIR: the layering of the sources, proved.

Three rules (README "Layout"):
1. An include never goes up: a file under fcgi/LAYER/ includes headers of
   its own folder, of a lower layer of fcgi/, or of engine/; engine/
   includes nothing of fcgi/.  Two folders of one rank (web/ and mail_in/)
   do not include each other.
2. Only the registries reach into a game: a file outside a game's folder
   (engine/games/NAME/, fcgi/games/NAME/) includes none of its headers and
   its object uses none of its symbols, except the registry files.
3. No link-level cycle: from `nm` on the objects of engine/ and fcgi/ in
   BUILD_DIR, the graph "object A uses a symbol object B defines" has no
   cycle (Tarjan's strongly connected components).

A negative control runs first: a layer violation, a game reached from a
shared file and a two-object cycle, made in a scratch directory, must each
be reported, or the check itself is broken.  Exit 0 when every rule holds.
"""
import os
import re
import subprocess
import sys
import tempfile

# From the ground up; a layer may use the ones with a smaller rank.
RANKS = {"base": 0, "tpl": 1, "db": 1, "http": 2, "games": 3, "mail": 4,
         "play": 5, "web": 6, "mail_in": 6, "cli": 7}
REGISTRIES = {"engine/registry.c", "fcgi/games/registry.c"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root):
    out = []
    for top in ("engine", "fcgi"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith((".c", ".h")):
                    out.append(os.path.relpath(os.path.join(dirpath, f), root))
    return sorted(out)


def place(path):
    """(layer, game) of a source path: layer is a rank key or 'engine'."""
    parts = path.split("/")
    game = None
    if len(parts) >= 4 and parts[1] == "games":
        game = parts[0] + "/games/" + parts[2]
    if parts[0] == "engine":
        return "engine", game
    return (parts[1] if len(parts) > 2 else "?"), game


def check_includes(root, files):
    where = {}
    for f in files:
        if f.endswith(".h"):
            where.setdefault(os.path.basename(f), []).append(f)
    bad = []
    for f in files:
        layer, game = place(f)
        with open(os.path.join(root, f), encoding="utf-8",
                  errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            # A header of the file's own folder wins, as the compiler finds it.
            own = os.path.join(os.path.dirname(f), name)
            targets = [own] if own in files else where.get(
                os.path.basename(name), [])
            for t in targets:
                tl, tg = place(t)
                if tg is not None and tg != game and f not in REGISTRIES:
                    bad.append(f"{f}: includes {t}, a game's own header")
                if layer == "engine":
                    if tl != "engine":
                        bad.append(f"{f}: the engine includes {t}")
                    continue
                if tl == "engine" or tl == layer:
                    continue
                if layer not in RANKS or tl not in RANKS:
                    bad.append(f"{f}: {t} lies in no known layer")
                elif RANKS[tl] >= RANKS[layer]:
                    bad.append(f"{f}: includes {t}, a layer above or "
                               f"beside {layer}/")
    return bad


def objects(root, build):
    """The objects of the sources there are now (a moved file leaves one behind)."""
    out = []
    for top in ("engine", "fcgi"):
        for dirpath, _, files in os.walk(os.path.join(build, top)):
            for f in files:
                o = os.path.join(dirpath, f)
                src = os.path.join(root, os.path.relpath(o, build))[:-2] + ".c"
                if f.endswith(".o") and os.path.exists(src):
                    out.append(o)
    return sorted(out)


def symbols(objs):
    defs, uses = {}, {}
    for o in objs:
        text = subprocess.run(["nm", o], capture_output=True, text=True,
                              check=True).stdout
        uses[o] = set()
        for line in text.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDBRCGS":
                defs[p[2]] = o
            elif len(p) == 2 and p[0] == "U":
                uses[o].add(p[1])
    graph = {o: sorted({defs[s] for s in uses[o] if s in defs and defs[s] != o})
             for o in objs}
    return graph


def cycles(graph):
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        # Iterative Tarjan: the graph of a large tree would overflow recursion.
        work = [(v, iter(graph[v]))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def game_uses(build, graph):
    """Objects outside a game's folder that use a symbol defined inside it."""
    bad = []
    for o, deps in graph.items():
        rel = os.path.relpath(o, build)
        _, game = place(rel)
        if rel[:-2] + ".c" in REGISTRIES:
            continue
        for d in deps:
            _, dg = place(os.path.relpath(d, build))
            if dg is not None and dg != game:
                bad.append(f"{rel}: uses {os.path.relpath(d, build)}, "
                           f"inside a game's folder")
    return bad


def run(root, build):
    files = sources(root)
    bad = check_includes(root, files)
    graph = symbols(objects(root, build))
    bad += game_uses(build, graph)
    for comp in cycles(graph):
        bad.append("link cycle: " + " ".join(os.path.relpath(c, build)
                                             for c in comp))
    return bad, len(files), len(graph)


def control():
    """The three kinds of fault, made on purpose; each must be reported."""
    with tempfile.TemporaryDirectory() as tmp:
        src = {
            "fcgi/base/low.h": "int low(void);\n",
            "fcgi/base/low.c": '#include "low.h"\n#include "high.h"\n'
                               "int low(void) { return high(); }\n",
            "fcgi/web/high.h": "int high(void);\n",
            "fcgi/web/high.c": '#include "high.h"\n#include "low.h"\n'
                               '#include "rules.h"\n'
                               "int high(void) { return low() + rules(); }\n",
            "engine/games/toy/rules.h": "int rules(void);\n",
            "engine/games/toy/rules.c": "int rules(void) { return 1; }\n",
        }
        for rel, text in src.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w") as fh:
                fh.write(text)
        for rel in src:
            if rel.endswith(".c"):
                obj = os.path.join(tmp, "build", rel[:-2] + ".o")
                os.makedirs(os.path.dirname(obj), exist_ok=True)
                subprocess.run(["cc", "-c", "-I" + os.path.join(tmp, "fcgi/base"),
                                "-I" + os.path.join(tmp, "fcgi/web"),
                                "-I" + os.path.join(tmp, "engine/games/toy"),
                                os.path.join(tmp, rel), "-o", obj], check=True)
        bad, _, _ = run(tmp, os.path.join(tmp, "build"))
    want = ["a layer above", "a game's own header", "inside a game's folder",
            "link cycle"]
    missing = [w for w in want if not any(w in b for b in bad)]
    return missing, bad


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check-layers.py BUILD_DIR")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    missing, caught = control()
    if missing:
        print("check-layers: the negative control was not caught "
              f"({', '.join(missing)}); the check is broken")
        sys.exit(1)
    print(f"check-layers: negative control caught {len(caught)} faults")
    bad, nfiles, nobjs = run(root, os.path.join(root, sys.argv[1]))
    for b in bad:
        print("check-layers: " + b)
    print(f"check-layers: {nfiles} sources, {nobjs} objects, "
          f"{len(bad)} faults")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
