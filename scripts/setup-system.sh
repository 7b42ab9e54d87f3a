#!/usr/bin/env bash
# Installs the system packages glyphcast's tests need, idempotently:
#   chromium            browser end-to-end tests and browser WebGPU (SwiftShader)
#   mesa-vulkan-drivers Mesa >= 25 lavapipe, the software Vulkan driver Dawn (npm `webgpu`) needs;
#                       Debian 12's own Mesa 22 is too old, so it comes from bookworm-backports
#   ffmpeg              decodes the bench video into test frames and the fake-webcam .y4m;
#                       the CLI plays video files with it
#   fonts-dejavu-core   DejaVu Sans Mono, the font glyph metrics are measured from
#   openssl             the tests' throwaway TLS certificates (HTTPS image fetches, trace export)
# With --bench it also installs the peer converters the quality bench compares against
# (chafa, jp2a, caca-utils) and hyperfine.
#
# As root on Debian/Ubuntu it installs (a user with password-less sudo is raised to root);
# anywhere else it only checks and prints what is missing and how to get it. No package host is written here: the backports suite reuses
# the archive URI of the machine's existing Debian apt source.
set -euo pipefail

want_bench=0
for arg in "$@"; do
  case "$arg" in
    --bench) want_bench=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "setup-system: unknown option '$arg' (expected --bench or --help)" >&2; exit 2 ;;
  esac
done

packages=(chromium fonts-dejavu-core ffmpeg openssl)
[ "$want_bench" = 1 ] && packages+=(chafa jp2a caca-utils hyperfine)
min_mesa_major=25

log() { printf 'setup-system: %s\n' "$*"; }

mesa_major() {
  dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | sed -E 's/^([0-9]+:)?([0-9]+).*/\2/'
}

missing_packages() {
  local p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || printf '%s ' "$p"
  done
}

mesa_ok() {
  local m; m=$(mesa_major)
  [ -n "$m" ] && [ "$m" -ge "$min_mesa_major" ]
}

# The archive URI of the first enabled Debian binary source (Types/`deb`) that carries `suite`:
# deb822 .sources files first, then one-line sources.list entries. Files apt does not read
# (*.disabled, *.save), comments, `deb-src` and `Enabled: no` stanzas do not count.
source_uri() {
  local suite=$1 f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    awk -v c="$suite" '
      function stanza_end() {
        if (uri != "" && suite && deb && enabled) { print uri; found = 1; exit }
        uri = ""; suite = 0; deb = 0; enabled = 1
      }
      BEGIN { enabled = 1 }
      /^[[:space:]]*#/ { next }
      /^[[:space:]]*$/ { stanza_end(); next }
      tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == c) suite = 1 }
      tolower($1) == "enabled:" { enabled = tolower($2) != "no" }
      END { if (!found) stanza_end() }' "$f" | head -n1 | grep . && return 0
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    awk -v c="$suite" '$1 == "deb" {
        for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i ~ /:\/\//) { if ($(i + 1) == c) { print $i; exit } break } }' "$f" \
      | head -n1 | grep . && return 0
  done
  return 1
}

ensure_backports() {
  local codename=$1 uri list=/etc/apt/sources.list.d/glyphcast-backports.sources
  if source_uri "${codename}-backports" >/dev/null; then
    return 0
  fi
  uri=$(source_uri "$codename") || {
    log "no Debian apt source for '$codename' found to derive the backports URI from"; return 1; }
  log "adding ${codename}-backports from $uri"
  cat >"$list" <<SOURCES
Types: deb
URIs: $uri
Suites: ${codename}-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
}

report_missing() {
  local miss; miss=$(missing_packages)
  local ok=1
  if [ -n "$miss" ]; then
    ok=0; log "missing packages: $miss"
    log "  install them with: sudo apt-get install -y $miss"
  fi
  if ! mesa_ok; then
    ok=0; log "mesa-vulkan-drivers >= $min_mesa_major is missing (found: $(mesa_major || true))"
    log "  on Debian 12: add the bookworm-backports suite and run"
    log "  sudo apt-get install -y -t bookworm-backports mesa-vulkan-drivers"
  fi
  [ "$ok" = 1 ] && log "all system packages present"
  return $((1 - ok))
}

if [ ! -r /etc/os-release ] || ! command -v apt-get >/dev/null; then
  log "not a Debian/Ubuntu system: install Chromium, Mesa >= $min_mesa_major lavapipe (Vulkan), ffmpeg and DejaVu fonts yourself"
  command -v chromium >/dev/null || log "  chromium: not found"
  exit 1
fi

. /etc/os-release
if [ "$(id -u)" != 0 ]; then
  report_missing >/dev/null 2>&1 && { log "all system packages present"; exit 0; }
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    exec sudo -n bash "$0" "$@"
  fi
  report_missing || { log "re-run as root (sudo bash scripts/setup-system.sh) to install them"; exit 1; }
  exit 0
fi

if [ -z "$(missing_packages)" ] && mesa_ok; then
  log "all system packages present"; exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if [ "${ID:-}" = debian ] && ! mesa_ok; then
  ensure_backports "${VERSION_CODENAME:?}"
fi
apt-get update -q
miss=$(missing_packages)
# shellcheck disable=SC2086
[ -n "$miss" ] && apt-get install -y -q --no-install-recommends $miss
if ! mesa_ok; then
  if [ "${ID:-}" = debian ]; then
    apt-get install -y -q --no-install-recommends -t "${VERSION_CODENAME}-backports" mesa-vulkan-drivers
  else
    apt-get install -y -q --no-install-recommends mesa-vulkan-drivers
  fi
fi
report_missing
