#!/bin/sh
# Installs what the chat-template reference tests compare against:
#   - @huggingface/jinja (version pinned by package-lock.json) into
#     tests/template/node_modules, from the npm registry;
#   - Python's Jinja2 (Debian's python3-jinja2), the engine transformers renders
#     chat templates with, when /usr/bin/python3 cannot import it yet.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
if ! /usr/bin/python3 -c 'import jinja2' 2>/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends python3-jinja2 ||
        { apt-get update && apt-get install -y --no-install-recommends python3-jinja2; }
fi
