#!/usr/bin/env bash
# The xvfb smoke test: runs the real `peng` on the built-in demo model (generated
# on first run into a fresh data folder), sends one prompt, saves a screenshot and
# checks it with check_screenshot (brain lit, answer shown in the chat).
#
#   run_smoke.sh PENG CHECK_SCREENSHOT OUT_DIR      exit 77 = skipped (no xvfb-run)
set -euo pipefail
peng=$1 checker=$2 out=$3
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing (bash tools/install-deps.sh)"; exit 77; }
rm -rf "$out" && mkdir -p "$out"
# A real X server and the OpenGL scene graph (the brain's shader path), as users get.
unset QT_QPA_PLATFORM QT_QUICK_BACKEND
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$peng" --demo --data-dir "$out/data" --prompt "What does house mean?" --max-tokens 96 \
  --screenshot "$out/smoke.png" > "$out/peng.log" 2>&1 || { cat "$out/peng.log"; echo "peng failed"; exit 1; }
cat "$out/peng.log"
"$checker" "$out/smoke.png"

# A second run with --prompt on the same data folder starts a conversation of its own
# instead of appending to the last one (issue 49): two conversation files, one question each.
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$peng" --demo --data-dir "$out/data" --prompt "Give me a saying." --max-tokens 48 \
  --screenshot "$out/smoke-second.png" > "$out/peng-second.log" 2>&1 || { cat "$out/peng-second.log"; echo "peng failed"; exit 1; }
/usr/bin/env python3 - "$out/data" <<'PY'
import glob, json, sys
files = sorted(glob.glob(sys.argv[1] + "/data/Peng/peng/conversations/*.json"))
asked = [[m["content"] for m in json.load(open(f))["messages"] if m["role"] == "user"] for f in files]
print("conversations after two --prompt runs:", asked)
if sorted(asked) != sorted([["What does house mean?"], ["Give me a saying."]]):
    sys.exit("each --prompt run should start its own conversation")
PY
