#!/usr/bin/env bash
# The Windows build's tests, run under Debian's wine: the same checks the Linux
# build passes, aimed at peng-cli.exe.
#   - the command line: --help lists each flag with its default, a typo gets exit 2;
#   - generation: make-model under Windows writes the same bytes as on Linux;
#   - exactness: logits byte-identical whatever the prefill block, the thread count
#     or the expert placement (--cap 2 streams through the Windows unbuffered
#     reader), and within 1e-5 of the logit range of the Linux build's;
#   - the forward pass against the independent numpy reference (tests/reference);
#   - the tokenizer against @lenml/tokenizers on 2,990 strings, and the chat
#     template against @huggingface/jinja (the npm references of tests/*/setup.sh).
# Usage: test-wine.sh MINGW_BUILD_DIR LINUX_PENG_CLI
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "$1")
linux_cli=$(realpath "$2")
exe="$build/tools/peng-cli/peng-cli.exe"
work="$build/wine-tests"
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
wineserver -k 2>/dev/null || true   # a server left from an earlier run holds the prefix
rm -rf "$work" && mkdir -p "$work"
trap 'wineserver -k 2>/dev/null || true' EXIT
step() { echo "== $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

# One persistent server and the prefix booted up front, their output kept in a log.
# Otherwise the first wine run starts the server and its device services, which keep
# that run's stdout/stderr pipes open: a driver reading the pipes (node's spawnSync)
# then waits ~2.4 s for the server to wind down after every run, and the next run
# starts while the server exits (the likely cause of a run that once failed with
# no output at all).
mkdir -p "$WINEPREFIX"
(wineserver -p && wine wineboot --init) </dev/null >"$work/wineboot.log" 2>&1 || fail "wine did not start: $(cat "$work/wineboot.log")"

# The reference drivers call "a peng-cli"; this one runs the Windows build. A wine
# client whose server vanishes early in a run exits with status 1 and prints nothing
# (seen here by killing the server), just what one CI run's tokenizer step got, while
# peng-cli.exe never fails without a message. On that signature the wrapper notes it in
# wineserver-lost.log (printed at the end), starts a fresh server and repeats the run
# once; output is passed on only from the run that counts.
cat > "$work/peng-cli" <<WRAPPER
#!/bin/sh
out=\$(mktemp -d)
wine "$exe" "\$@" >"\$out/stdout" 2>"\$out/stderr"
status=\$?
if [ \$status -ne 0 ] && [ ! -s "\$out/stdout" ] && [ ! -s "\$out/stderr" ]; then
  echo "'peng-cli \$*' failed (status \$status) with no output: wine lost its server; restarted, run repeated" \\
    >> "$work/wineserver-lost.log"
  wineserver -k 2>/dev/null
  wineserver -p </dev/null >/dev/null 2>&1   # its services must not hold the caller's pipes
  wine "$exe" "\$@" >"\$out/stdout" 2>"\$out/stderr"
  status=\$?
fi
cat "\$out/stdout"
cat "\$out/stderr" >&2
rm -rf "\$out"
exit \$status
WRAPPER
chmod +x "$work/peng-cli"
win_cli="$work/peng-cli"


step "peng-cli.exe --version"
"$win_cli" --version | tr -d '\r' | grep -q "^peng-cli " || fail "--version"

step "peng-cli.exe --help and flags (CLI11): every flag with its default, a typo refused with a suggestion"
"$win_cli" run --help | tr -d '\r' | grep -- "--context N=4096" >/dev/null || fail "run --help does not list --context"
status=0
"$win_cli" run "$work/none" --contxt 5 2>"$work/typo.txt" || status=$?
[ "$status" -eq 2 ] && grep -q "unknown option --contxt; did you mean --context?" "$work/typo.txt" ||
  fail "run --contxt: status $status, $(cat "$work/typo.txt")"

step "make-model under Windows writes the Linux bytes"
"$win_cli" make-model --preset tiny --format mxfp4 --out "$work/tiny-win" >/dev/null
"$linux_cli" make-model --preset tiny --format mxfp4 --out "$work/tiny" >/dev/null
(cd "$work/tiny" && find . -type f ! -name '.peng-*' | sort) > "$work/files"
while read -r f; do cmp -s "$work/tiny/$f" "$work/tiny-win/$f" || fail "make-model: $f differs"; done < "$work/files"
echo "   $(wc -l < "$work/files") files identical"

step "placement never changes the output: logits byte-identical across prefill blocks and --cap 2"
tokens=$(seq -s, 7 11 500)   # the tiny vocabulary has 512 ids
"$win_cli" logits "$work/tiny" --tokens "$tokens" --out "$work/win.f32" >/dev/null
for flags in "--prefill-block 3" "--cap 2" "--cap 2 --threads 1"; do
  "$win_cli" logits "$work/tiny" --tokens "$tokens" --out "$work/win-other.f32" $flags >/dev/null
  cmp "$work/win.f32" "$work/win-other.f32" || fail "logits change with '$flags'"
done

# Across platforms the C runtimes' expf/sinf/cosf may differ in the last bit, so the
# Linux build's logits are matched to a tolerance, like the reference's.
step "logits agree with the Linux build's"
"$linux_cli" logits "$work/tiny" --tokens "$tokens" --out "$work/linux.f32" >/dev/null
/usr/bin/python3 - "$work/linux.f32" "$work/win.f32" <<'PY'
import sys, numpy as np
a, b = (np.fromfile(p, dtype="<f4").astype(np.float64) for p in sys.argv[1:])
ratio = np.abs(a - b).max() / (a.max() - a.min())
print(f"   max |windows - linux| / logit range = {ratio:.2e}; identical bytes: {bool((a == b).all())}")
sys.exit(0 if a.shape == b.shape and ratio <= 1e-5 else 1)
PY

step "bad input: a truncated shard is a clear error"
cp -r "$work/tiny" "$work/broken"
shard=$(ls "$work/broken"/*.safetensors | head -1)
truncate -s 1000 "$shard"
if "$win_cli" inspect "$work/broken" > "$work/broken.out" 2>&1; then fail "a truncated shard was accepted"; fi
grep -q "$(basename "$shard")" "$work/broken.out" || fail "the error does not name the file: $(cat "$work/broken.out")"

step "forward pass against the independent numpy reference"
/usr/bin/python3 tests/reference/compare_logits.py "$work/tiny" --cli "$win_cli" --len 160 --ngen 16 --preset tiny-mxfp4-windows \
  --tolerance 1e-5

step "tokenizer against @lenml/tokenizers"
node tests/tokenizer/check.mjs --cli "$win_cli" --corpus tests/tokenizer/corpus.jsonl --work "$work/tokenizer"

step "chat template against @huggingface/jinja"
node tests/template/compare.mjs --cli "$win_cli" --template engine/text/templates/mimo-v2.6.jinja \
  --conversations tests/template/conversations.json --work "$work/template" --reference hf

if [ -f "$work/wineserver-lost.log" ]; then
  echo "NOTE: wine's server was lost and restarted during these tests:"
  cat "$work/wineserver-lost.log"
fi
echo "windows tests under wine: all passed"
