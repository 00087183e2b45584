#!/usr/bin/python3
"""Renders chat-template cases with Python's Jinja2 exactly as Hugging Face
transformers does (apply_chat_template's environment: sandboxed, trim_blocks,
lstrip_blocks, loop controls, its own tojson, raise_exception, strftime_now).

    render_jinja2.py TEMPLATE CASES.json  ->  JSON list on stdout

CASES.json is a list of {"context": {...}}; each result is {"output": text} or
{"error": message}, in the same order.
"""
import json
import sys
from datetime import datetime

try:
    import jinja2
    import jinja2.ext
    from jinja2.sandbox import ImmutableSandboxedEnvironment
except ImportError:
    sys.exit("render_jinja2.py: Python's jinja2 is missing: run tests/template/setup.sh")


def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def strftime_now(fmt):
    return datetime.now().strftime(fmt)


def main():
    template_path, cases_path = sys.argv[1], sys.argv[2]
    with open(template_path, encoding="utf-8") as f:
        source = f.read()
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f)
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    template = env.from_string(source)
    results = []
    for case in cases:
        try:
            results.append({"output": template.render(**case["context"])})
        except Exception as e:  # the comparison wants the failure, not a crash
            results.append({"error": f"{type(e).__name__}: {e}"})
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
