#!/usr/bin/env bash
# Fails if the hyperlane program needs the web or mail libraries (cpp-httplib with OpenSSL and
# brotli; GMime with GLib and GPGME), whose loading and start-up would slow every command: only
# hyperlane-serve and hyperlane-mail, which it runs for serve and mail-in/mail-out, may link them
# (docs/architecture.md). Checks the program's NEEDED entries and every library they load in
# turn. Run by ctest.
#   check_startup_libs.sh HYPERLANE
set -uo pipefail
bin=$1
banned='cpp-httplib|ssl|crypto|brotli|gmime|glib|gobject|gio-|gpgme'
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || { echo "readelf found no NEEDED entries in $bin"; exit 1; }
loaded=$(ldd "$bin" | awk '{print $1}')
bad=$(printf '%s\n%s\n' "$needed" "$loaded" | grep -E "$banned" | sort -u)
if [ -n "$bad" ]; then
  echo "$bin needs libraries only hyperlane-serve or hyperlane-mail may load:"
  printf '  %s\n' $bad
  exit 1
fi
echo "startup libs OK: $bin needs $(tr '\n' ' ' <<<"$needed")"
