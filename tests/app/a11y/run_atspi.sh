#!/usr/bin/env bash
# The window as a screen reader sees it: runs the real `peng --stress-demo` under Xvfb on a
# private D-Bus session with its own AT-SPI bus (at-spi-bus-launcher), with Qt's
# accessibility bridge forced on, and lets check_atspi.py walk the tree and drive
# the keyboard. Everything it starts ends with it; the whole run is bounded.
#
#   run_atspi.sh PENG OUT_DIR DEMO_MODEL_DIR    exit 77 = skipped (a tool is missing)
#
# DEMO_MODEL_DIR: `peng-cli make-model --preset demo` output, copied where the app
# keeps its stress demo, so the test does not spend its time generating one. The stress
# demo's random answers run to the length limit, so Stop stays up long enough to press;
# the trained demo often ends its answer in a few tokens.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
peng=$1 out=$2 demo_model=$3
launcher=/usr/libexec/at-spi-bus-launcher

if [ -z "${PENG_ATSPI_INNER:-}" ]; then
  for tool in xvfb-run dbus-run-session "$launcher" /usr/bin/python3; do
    if ! command -v "$tool" >/dev/null; then
      echo "skipped: $tool is missing (bash tools/install-deps.sh installs it)"; exit 77
    fi
  done
  if ! /usr/bin/python3 -c 'import pyatspi' 2>/dev/null; then
    echo "skipped: python3-pyatspi is missing (bash tools/install-deps.sh installs it)"; exit 77
  fi
  rm -rf "$out" && mkdir -p "$out/home" "$out/run" "$out/data"
  chmod 700 "$out/run"
  [ -f "$demo_model/config.json" ] || { echo "FAIL: no demo model at $demo_model"; exit 1; }
  # --data-dir D keeps the app's data in D/data/<organisation>/<application> (main.cpp, demo_model.cpp).
  mkdir -p "$out/data/data/Peng/peng/models"
  cp -a "$demo_model" "$out/data/data/Peng/peng/models/demo"
  unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS QT_QPA_PLATFORM QT_QUICK_BACKEND
  unset XDG_CURRENT_DESKTOP DESKTOP_SESSION GTK_MODULES
  export HOME="$out/home" XDG_RUNTIME_DIR="$out/run" XDG_CONFIG_HOME="$out/home/.config"
  export PENG_ATSPI_INNER=1
  status=0
  # -k: whatever ignores the TERM is killed 5 s later; 85 s in all.
  timeout -k 5 85 xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- bash "$0" "$@" || status=$?
  [ "$status" = 124 ] && echo "FAIL: the accessibility test ran out of its 85 s"
  exit "$status"
fi

# Inside Xvfb and the private session bus.
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

"$launcher" --launch-immediately > "$out/bus-launcher.log" 2>&1 &
pids+=($!)
# The accessibility bus is ready once the launcher answers with its address.
for _ in $(seq 1 50); do
  if dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1; then
    break
  fi
  sleep 0.1
done

/usr/bin/python3 "$here/seed_data.py" "$out/data"
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1 OMP_WAIT_POLICY=passive
"$peng" --stress-demo --data-dir "$out/data" > "$out/peng.log" 2>&1 &
peng_pid=$!
pids+=("$peng_pid")

status=0
/usr/bin/python3 "$here/check_atspi.py" --pid "$peng_pid" --out "$out" || status=$?
if [ "$status" != 0 ]; then echo "--- peng.log"; tail -n 40 "$out/peng.log"; fi
exit "$status"
