#!/usr/bin/env python3
"""Three checks of the workspace's shape (issue 9): no circular import between the modules
of a crate, no source file over 800 lines outside tests, and every test docs/rules.md cites
exists where it says.

Run from anywhere: `python3 scripts/check-structure.py`; it exits 1 and names what is wrong.

Module cycles, per crate under crates/:

A file's module path comes from its place under src/ (a/b.rs and a/b/mod.rs are a::b).
Edges: every `crate::x::y` path in a file (in `use` lines and inline, grouped `use crate::{..}`
expanded), every `super::` path, and names the crate root re-exports (`crate::Name` -> the
module `pub use`d from). Each edge goes to the deepest module the path names. Cycles are
checked at each level: between the root's children (a submodule counts as its top module),
and between siblings inside each module with children. Edges between a module and its own
ancestors are the parent/child relation, not an import cycle, and are not counted; nor are
inline `#[cfg(test)] mod` blocks, which only `cargo test` builds.

Cited tests: in docs/rules.md, a `snake_case_name` followed in its paragraph by a file in
parentheses, (`core/tests/aga.rs`) for crates/tengen-core/tests/aga.rs, must be a `fn` of that
file; one with no file after it must be a `fn` somewhere under crates/, or a fuzz target.
The names of GTP commands (`final_score`, from the engine's COMMANDS) are prose, not tests.
"""
import os
import re
import sys
from collections import defaultdict

def modpath(src, f):
    rel = os.path.relpath(f, src)[:-3].split(os.sep)
    if rel[-1] in ("mod",):
        rel = rel[:-1]
    if rel == ["lib"] or rel == ["main"]:
        return ()
    return tuple(rel)

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = "\n".join(re.sub(r"//.*", "", l) for l in text.split("\n"))
    # inline test modules are children that only `cargo test` builds: left out
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\(\w+\))?\s+)?mod\s+\w+\s*\{", text)
        if not m: return text
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0); i += 1
        text = text[:m.start()] + text[i:]

def expand(prefix, body):
    # expand a `{a, b::{c, d}, e::f as g}` group into paths
    out, depth, cur = [], 0, ""
    for ch in body:
        if ch == "{": depth += 1
        if ch == "}": depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip()); cur = ""
        else:
            cur += ch
    if cur.strip(): out.append(cur.strip())
    paths = []
    for item in out:
        item = re.sub(r"\s+as\s+\w+$", "", item)
        m = re.match(r"^([\w:]*?)::\{(.*)\}$", item, flags=re.S)
        if m:
            paths += expand(prefix + m.group(1).split("::"), m.group(2))
        elif item.startswith("{"):
            paths += expand(prefix, item[1:-1])
        else:
            paths.append(prefix + [p for p in item.split("::") if p])
    return paths

def crate_graph(src):
    files = [os.path.join(d, f) for d, _, fs in os.walk(src) for f in fs if f.endswith(".rs")]
    mods = {modpath(src, f): f for f in files}
    if () not in mods: return None
    root_text = strip_comments(open(mods[()]).read())
    reexport = {}
    for m in re.finditer(r"pub use\s+(?:self::|crate::)?([\w:]+?)(?:::\{([^;]*)\}|::(\w+))\s*;", root_text, flags=re.S):
        base = m.group(1).split("::")
        names = [n.strip() for n in (m.group(2) or m.group(3)).split(",") if n.strip()]
        for n in names:
            n = re.sub(r".*\s+as\s+", "", n).split("::")[-1]
            reexport[n] = tuple(base)
    edges = defaultdict(set)
    for mp, f in mods.items():
        if mp == (): continue
        text = strip_comments(open(f).read())
        paths = []
        for m in re.finditer(r"\buse\s+(crate|super(?:::super)*)::\{(.*?)\};", text, flags=re.S):
            paths += [[m.group(1)] + p for p in expand([], m.group(2))]
        for m in re.finditer(r"\b(crate|super(?:::super)*)((?:::\w+)+)", text):
            paths.append([m.group(1)] + m.group(2).split("::")[1:])
        # a mod.rs or a/b.rs with children: `super` from file a/b.rs is a
        for p in paths:
            head = p[0]
            if head == "crate":
                base, rest = (), p[1:]
            else:
                n = head.count("super")
                base, rest = mp[:len(mp) - n], p[1:]
            full = list(base) + rest
            # deepest existing module
            target = None
            for k in range(len(full), -1, -1):
                if tuple(full[:k]) in mods:
                    target = tuple(full[:k]); break
            if target == () and len(full) >= 1 and full[0] in reexport:
                target = reexport[full[0]]
                while target not in mods and target: target = target[:-1]
            if target is None or target == (): continue
            edges[mp].add(target)
    return mods, edges

def sccs(nodes, adj):
    index, low, stack, on, out, i = {}, {}, [], set(), [], [0]
    def strong(v):
        index[v] = low[v] = i[0]; i[0] += 1; stack.append(v); on.add(v)
        for w in adj.get(v, ()):
            if w not in index: strong(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            out.append(comp)
    for v in nodes:
        if v not in index: strong(v)
    return [c for c in out if len(c) > 1]

MAX_LINES = 800


def long_files(root):
    """Source files over MAX_LINES lines, tests (tests/, benches/, *tests.rs) left out."""
    out = []
    for crate in sorted(os.listdir(os.path.join(root, "crates"))):
        for d, _, fs in os.walk(os.path.join(root, "crates", crate)):
            rel = os.path.relpath(d, os.path.join(root, "crates", crate)).split(os.sep)
            if rel[0] != "src":
                continue
            for f in fs:
                if f.endswith(".rs") and not f.endswith("tests.rs"):
                    path = os.path.join(d, f)
                    n = sum(1 for _ in open(path, encoding="utf-8"))
                    if n > MAX_LINES:
                        out.append((os.path.relpath(path, root), n))
    return out


CITED_NAME = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
CITED_FILE = re.compile(r"^(core|sgf|engine|gtp|server)/[\w/.-]+\.rs$")


def fns_of(path):
    with open(path, encoding="utf-8") as f:
        return set(re.findall(r"\bfn\s+(\w+)", f.read()))


def missing_cited_tests(root):
    """(name, where it should be) for each test docs/rules.md cites that is not there."""
    doc = os.path.join(root, "docs", "rules.md")
    if not os.path.exists(doc):
        return []
    anywhere = set()
    for d, _, fs in os.walk(os.path.join(root, "crates")):
        for f in fs:
            if f.endswith(".rs"):
                anywhere |= fns_of(os.path.join(d, f))
    targets = os.path.join(root, "fuzz", "fuzz_targets")
    if os.path.isdir(targets):
        anywhere |= {f[:-3] for f in os.listdir(targets) if f.endswith(".rs")}
    with open(os.path.join(root, "crates", "tengen-gtp", "src", "engine.rs"), encoding="utf-8") as f:
        commands = re.search(r"const COMMANDS: &\[&str\] = &\[(.*?)\];", f.read(), re.S)
    gtp_commands = set(re.findall(r'"([\w-]+)"', commands.group(1))) if commands else set()
    missing = []
    with open(doc, encoding="utf-8") as f:
        paragraphs = re.split(r"\n\s*\n", f.read())
    for paragraph in paragraphs:
        pending = []
        for token in re.findall(r"`([^`]+)`", paragraph):
            if CITED_NAME.match(token) and token not in gtp_commands:
                pending.append(token)
            elif CITED_FILE.match(token):
                crate, rest = token.split("/", 1)
                path = os.path.join(root, "crates", "tengen-" + crate, rest)
                fns = fns_of(path) if os.path.exists(path) else set()
                missing += [(name, token) for name in pending if name not in fns]
                pending = []
        missing += [(name, "the tree") for name in pending if name not in anywhere]
    return missing


def main(root):
    found = 0
    for crate in sorted(os.listdir(os.path.join(root, "crates"))):
        src = os.path.join(root, "crates", crate, "src")
        g = crate_graph(src) if os.path.isdir(src) else None
        if not g: continue
        mods, edges = g
        parents = {m[:-1] for m in mods if len(m) >= 1}
        for parent in sorted(parents):
            # children of `parent`, each edge from inside one child to inside another
            kids = {m[:len(parent) + 1] for m in mods if len(m) > len(parent) and m[:len(parent)] == parent}
            adj = defaultdict(set)
            why = defaultdict(list)
            for a, ts in edges.items():
                if len(a) <= len(parent) or a[:len(parent)] != parent: continue
                for t in ts:
                    if len(t) <= len(parent) or t[:len(parent)] != parent: continue
                    ka, kt = a[:len(parent) + 1], t[:len(parent) + 1]
                    if ka != kt:
                        adj[ka].add(kt); why[(ka, kt)].append("::".join(a) + " -> " + "::".join(t))
            for comp in sccs(sorted(kids), adj):
                found += 1
                names = sorted("::".join(c) for c in comp)
                print(f"{crate}: cycle among {names}")
                cs = set(comp)
                for (ka, kt), ws in sorted(why.items()):
                    if ka in cs and kt in cs:
                        print("   ", "::".join(ka), "->", "::".join(kt), "via", sorted(set(ws))[:4])
        print(f"{crate}: {len(mods)} modules, {sum(len(v) for v in edges.values())} module edges")
    print("module cycles:", found)
    long = long_files(root)
    for path, n in long:
        print(f"{path}: {n} lines, over {MAX_LINES}")
    print(f"source files over {MAX_LINES} lines outside tests:", len(long))
    missing = missing_cited_tests(root)
    for name, where in missing:
        print(f"docs/rules.md cites {name}, which is not a fn of {where}")
    print("tests docs/rules.md cites that do not exist:", len(missing))
    return 1 if found or long or missing else 0


sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")))
