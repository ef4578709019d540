#!/usr/bin/env bash
# Prints the path of a node binary that runs on glibc 2.38 or newer, for uWebSockets.js 20.57 (whose
# binaries need it) on an older system such as Debian 12: Debian 13's libc6, libstdc++6 and libgcc-s1,
# fetched with `apt-get download` from a temporary sources list naming trixie on this system's own Debian archive and unpacked with `dpkg -x`,
# and a copy of the node binary whose ELF interpreter and library path point there (patchelf), so that
# process.execPath, which the test runner, the tests and the bench spawn, runs there too. Where glibc is
# 2.38 or newer already, it prints the node it was given. Needs root for apt-get (as .ci/run has).
#
# Usage:
#   scripts/new-glibc-node.sh [node binary] [folder]    default: `command -v node`, /tmp/exlib-new-glibc
#   "$(scripts/new-glibc-node.sh)" --import tsx bench/run.ts       the bench on uWebSockets.js 20.57 here
#   "$(scripts/new-glibc-node.sh)" --import tsx scripts/run-tests.ts --wire --uws-only
set -euo pipefail
node_bin="${1:-$(command -v node)}"
dir="${2:-/tmp/exlib-new-glibc}"
glibc="$(getconf GNU_LIBC_VERSION | awk '{print $2}')"
if [ "$(printf '%s\n2.38\n' "$glibc" | sort -V | head -1)" = "2.38" ]; then
  echo "$node_bin"
  exit 0
fi
lib="$dir/root/usr/lib/x86_64-linux-gnu"
if [ ! -x "$lib/ld-linux-x86-64.so.2" ]; then
  command -v patchelf >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq patchelf >/dev/null
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/debs" "$dir/root"
  # The same Debian archive this system's apt already uses, at the trixie suite.
  mirror="$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null |
    grep -v -e security -e nodesource -e google | head -1 | sed -E 's/^URIs: *//; s/^deb (\[[^]]*\] )?//; s/ .*//' || true)"
  echo "deb $mirror trixie main" >"$dir/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq >/dev/null
  (cd "$dir/debs" && apt-get "${apt_opts[@]}" download libc6 libstdc++6 libgcc-s1 >/dev/null)
  for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$dir/root"; done
fi
mkdir -p "$dir/bin"
real="$(readlink -f "$node_bin")"
copy="$dir/bin/node-$("$real" -p process.version)"
if [ ! -x "$copy" ]; then
  cp "$real" "$copy.tmp"
  patchelf --set-interpreter "$lib/ld-linux-x86-64.so.2" --set-rpath "$lib" "$copy.tmp"
  mv "$copy.tmp" "$copy"
fi
echo "$copy"
