"""Prepares a peng --data-dir folder before the app starts: two conversations, the
newest (opened at launch) with an answer holding a thinking block and a code block,
so the thinking toggle, the code copy button, Edit and Regenerate are on screen; and
a long answer length, so an answer is still running when the test presses Stop.

    seed_data.py DATA_DIR
"""
import configparser
import json
import pathlib
import sys

FORMAT = "peng-conversation"   # app/conversation_file.h: kFormat, kVersion
VERSION = 1


def message(role, content, created, thinking=None):
    m = {"role": role, "content": content, "created": created}
    if thinking:
        m["thinking"] = thinking
        m["thinking_seconds"] = 1.5
    return m


def conversation(cid, title, updated, messages):
    return {"format": FORMAT, "version": VERSION, "id": cid, "title": title, "system_prompt": "",
            "thinking": True, "created": updated, "updated": updated, "messages": messages}


def main():
    # peng --data-dir D keeps its data under D/data/<organisation>/<application> (main.cpp).
    folder = pathlib.Path(sys.argv[1]) / "data" / "Peng" / "peng" / "conversations"
    folder.mkdir(parents=True, exist_ok=True)
    older = conversation("a11y-older", "Tides", "2026-01-01T10:00:00.000Z", [
        message("user", "Why are there tides?", "2026-01-01T10:00:00.000Z"),
        message("assistant", "The Moon's gravity pulls the oceans.", "2026-01-01T10:00:01.000Z"),
    ])
    newer = conversation("a11y-code", "Hello in Python", "2026-01-02T10:00:00.000Z", [
        message("user", "Print hello in Python.", "2026-01-02T10:00:00.000Z"),
        message("assistant", "Here it is:\n\n```python\nprint(\"hello\")\n```\n",
                "2026-01-02T10:00:02.000Z", thinking="The user wants one line of Python."),
    ])
    for c in (older, newer):
        (folder / (c["id"] + ".json")).write_text(json.dumps(c, indent=1), encoding="utf-8")

    # QSettings' INI file for organisation Peng, application peng (app/app_settings.cpp).
    settings = pathlib.Path(sys.argv[1]) / "config" / "Peng" / "peng.conf"
    settings.parent.mkdir(parents=True, exist_ok=True)
    ini = configparser.ConfigParser()
    ini.optionxform = str
    ini["General"] = {"maxTokens": "100000"}
    with settings.open("w", encoding="utf-8") as f:
        ini.write(f, space_around_delimiters=False)


if __name__ == "__main__":
    main()
