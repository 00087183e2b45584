#!/usr/bin/env python3
"""Copies the QML modules that the app's QML imports (and, through their qmldir files,
the modules those import) from Qt's qml folder into the staged app's qml folder.
The list comes from qmlimportscanner, given as JSON on standard input. Each module
folder is copied without the folders of other modules nested in it (QtQuick's folder
holds QtQuick.Controls, ...), so only what the scan names is shipped.
Usage: qmlimportscanner -rootPath qml -importPath QT/qml | copy-qml-modules.py QT/qml DEST
"""
import json
import shutil
import sys
from pathlib import Path

# Loaded by QtQuick.Dialogs' plugin at run time where no native dialog serves, so no
# import names it.
DYNAMIC = {"QtQuick.Dialogs": ["QtQuick/Dialogs/quickimpl"]}


def copy_module(source: Path, dest: Path) -> int:
    count = 0
    dest.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.is_dir():
            if not (entry / "qmldir").exists():   # part of this module, not one of its own
                count += copy_module(entry, dest / entry.name)
        else:
            shutil.copy2(entry, dest / entry.name)
            count += 1
    return count


def main() -> int:
    qml_root, dest_root = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    wanted = set()
    for module in json.load(sys.stdin):
        if module.get("type") != "module":
            continue
        path = module.get("path")
        if not path:
            # Peng itself is compiled into peng.exe; any other unresolved import is missing.
            if module.get("name") != "Peng":
                print(f"copy-qml-modules.py: QML module {module.get('name')} is not in {qml_root}", file=sys.stderr)
                return 1
            continue
        relative = Path(path).resolve().relative_to(qml_root)
        wanted.add(relative)
        wanted.update(Path(extra) for extra in DYNAMIC.get(module.get("name"), []))
    files = 0
    for relative in sorted(wanted):
        source = qml_root / relative
        if not (source / "qmldir").exists():
            print(f"copy-qml-modules.py: {source} has no qmldir", file=sys.stderr)
            return 1
        files += copy_module(source, dest_root / relative)
    print(f"copy-qml-modules.py: {len(wanted)} QML modules ({files} files) copied into {dest_root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
