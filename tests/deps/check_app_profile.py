#!/usr/bin/env python3
"""Whether tools/install-deps.sh's `app` profile (what tools/run-demo.sh installs) holds
everything configuring the project and building and running the app needs (issue 45).

It cannot uninstall packages to try, so it checks statically, on a configured build
folder where `peng` was built: every file the build read from a Debian package must
belong to a package of the profile or to one they depend on (Depends and Pre-Depends,
as apt-get --no-install-recommends installs them). The files:
- what configure found: every file path in CMakeCache.txt and the CMake package
  configs of every <Package>_DIR (the compiler, pkg-config's libraries, Qt's modules,
  QtKeychain, ...), less the finds only tests make and may miss (TEST_ONLY) and the
  optional libraries a CMake module looks for besides (OPTIONAL);
- what `ninja -t commands app/peng` runs and links: tools (moc, qmlcachegen, lrelease,
  qsb, ...) and libraries;
- every header ninja's dependency log records for the objects `peng` is linked from;
- what the app loads at run time: the packages packaging/cpack.cmake makes the .deb
  depend on (the QML modules and plugins), and the commands run-demo.sh runs.
Files no package owns (a CUDA toolkit in /usr/local, generated files) are counted
and skipped. Exit status: 0 all covered, 1 something missing, 77 cannot check here.

usage: check_app_profile.py SOURCE_DIR BUILD_DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys

# Cache entries that only the tests' optional finds set: configure does not fail
# without them (tests/CMakeLists.txt, tests/*/tests.cmake).
TEST_ONLY = re.compile(r"^(Python3_.*|_Python3_.*|PENG_NODE|PENG_REFERENCE_PYTHON)$")
# What CMake's FindOpenGL (through Qt's WrapOpenGL) also looks for and goes on without:
# EGL, GLU, GLES. Whether peng links any of them shows in its link line, checked below.
OPTIONAL = re.compile(r"^OPENGL_(egl|glu|gles2|gles3)_LIBRARY$")
SKIP_VARIABLES = re.compile(r"^CMAKE_INSTALL_.*$")
DPKG_INFO = "/var/lib/dpkg/info"
DPKG_STATUS = "/var/lib/dpkg/status"


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(77)


def run(args, cwd=None):
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True).stdout


def installed_packages():
    """name -> (depends groups, provides) of every installed package (dpkg's status)."""
    packages = {}
    with open(DPKG_STATUS, encoding="utf-8", errors="replace") as f:
        for stanza in f.read().split("\n\n"):
            fields, key = {}, None
            for line in stanza.splitlines():
                if line.startswith((" ", "\t")) and key:
                    fields[key] += " " + line.strip()
                elif ":" in line:
                    key, _, value = line.partition(":")
                    fields[key] = value.strip()
            if "install ok installed" not in fields.get("Status", ""):
                continue
            groups = []
            for field in ("Depends", "Pre-Depends"):
                for group in filter(None, (g.strip() for g in fields.get(field, "").split(","))):
                    groups.append([name_of(alt) for alt in group.split("|")])
            provides = [name_of(p) for p in fields.get("Provides", "").split(",") if p.strip()]
            packages[fields["Package"]] = (groups, provides)
    return packages


def name_of(relation):
    """'libc6:any (>= 2.34)' -> 'libc6'."""
    return re.split(r"[\s(:]", relation.strip(), maxsplit=1)[0]


def closure(roots, packages):
    """The roots and everything they depend on, as apt installs it: of alternatives
    the first one installed (a package, or a virtual one an installed package provides)."""
    providers = {}
    for name, (_, provides) in packages.items():
        for virtual in provides:
            providers.setdefault(virtual, []).append(name)
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for group in packages.get(name, ([], []))[0]:
            for alternative in group:
                chosen = [alternative] if alternative in packages else providers.get(alternative, [])
                if chosen:
                    todo.extend(chosen)
                    break
    return seen


def file_owners():
    """path -> packages that list it (dpkg's file lists)."""
    owners = {}
    for listing in glob.glob(os.path.join(DPKG_INFO, "*.list")):
        package = os.path.basename(listing)[:-len(".list")].split(":")[0]
        with open(listing, encoding="utf-8", errors="replace") as f:
            for line in f:
                owners.setdefault(line.rstrip("\n"), set()).add(package)
    return owners


def owners_of(path, owners):
    """The packages that own `path`, looked up as written, with or without the /usr of
    merged-/usr, and after resolving symlinks; an empty set when none does."""
    candidates = [os.path.normpath(path), os.path.realpath(path)]
    for p in list(candidates):
        if p.startswith("/usr/"):
            candidates.append(p[len("/usr"):])
        else:
            candidates.append("/usr" + p)
    for p in candidates:
        if p in owners:
            return owners[p]
    return set()


def cache_files(build):
    """Files configure found, from CMakeCache.txt: (variable, path)."""
    found = []
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([A-Za-z0-9_.+-]+):(FILEPATH|PATH|INTERNAL)=(/.*)$", line.rstrip("\n"))
            if not m or any(r.match(m.group(1)) for r in (TEST_ONLY, OPTIONAL, SKIP_VARIABLES)):
                continue
            variable, kind, value = m.groups()
            if kind == "INTERNAL" and variable not in ("CMAKE_COMMAND", "CMAKE_CPACK_COMMAND", "CMAKE_CTEST_COMMAND"):
                continue
            if os.path.isfile(value):
                found.append((variable, value))
            elif variable.endswith("_DIR") and os.path.isdir(value):
                # A CMake package's folder: the config file find_package read.
                for config in glob.glob(os.path.join(value, "*onfig.cmake")) + glob.glob(os.path.join(value, "*-config.cmake")):
                    found.append((variable, config))
    return found


def absolute_files(text):
    """Absolute paths of existing files named in command lines."""
    files = set()
    for token in re.split(r"[\s;\"'=]+", text):
        token = token.strip(",")
        for prefix in ("-I", "-L", "-Wl,"):
            if token.startswith(prefix):
                token = token[len(prefix):]
        if token.startswith("/") and os.path.isfile(token):
            files.add(token)
    return files


def peng_build_files(build):
    """(tools and libraries its commands name, headers its objects included)."""
    commands = run(["ninja", "-C", build, "-t", "commands", "app/peng"])
    inputs = run(["ninja", "-C", build, "-t", "inputs", "app/peng"]).split()
    objects = [i for i in inputs if i.endswith(".o")]
    headers = set()
    for start in range(0, len(objects), 200):
        deps = run(["ninja", "-C", build, "-t", "deps"] + objects[start:start + 200])
        for line in deps.splitlines():
            line = line.strip()
            if line.startswith("/"):
                headers.add(line)
    return absolute_files(commands), headers, len(objects)


def cpack_runtime_packages(source):
    """The packages the .deb depends on for what the app loads at run time."""
    with open(os.path.join(source, "packaging", "cpack.cmake"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"set\(PENG_DEB_RUNTIME_DEPENDS([^)]*)\)", re.sub(r"#[^\n]*", "", text))
    if not m:
        raise SystemExit("packaging/cpack.cmake: PENG_DEB_RUNTIME_DEPENDS not found")
    return m.group(1).split()


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    source, build = sys.argv[1], sys.argv[2]
    if not os.path.isfile(DPKG_STATUS) or not os.path.isdir(DPKG_INFO):
        skip("not a Debian system (no dpkg database)")
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        skip(f"{build} is not a configured build folder")
    if not shutil.which("ninja") or not os.path.isfile(os.path.join(build, "app", "peng")):
        skip(f"the app is not built in {build} (cmake --build {build} --target peng)")

    profile = run(["bash", os.path.join(source, "tools", "install-deps.sh"), "--list", "app"]).split()
    packages = installed_packages()
    not_installed = [p for p in profile if p not in packages]
    if not_installed:
        skip("packages of the app profile are not installed here: " + " ".join(not_installed))
    covered = closure(profile, packages)
    owners = file_owners()

    needs = []   # (what needs it, path)
    needs += [(f"configure ({variable})", path) for variable, path in cache_files(build)]
    tools, headers, object_count = peng_build_files(build)
    needs += [("building peng (command line)", path) for path in sorted(tools)]
    needs += [("building peng (header)", path) for path in sorted(headers)]
    for command in ("cmake", "ninja", "xvfb-run", "xauth"):
        path = shutil.which(command)
        if not path:
            print(f"MISSING: {command}, which tools/run-demo.sh runs, is not installed here")
            return 1
        needs.append((f"tools/run-demo.sh ({command})", path))

    failures, unowned, checked, seen = [], 0, 0, set()
    for what, path in needs:
        if path in seen:
            continue
        seen.add(path)
        owned_by = owners_of(path, owners)
        if not owned_by:
            unowned += 1
            continue
        checked += 1
        if not owned_by & covered:
            failures.append(f"{what}: {path} comes from {', '.join(sorted(owned_by))}, not in the app profile")
    for package in cpack_runtime_packages(source):
        checked += 1
        if package not in covered:
            failures.append(f"run time (packaging/cpack.cmake): {package} is not in the app profile")

    print(f"app profile: {len(profile)} packages, {len(covered)} with what they depend on")
    print(f"checked {checked} files and run-time packages ({object_count} objects of peng, "
          f"{len(headers)} headers); {unowned} files no package owns were skipped")
    print("".join(f"MISSING: {failure}\n" for failure in failures)
          + (f"{len(failures)} needs are outside tools/install-deps.sh's app profile" if failures
             else "OK: configure, the peng build and its run time need nothing outside the app profile"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
