#!/usr/bin/env bash
# Installs the Debian 12 packages Peng needs. As root it runs apt-get itself; otherwise
# it prints the exact command and stops.
#   tools/install-deps.sh [all]       everything: build, every test, training, packaging,
#                                     the Windows cross build (tools/run-tests.sh)
#   tools/install-deps.sh app         only what building and running the desktop app
#                                     needs (tools/run-demo.sh)
#   tools/install-deps.sh --list PROFILE   prints the profile's packages, one a line
# The lists are kept here only; tests/deps/check_app_profile.py checks the app profile
# against what the configured build really reads.
set -euo pipefail

# Building the engine, peng-cli and the app, and running the app (the demo included).
app_packages=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libzstd-dev libpcre2-dev libicu-dev libssl-dev
  # The local OpenAI-compatible server (server/): HTTP from cpp-httplib. The app links
  # it for Settings' "Serve this model on localhost".
  libcpp-httplib-dev
  # peng-cli download: HTTP and TLS from libcurl. The app links it for "Get a model".
  libcurl4-openssl-dev
  # peng-cli's command lines (CLI11, header only) and chat's line editing (libedit).
  libcli11-dev libedit-dev
  qt6-base-dev
  # The desktop app: Qt Quick, Charts, shaders, translations, SVG icons, and the
  # QML modules and platform plugins it loads at run time (not pulled in by -dev).
  qt6-declarative-dev qt6-declarative-dev-tools qt6-charts-dev qt6-shadertools-dev qt6-tools-dev
  qt6-l10n-tools qt6-svg-dev libqt6svg6 qt6-qpa-plugins
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
  qml6-module-qtquick-templates qml6-module-qtquick-window qml6-module-qtquick-dialogs
  qml6-module-qtqml qml6-module-qtqml-models qml6-module-qtqml-workerscript qml6-module-qtcharts
  qml6-module-qtcore qml6-module-qt-labs-platform qml6-module-qt-labs-folderlistmodel
  # A server's API key in the system keychain (QtKeychain over the Secret Service, via libsecret).
  qtkeychain-qt6-dev libsecret-1-0
  # The app's crash reports: stack traces by backward-cpp (header only), symbols through libdw.
  libbackward-cpp-dev libdw-dev
  # Headless runs and screenshots (tools/run-demo.sh --screenshot: xvfb-run gives the GL path).
  xvfb xauth libgl1-mesa-dri
)

# On top of the app's: the tests, the demo's training, packaging and the Windows builds.
more_packages=(
  git qml6-module-qttest
  # The key store's test runs gnome-keyring in a private D-Bus session.
  gnome-keyring dbus-daemon
  # The accessibility test reads the window through AT-SPI (tests/app/a11y/).
  at-spi2-core python3-pyatspi
  # Packaging: CPack DEB (dpkg-shlibdeps), and the checks in packaging/linux/test-deb.sh.
  dpkg-dev fakeroot desktop-file-utils appstream file
  # The independent reference (tests/reference/) and the app profile's check (tests/deps/).
  python3 python3-numpy python3-torch
  # tools/train-demo (the trained demo, issue 25): Qwen2's pre-tokenizer regex, a fast BLAS
  # for torch (Debian's default libblas is the slow reference one), and the training data.
  python3-regex libopenblas0-openmp wordnet-base fortunes fortunes-it fortunes-es fortunes-zh
  # Windows: the engine and peng-cli cross-compiled with mingw-w64, tested under wine,
  # packed by NSIS (packaging/windows/; zstd and PCRE2 are built from Debian's sources).
  g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix nsis wine wine64
  # Qt for Windows (packaging/windows/build-qt.sh) runs the host's Qt 6.4.2 tools
  # (moc, rcc, qsb, qmlcachegen, qmlimportscanner) and applies Debian's patches.
  qt6-base-dev-tools qt6-shader-baker patch
  # The fuzzers (tests/fuzz/, libFuzzer).
  clang libclang-rt-14-dev
)

list_only=0
if [ "${1:-}" = "--list" ]; then
  list_only=1
  shift
fi
profile="${1:-all}"
case "$profile" in
  app) packages=("${app_packages[@]}") ;;
  all)
    packages=("${app_packages[@]}" "${more_packages[@]}")
    # The npm reference implementations the real-data tests compare against (tests/*/setup.sh).
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
    ;;
  *)
    echo "usage: tools/install-deps.sh [--list] [app|all]" >&2
    exit 2
    ;;
esac
if [ "$list_only" -eq 1 ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Peng needs these Debian packages. Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
