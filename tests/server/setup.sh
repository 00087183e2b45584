#!/bin/sh
# Installs the real OpenAI client the server tests talk to: the `openai` npm package
# (version pinned by package-lock.json) into tests/server/node_modules.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
