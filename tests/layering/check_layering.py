#!/usr/bin/env python3
"""Checks the engine's layering against its declared module graph.

engine/modules.cmake declares each module's dependencies (peng_module lines) and
the modules app/ may use (PENG_APP_MODULES). This fails, naming file and include,
when a source includes a module its module does not depend on, when a header
includes one its module uses only PRIVATE, when app/ includes a module outside
its list, when the graph has a cycle or an undeclared folder, and, given the
build's compile_commands.json, when an engine source is compiled without
-ffp-contract=off (C++) or -fmad=false (CUDA).
Usage: check_layering.py ROOT [--compile-commands FILE] [--self-test] [--print-graph]
"""
import argparse
import json
import os
import re
import shlex
import sys

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".cu", ".cuh", ".inc")
HEADER_SUFFIXES = (".h", ".hpp", ".cuh", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([A-Za-z0-9_]+)/')


def strip_cmake_comments(text):
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def read_graph(modules_file):
    """{module: (public deps, private deps)} in declaration order, and the app's modules."""
    text = strip_cmake_comments(open(modules_file, encoding="utf-8").read())
    graph = {}
    for call in re.finditer(r"\bpeng_module\s*\(([^)]*)\)", text):
        words = call.group(1).split()
        name, scope = words[0], None
        public, private = [], []
        for word in words[1:]:
            if word in ("PUBLIC", "PRIVATE"):
                scope = public if word == "PUBLIC" else private
            elif scope is None:
                raise SystemExit(f"{modules_file}: peng_module({name}): '{word}' before PUBLIC/PRIVATE")
            else:
                scope.append(word)
        graph[name] = (set(public), set(private))
    app = re.search(r"\bset\s*\(\s*PENG_APP_MODULES\b([^)]*)\)", text)
    return graph, set(app.group(1).split()) if app else set()


def graph_errors(graph, modules_file):
    errors = []
    for name, (public, private) in graph.items():
        for dep in sorted(public | private):
            if dep not in graph:
                errors.append(f"{modules_file}: {name} depends on undeclared module {dep}")
    # Depth-first search; a back edge closes a cycle.
    state, stack = {}, []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for dep in sorted(graph[name][0] | graph[name][1]):
            if dep not in graph:
                continue
            if state.get(dep) == "open":
                cycle = stack[stack.index(dep):] + [dep]
                errors.append(f"{modules_file}: dependency cycle {' -> '.join(cycle)}")
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[name] = "done"

    for name in graph:
        if name not in state:
            visit(name)
    return errors


def sources(folder):
    for directory, _, files in os.walk(folder):
        for file in sorted(files):
            if file.endswith(SOURCE_SUFFIXES):
                yield os.path.join(directory, file)


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1), line.strip()


def engine_errors(root, graph):
    engine = os.path.join(root, "engine")
    folders = sorted(d for d in os.listdir(engine) if os.path.isdir(os.path.join(engine, d)))
    errors = [f"engine/{d}/: module folder without a peng_module line in engine/modules.cmake"
              for d in folders if d not in graph and any(sources(os.path.join(engine, d)))]
    modules = set(graph) | set(folders)
    for name in folders:
        if name not in graph:
            continue
        public, private = graph[name]
        for path in sources(os.path.join(engine, name)):
            shown = os.path.relpath(path, root)
            for number, used, line in includes(path):
                if used == name or used not in modules:
                    continue
                if used not in public | private:
                    errors.append(f"{shown}:{number}: {line}: module {name} does not depend on {used}")
                elif path.endswith(HEADER_SUFFIXES) and used not in public:
                    errors.append(f"{shown}:{number}: {line}: a header of {name} exposes {used}, "
                                  f"which {name} declares PRIVATE")
    return errors


def app_errors(root, graph, app_modules):
    app = os.path.join(root, "app")
    if not os.path.isdir(app):
        return []
    errors = []
    for path in sources(app):
        for number, used, line in includes(path):
            if used in graph and used not in app_modules:
                errors.append(f"{os.path.relpath(path, root)}:{number}: {line}: "
                              f"app/ may include only PENG_APP_MODULES ({' '.join(sorted(app_modules))})")
    return errors


def last_value(arguments, prefix):
    values = [a[len(prefix):] for a in arguments if a.startswith(prefix)]
    return values[-1] if values else None


def compile_errors(root, commands_file):
    engine = os.path.realpath(os.path.join(root, "engine")) + os.sep
    errors, seen = [], 0
    for entry in json.load(open(commands_file, encoding="utf-8")):
        path = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if not path.startswith(engine):
            continue
        seen += 1
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        shown = os.path.relpath(path, root)
        if path.endswith((".cpp", ".cc")) and last_value(arguments, "-ffp-contract=") != "off":
            errors.append(f"{shown}: compiled without -ffp-contract=off ({commands_file})")
        if path.endswith(".cu") and last_value(arguments, "-fmad=") != "false":
            errors.append(f"{shown}: compiled without -fmad=false ({commands_file})")
    if seen == 0:
        errors.append(f"{commands_file}: no engine source in it")
    return errors


def include_graph(root):
    """The module -> modules graph the engine's #include lines actually form."""
    engine = os.path.join(root, "engine")
    folders = sorted(d for d in os.listdir(engine) if os.path.isdir(os.path.join(engine, d)))
    graph = {}
    for name in folders:
        used = {m for path in sources(os.path.join(engine, name)) for _, m, _ in includes(path)}
        graph[name] = sorted(used & set(folders) - {name})
    return graph


def check(root, commands_file=None):
    modules_file = os.path.join(root, "engine", "modules.cmake")
    graph, app_modules = read_graph(modules_file)
    errors = graph_errors(graph, os.path.relpath(modules_file, root))
    errors += engine_errors(root, graph)
    errors += app_errors(root, graph, app_modules)
    if commands_file:
        errors += compile_errors(root, commands_file)
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", help="the source tree (holds engine/ and app/)")
    parser.add_argument("--compile-commands", help="the build's compile_commands.json")
    parser.add_argument("--print-graph", action="store_true",
                        help="list the module -> module includes found, then check")
    parser.add_argument("--self-test", action="store_true",
                        help="first prove on planted violations that the check fails")
    args = parser.parse_args()
    if args.print_graph:
        for name, used in include_graph(args.root).items():
            print(f"{name} -> {' '.join(used)}")
    if args.self_test:
        import layering_self_test
        layering_self_test.run(check)
    errors = check(args.root, args.compile_commands)
    for error in errors:
        print(error)
    if errors:
        print(f"layering: {len(errors)} violation(s)")
        return 1
    print("layering: engine and app includes follow engine/modules.cmake")
    return 0


if __name__ == "__main__":
    sys.exit(main())
