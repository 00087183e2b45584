#!/usr/bin/env python3
"""copy-qml-modules.py against a made-up Qt qml folder: QtQuick's folder holds its own
files, a non-module folder (images) and a nested module (Controls) that the scan does
not name; the copy must take the first two and leave the nested module out, add the
Dialogs' run-time module, skip Peng (compiled in) and refuse any other unresolved import."""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "packaging" / "windows" / "copy-qml-modules.py"


def run(qml: Path, dest: Path, scan: list) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), str(qml), str(dest)], input=json.dumps(scan),
                          text=True, capture_output=True)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        qml, dest = Path(tmp) / "qml", Path(tmp) / "stage"
        for f in ["QtQuick/qmldir", "QtQuick/quick.dll", "QtQuick/images/a.png", "QtQuick/Controls/qmldir",
                  "QtQuick/Dialogs/qmldir", "QtQuick/Dialogs/quickimpl/qmldir", "QtQuick/Dialogs/quickimpl/+Fusion/F.qml"]:
            (qml / f).parent.mkdir(parents=True, exist_ok=True)
            (qml / f).write_text(f)
        scan = [{"name": "QtQuick", "type": "module", "path": str(qml / "QtQuick")},
                {"name": "QtQuick.Dialogs", "type": "module", "path": str(qml / "QtQuick/Dialogs")},
                {"name": "Peng", "type": "module"},
                {"name": "Theme", "type": "javascript"}]
        result = run(qml, dest, scan)
        if result.returncode != 0:
            print("FAIL:", result.stderr)
            return 1
        copied = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
        expected = ["QtQuick/Dialogs/qmldir", "QtQuick/Dialogs/quickimpl/+Fusion/F.qml",
                    "QtQuick/Dialogs/quickimpl/qmldir", "QtQuick/images/a.png", "QtQuick/qmldir", "QtQuick/quick.dll"]
        if copied != expected:
            print("FAIL: copied", copied, "expected", expected)
            return 1
        missing = run(qml, Path(tmp) / "stage2", scan + [{"name": "QtQuick.Shapes", "type": "module"}])
        if missing.returncode == 0 or "QtQuick.Shapes" not in missing.stderr:
            print("FAIL: an unresolved QtQuick.Shapes was not an error naming it:", missing.stderr)
            return 1
    print("copy-qml-modules.py: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
