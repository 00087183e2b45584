"""Proves check_layering.py can fail: a clean fixture tree passes, and each planted
violation in a second tree is reported, naming its file and include."""
import json
import os
import tempfile

CLEAN = {
    "engine/modules.cmake": "peng_module(low)\npeng_module(high PUBLIC low)\n"
                            "# peng_module(later PUBLIC high)\nset(PENG_APP_MODULES high)\n",
    "engine/low/low.h": "#pragma once\n",
    "engine/low/low.cpp": '#include "low/low.h"\n',
    "engine/high/high.h": '#pragma once\n#include "low/low.h"\n',
    "app/main.cpp": '#include "high/high.h"\n#include "app_local.h"\n',
}

# Each planted violation, and the text its report must contain.
VIOLATIONS = {
    "engine/modules.cmake": "peng_module(low)\npeng_module(high PRIVATE low)\n"
                            "peng_module(loop_a PUBLIC loop_b)\npeng_module(loop_b PUBLIC loop_a)\n"
                            "set(PENG_APP_MODULES high)\n",
    "engine/low/low.h": '#pragma once\n#include "high/high.h"\n',
    "engine/low/low.cpp": '#include "low/low.h"\n',
    "engine/high/high.h": '#pragma once\n#include "low/low.h"\n',
    "engine/loop_a/a.h": "#pragma once\n",
    "engine/loop_b/b.h": "#pragma once\n",
    "engine/stray/stray.cpp": "int stray;\n",
    "app/main.cpp": '#include "high/high.h"\n#include "low/low.h"\n',
}
EXPECTED = [
    "engine/low/low.h:2: #include \"high/high.h\": module low does not depend on high",
    "engine/high/high.h:2: #include \"low/low.h\": a header of high exposes low",
    "dependency cycle loop_a -> loop_b -> loop_a",
    "engine/stray/: module folder without a peng_module line",
    "app/main.cpp:2: #include \"low/low.h\": app/ may include only",
    "engine/low/low.cpp: compiled without -ffp-contract=off",
    "engine/low/kernel.cu: compiled without -fmad=false",
]


def plant(root, files):
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)


def compile_commands(root, flags):
    path = os.path.join(root, "compile_commands.json")
    entries = [{"directory": root, "file": f"engine/low/{file}", "command": f"c++ {flag} -c engine/low/{file}"}
               for file, flag in flags.items()]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(entries, f)
    return path


def run(check):
    with tempfile.TemporaryDirectory() as root:
        plant(root, CLEAN)
        commands = compile_commands(root, {"low.cpp": "-ffp-contract=off", "kernel.cu": "-fmad=false"})
        errors = check(root, commands)
        if errors:
            raise SystemExit("self-test: the clean fixture was rejected:\n" + "\n".join(errors))
    with tempfile.TemporaryDirectory() as root:
        plant(root, VIOLATIONS)
        # The last -ffp-contract wins, so a later =fast undoes an earlier =off.
        commands = compile_commands(root, {"low.cpp": "-ffp-contract=off -ffp-contract=fast", "kernel.cu": "-O2"})
        errors = check(root, commands)
        missed = [e for e in EXPECTED if not any(e in error for error in errors)]
        if missed or len(errors) != len(EXPECTED):
            raise SystemExit("self-test: planted violations not reported as expected.\nmissed:\n  "
                             + "\n  ".join(missed) + "\nreported:\n  " + "\n  ".join(errors))
    print(f"layering self-test: a clean fixture passes, {len(EXPECTED)} planted violations are reported")
