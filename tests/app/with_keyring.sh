#!/usr/bin/env bash
# Runs a command with a Secret Service of its own: a private D-Bus session bus and
# gnome-keyring unlocked with a throwaway password, in a temporary home, so the test
# never sees the user's keychain. Both end with the command (gnome-keyring leaves
# with its bus). Exit 77 (skipped) when the tools are missing.
set -euo pipefail

if [ -z "${PENG_KEYRING_INNER:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null; then
      echo "skipped: $tool is not installed (tools/install-deps.sh installs it)"
      exit 77
    fi
  done
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/data" "$tmp/config" "$tmp/run"
  chmod 700 "$tmp/run"
  # A desktop named here would make QtKeychain look for KWallet instead.
  unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION DBUS_SESSION_BUS_ADDRESS
  export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp/run"
  export PENG_KEYRING_INNER=1
  status=0
  timeout 240 dbus-run-session -- bash "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the private session: a new login keyring, created and unlocked.
printf 'peng-test' | gnome-keyring-daemon --daemonize --unlock --components=secrets >/dev/null
export PENG_TEST_KEYRING=1
exec "$@"
