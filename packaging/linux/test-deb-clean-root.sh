#!/usr/bin/env bash
# Installs a built peng .deb into a fresh Debian 12 minbase root and runs it
# there, so only the package's own Depends are present: this is what proves that
# the hand-written Depends (QML modules, platform and image plugins) are enough.
# Needs root, debootstrap and network access to deb.debian.org (not offline).
#
#   bash packaging/linux/test-deb-clean-root.sh build/packages/peng_*.deb [ROOT]
set -euo pipefail
deb=$(realpath "$1")
root=${2:-$(mktemp -d /tmp/peng-clean-root.XXXXXX)}
chmod 755 "$root"  # apt drops to the _apt user for downloads
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "apt-get install debootstrap" >&2; exit 1; }

[ -x "$root/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
  { tail -20 "$root.debootstrap.log"; exit 1; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/peng.deb"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
trap 'umount "$root/proc" "$root/dev"' EXIT

chroot "$root" bash -euo pipefail -c '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -q --no-install-recommends /tmp/peng.deb >/tmp/apt.log 2>&1 || { cat /tmp/apt.log; exit 1; }
  cd "$(mktemp -d)"
  peng-cli --version
  peng-cli make-model --preset trained --out "$(mktemp -d)/trained"
  data=$(mktemp -d)
  QT_QPA_PLATFORM=offscreen timeout 300 peng --screenshot /tmp/clean-root.png --demo-prompt Hi --max-tokens 16 --data-dir "$data"
  test "$(stat -c %s /tmp/clean-root.png)" -ge 30000
'
echo "clean-root test passed: screenshot $root/tmp/clean-root.png (remove $root when done)"
