# Sourced by build-deps.sh and build-qt.sh: downloads Debian 12 source packages
# through a private deb-src list, so the machine's apt configuration is left alone.
# debian_source_download APT_DIR DEST PACKAGE...: the .dsc, .orig and .debian tarballs
# into DEST; fails when apt could not download one of them.
debian_source_download() {
  local apt_dir=$1 dest=$2; shift 2
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/sources" "$dest"
  cat > "$apt_dir/sources/debian-src.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  local apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt_dir/sources"
                  -o "Dir::State::Lists=$apt_dir/lists" -o Debug::NoLocking=1)
  # apt warns that root downloads unsandboxed; that is expected here.
  if [ ! -f "$apt_dir/.updated" ]; then
    { apt-get "${apt_opts[@]}" update -qq 2>&1 | grep -v unsandboxed || true; } >&2
    touch "$apt_dir/.updated"
  fi
  local status=0
  (cd "$dest" && apt-get "${apt_opts[@]}" source --download-only -qq "$@") > "$apt_dir/source.log" 2>&1 || status=$?
  grep -v unsandboxed "$apt_dir/source.log" >&2 || true
  return $status
}
